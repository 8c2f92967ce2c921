/**
 * Generated policy-status list requests: valid ones (for the fixture plan year) are answered
 * 200, each invalid variant 400 naming the rule of its broken constraint, and nothing gets a
 * 5xx. Runs: `--runs`, one request each.
 */
import type { CheckContext } from '../../harness/suite/index.js';
import { requestProperty } from '../reference/request-property.js';
import { LIST_FIXTURES } from './policy-kit.js';

requestProperty({
  title: 'generated policy-status list requests: valid ones are 200, each broken constraint is 400 in the unified envelope, none is a 5xx',
  operationId: 'listPolicyStatusApplications',
  okRule: 'POLICY-LIST-200',
  breaks: {
    'exchange:required': 'POLICY-LIST-EXCHANGE-REQUIRED',
    'exchange:enum': 'POLICY-LIST-EXCHANGE-ON-ONLY',
    'plan_year:required': 'POLICY-LIST-PLAN-YEAR-REQUIRED',
    'limit:minimum': 'POLICY-LIST-LIMIT-RANGE',
    'limit:maximum': 'POLICY-LIST-LIMIT-RANGE',
    'offset:minimum': 'POLICY-LIST-OFFSET-RANGE',
  },
  // The plan year with applications, in place of the generic `planYear` fixture.
  known: (t: CheckContext) => ({ plan_year: [t.fixture('policyPlanYear')] }),
  needs: { fixtures: LIST_FIXTURES },
});
