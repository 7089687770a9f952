// The service's HTTP server: HTTPS (and WSS) when a certificate is configured, else plain HTTP (TLS
// ended by a proxy, or none), with the request time limits of the settings; and its stop, which lets
// the requests in flight finish first.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import { createTlsServer, type TlsServer } from './tls.js';

export interface HttpServer {
  server: http.Server;
  tls: TlsServer | null;
  /** Starts listening; resolves with the URL a client on this machine reaches it at (e.g. http://127.0.0.1:8080). */
  listen(): Promise<{ url: string; port: number }>;
  /**
   * Stops taking connections, lets the requests in flight finish (at most `graceMs`), then closes the
   * HTTP connections left. Upgraded connections (streams) are their gateway's to close.
   */
  stop(graceMs: number): Promise<void>;
}

export async function createHttpServer(app: http.RequestListener, config: Pick<Config, 'port' | 'host' | 'tls' | 'httpTimeouts'>): Promise<HttpServer> {
  // A client gets HTTP_REQUEST_TIMEOUT_MS to send a request and HTTP_HEADERS_TIMEOUT_MS for its
  // headers (408 after), so a body that never arrives cannot hold a connection for Node's default
  // five minutes. Node checks these limits on a timer of its own: a tenth of the shorter limit keeps
  // the answer close to the setting.
  const { requestMs, headersMs } = config.httpTimeouts;
  const serverOptions: http.ServerOptions = { requestTimeout: requestMs, headersTimeout: headersMs, connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(headersMs / 10))) };
  const tlsServer = config.tls ? await createTlsServer(app, config.tls, serverOptions) : null;
  const server = tlsServer?.server ?? http.createServer(serverOptions, app);
  server.keepAliveTimeout = 65_000;
  let inFlight = 0;
  let drained: (() => void) | null = null;
  server.on('request', (_req, res: http.ServerResponse) => {
    inFlight++;
    res.once('close', () => {
      if (--inFlight === 0) drained?.();
    });
  });
  return {
    server,
    tls: tlsServer,
    async listen() {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => resolve());
      });
      const port = (server.address() as AddressInfo).port;
      const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
      return { url: `${tlsServer ? 'https' : 'http'}://${host}:${port}`, port };
    },
    async stop(graceMs) {
      server.close();
      server.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const grace = setTimeout(resolve, graceMs);
          drained = () => {
            clearTimeout(grace);
            resolve();
          };
        });
      }
      server.closeAllConnections();
    },
  };
}
