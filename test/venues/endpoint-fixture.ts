/**
 * One venue response fixture per endpoint the adapter calls (CCXT's static response tests): each
 * venue lists its entries in test/venues/<code>/endpoints.ts as `endpoints: EndpointFixture[]`, and
 * test/venues/endpoint-fixtures.test.ts holds every venue to it.
 */
import type { z } from 'zod';

export interface EndpointFixture {
  /** The request-table entry (`<code>Requests.<call>` in src/venues/<code>/client.ts) whose answer this is. */
  readonly call: string;
  /** The payload, a file under src/venues/<code>/fixtures that says its source (see ./fixture.ts). */
  readonly fixture: string;
  /** The endpoint's wire schema (src/venues/<code>/wire.ts). */
  readonly schema: z.ZodType;
  /** Runs the payload through the venue's normaliser and asserts what comes out (throws on a mismatch). */
  readonly normalises: (payload: any) => void;
}
