// zod at the edge: request bodies, query strings and path parameters are parsed here, and a failure
// is a 400 whose message names the offending field.
import type { Request } from 'express';
import type { z } from 'zod';
import { badRequest } from './errors.js';

/** Where a value came from, named in the message so a caller knows what to fix. */
export type InputPlace = 'body' | 'query' | 'path';

const PLACE_WORD: Record<InputPlace, string> = { body: 'body field', query: 'query parameter', path: 'path parameter' };

function describe(error: z.ZodError, place: InputPlace): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      // a strict object's unknown keys: name each and where it was, rather than a bare "Unrecognized key"
      if (issue.code === 'unrecognized_keys') {
        const where = issue.path.length ? ` in ${issue.path.join('.')}` : '';
        return issue.keys.map((k) => `${k.slice(0, 60)}: unknown ${PLACE_WORD[place]}${where}`).join('; ');
      }
      const field = issue.path.length ? issue.path.join('.') : place;
      const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
      return `${field}: ${missing ? 'is required' : issue.message}`;
    })
    .join('; ');
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, place: InputPlace = 'body'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describe(result.error, place));
  return result.data;
}

/** The JSON body; an absent body counts as `{}` so that optional bodies work. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.body ?? {});
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.query, 'query');
}

export function parseParams<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.params, 'path');
}
