/**
 * `npm run conformance`: checks the venues' answers against their wire schemas (src/venues/<code>/wire.ts)
 * and prints per venue and endpoint: ok / drifted (which field) / failed / skipped.
 *   --live            call the real venues (public reads; with CONFORMANCE_CREDENTIALS_FILE, also the
 *                     signed reads that change nothing). Without network: "no network", exit 1.
 *   --sim             (the default) start the simulators and run against them.
 *   --venue <code>    one venue only.
 *   --timeout-ms <n>  per request (default 10000).
 * Exit status: 0 when every check is ok or skipped, 1 otherwise.
 */
import fs from 'node:fs';
import { arg } from './lib/cli-args.js';
import { loadConfig } from '../src/config.js';
import { conformanceExitCode, formatConformance, runConformance, runSimulatorConformance } from '../src/venues/conformance.js';
import { EXCHANGE_CODES, isExchangeCode, type ExchangeCode } from '../src/venues/exchanges.js';
import { VENUES } from '../src/venues/index.js';

const USAGE = `usage: npm run conformance -- [--live | --sim] [--venue <code>] [--timeout-ms <n>]
  --live          call the real venues (public reads; signed no-op reads too with CONFORMANCE_CREDENTIALS_FILE)
  --sim           run against the simulators (the default)
  --venue <code>  one of: ${EXCHANGE_CODES.join(', ')}
  --timeout-ms    per request, default 10000`;

async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const live = process.argv.includes('--live');
  if (live && process.argv.includes('--sim')) throw new Error('--live and --sim exclude each other');
  const venue = arg('venue');
  if (venue !== undefined && !isExchangeCode(venue)) throw new Error(`--venue: unknown venue "${venue}"; known: ${EXCHANGE_CODES.join(', ')}`);
  const timeoutMs = arg('timeout-ms', 10_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new Error('--timeout-ms must be a positive integer');
  const codes: ExchangeCode[] = venue ? [venue] : [...EXCHANGE_CODES];

  let report;
  if (!live) {
    report = await runSimulatorConformance(codes, { timeoutMs });
  } else {
    const config = loadConfig();
    const credentials = config.conformanceCredentialsFile ? (JSON.parse(fs.readFileSync(config.conformanceCredentialsFile, 'utf8')) as Record<string, Record<string, unknown>>) : {};
    const venues = VENUES.filter((v) => codes.includes(v.code) && v.conformance).map((v) => ({
      descriptor: v,
      baseUrls: { ...v.baseUrls, ...config.venues[v.code].baseUrls },
      keys: { marketData: config.venues[v.code].keys, credentials: credentials[v.code] ?? null },
    }));
    report = await runConformance(venues, { timeoutMs, withCredentials: true });
  }
  if (!report.results.length) console.log('no venue with conformance checks selected');
  console.log(formatConformance(report));
  return conformanceExitCode(report);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  },
);
