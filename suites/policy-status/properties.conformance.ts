/**
 * Generated policy-status list requests: valid ones (for the fixture plan year) are answered
 * 200, each invalid variant 400 naming the rule of its broken constraint, and nothing gets a
 * 5xx. Runs: `--runs`, one request each.
 */
import { requestProperty } from '../reference/request-property.js';
import { POLICY_LIST_PROPERTY } from './property-specs.js';

requestProperty(POLICY_LIST_PROPERTY);
