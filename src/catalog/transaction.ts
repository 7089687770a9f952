// Helpers of the catalog's writers. (withTransaction lives in src/db/transaction.ts, for every layer.)

/** JSON for a jsonb parameter: PostgreSQL refuses the NUL character in jsonb text, venues do send it. */
export function jsonParam(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/\\u0000/g, '');
}
