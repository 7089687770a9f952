// Test preparation (`npm run prepare-tests`): the browser the search page's tests drive, Debian's
// chromium package at /usr/bin/chromium, installed only when absent (idempotent, like the search
// node). Needs root (CI and the development machines run as root); elsewhere it says what to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { environmentForChild } from '../src/config.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

export const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) {
  console.log(`chromium: ${CHROMIUM} present`);
} else if (process.getuid?.() !== 0) {
  console.error(`chromium: ${CHROMIUM} is missing and this is not root: run "apt-get install -y chromium" (the browser tests of test/web need it)`);
  process.exit(1);
} else {
  const apt = (args: string[]) => execFileSync('apt-get', args, { stdio: 'inherit', env: environmentForChild({ DEBIAN_FRONTEND: 'noninteractive' }) });
  console.log('chromium: installing the Debian package');
  try {
    apt(['install', '-y', '--no-install-recommends', 'chromium']);
  } catch {
    // a stale or empty package list: refresh it once and retry
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', 'chromium']);
  }
}
