/**
 * Every endpoint an adapter calls has a response fixture (CCXT-style static response tests): for each
 * venue, every entry of its request table (`<code>Requests` in client.ts, the list the static request
 * tests pin) needs at least one entry in test/venues/<code>/endpoints.ts naming a fixture that says
 * its source, fits the endpoint's wire schema and goes through the normaliser with asserted output.
 * The request table is the whole list: client.ts may name no request path outside it, so a new
 * endpoint cannot dodge this check.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VENUES } from '../../src/venues/index.js';
import type { EndpointFixture } from './endpoint-fixture.js';
import { fixture, fixtureExists, fixtureSource } from './fixture.js';

const clientSource = (code: string): string => readFileSync(fileURLToPath(new URL(`../../src/venues/${code}/client.ts`, import.meta.url)), 'utf8');

/** The request table's keys, read from the module (what the adapter can call). */
async function requestCalls(code: string): Promise<string[]> {
  const client = (await import(`../../src/venues/${code}/client.js`)) as Record<string, unknown>;
  const table = client[`${code}Requests`] as Record<string, unknown> | undefined;
  assert.ok(table, `${code}: client.ts exports no ${code}Requests`);
  return Object.keys(table);
}

/** Quoted request paths in client.ts outside its request table (comments stripped). */
function pathsOutsideTable(code: string): string[] {
  const source = clientSource(code)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const start = source.indexOf(`export const ${code}Requests`);
  assert.ok(start >= 0, `${code}: no ${code}Requests table in client.ts`);
  const end = source.indexOf('\n};', start);
  const outside = source.slice(0, start) + source.slice(end);
  return [...outside.matchAll(/['"`](\/[A-Za-z{$][^'"`]*)['"`]/g)].map((m) => m[1]);
}

describe('endpoint fixtures: one per endpoint the adapter calls', () => {
  for (const venue of VENUES) {
    const code = venue.code;
    const listFile = new URL(`./${code}/endpoints.ts`, import.meta.url);

    it(`${code}: client.ts names no request path outside ${code}Requests`, () => {
      assert.deepEqual(pathsOutsideTable(code), []);
    });

    it(`${code}: every request-table call has a response fixture`, async () => {
      assert.ok(existsSync(listFile), `${code}: test/venues/${code}/endpoints.ts is missing`);
      const { endpoints } = (await import(`./${code}/endpoints.js`)) as { endpoints: readonly EndpointFixture[] };
      const calls = await requestCalls(code);
      const covered = new Set(endpoints.map((e) => e.call));
      assert.deepEqual(calls.filter((c) => !covered.has(c)), [], `${code}: request-table calls without a fixture`);
      assert.deepEqual(endpoints.filter((e) => !calls.includes(e.call)).map((e) => e.call), [], `${code}: fixtures for calls the request table does not have`);
    });

    it(`${code}: each fixture says its source, fits the wire schema and normalises as asserted`, async () => {
      const { endpoints } = (await import(`./${code}/endpoints.js`)) as { endpoints: readonly EndpointFixture[] };
      for (const e of endpoints) {
        const what = `${code}/${e.fixture} (${e.call})`;
        assert.ok(fixtureExists(code, e.fixture), `${what}: no such file in src/venues/${code}/fixtures`);
        assert.ok(fixtureSource(code, e.fixture), `${what}: says no source (a _source key, or a sibling ${e.fixture.replace(/\.json$/, '.source.md')})`);
        const payload = fixture<unknown>(code, e.fixture);
        const fit = e.schema.safeParse(payload);
        assert.ok(fit.success, `${what}: ${fit.success ? '' : fit.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
        e.normalises(payload);
      }
    });
  }
});
