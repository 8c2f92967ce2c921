/** Where the project's own files are, wherever the command is started from. */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (this file is harness/paths.ts). */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const projectPath = (...parts: string[]) => resolve(PROJECT_ROOT, ...parts);

/** The spec a run tests against when `--spec` is not given. */
export const DEFAULT_SPEC = projectPath('specs', 'partner-api.yaml');

/** The provider's published document of /v1, kept byte for byte (specs/provider/README.md). */
export const PROVIDER_SPEC = projectPath('specs', 'provider', 'openapi.json');
