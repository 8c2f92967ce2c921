/** Hand-built exchanges for the checks' tests. */
import type { Exchange } from '../model.js';

export function exchange(status: number, body: unknown, headers: Record<string, string> = {}): Exchange {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    request: { method: 'GET', url: 'http://127.0.0.1:1/v1/ping', headers: { 'x-api-key': '<redacted>' } },
    response: {
      status,
      headers: { 'content-type': 'application/json', ...headers },
      body: text,
      json: typeof body === 'string' ? undefined : body,
    },
    durationMs: 3,
    role: 'approved',
  };
}

export function transportFailure(error = 'UND_ERR_CONNECT_TIMEOUT'): Exchange {
  return {
    request: { method: 'GET', url: 'http://127.0.0.1:1/v1/ping', headers: {} },
    error,
    durationMs: 10_000,
  };
}
