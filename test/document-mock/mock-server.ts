/**
 * A stateless mock of an OpenAPI document, for judging the suite: it answers only what the
 * document allows and implements no behaviour. A request the document's schemas accept gets the
 * operation's first documented success with the document's example (else a value built from
 * the response schema, the same for every call); a request they refuse gets a documented 400;
 * an unknown route a 404. No keys, gates, rate limits, idempotency or state.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import fc from 'fast-check';
import { valueFromSchema } from '../../generators/index.js';
import { listenOnLoopback } from '../../harness/client/test-server.js';
import { loadContract } from '../../harness/contract/index.js';
import type { Contract, Operation } from '../../harness/contract/types.js';
import { requestProblems } from './request-problems.js';

export interface DocumentMock {
  url: string;
  contract: Contract;
  /** Every answer given, for checking the mock itself against the document. */
  answers: Array<{ operationId: string; status: number; body: unknown }>;
  close(): Promise<void>;
}

const SUCCESS = /^2\d\d$/;

/** The example a media type object carries, or a value built from its schema (deterministic). */
function bodyOf(media: Record<string, unknown> | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const examples = media.examples as Record<string, { value?: unknown }> | undefined;
  const first = examples && Object.values(examples).find((e) => e && e.value !== undefined);
  if (first) return first.value;
  return media.schema === undefined
    ? undefined
    : fc.sample(valueFromSchema(media.schema as never), { seed: 1, numRuns: 1 })[0];
}

function successOf(op: Operation): { status: number; body: unknown } {
  const key =
    Object.keys(op.responses)
      .filter((s) => SUCCESS.test(s))
      .sort()[0] ?? '200';
  return { status: Number(key), body: bodyOf(op.responses[key]?.content['application/json']) };
}

function errorBody(code: string, message: string, details?: Record<string, string[]>) {
  return { error: { code, message, ...(details ? { details } : {}) } };
}

/** A refused request's status: 400 where documented, else the first documented refusal (422, 404). */
function refusalStatus(op: Operation): number {
  return Number(['400', '422', '404'].find((s) => s in op.responses) ?? 400);
}

/**
 * A refused request's body: `errors[]` where the operation documents that shape for the status
 * (its description assigns request validation to it), else the unified envelope.
 */
function refusal(op: Operation, details: Record<string, string[]>): unknown {
  const schema = op.responses[String(refusalStatus(op))]?.content['application/json']?.schema;
  const servesErrors = JSON.stringify(schema ?? {}).includes('"errors"');
  if (!servesErrors) return errorBody('invalid_request', 'The request does not match the document.', details);
  return {
    errors: Object.entries(details).map(([field, messages]) => ({
      code: 'invalid_field_value',
      field,
      message: messages.join('; '),
    })),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startDocumentMock(source: string): Promise<DocumentMock> {
  const contract = await loadContract(source);
  const answers: DocumentMock['answers'] = [];
  const successes = new Map(contract.operations.map((op) => [op.operationId, successOf(op)]));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://mock');
    const op = contract.match(req.method ?? 'GET', url.pathname);
    const send = (operationId: string, status: number, body: unknown) => {
      answers.push({ operationId, status, body });
      const text = JSON.stringify(body ?? {});
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        'x-request-id': `mock-${answers.length}`,
      });
      res.end(text);
    };
    if (!op) return send('(none)', 404, errorBody('not_found', 'No such route in the document.'));
    const problems = requestProblems(contract, op, url, req.headers, raw);
    if (problems.kind === 'media')
      return send(
        op.operationId,
        op.responses['415'] ? 415 : 400,
        errorBody('unsupported_media_type', problems.message),
      );
    if (problems.kind === 'invalid') return send(op.operationId, refusalStatus(op), refusal(op, problems.details));
    const success = successes.get(op.operationId)!;
    send(op.operationId, success.status, success.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(errorBody('internal_error', String(err))));
    });
  });
  const listening = await listenOnLoopback(server, () => {});
  return { ...listening, contract, answers };
}
