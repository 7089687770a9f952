/**
 * How the stream instances talk through PostgreSQL NOTIFY: a notification's payload is at most 8000
 * bytes, so records (a JSON head, a tab, then a body: usually a stream message's JSON text) are packed
 * several to a payload, one per line, and a record too large for one payload (a 16 KB book, a 512 KB
 * Kalshi book) is cut into numbered chunks that the receiver puts back together. A body never holds a
 * newline (JSON.stringify escapes them) and a head is one JSON object, so lines and the first tab
 * delimit them.
 *
 * Chunks of one record are sent in one statement (one transaction), which PostgreSQL delivers to each
 * listener together and in order; the receiver still keys them by id and drops an incomplete set after
 * `maxAgeMs`, so a lost connection mid-record leaks nothing.
 */

/** NOTIFY's payload limit is 8000 bytes; the rest is headroom for a chunk's head. */
export const NOTIFY_PAYLOAD_BYTES = 7_900;

export interface WireRecord {
  head: Record<string, unknown> & { k: string };
  body: string;
}

export function encodeRecord(head: WireRecord['head'], body = ''): string {
  return `${JSON.stringify(head)}\t${body}`;
}

function decodeRecord(line: string): WireRecord | null {
  const tab = line.indexOf('\t');
  if (tab < 0) return null;
  try {
    const head = JSON.parse(line.slice(0, tab)) as WireRecord['head'];
    if (typeof head !== 'object' || head === null || typeof head.k !== 'string') return null;
    return { head, body: line.slice(tab + 1) };
  } catch {
    return null;
  }
}

/** Cuts `text` into pieces of at most `maxBytes` UTF-8 bytes, never inside a character. */
function cutByBytes(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let i = 0;
  while (i < text.length) {
    let end = Math.min(text.length, i + maxBytes);
    while (Buffer.byteLength(text.slice(i, end)) > maxBytes) end = i + Math.max(1, Math.floor((end - i) * 0.9));
    // Not between the two halves of a surrogate pair.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(text.slice(i, end));
    i = end;
  }
  return pieces;
}

/**
 * Packs encoded records into NOTIFY payloads of at most `limit` bytes, in order. `chunkId` names the
 * chunks of each record that has to be cut (unique per sender).
 */
export function packRecords(records: readonly string[], chunkId: () => string, limit = NOTIFY_PAYLOAD_BYTES): string[] {
  const payloads: string[] = [];
  let current = '';
  let currentBytes = 0;
  const push = (line: string, bytes: number): void => {
    if (current && currentBytes + 1 + bytes > limit) {
      payloads.push(current);
      current = '';
      currentBytes = 0;
    }
    current = current ? `${current}\n${line}` : line;
    currentBytes += (currentBytes ? 1 : 0) + bytes;
  };
  for (const line of records) {
    const bytes = Buffer.byteLength(line);
    if (bytes <= limit) {
      push(line, bytes);
      continue;
    }
    const id = chunkId();
    // Room for the chunk head (`{"k":"c","id":"...","i":123,"n":456}\t`).
    const pieces = cutByBytes(line, limit - 120 - Buffer.byteLength(id));
    pieces.forEach((piece, i) => {
      const chunk = encodeRecord({ k: 'c', id, i, n: pieces.length }, piece);
      push(chunk, Buffer.byteLength(chunk));
    });
  }
  if (current) payloads.push(current);
  return payloads;
}

/** Reads payloads back into records, joining chunked ones. One per sender connection. */
export class RecordReader {
  private readonly partial = new Map<string, { parts: string[]; got: number; at: number }>();

  constructor(
    private readonly maxAgeMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  read(payload: string): WireRecord[] {
    const out: WireRecord[] = [];
    for (const line of payload.split('\n')) {
      const rec = decodeRecord(line);
      if (!rec) continue;
      if (rec.head.k !== 'c') {
        out.push(rec);
        continue;
      }
      const { id, i, n } = rec.head as unknown as { id: string; i: number; n: number };
      let p = this.partial.get(id);
      if (!p) {
        this.expire();
        p = { parts: new Array<string>(n), got: 0, at: this.now() };
        this.partial.set(id, p);
      }
      if (p.parts[i] === undefined) p.got += 1;
      p.parts[i] = rec.body;
      if (p.got === n) {
        this.partial.delete(id);
        const whole = decodeRecord(p.parts.join(''));
        if (whole) out.push(whole);
      }
    }
    return out;
  }

  /** Chunked records still waiting for pieces. */
  get pending(): number {
    return this.partial.size;
  }

  private expire(): void {
    const cutoff = this.now() - this.maxAgeMs;
    for (const [id, p] of this.partial) if (p.at < cutoff) this.partial.delete(id);
  }
}
