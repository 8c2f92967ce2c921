#!/usr/bin/env node
// Launcher: the built command line when the package is installed (dist/), else the TypeScript
// sources through tsx, so a checkout runs without a build step.
import { existsSync } from 'node:fs';

process.env.PARTNER_CONFORMANCE_BIN = '1';
const built = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/main.ts');
}
