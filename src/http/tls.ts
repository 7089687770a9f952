// HTTPS (and so WSS: the stream upgrades ride the same server) served by the service itself, when a
// certificate and key are configured (TLS_CERT_FILE, TLS_KEY_FILE). Certificates are renewed by
// replacing the files and sending SIGHUP: the files are read again, checked, and swapped in with
// `setSecureContext`, so the listening socket, the open connections and the streams stay up and
// only new handshakes see the new certificate. A bad pair (unreadable, not PEM, key not matching
// the certificate) is refused and the current certificate stays. Behind a reverse proxy that ends
// TLS (README, "TLS"), leave both unset.
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import https from 'node:https';
import tls from 'node:tls';
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';

export interface TlsFiles {
  /** PEM certificate chain: the server's certificate first, then any intermediates */
  certFile: string;
  /** PEM private key of that certificate */
  keyFile: string;
}

/** What /health and the logs say about the certificate being served (never the key). */
export interface CertificateInfo {
  subject: string;
  issuer: string;
  valid_to: string;
  /** SHA-256 fingerprint, as openssl prints it */
  fingerprint256: string;
}

interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  info: CertificateInfo;
}

/** Read and check a certificate/key pair; throws with a message naming the file at fault. */
export async function readTlsMaterial(files: TlsFiles): Promise<TlsMaterial> {
  const [cert, key] = await Promise.all([
    readFile(files.certFile).catch((err: NodeJS.ErrnoException) => {
      throw new Error(`TLS_CERT_FILE ${files.certFile}: ${err.code ?? err.message}`);
    }),
    readFile(files.keyFile).catch((err: NodeJS.ErrnoException) => {
      throw new Error(`TLS_KEY_FILE ${files.keyFile}: ${err.code ?? err.message}`);
    }),
  ]);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch (err) {
    throw new Error(`TLS_CERT_FILE ${files.certFile}: not a PEM certificate (${(err as Error).message})`);
  }
  try {
    // also checks that the key belongs to the certificate ("key values mismatch")
    tls.createSecureContext({ cert, key });
  } catch (err) {
    throw new Error(`TLS_KEY_FILE ${files.keyFile}: ${(err as Error).message}`);
  }
  return {
    cert,
    key,
    info: { subject: x509.subject.replace(/\n/g, ', '), issuer: x509.issuer.replace(/\n/g, ', '), valid_to: new Date(x509.validTo).toISOString(), fingerprint256: x509.fingerprint256 },
  };
}

export interface TlsServer {
  server: https.Server;
  /** the certificate new connections get */
  current(): CertificateInfo;
  /** Read the files again and serve them to new connections; throws (keeping the current pair) when they are bad. */
  reload(): Promise<CertificateInfo>;
}

export async function createTlsServer(app: RequestListener, files: TlsFiles, serverOptions: https.ServerOptions = {}): Promise<TlsServer> {
  let material = await readTlsMaterial(files);
  const server = https.createServer({ ...serverOptions, cert: material.cert, key: material.key, minVersion: 'TLSv1.2' }, app);
  return {
    server,
    current: () => material.info,
    async reload() {
      const next = await readTlsMaterial(files);
      server.setSecureContext({ cert: next.cert, key: next.key, minVersion: 'TLSv1.2' });
      material = next;
      return next.info;
    },
  };
}

/**
 * Reload the certificate on SIGHUP (the usual signal of certificate renewal hooks, e.g.
 * `certbot renew --deploy-hook 'kill -HUP <pid>'`). Returns the function that stops listening.
 */
export function reloadTlsOnSignal(reload: () => Promise<CertificateInfo>, logger: Logger): () => void {
  const onSignal = () => {
    reload().then(
      (info) => logger.info({ certificate: info }, 'TLS certificate reloaded'),
      (err: unknown) => logger.error({ err: (err as Error).message }, 'TLS certificate reload failed; still serving the previous one'),
    );
  };
  process.on('SIGHUP', onSignal);
  return () => process.off('SIGHUP', onSignal);
}
