/**
 * Targets that misbehave at the transport or HTTP level, one entry each: how the server
 * answers `/v1/ping` (and every other path), and what the run is expected to report.
 * Each is a handler for listen(); `refused` has no server at all.
 */
import type { ServerResponse } from 'node:http';
import type { Handler } from './listen.js';
import { answerPlausibly, plausibleBody } from './plausible.js';

export interface FaultyTarget {
  name: string;
  /** What the target does wrong, in a line. */
  does: string;
  /** No server: the base URL is a closed port. */
  refused?: true;
  handler?: Handler;
  /** The run narrows to these rules (the checks covering them are few and short). */
  select: string[];
  /** The failed finding names at least one of these rules. */
  expectRules: string[];
  /** The failed finding's exchange shows this: a status or a transport error code pattern. */
  shows: { status: RegExp } | { error: RegExp };
  /** The run's exit code when not 1: every check failing alike on a 5xx is the target unhealthy (9). */
  exit?: number;
}

/** Never answers (no status line); the client's deadline ends the exchange. */
const silent: Handler = () => undefined;

/** Headers and part of a declared body, then a TCP reset. */
const resetMidBody: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
  res.write('{"ok": true, "environment": "res', () => {
    // A TCP RST (Node 16.17+) rather than a clean close: the client sees ECONNRESET mid-body.
    const socket = res.socket;
    setTimeout(() => socket?.resetAndDestroy(), 20);
  });
};

const malformedJson: Handler = (_req, res) => {
  const text = '{"ok": true, "environment": "prod",';
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

const wrongContentType: Handler = (_req, res) => {
  const text = '<!doctype html><title>Maintenance</title><p>ok</p>';
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

/** 50 MB of a JSON string that never closes, written as the socket drains (never buffered whole). */
const HUGE_BYTES = 50 * 1024 * 1024;
const hugeBody: Handler = (_req, res, onClose) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(HUGE_BYTES) });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let sent = 0;
  let stopped = false;
  onClose(() => (stopped = true));
  const pump = (): void => {
    while (!stopped && sent < HUGE_BYTES) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!stopped) res.end();
  };
  res.write('{"ok": true, "environment": "');
  pump();
};

/** One byte every 100 ms: never idle long enough for an idle timeout, never done. */
const trickle: Handler = (_req, res, onClose) => {
  const text = Buffer.from(`${JSON.stringify(plausibleBody('/v1/ping'))}${' '.repeat(2000)}`);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length) });
  let at = 0;
  const timer = setInterval(() => {
    if (at >= text.length) {
      clearInterval(timer);
      res.end();
      return;
    }
    res.write(text.subarray(at, at + 1));
    at += 1;
  }, 100);
  onClose(() => clearInterval(timer));
};

const storm5xx: Handler = (_req, res) => {
  const statuses = [500, 502, 503, 504];
  const status = statuses[Math.floor(Math.random() * statuses.length)]!;
  const text = JSON.stringify({ error: { code: 'internal_error', message: 'upstream unavailable' } });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

/** Every request of every burst is answered 200: no 429 ever. */
const ignoresRateLimits: Handler = (req, res) => answerPlausibly(req, res);

const redirectLoop: Handler = (req, res: ServerResponse) => {
  res.writeHead(302, { location: req.url ?? '/', 'content-length': '0' });
  res.end();
};

const PING = ['PING-200'];

export const FAULTY_TARGETS: readonly FaultyTarget[] = [
  {
    name: 'timeout',
    does: 'accepts the connection and never answers',
    handler: silent,
    select: PING,
    expectRules: PING,
    shows: { error: /HEADERS_TIMEOUT/ },
  },
  {
    name: 'connection refused',
    does: 'nothing listens on the port',
    refused: true,
    select: PING,
    expectRules: PING,
    shows: { error: /ECONNREFUSED/ },
  },
  {
    name: 'reset mid-body',
    does: 'sends headers and part of the body, then resets the connection',
    handler: resetMidBody,
    select: PING,
    expectRules: PING,
    shows: { error: /SOCKET|ECONNRESET|UND_ERR/ },
  },
  {
    name: 'malformed JSON',
    does: 'answers 200 application/json with a cut-off JSON body',
    handler: malformedJson,
    select: PING,
    expectRules: ['PING-SCHEMA', 'SCHEMA-SUCCESS-JSON', 'SCHEMA-RESPONSE-VALID'],
    shows: { status: /^200$/ },
  },
  {
    name: 'wrong content type',
    does: 'answers 200 text/html',
    handler: wrongContentType,
    select: PING,
    expectRules: ['PING-SCHEMA', 'SCHEMA-SUCCESS-JSON', 'SCHEMA-RESPONSE-VALID'],
    shows: { status: /^200$/ },
  },
  {
    name: 'huge body',
    does: 'streams a 50 MB body',
    handler: hugeBody,
    select: PING,
    expectRules: ['PING-SCHEMA', 'SCHEMA-SUCCESS-JSON', 'SCHEMA-RESPONSE-VALID'],
    shows: { status: /^200$/ },
  },
  {
    name: 'trickling body',
    does: 'sends the body one byte every 100 ms',
    handler: trickle,
    select: PING,
    expectRules: PING.concat('PING-SCHEMA'),
    shows: { error: /BODY_TIMEOUT/ },
  },
  {
    name: '5xx storm',
    does: 'answers every request with a 5xx',
    handler: storm5xx,
    select: PING,
    expectRules: PING,
    shows: { status: /^5\d\d$/ },
    exit: 9,
  },
  {
    name: 'ignores rate limits',
    does: 'answers every request of every burst 200',
    handler: ignoresRateLimits,
    select: ['RATE-429-TIER'],
    expectRules: ['RATE-429-TIER'],
    shows: { status: /^200$/ },
  },
  {
    name: 'redirect loop',
    does: 'redirects every path to itself',
    handler: redirectLoop,
    select: PING,
    expectRules: PING,
    shows: { status: /^302$/ },
  },
];
