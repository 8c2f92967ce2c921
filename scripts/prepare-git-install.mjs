// npm's `prepare` step. When npm installs this package from a git URL it clones it, installs
// its dependencies and runs `prepare` in the clone before packing it; only then is the build
// (dist/) needed, since the packed files hold no TypeScript sources. npm names the project
// being installed into as `npm_config_local_prefix`: another folder than this one means a git
// install. In a checkout (`npm ci`, `npm install`) they are the same folder, and nothing is built.
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';

const into = process.env.npm_config_local_prefix;
const here = realpathSync(process.cwd());
if (into && realpathSync(resolve(into)) !== here) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(build.status ?? 1);
}
