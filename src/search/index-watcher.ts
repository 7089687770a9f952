// Cross-process invalidation of the search response caches: the indexers may run in another process
// (npm run worker), so the API polls a small "version" of what its answers depend on and drops its
// cache when that moved. One tiny query per interval.
/**
 * Calls `onChange` whenever `readVersion` answers differently than before.
 * With `readFingerprint` (a fingerprint of exactly what the answers depend on, dearer to compute), a
 * moved version is only a reason to look: `onChange` runs when the fingerprint moved too. So a
 * catalog change the answers do not show (a new price) keeps the cache. `confirmEveryMs` spaces the
 * fingerprints out (a change then shows within that time instead of one poll interval).
 */
export function watchStateVersion(
  readVersion: () => Promise<string>,
  onChange: () => void,
  intervalMs = 1_000,
  readFingerprint?: () => Promise<string>,
  confirmEveryMs = 0,
): () => void {
  let last: string | null = null;
  let lastFingerprint: string | null = null;
  let confirmedAt = 0;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      let v = await readVersion();
      if (last === null) {
        if (readFingerprint) {
          // the first fingerprint must belong to version v: a change committed between the reads
          // would hide in it, so read until the version stands still around it
          let stable = false;
          for (let attempt = 0; attempt < 3 && !stable; attempt++) {
            lastFingerprint = await readFingerprint();
            const again = await readVersion();
            stable = again === v;
            v = again;
          }
          if (!stable) onChange();
        }
      } else if (v !== last) {
        if (!readFingerprint) {
          onChange();
        } else if (Date.now() - confirmedAt < confirmEveryMs) {
          // the fingerprint is a scan: at most one per confirmEveryMs while things keep moving
          // (a backfill moves the version every poll); the move is looked at on a later tick
          return;
        } else {
          const fingerprint = await readFingerprint();
          confirmedAt = Date.now();
          if (fingerprint !== lastFingerprint) onChange();
          lastFingerprint = fingerprint;
        }
      }
      last = v;
    } catch {
      /* database briefly unavailable: try again next tick */
    } finally {
      busy = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
