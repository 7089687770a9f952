// The MCP server: the tools of ./tools.ts over a deployment's typed client. A tool's answer is its
// JSON as text; a failure (the API's error, an unreachable deployment) is a tool error carrying the
// message, so the assistant sees why and can act on it. Only the client package is used: the server
// is a client of a deployment like any other, never a part of the service.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createPredmarketsClient, type PredmarketsClient } from '../client/src/index.js';
import type { McpConfig } from './config.js';
import { ToolError, TOOLS, type ToolContext } from './tools.js';

export const SERVER_NAME = 'predmarkets';

export function createMcpServer(options: { api: PredmarketsClient; version: string; now?: () => Date }): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: options.version });
  const ctx: ToolContext = { api: options.api, now: options.now ?? (() => new Date()) };
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, annotations: { readOnlyHint: true, openWorldHint: true } },
      async (args): Promise<CallToolResult> => {
        try {
          const result = await tool.run(args, ctx);
          return { content: [{ type: 'text', text: JSON.stringify(result) }] };
        } catch (err) {
          // Anything else is a bug of this server: let the SDK report it as a tool error too, but
          // with only its message (no stack, no request with its key).
          const message = err instanceof ToolError ? err.message : `internal error of the MCP server: ${(err as Error).message}`;
          return { content: [{ type: 'text', text: message }], isError: true };
        }
      },
    );
  }
  return server;
}

/** The client of the configured deployment, sending the configured key. */
export function deploymentClient(config: McpConfig): PredmarketsClient {
  return createPredmarketsClient({ baseUrl: config.baseUrl, apiKey: config.apiKey });
}
