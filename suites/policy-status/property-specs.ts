/** The generated-request property of the policy-status list: operation, rules, known values. */
import type { CheckContext } from '../../harness/suite/index.js';
import type { RequestPropertySpec } from '../reference/request-property.js';
import { LIST_FIXTURES } from './policy-requests.js';

export const POLICY_LIST_PROPERTY: RequestPropertySpec = {
  title:
    'generated policy-status list requests: valid ones are 200, each broken constraint is 400 in the ' +
    'unified envelope, none is a 5xx',
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
};
