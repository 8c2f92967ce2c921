/**
 * Named faults of direct enrollment, each breaking one rule of specs/rules.json and probed on
 * the route-module kit. Most switch a behaviour the handlers ask for with
 * `on(ENROLLMENT_FAULTS.x)`; the status and envelope faults rewrite answers on the way out. One file
 * of faults/ per concern; this table gathers them in their order.
 */
import type { Switch } from '../core/switch.js';
import { LIST_FAULTS } from './faults/list.js';
import { CREATE_READ_UPDATE_FAULTS } from './faults/create-read-update.js';
import { LIFECYCLE_FAULTS } from './faults/lifecycle.js';
import { PAYMENT_DOCUMENTS_FAULTS } from './faults/payment-documents.js';
import { ERROR_ENVELOPE_FAULTS } from './faults/errors.js';
import { OTHER_ACCOUNT_FAULTS } from './faults/accounts.js';
import { HISTORY_FAULTS } from './faults/history.js';
import { RUN_WIDE_FAULTS } from './faults/run-wide.js';
import { ENROLLMENT_VARIANTS } from './faults/variants.js';
import { ENROLLMENT_ORACLE_FAULTS } from './oracle-faults.js';

export const ENROLLMENT_FAULTS = {
  ...LIST_FAULTS,
  ...CREATE_READ_UPDATE_FAULTS,
  ...LIFECYCLE_FAULTS,
  ...PAYMENT_DOCUMENTS_FAULTS,
  ...ERROR_ENVELOPE_FAULTS,
  ...OTHER_ACCOUNT_FAULTS,
  ...HISTORY_FAULTS,
  ...RUN_WIDE_FAULTS,
  ...ENROLLMENT_ORACLE_FAULTS,
  ...ENROLLMENT_VARIANTS,
} satisfies Record<string, Switch>;
