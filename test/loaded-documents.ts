/**
 * Every document a run may load (ours, the provider's, the older ICHRA and the Medicare ones),
 * for the tests that hold the operations tables to all of them.
 */
import { loadContract, type Contract } from '../harness/contract/index.js';
import { projectPath, PROVIDER_SPEC } from '../harness/paths.js';

export const loadEveryDocument = (): Promise<Contract[]> =>
  Promise.all(
    [
      projectPath('specs', 'partner-api.yaml'),
      PROVIDER_SPEC,
      ...['legacy-ichra', 'medicare'].map((f) => projectPath('specs', `${f}.yaml`)),
    ].map((source) => loadContract(source)),
  );
