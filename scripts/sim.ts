/**
 * `npm run sim`: starts every registered venue simulator and prints their base URLs and the command
 * that points a service at them (EXCHANGE_MODE=sim with their URL variables), until Ctrl-C or SIGTERM.
 * Options: `--only kalshi,polymarket`, `--tick-ms 500`, `--seed 1`,
 * `--corpus <code>=<file>` (repeatable; a file in the venue's own format, e.g. ../shared/data/markets/...).
 * `--port-base 9100` gives venue N the port 9100+N-1 instead of a random one.
 * `--scale N` serves N markets per venue synthesised from its listings (src/sim/scale.ts; every
 * venue), deterministic by `--seed`, built on demand (none held in memory).
 */
import { EXCHANGE_CODES, isExchangeCode, type ExchangeCode } from '../src/venues/exchanges.js';
import { urlEnvKey } from '../src/venues/descriptor.js';
import { simulatedExchanges, startSimulators, type SimulatorOptions } from '../src/venues/simulators.js';
import { exitOnHelp } from './lib/cli-args.js';
import { stopWithLauncher } from './lib/launcher.js';

exitOnHelp(import.meta.url);

function arg(name: string): string[] {
  const out: string[] = [];
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) if (argv[i] === `--${name}` && argv[i + 1] !== undefined) out.push(argv[++i]);
  return out;
}

/** What to run to point a service at the simulators (sim mode takes their URLs from these variables). */
function serviceCommand(urls: [ExchangeCode, Record<string, string>][]): string {
  const env = urls.flatMap(([c, byKey]) => Object.entries(byKey).map(([k, v]) => `${urlEnvKey(c, k)}=${v}`));
  return [
    'Point a service at them (sim mode uses the simulators these variables name, and starts its own only for the venues they leave out):',
    ['EXCHANGE_MODE=sim', ...env, 'npm start'].join(' \\\n  '),
  ].join('\n');
}

async function main(): Promise<void> {
  const only = arg('only')[0]?.split(',').filter(Boolean);
  for (const c of only ?? []) if (!isExchangeCode(c)) throw new Error(`unknown venue ${c}; known: ${EXCHANGE_CODES.join(', ')}`);
  const codes = (only as ExchangeCode[] | undefined) ?? simulatedExchanges();
  const tickMs = Number(arg('tick-ms')[0] ?? 500);
  const seed = arg('seed')[0] ?? 1;
  const portBase = arg('port-base')[0] ? Number(arg('port-base')[0]) : null;
  const scale = arg('scale')[0] ? Number(arg('scale')[0]) : undefined;
  if (scale !== undefined && !(Number.isInteger(scale) && scale > 0)) throw new Error(`--scale expects a positive whole number of markets, got ${arg('scale')[0]}`);
  const perVenue: Partial<Record<ExchangeCode, SimulatorOptions>> = {};
  for (const c of arg('corpus')) {
    const [code, file] = c.split('=');
    if (!isExchangeCode(code) || !file) throw new Error(`--corpus expects <code>=<file>, got ${c}`);
    perVenue[code] = { ...perVenue[code], corpusFile: file };
  }
  if (portBase !== null) for (const c of codes) perVenue[c] = { ...perVenue[c], port: portBase + EXCHANGE_CODES.indexOf(c) };

  const sims = await startSimulators(codes, { tickMs, seed, scale }, perVenue);
  for (const code of codes) {
    const s = sims.simulators[code];
    if (!s) continue;
    console.log(`${code.padEnd(11)} ${String(s.marketCount()).padStart(6)} markets  ${Object.entries(s.baseUrls).map(([k, v]) => `${k}=${v}`).join('  ')}`);
  }
  console.log(`\n${serviceCommand(codes.map((c) => [c, sims.baseUrls[c] ?? {}]))}\n\nCtrl-C to stop.`);
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await sims.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // Through `npx tsx`, a SIGTERM stops npx and its shell only: stop with them.
  stopWithLauncher(() => void stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
