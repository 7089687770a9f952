// Reads single entries out of a zip archive (a Maven jar is one). Only what jars use: stored or
// deflated entries, no encryption, no zip64. Small enough not to warrant a dependency.
import { inflateRawSync } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const METHOD_STORED = 0;
const METHOD_DEFLATED = 8;

export class ZipFormatError extends Error {}

interface CentralEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of up to 65535 bytes, at the very end.
  const earliest = Math.max(0, zip.length - 22 - 0xffff);
  for (let i = zip.length - 22; i >= earliest; i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) return i;
  }
  throw new ZipFormatError('not a zip archive (no end-of-central-directory record)');
}

function readCentralDirectory(zip: Buffer): CentralEntry[] {
  const eocd = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY) {
      throw new ZipFormatError(`corrupt central directory at entry ${i}`);
    }
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    entries.push({
      method: zip.readUInt16LE(offset + 10),
      compressedSize: zip.readUInt32LE(offset + 20),
      uncompressedSize: zip.readUInt32LE(offset + 24),
      localHeaderOffset: zip.readUInt32LE(offset + 42),
      name: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The uncompressed bytes of entry `name`; throws when it is absent or damaged. */
export function readZipEntry(zip: Buffer, name: string): Buffer {
  const entry = readCentralDirectory(zip).find((e) => e.name === name);
  if (!entry) throw new ZipFormatError(`zip has no entry ${name}`);
  const header = entry.localHeaderOffset;
  if (zip.readUInt32LE(header) !== LOCAL_FILE_HEADER) throw new ZipFormatError(`corrupt local header for ${name}`);
  // The local header's own name/extra lengths may differ from the central directory's.
  const dataStart = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  const compressed = zip.subarray(dataStart, dataStart + entry.compressedSize);
  let data: Buffer;
  if (entry.method === METHOD_STORED) data = Buffer.from(compressed);
  else if (entry.method === METHOD_DEFLATED) data = inflateRawSync(compressed);
  else throw new ZipFormatError(`unsupported compression method ${entry.method} for ${name}`);
  if (data.length !== entry.uncompressedSize) throw new ZipFormatError(`size mismatch for ${name}`);
  return data;
}
