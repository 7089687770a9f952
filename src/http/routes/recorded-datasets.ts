// Daily dataset downloads (kalshi; src/market-data/datasets.ts): GET /kalshi/datasets/{YYYY-MM-DD} and
// /kalshi/datasets/latest, a gzipped JSONL file served with Content-Length, ETag and byte ranges
// (resume with `Range: bytes=<received>-`). Other venues: 404 naming the operation.
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { DatasetService } from '../../market-data/datasets.js';
import { isExchangeCode, type ExchangeCode } from '../../venues/exchanges.js';
import { defineRoute, mountRoutes } from '../define-route.js';
import { notFound } from '../errors.js';
import { marketDataErrors } from '../market-data-errors.js';
import { errorResponse, keyedErrors } from '../openapi.js';
import { parseWith } from '../validate.js';

const DATASET_VENUES: readonly ExchangeCode[] = ['kalshi'];

const DatePath = z.object({
  exchange: z.string(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'must be a calendar date'),
});

const description =
  'Gzipped JSONL: one {"type":"market", ...market record} line per market listed during the UTC day (the catalog\'s record), then one ' +
  '{"type":"trade", exchange, market_id, id, price, size, taker_side, outcome, timestamp} line per recorded trade of the day, oldest first. ' +
  'Only complete days (before today, UTC) within the recorder\'s retention. Served with Content-Length and ETag; send Range: bytes=N- to resume (206).';
const fileResponses = {
  200: { description: 'The dataset', content: { 'application/gzip': { schema: { type: 'string' as const, format: 'binary' } } } },
  206: { description: 'The requested byte range of the dataset', content: { 'application/gzip': { schema: { type: 'string' as const, format: 'binary' } } } },
  ...keyedErrors,
  404: errorResponse('A day not complete yet or past retention, or a venue without datasets'),
  416: errorResponse('A Range beyond the end of the file'),
};
const tags = ['Recorded market data'];

/** The venue of the path when it has datasets; null for no venue code (a later router may answer). */
function datasetVenue(code: string): ExchangeCode | null {
  if (!isExchangeCode(code)) return null;
  if (!DATASET_VENUES.includes(code)) throw notFound(`${code} has no datasets operation`);
  return code;
}

async function sendDataset(datasets: DatasetService, res: Response, exchange: ExchangeCode, date: string): Promise<void> {
  const file = await datasets.file(exchange, date);
  res.setHeader('Content-Disposition', `attachment; filename="${file.name}"`);
  res.setHeader('X-Dataset-Date', date);
  await new Promise<void>((resolve, reject) => res.sendFile(file.path, { headers: { 'Content-Type': 'application/gzip' } }, (err) => (err && !res.headersSent ? reject(err) : resolve())));
}

// The path is parsed by the handler: a venue without datasets is a 404 naming the operation, not a 400.
const DATASET_ROUTES = [
  defineRoute({
    method: 'get',
    path: '/:exchange/datasets/latest',
    tags,
    summary: 'Daily dataset download of the latest complete day (kalshi)',
    description,
    params: z.object({ exchange: z.enum(['kalshi']) }),
    unparsed: ['params'],
    responses: fileResponses,
    async handle(datasets: DatasetService, { params }, _req, res, next) {
      const exchange = datasetVenue(params.exchange);
      if (!exchange) return void next();
      await sendDataset(datasets, res, exchange, datasets.latestDate());
    },
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/datasets/:date',
    tags,
    summary: 'Daily dataset download of a day (kalshi)',
    description,
    params: DatePath.extend({ exchange: z.enum(['kalshi']) }),
    unparsed: ['params'],
    responses: fileResponses,
    async handle(datasets: DatasetService, { params }, _req, res, next) {
      const exchange = datasetVenue(params.exchange);
      if (!exchange) return void next();
      const { date } = parseWith(DatePath, params, 'path');
      await sendDataset(datasets, res, exchange, date);
    },
  }),
];

export function createDatasetsRouter(datasets: DatasetService): Router {
  const router = mountRoutes(Router(), datasets, DATASET_ROUTES);
  router.use(marketDataErrors);
  return router;
}
