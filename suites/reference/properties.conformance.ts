/**
 * Generated requests for issuers and provider search: valid ones (drawn from the profile's
 * fixtures) are answered 200, each invalid variant 400 naming the rule of its broken
 * constraint, and nothing gets a 5xx. Runs: `--runs`, one request each.
 */
import { ISSUERS_PROPERTY, PROVIDERS_PROPERTY } from './property-specs.js';
import { requestProperty } from './request-property.js';

requestProperty(ISSUERS_PROPERTY);
requestProperty(PROVIDERS_PROPERTY);
