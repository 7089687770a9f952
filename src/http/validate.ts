// zod at the edge: request bodies, query strings and path parameters are parsed here, and a failure
// is a 400 whose message names the offending field.
import type { Request } from 'express';
import type { z } from 'zod';
import { badRequest } from './errors.js';

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.path.length ? issue.path.join('.') : 'body';
      const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
      return `${field}: ${missing ? 'is required' : issue.message}`;
    })
    .join('; ');
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describe(result.error));
  return result.data;
}

/** The JSON body; an absent body counts as `{}` so that optional bodies work. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.body ?? {});
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.query);
}

export function parseParams<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.params);
}
