/**
 * Every variant is a real, valid choice: its probe observes something a clean server answers
 * otherwise, and every answer of a tour of all operations (and of the probe itself) holds under
 * the documents the variant claims. Variants compose: all of them at once, with a fault, still
 * start and answer.
 */
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../harness/model.js';
import type { ServerProbeContext } from '../core/probe.js';
import type { Variant } from '../core/switch.js';
import { client } from '../probe/client.js';
import { fakeClock, steppingClock } from '../probe/fixtures.js';
import { tour } from '../probe/tour.js';
import type { SpecDocument } from '../probe/validate.js';
import { startReferenceServer } from '../server.js';
import { allFaults, allVariants } from './index.js';

/** The documents a variant's answers are held to: its /v1 documents and the other families' own. */
const documentsOf = (v: Variant): SpecDocument[] => [...v.documents, 'legacy-ichra', 'medicare'];

async function withServer<T>(
  variants: readonly string[],
  fixedClock: boolean,
  run: (ctx: ServerProbeContext & { url: string }) => Promise<T>,
  fault?: string,
): Promise<T> {
  const fixed = fakeClock();
  const server = await startReferenceServer({
    clock: fixedClock ? fixed.now : steppingClock(),
    variants,
    ...(fault ? { fault } : {}),
  });
  try {
    return await run({ call: client(server.url), advance: fixed.advance, url: server.url });
  } finally {
    await server.close();
  }
}

async function observe(v: Variant, on: boolean): Promise<string> {
  const probe = v.probe;
  if (probe.target !== 'server') throw new Error(`${v.name}: variants are probed through a whole server`);
  return withServer(on ? [v.name] : [], probe.fixedClock, async ({ url, advance }) => {
    // With the variant on, the probe's own answers must hold under the variant's documents too.
    const call = on ? client(url, { documents: documentsOf(v) }) : client(url);
    return JSON.stringify(await probe.run({ call, advance }));
  });
}

describe('variants', () => {
  it('are at least 30, over every family, each naming the section that permits it', () => {
    expect(allVariants.length).toBeGreaterThanOrEqual(30);
    expect([...new Set(allVariants.map((v) => v.family))].sort()).toEqual([...FAMILIES].sort());
    expect(
      allVariants.filter((v) => !/^\d+(\.\d+)*$/.test(v.permits) || v.documents.length === 0).map((v) => v.name),
    ).toEqual([]);
  });

  it.each(allVariants.map((v) => [v.name, v.permits, v] as const))(
    '%s changes what a client observes (permitted by %s)',
    async (_name, _permits, v) => {
      const clean = await observe(v, false);
      const chosen = await observe(v, true);
      expect(chosen, `${v.name}: clean and variant servers answered alike: ${clean}`).not.toBe(clean);
    },
  );

  it.each(allVariants.map((v) => [v.name, v.documents.join(' and '), v] as const))(
    '%s answers every operation validly under %s',
    async (_name, _documents, v) => {
      await withServer([v.name], false, ({ url }) => tour(client(url, { documents: documentsOf(v) })));
    },
    20_000,
  );

  it('compose: all at once, and beside a fault, a server starts and answers', async () => {
    const names = allVariants.map((v) => v.name);
    const statuses = await withServer(
      names,
      false,
      async ({ call }) => [(await call('GET', '/v1/ping', { unchecked: true })).status],
      allFaults[0]!.name,
    );
    expect(statuses).toEqual([200]);
  });

  it('refuses an unknown variant name', async () => {
    await expect(startReferenceServer({ variants: ['no-such-variant'] })).rejects.toMatchObject({
      code: 'E_VARIANT_UNKNOWN',
    });
  });
});
