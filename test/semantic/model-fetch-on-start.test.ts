// A fresh machine: the service starts with an empty MODEL_DIR and fetches the model by itself, in
// the background, while everything else already answers. The source is a local hub mirror
// (MODEL_HUB_URL) serving the already-fetched model files over real HTTP with the hub's headers
// (size, SHA-256 of the ONNX file), so the real checked fetch runs, without the network. The mirror
// fails the first attempt (the service must say why and retry) and then holds the ONNX download
// half-way until the test has seen the progress in /health.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HUB_SOURCE, MODEL_FILES } from '../../src/embeddings/model-spec.js';
import { modelFolder, sha256Hex, verifyModelFolder } from '../../src/embeddings/model-files.js';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';

interface Mirror {
  url: string;
  /** Requests answered 503 before the mirror works (the first attempt's probe). */
  failuresLeft: number;
  /** Lets the held ONNX download finish. */
  release(): void;
  close(): Promise<void>;
}

async function startHubMirror(): Promise<Mirror> {
  const folder = modelFolder(TEST_MODEL_DIR);
  const byHubPath = new Map<string, Buffer>();
  for (const key of Object.keys(HUB_SOURCE.files) as (keyof typeof HUB_SOURCE.files)[]) {
    byHubPath.set(`/${HUB_SOURCE.repo}/resolve/${HUB_SOURCE.revision}/${HUB_SOURCE.files[key]}`, readFileSync(path.join(folder, MODEL_FILES[key])));
  }
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const mirror: Mirror = { url: '', failuresLeft: 1, release, close: async () => {} };
  const server = http.createServer((req, res) => {
    const data = byHubPath.get(req.url ?? '');
    if (mirror.failuresLeft > 0) {
      mirror.failuresLeft--;
      res.writeHead(503).end('mirror warming up');
      return;
    }
    if (!data) return void res.writeHead(404).end();
    const headers: Record<string, string> = { 'content-length': String(data.length) };
    if (req.url!.endsWith('.onnx')) headers['x-linked-etag'] = `"${sha256Hex(data)}"`;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    if (!req.url!.endsWith('.onnx')) return void res.end(data);
    // Half now, the rest when the test says so.
    const half = Math.floor(data.length / 2);
    res.write(data.subarray(0, half));
    void released.then(() => res.end(data.subarray(half)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  mirror.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mirror.close = () => {
    release();
    server.closeAllConnections();
    return new Promise((r) => server.close(() => r()));
  };
  return mirror;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('npm start on a fresh machine: the model is fetched in the background', function () {
  this.timeout(180_000);
  let mirror: Mirror;
  let svc: TestService | undefined;
  let modelDir: string;

  before(async () => {
    await ensureTestModel();
    mirror = await startHubMirror();
    modelDir = mkdtempSync(path.join(os.tmpdir(), 'fresh-models-'));
  });
  after(async () => {
    await svc?.destroy();
    await mirror?.close();
    rmSync(modelDir, { recursive: true, force: true });
  });

  it('answers at once, reports a failed attempt and the retry, shows the download progress, then serves semantic search', async () => {
    svc = await startTestService({ env: { MODEL_DIR: modelDir, MODEL_SOURCE: 'hub', MODEL_HUB_URL: mirror.url } });
    const key = await issueKey(svc, 'max');
    const semantic = () => svc!.request('/api/v1/search/semantic', { body: { query: 'bird flu pandemic', limit: 3 }, headers: { 'x-api-key': key } });
    const embeddings = async () => (await svc!.request('/health')).body.components.embeddings as Record<string, unknown>;

    // 1. The first attempt fails: health says why and when the next attempt is; the rest answers.
    const failed = await until('the failed first attempt', async () => {
      const e = await embeddings();
      return e.status === 'down' ? e : undefined;
    }, 30_000);
    assert.equal(failed.attempt, 1);
    assert.match(String(failed.error), /could not be fetched yet \(hub answered 503\); next attempt at /);
    assert.ok(Date.parse(String(failed.retry_at)) > Date.now() - 1000);
    const whileDown = await semantic();
    assert.equal(whileDown.status, 503);
    assert.match(whileDown.body.error, /hub answered 503/);
    assert.equal((await svc.request('/api/v1/test-key', { method: 'POST' })).status, 201, 'the rest of the service answers');

    // 2. The retry downloads; the ONNX file is held half-way, so health shows a partial progress.
    const total = [...Object.keys(HUB_SOURCE.files)].reduce(
      (sum, key) => sum + readFileSync(path.join(modelFolder(TEST_MODEL_DIR), MODEL_FILES[key as keyof typeof HUB_SOURCE.files])).length, 0);
    const fetching = await until('the download progress', async () => {
      const e = await embeddings();
      return e.status === 'fetching' && (e.bytes as number) > 0 ? e : undefined;
    }, 30_000);
    assert.equal(fetching.attempt, 2);
    assert.equal(fetching.source, 'hub');
    assert.equal(fetching.total, total);
    assert.ok((fetching.bytes as number) < total);
    assert.ok((fetching.percent as number) >= 0 && (fetching.percent as number) < 100);
    const whileFetching = await semantic();
    assert.equal(whileFetching.status, 503);
    assert.match(whileFetching.body.error, /the embedding model is being fetched \(\d+%\)/);
    assert.equal((await svc.request('/health')).status, 200);

    // 3. Released: the model is verified, loaded, and semantic search works.
    mirror.release();
    await until('the model to load', async () => ((await embeddings()).status === 'ok' ? true : undefined), 90_000);
    const answer = await semantic();
    assert.equal(answer.status, 200, answer.text);
    assert.ok(Array.isArray(answer.body.results));
    const manifest = await verifyModelFolder(modelDir);
    assert.match(manifest.source, /^hub:/);
    assert.ok(svc.logs.some((l) => l.includes('"component":"model-fetch"') && l.includes('"stack"')), 'the failed attempt is logged with its stack');
  });
});
