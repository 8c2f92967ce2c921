/**
 * Probes: the black-box observation that shows a switch. A probe runs once against a clean
 * target and once with its switch on; the switch is real when the two observations differ.
 * A probe runs against a whole server (faults/faults.test.ts) when the core takes part, or
 * against the family's route modules alone (faults/route-probes.test.ts, probe/routes.ts).
 * Only types come from the test support, so declaring a probe loads no test code.
 */
import type { Call, CallOptions } from '../probe/client.js';
import type { Kit } from '../probe/routes.js';

export interface ServerProbeContext {
  call: Call;
  /** Move the server's clock (only on a fixed clock, `clockedProbe`). */
  advance(ms: number): void;
}

export type Probe =
  | { target: 'server'; fixedClock: boolean; run(ctx: ServerProbeContext): Promise<unknown> }
  | { target: 'routes'; run(kit: Kit): Promise<unknown> };

/** Observed through a whole server on a clock that steps a second a read (never rate limited). */
export const serverProbe = (run: (ctx: ServerProbeContext) => Promise<unknown>): Probe => ({
  target: 'server',
  fixedClock: false,
  run,
});

/** Observed through a whole server on a clock that moves only through `advance` (rate limits). */
export const clockedProbe = (run: (ctx: ServerProbeContext) => Promise<unknown>): Probe => ({
  target: 'server',
  fixedClock: true,
  run,
});

/** Observed on the family's route modules alone (no key, rate limit or idempotency edge). */
export const routeProbe = (run: (kit: Kit) => Promise<unknown>): Probe => ({ target: 'routes', run });

/** A faulty answer may break the documents on purpose, so probes do not validate it. */
export const UNCHECKED = { unchecked: true } as const;

/** The status of one unchecked call. */
export const status = (call: Call, method: string, path: string, opts: CallOptions = {}): Promise<number> =>
  call(method, path, { ...UNCHECKED, ...opts }).then((r) => r.status);

/** The parsed body of one unchecked call. */
export const body = (call: Call, method: string, path: string, opts: CallOptions = {}): Promise<any> =>
  call(method, path, { ...UNCHECKED, ...opts }).then((r) => r.body);

/** Call options carrying an Idempotency-Key. */
export const keyed = (key: string): CallOptions => ({ headers: { 'idempotency-key': key } });

/** Spend the burst of the low tier (2) with the tierLow key, so its next call is limited. */
export async function exhaustLowTier(call: Call): Promise<void> {
  await call('GET', '/v1/ping', { ...UNCHECKED, role: 'tierLow' });
  await call('GET', '/v1/ping', { ...UNCHECKED, role: 'tierLow' });
}
