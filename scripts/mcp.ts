// `npm run mcp`: the MCP server for assistants and agents, over stdio (the host starts this command
// and speaks JSON-RPC on its standard input and output; logs go to standard error only, since
// standard output is the protocol). It reads PREDMARKETS_URL and PREDMARKETS_API_KEY (mcp/config.ts)
// and answers through the deployment's API; docs/mcp.md says how to plug it into a host.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadMcpConfig, McpConfigError, settingsHelp } from '../mcp/config.js';
import { createMcpServer, deploymentClient } from '../mcp/server.js';
import { TOOLS } from '../mcp/tools.js';
import { VERSION } from '../src/version.js';

const USAGE = `usage: npm run mcp   (an MCP server on stdio, for an assistant's MCP host to start)

Settings (environment):
${settingsHelp()}

Tools: ${TOOLS.map((t) => t.name).join(', ')}
See docs/mcp.md.`;

async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let config;
  try {
    config = loadMcpConfig();
  } catch (err) {
    if (!(err instanceof McpConfigError)) throw err;
    console.error(`predmarkets MCP server: bad settings:\n${err.message}\n\n${USAGE}`);
    return 2;
  }
  const server = createMcpServer({ api: deploymentClient(config), version: VERSION });
  await server.connect(new StdioServerTransport());
  console.error(`predmarkets MCP server ${VERSION} on stdio, for ${new URL(config.baseUrl).origin}`);
  return -1;
}

main().then(
  (code) => {
    // -1: serving; the process ends when the host closes standard input.
    if (code >= 0) process.exit(code);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
