// The MCP server's settings: the one place the MCP program reads its environment (the service's
// src/config.ts is the service's; this program is a client of a deployment and shares none of it).
// Validated at start, so a missing key or a malformed address stops the program with a message
// naming the variable instead of failing on the first tool call.
import { z } from 'zod';

const McpSettings = z.object({
  PREDMARKETS_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) address, e.g. http://localhost:8080' })
    .default('http://localhost:8080')
    .describe('The predmarkets deployment to talk to, e.g. `https://predmarkets.example.com` (the service\'s own address, without `/api/v1`).'),
  PREDMARKETS_API_KEY: z
    .string({ error: 'is not set: the API answers nothing without a key (a free one: POST /api/v1/test-key; semantic_search needs plan max, admin or enterprise; compare_prices and get_cluster by svc_id pro, max or admin)' })
    .trim()
    .min(1, 'is empty')
    .describe('The API key the tools send (`X-API-Key`). Its plan decides what answers: `semantic_search` needs max, admin or enterprise; `compare_prices` and `get_cluster` by `svc_id` need pro, max or admin; the other tools take any key.'),
});

export interface McpConfig {
  /** The deployment's base address, without a trailing slash. */
  baseUrl: string;
  apiKey: string;
}

export class McpConfigError extends Error {}

export function loadMcpConfig(env: Record<string, string | undefined> = process.env): McpConfig {
  const parsed = McpSettings.safeParse({ PREDMARKETS_URL: env.PREDMARKETS_URL || undefined, PREDMARKETS_API_KEY: env.PREDMARKETS_API_KEY });
  if (!parsed.success) {
    // The message names the variable and the rule, never the value (the key is a secret).
    throw new McpConfigError(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('\n'));
  }
  return { baseUrl: parsed.data.PREDMARKETS_URL.replace(/\/+$/, ''), apiKey: parsed.data.PREDMARKETS_API_KEY };
}

/** The settings as `--help` prints them, from the schema's descriptions. */
export function settingsHelp(): string {
  return Object.entries(McpSettings.shape)
    .map(([name, schema]) => {
      const fallback = schema instanceof z.ZodDefault ? `default ${String(schema.def.defaultValue)}` : 'required';
      return `  ${name} (${fallback})\n      ${schema.description}`;
    })
    .join('\n');
}
