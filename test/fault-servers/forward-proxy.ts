/**
 * A local forward proxy, as a partner's CI has one: CONNECT tunnels (for https) and
 * absolute-form requests (for plain http), each counted. It carries only 127.0.0.1, and with
 * `refuse` answers every request 403 (CONNECT) or 407 (plain http), as a proxy that will not.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { listenOnLoopback } from '../../harness/client/test-server.js';

interface Passed {
  kind: 'connect' | 'http';
  /** host:port of the target. */
  to: string;
}

export interface ForwardProxy {
  url: string;
  passed: Passed[];
  close(): Promise<void>;
}

const LOOPBACK = /^127\.0\.0\.1:\d+$/;

function tunnel(req: IncomingMessage, client: Socket, head: Buffer, refuse: boolean): void {
  const to = req.url ?? '';
  if (refuse || !LOOPBACK.test(to)) {
    client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
    return;
  }
  const [host, port] = to.split(':');
  const upstream = connect(Number(port), host, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => client.destroy());
  client.on('close', () => upstream.destroy());
  client.on('error', () => upstream.destroy());
}

export async function forwardProxy(options: { refuse?: boolean } = {}): Promise<ForwardProxy> {
  const passed: Passed[] = [];
  const server: Server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://invalid');
    passed.push({ kind: 'http', to: target.host });
    if (options.refuse || !LOOPBACK.test(target.host)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="proxy"', 'content-length': '0' });
      res.end();
      return;
    }
    const out = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: target.pathname + target.search,
        headers: req.headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    passed.push({ kind: 'connect', to: req.url ?? '' });
    tunnel(req, client, head, options.refuse === true);
  });
  const listening = await listenOnLoopback(server);
  return { ...listening, passed };
}
