// GET /metrics: the service's metrics in Prometheus' text format. It answers an API key of plan
// admin (401 without a key, 403 for another plan), or anyone when METRICS_PUBLIC is set; a separate
// port (METRICS_PORT) serves it without a key, for a scraper on a private network.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { apiKeyScheme, errorResponse } from '../http/openapi.js';
import type { ServiceMetrics } from './service-metrics.js';

export const METRICS_PATH = '/metrics';

/** What GET /metrics on the API port needs: the metrics, and the key check before them (none when METRICS_PUBLIC). */
export interface MetricsRouteContext {
  metrics: ServiceMetrics;
  keyCheck: RequestHandler[];
}

export const metricsRoute = defineRoute<MetricsRouteContext>({
  method: 'get',
  path: METRICS_PATH,
  base: '',
  tags: ['Service'],
  summary: 'Operator metrics (Prometheus text format)',
  description:
    'Every family is named predmarkets_*: venue syncs (duration, requests, errors per exchange and kind), catalog markets by status and the age of each venue\'s newest change, the embedding backlog and its rate, the matching job\'s last run, HTTP latency per route, rate-limit rejections, stream clients, subscriptions and drops, database pool waits; docs/operations.md lists them. ' +
    'Needs an API key of plan admin unless METRICS_PUBLIC=true; METRICS_PORT serves it on a separate port without a key.',
  security: [{ [apiKeyScheme.name]: [] }, {}],
  responses: {
    200: { description: 'The metrics', content: { 'text/plain': { schema: z.string().openapi({ example: '# TYPE predmarkets_ws_clients gauge\npredmarkets_ws_clients 3\n' }) } } },
    401: errorResponse('Missing or invalid API key (when METRICS_PUBLIC is false)'),
    403: errorResponse('The key is not of plan admin'),
    429: errorResponse('Rate limit exceeded; see Retry-After.'),
  },
  middleware: ({ keyCheck }) => keyCheck,
  async handle({ metrics }, _input, _req, res) {
    const { contentType, body } = await metrics.scrape();
    res.setHeader('Cache-Control', 'no-store');
    res.type(contentType).send(body);
  },
});

/** A server answering GET /metrics only, without a key; resolves once it listens. */
export async function listenMetricsPort(metrics: ServiceMetrics, port: number, host: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(path === METRICS_PATH ? 405 : 404, { 'content-type': 'application/json', ...(path === METRICS_PATH ? { allow: 'GET, HEAD' } : {}) });
      res.end(JSON.stringify({ error: path === METRICS_PATH ? `method ${req.method} not allowed on ${METRICS_PATH}` : `only ${METRICS_PATH} is served on this port` }));
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: `metrics could not be collected: ${err.message}` }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
