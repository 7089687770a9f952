/**
 * `npm run sim`: starts every registered venue simulator and prints their base URLs, until Ctrl-C.
 * Options: `--only kalshi,polymarket`, `--tick-ms 500`, `--seed 1`,
 * `--corpus <code>=<file>` (repeatable; a file in the venue's own format, e.g. ../shared/data/markets/...).
 * `--port-base 9100` gives venue N the port 9100+N-1 instead of a random one.
 */
import { EXCHANGE_CODES, isExchangeCode, type ExchangeCode } from '../src/venues/exchanges.js';
import { urlEnvKey } from '../src/venues/descriptor.js';
import { simulatedExchanges, startSimulators, type SimulatorOptions } from '../src/venues/simulators.js';

function arg(name: string): string[] {
  const out: string[] = [];
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) if (argv[i] === `--${name}` && argv[i + 1] !== undefined) out.push(argv[++i]);
  return out;
}

async function main(): Promise<void> {
  const only = arg('only')[0]?.split(',').filter(Boolean);
  for (const c of only ?? []) if (!isExchangeCode(c)) throw new Error(`unknown venue ${c}; known: ${EXCHANGE_CODES.join(', ')}`);
  const codes = (only as ExchangeCode[] | undefined) ?? simulatedExchanges();
  const tickMs = Number(arg('tick-ms')[0] ?? 500);
  const seed = arg('seed')[0] ?? 1;
  const portBase = arg('port-base')[0] ? Number(arg('port-base')[0]) : null;
  const perVenue: Partial<Record<ExchangeCode, SimulatorOptions>> = {};
  for (const c of arg('corpus')) {
    const [code, file] = c.split('=');
    if (!isExchangeCode(code) || !file) throw new Error(`--corpus expects <code>=<file>, got ${c}`);
    perVenue[code] = { ...perVenue[code], corpusFile: file };
  }
  if (portBase !== null) for (const c of codes) perVenue[c] = { ...perVenue[c], port: portBase + EXCHANGE_CODES.indexOf(c) };

  const sims = await startSimulators(codes, { tickMs, seed }, perVenue);
  for (const code of codes) {
    const s = sims.simulators[code];
    if (!s) continue;
    console.log(`${code.padEnd(11)} ${String(s.marketCount()).padStart(6)} markets  ${Object.entries(s.baseUrls).map(([k, v]) => `${k}=${v}`).join('  ')}`);
  }
  const env = codes.flatMap((c) => Object.entries(sims.baseUrls[c] ?? {}).map(([k, v]) => `${urlEnvKey(c, k)}=${v}`));
  console.log(`\nPoint the service at them with EXCHANGE_MODE=sim (in-process) or these variables:\n${env.join(' \\\n')}\n\nCtrl-C to stop.`);
  const stop = async (): Promise<void> => {
    await sims.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
