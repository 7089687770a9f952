// Closed-loop load: N workers each send a request, wait for the answer, send the next, for a fixed
// time. Latency = one request's round trip; throughput = completed requests / elapsed seconds.
export interface LoadResult {
  label: string;
  concurrency: number;
  requests: number;
  errors: number;
  /** The errors by message (the first 120 characters), so that a run with errors says what they were. */
  errorKinds: Record<string, number>;
  seconds: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export async function runLoad(opts: {
  label: string;
  concurrency: number;
  seconds: number;
  warmupSeconds?: number;
  /** one request; `i` is a global counter the caller may use to pick a query */
  request: (i: number) => Promise<unknown>;
}): Promise<LoadResult> {
  let counter = 0;
  const phase = async (seconds: number, record: boolean) => {
    const latencies: number[] = [];
    let errors = 0;
    const errorKinds: Record<string, number> = {};
    const end = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const i = counter++;
        const t0 = performance.now();
        try {
          await opts.request(i);
          if (record) latencies.push(performance.now() - t0);
        } catch (err) {
          errors++;
          const kind = (err instanceof Error ? err.message : String(err)).slice(0, 120);
          errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
    return { latencies, errors, errorKinds, elapsed: (performance.now() - started) / 1000 };
  };
  if (opts.warmupSeconds) await phase(opts.warmupSeconds, false);
  const { latencies, errors, errorKinds, elapsed } = await phase(opts.seconds, true);
  const sorted = Float64Array.from(latencies).sort();
  return {
    label: opts.label,
    concurrency: opts.concurrency,
    requests: latencies.length,
    errors,
    errorKinds,
    seconds: elapsed,
    throughput: latencies.length / elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

export function formatRow(r: LoadResult): string {
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
  return `| ${r.label} | ${r.concurrency} | ${r.requests} | ${r.errors} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${Math.round(r.throughput)} |`;
}

export const TABLE_HEADER =
  '| workload | concurrency | requests | errors | p50 ms | p95 ms | p99 ms | req/s |\n|---|---|---|---|---|---|---|---|';
