#!/usr/bin/env node
// Launcher. In a checkout (the TypeScript sources are here) it runs the sources through tsx,
// always: a dist/ left by an earlier build could be older than them. In an installed package
// (the sources are not shipped) it runs the built command line in dist/.
import { existsSync } from 'node:fs';

process.env.PARTNER_CONFORMANCE_BIN = '1';
const sources = new URL('../cli/main.ts', import.meta.url);
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(sources.href);
} else {
  await import(new URL('../dist/cli/main.js', import.meta.url).href);
}
