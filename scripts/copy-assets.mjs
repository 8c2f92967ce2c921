// The built package (dist/) mirrors the source tree: the compiled modules find specs/ and
// package.json where the sources do (paths relative to each module).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';

cpSync('specs', 'dist/specs', { recursive: true });
const { name, version } = JSON.parse(readFileSync('package.json', 'utf8'));
writeFileSync(
  'dist/package.json',
  `${JSON.stringify({ name: `${name}-dist`, version, private: true, type: 'module' }, null, 2)}\n`,
);
