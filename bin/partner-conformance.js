#!/usr/bin/env node
// Launcher: registers tsx so the TypeScript command line runs without a build step.
import { register } from 'tsx/esm/api';

register();
process.env.PARTNER_CONFORMANCE_BIN = '1';
await import('../cli/main.ts');
