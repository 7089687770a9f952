/** How scripts/test-suite.ts splits the test files into shards of about equal wall time. */

/**
 * Longest first onto the shard with the least work so far (a file without a recorded time counts as
 * the median); each shard's files back in path order, the order of a serial run.
 */
export function splitIntoShards(files: string[], timings: Record<string, number>, jobs: number): string[][] {
  const known = files.map((f) => timings[f]).filter((t): t is number => typeof t === 'number').sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)]! : 1;
  const weight = (f: string) => timings[f] ?? median;
  const shards = Array.from({ length: jobs }, () => ({ files: [] as string[], total: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((min, s) => (s.total < min.total ? s : min));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  return shards.map((s) => s.files.sort()).filter((s) => s.length > 0);
}

