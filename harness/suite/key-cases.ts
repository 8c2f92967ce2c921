/**
 * The two ways a request can lack a valid key (section 5.1, 7), as request overrides: every
 * family's auth checks run once per case, each naming the rule its case verifies.
 * Each request is marked made wrong as a whole (its key) for the oracles over the run.
 */
import { wrongAsWhole } from './made-wrong.js';

export const KEY_CASES = [
  { what: 'without a key', rule: 'AUTH-MISSING-KEY-403', key: { role: null, ...wrongAsWhole('no key') } },
  {
    what: 'with an invalid key',
    rule: 'AUTH-INVALID-KEY-403',
    key: { invalidKey: true, ...wrongAsWhole('an invalid key') },
  },
] as const;
