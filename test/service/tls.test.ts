// HTTPS and WSS served by the service itself (TLS_CERT_FILE / TLS_KEY_FILE), with certificates made
// at test time by the openssl CLI: a request and a stream subscribe verify against the test CA; after
// the files are replaced and SIGHUP arrives, new connections get the new certificate while a stream
// opened before keeps working; a bad pair is refused and the served certificate stays.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { reloadTlsOnSignal } from '../../src/http/tls.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { TestStreamClient } from '../ws/client.js';

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A CA (`<name>-ca.pem`) and a server certificate for localhost/127.0.0.1 it signed (`<name>.pem`, `<name>.key`). */
function makeCertificates(dir: string, name: string): { ca: Buffer; certFile: string; keyFile: string } {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(['req', '-x509', ...ec, '-keyout', `${name}-ca.key`, '-out', `${name}-ca.pem`, '-days', '2', '-subj', `/CN=predmarkets test CA ${name}`], dir);
  openssl(['req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=localhost ${name}`], dir);
  writeFileSync(path.join(dir, `${name}.ext`), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  openssl(['x509', '-req', '-in', `${name}.csr`, '-CA', `${name}-ca.pem`, '-CAkey', `${name}-ca.key`, '-CAcreateserial', '-out', `${name}.pem`, '-days', '2', '-extfile', `${name}.ext`], dir);
  return { ca: readFileSync(path.join(dir, `${name}-ca.pem`)), certFile: path.join(dir, `${name}.pem`), keyFile: path.join(dir, `${name}.key`) };
}

/** The certificate the server presents to a new connection, verified against `ca` (rejects when it does not verify). */
async function servedCertificate(port: number, ca: Buffer): Promise<tls.PeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, ca, servername: 'localhost' }, () => {
      const cert = socket.getPeerCertificate();
      socket.end();
      resolve(cert);
    });
    socket.once('error', reject);
  });
}

async function httpsGet(url: string, ca: Buffer): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, agent: false }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      })
      .once('error', reject);
  });
}

const fingerprintOf = (file: string) => new X509Certificate(readFileSync(file)).fingerprint256;

describe('TLS: HTTPS and WSS from the service, certificate reload on SIGHUP', function () {
  this.timeout(60_000);
  let dir: string;
  let first: ReturnType<typeof makeCertificates>;
  let second: ReturnType<typeof makeCertificates>;
  let certFile: string;
  let keyFile: string;
  let svc: TestService;
  const clients: TestStreamClient[] = [];

  before(async function () {
    this.timeout(180_000);
    if (spawnSync('openssl', ['version']).status !== 0) {
      if (process.env.CI) throw new Error('the openssl CLI is needed to make the test certificates');
      console.warn('      SKIPPED (no openssl CLI to make test certificates)');
      this.skip();
    }
    dir = mkdtempSync(path.join(os.tmpdir(), 'predmarkets-tls-'));
    first = makeCertificates(dir, 'first');
    second = makeCertificates(dir, 'second');
    // the files the service is configured with; the test replaces their content later
    certFile = path.join(dir, 'served.pem');
    keyFile = path.join(dir, 'served.key');
    copyFileSync(first.certFile, certFile);
    copyFileSync(first.keyFile, keyFile);
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile } });
    for (const code of ['kalshi', 'polymarket', 'limitless', 'predictfun']) svc.venues.simulators!.simulators[code as 'kalshi']!.activity.stop();
  });
  after(async () => {
    for (const c of clients) c.close();
    await svc?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('takes both files or neither', () => {
    assert.throws(() => loadConfig({ TLS_CERT_FILE: 'cert.pem' }), /TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE are set together/);
    assert.throws(() => loadConfig({ TLS_KEY_FILE: 'key.pem' }), /TLS_CERT_FILE: TLS_CERT_FILE and TLS_KEY_FILE are set together/);
    assert.equal(loadConfig({}).tls, null);
  });

  it('serves HTTPS and a WSS subscribe that verify against the test CA (and nothing in clear)', async () => {
    assert.match(svc.url, /^https:\/\//);
    const health = await httpsGet(`${svc.url}/health`, first.ca);
    assert.equal(health.status, 200);
    assert.equal(health.body.components.database.status, 'ok');
    // a client that trusts another CA refuses the certificate
    await assert.rejects(httpsGet(`${svc.url}/health`, second.ca), /self-signed certificate in certificate chain|unable to verify/);
    // plain HTTP on the TLS port gets no API answer
    await assert.rejects(fetch(svc.url.replace('https:', 'http:') + '/health', { signal: AbortSignal.timeout(5_000) }));

    const ws = await TestStreamClient.open(`${svc.url.replace(/^https/, 'wss')}/ws/kalshi`, { ca: first.ca });
    clients.push(ws);
    const id = svc.venues.simulators!.simulators.kalshi!.activity.marketIds[0];
    ws.send({ action: 'subscribe', kalshi_ids: [id] });
    assert.deepEqual(await ws.next((m) => 'event' in m), { event: 'subscribed', kalshi_ids: [id], message_types: ['prices', 'orderbook'] });
    const prices = await ws.next((m) => 'price' in m, 5_000, 'prices');
    assert.equal(prices.kalshi_id, id);
  });

  it('after the files are replaced and SIGHUP, new connections get the new certificate; open streams stay', async () => {
    const port = svc.port;
    assert.equal((await servedCertificate(port, first.ca)).fingerprint256, fingerprintOf(first.certFile));
    const before = clients[0];
    assert.ok(before && before.ws.readyState === before.ws.OPEN);

    // a bad pair (the first key with the second certificate) is refused; the served certificate stays
    copyFileSync(second.certFile, certFile);
    await assert.rejects(svc.tls!.reload(), /TLS_KEY_FILE .*key values mismatch/);
    assert.equal((await servedCertificate(port, first.ca)).fingerprint256, fingerprintOf(first.certFile));

    // the renewed pair, announced the way an operator does: SIGHUP to the process
    copyFileSync(second.keyFile, keyFile);
    const stopListening = reloadTlsOnSignal(svc.tls!.reload, createLogger('silent'));
    try {
      process.kill(process.pid, 'SIGHUP');
      const deadline = Date.now() + 5_000;
      let served: tls.PeerCertificate | null = null;
      while (Date.now() < deadline) {
        served = await servedCertificate(port, second.ca).catch(() => null);
        if (served) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.ok(served, 'no connection verified against the second CA after SIGHUP');
      assert.equal(served.fingerprint256, fingerprintOf(second.certFile));
    } finally {
      stopListening();
    }
    assert.equal(svc.tls!.current().fingerprint256, fingerprintOf(second.certFile));
    // the first CA no longer verifies new connections
    await assert.rejects(servedCertificate(port, first.ca));
    assert.equal((await httpsGet(`${svc.url}/health`, second.ca)).status, 200);

    // the stream opened under the old certificate is still up and answering
    const id = svc.venues.simulators!.simulators.kalshi!.activity.marketIds[1];
    before.send({ action: 'subscribe', kalshi_ids: [id], message_types: ['prices'] });
    assert.deepEqual(await before.next((m) => m.event === 'subscribed'), { event: 'subscribed', kalshi_ids: [id], message_types: ['prices'] });
    const renewed = await TestStreamClient.open(`${svc.url.replace(/^https/, 'wss')}/ws/kalshi`, { ca: second.ca });
    clients.push(renewed);
    assert.equal(renewed.ws.readyState, renewed.ws.OPEN);
  });
});
