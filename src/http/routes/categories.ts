// GET /api/v1/categories: the shared category vocabulary (src/venues/categories.ts) with how many
// listed markets each holds, so a caller can offer the `category` filter of the searches and
// market lists without guessing words.
import { Router } from 'express';
import { z } from 'zod';
import type { CatalogReader } from '../../catalog/catalog-repository.js';
import { CANONICAL_CATEGORIES, CATEGORY_DESCRIPTIONS } from '../../venues/categories.js';
import { defineRoute } from '../define-route.js';
import { exchangeQueryParam } from './search-filters.js';

const CategoryItem = z.object({
  category: z.enum(CANONICAL_CATEGORIES),
  description: z.string(),
  markets: z.number().int().openapi({ description: 'Listed markets in the category (closed and resolved ones included)' }),
  open_markets: z.number().int().openapi({ description: 'Of those, the open and upcoming ones' }),
});

const list = defineRoute<CatalogReader, z.ZodObject<Record<string, never>>, z.ZodObject<{ exchange: z.ZodOptional<typeof exchangeQueryParam> }>>({
  method: 'get',
  path: '/categories',
  tags: ['Search'],
  summary: 'The category vocabulary with market counts',
  description:
    'Every word the `category` field and filter use across the nine venues (each market\'s own venue word is its `venue_category`), ' +
    'in vocabulary order, with the listed markets of each; `exchange` counts only those venues.',
  params: z.object({}),
  query: z.object({ exchange: exchangeQueryParam.optional() }).strict(),
  response: z.object({ categories: z.array(CategoryItem) }).openapi('CategoryList'),
  handle: async (catalog, { query }) => {
    const counts = new Map((await catalog.categoryCounts(query.exchange)).map((r) => [r.category, r]));
    return {
      categories: CANONICAL_CATEGORIES.map((category) => ({
        category,
        description: CATEGORY_DESCRIPTIONS[category],
        markets: counts.get(category)?.markets ?? 0,
        open_markets: counts.get(category)?.open ?? 0,
      })),
    };
  },
});

export function createCategoriesRouter(catalog: CatalogReader): Router {
  const router = Router();
  list.mount(router, catalog);
  return router;
}
