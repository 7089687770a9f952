import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** The service's version, from package.json. */
export const VERSION: string = pkg.version;
