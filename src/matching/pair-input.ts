/**
 * The input format of `npm run match:pairs` (and of the labelled set): one JSON object per line,
 * `{"id", "a": M, "b": M}` with `M = {"exchange", "title", "market_id"?, "rules"?, "close_time"?,
 * "outcomes"?}`. Fields a line lacks are null. A bad line is reported by number with the field that is
 * wrong, and the rest of the file is still read.
 */
import { z } from 'zod';
import type { MatchMarket } from './types.js';

const outcomeSchema = z.union([
  z.string().min(1).transform((label) => ({ label })),
  z.object({ id: z.string().nullish(), label: z.string().min(1) }),
]);

const marketSchema = z.object({
  exchange: z.string({ error: 'exchange is required (a string)' }).trim().min(1, 'exchange is required'),
  title: z.string({ error: 'title is required (a string)' }).trim().min(1, 'title is required'),
  market_id: z.union([z.string(), z.number().transform(String)]).nullish(),
  rules: z.string().nullish(),
  close_time: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'close_time must be an ISO 8601 date-time')
    .nullish(),
  outcomes: z.array(outcomeSchema).nullish(),
  subtitle: z.string().nullish(),
  category: z.string().nullish(),
  event_id: z.string().nullish(),
}, { error: 'a market object {exchange, title, ...} is required' });

const pairSchema = z.object({
  id: z.union([z.string().min(1), z.number().transform(String)], { message: 'id is required (string or number)' }),
  a: marketSchema,
  b: marketSchema,
});

export interface PairLine {
  id: string;
  a: MatchMarket;
  b: MatchMarket;
}

export type ParsedLine = { ok: true; pair: PairLine } | { ok: false; error: string };

function toMarket(m: z.infer<typeof marketSchema>): MatchMarket {
  return {
    exchange: m.exchange,
    market_id: m.market_id ?? null,
    title: m.title,
    rules: m.rules?.trim() ? m.rules : null,
    close_time: m.close_time ? new Date(m.close_time).toISOString() : null,
    outcomes: m.outcomes ?? null,
    category: m.category ?? null,
    event_id: m.event_id ?? null,
    subtitle: m.subtitle ?? null,
  };
}

/** Parses one input line; the error names the field (e.g. "a.title: title is required"). */
export function parsePairLine(line: string): ParsedLine {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (err) {
    return { ok: false, error: `invalid JSON (${(err as Error).message})` };
  }
  const parsed = pairSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? issue.path.join('.') : 'line';
    return { ok: false, error: `${where}: ${issue.message}` };
  }
  return { ok: true, pair: { id: parsed.data.id, a: toMarket(parsed.data.a), b: toMarket(parsed.data.b) } };
}
