// A query vector as a binary query parameter (pgvector's `vector_recv` wire format: int16 dimensions,
// int16 unused, then each float4 big-endian). `pg` sends Buffer parameters in binary, so the server
// copies 1.5 kB instead of parsing ~4 kB of decimal text (measurable on the embedded WASM server).
// The statement must give the parameter its type, e.g. `$1::vector`.

export function toPgVectorBinary(vector: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(4 + 4 * vector.length);
  out.writeInt16BE(vector.length, 0);
  out.writeInt16BE(0, 2);
  for (let i = 0; i < vector.length; i++) out.writeFloatBE(vector[i], 4 + 4 * i);
  return out;
}
