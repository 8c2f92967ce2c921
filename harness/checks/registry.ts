/**
 * Checks by name. A name is registered once: a second registration is a defect
 * (two checks answering to one name would make findings ambiguous), so it throws.
 */
import type { Check } from './scope.js';
import { expectErrorsEnvelope } from './errors-envelope.js';
import { expectHeader } from './header.js';
import { expectKeyNotEchoed } from './key-not-echoed.js';
import { expectNoHeader } from './no-header.js';
import { expectReplayOf } from './replay.js';
import { expectRetryAfter } from './retry-after.js';
import { expectSchemaValid } from './schema-valid.js';
import { expectSortedBy } from './sorted-by.js';
import { expectStatus } from './status.js';
import { expectThat } from './that.js';
import { expectTransportOk } from './transport-ok.js';
import { expectUnifiedEnvelope } from './unified-envelope.js';

export class CheckRegistry {
  readonly #checks = new Map<string, Check<any>>();

  register<E>(name: string, check: Check<E>): this {
    if (this.#checks.has(name)) throw new Error(`check "${name}" is already registered; give the new check its own name`);
    this.#checks.set(name, check);
    return this;
  }

  get(name: string): Check<any> | undefined {
    return this.#checks.get(name);
  }

  has(name: string): boolean {
    return this.#checks.has(name);
  }

  names(): string[] {
    return [...this.#checks.keys()];
  }
}

/** The check library. Names match the `check` field of the RuleViolations they throw. */
export const checks = new CheckRegistry()
  .register('transportOk', expectTransportOk)
  .register('status', expectStatus)
  .register('schemaValid', expectSchemaValid)
  .register('unifiedEnvelope', expectUnifiedEnvelope)
  .register('errorsEnvelope', expectErrorsEnvelope)
  .register('header', expectHeader)
  .register('noHeader', expectNoHeader)
  .register('replayOf', expectReplayOf)
  .register('retryAfter', expectRetryAfter)
  .register('sortedBy', expectSortedBy)
  .register('keyNotEchoed', expectKeyNotEchoed)
  .register('that', expectThat);
