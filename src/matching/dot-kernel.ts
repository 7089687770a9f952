// Dot products of one vector with a contiguous run of vectors, in WebAssembly SIMD (f32x4). The
// candidate search spends nearly all its time here (tens of millions of 384-float dot products on a
// full run); V8 runs the scalar JavaScript loop at about one multiply-add a cycle, the f32x4 loop does
// four, and one call covers a whole close-time window so the JS-to-wasm call costs nothing per pair.
//
// The module is ~100 bytes, written out here rather than built by a toolchain. Its one function:
//   d(row, col, count, strideBytes, out): for c in 0..count: f32[out + 4c] = <row, col + c*stride>
// with byte offsets into the imported memory; strideBytes must be a multiple of 32 (two f32x4
// accumulators per step, to hide the add latency): callers pad vectors with zeros to that.

// prettier-ignore
const HEADER = [
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  // type: (i32 i32 i32 i32 i32) -> ()
  0x01, 0x09, 0x01, 0x60, 0x05, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x00,
  // import "e" "m": memory, min 1 page
  0x02, 0x08, 0x01, 0x01, 0x65, 0x01, 0x6d, 0x02, 0x00, 0x01,
  // function 0 has type 0
  0x03, 0x02, 0x01, 0x00,
  // export "d" = function 0
  0x07, 0x05, 0x01, 0x01, 0x64, 0x00, 0x00,
];
// prettier-ignore
const BODY = [
  0x02, 0x01, 0x7f, 0x02, 0x7b, // locals: l5 i32 (byte offset d), l6 l7 v128 (accumulators)
  0x02, 0x40, // block
  0x03, 0x40, //   loop (columns)
  0x20, 0x02, 0x45, 0x0d, 0x01, // count == 0 -> done
  0xfd, 0x0c, ...new Array<number>(16).fill(0), 0x22, 0x06, 0x21, 0x07, // l6 = l7 = 0
  0x41, 0x00, 0x21, 0x05, // d = 0
  0x03, 0x40, //     loop (dimensions, 8 floats a step)
  0x20, 0x06,
  0x20, 0x00, 0x20, 0x05, 0x6a, 0xfd, 0x00, 0x02, 0x00, // v128.load row + d
  0x20, 0x01, 0x20, 0x05, 0x6a, 0xfd, 0x00, 0x02, 0x00, // v128.load col + d
  0xfd, 0xe6, 0x01, 0xfd, 0xe4, 0x01, 0x21, 0x06, // l6 += row*col
  0x20, 0x07,
  0x20, 0x00, 0x20, 0x05, 0x6a, 0xfd, 0x00, 0x02, 0x10, // v128.load row + d + 16
  0x20, 0x01, 0x20, 0x05, 0x6a, 0xfd, 0x00, 0x02, 0x10, // v128.load col + d + 16
  0xfd, 0xe6, 0x01, 0xfd, 0xe4, 0x01, 0x21, 0x07, // l7 += row*col
  0x20, 0x05, 0x41, 0x20, 0x6a, 0x22, 0x05, // d += 32
  0x20, 0x03, 0x49, 0x0d, 0x00, // d < stride -> again
  0x0b, //     end
  0x20, 0x06, 0x20, 0x07, 0xfd, 0xe4, 0x01, 0x22, 0x06, // l6 = l6 + l7
  0x20, 0x04,
  0x20, 0x06, 0xfd, 0x1f, 0x00, 0x20, 0x06, 0xfd, 0x1f, 0x01, 0x92,
  0x20, 0x06, 0xfd, 0x1f, 0x02, 0x92, 0x20, 0x06, 0xfd, 0x1f, 0x03, 0x92,
  0x38, 0x02, 0x00, // f32.store out
  0x20, 0x04, 0x41, 0x04, 0x6a, 0x21, 0x04, // out += 4
  0x20, 0x01, 0x20, 0x03, 0x6a, 0x21, 0x01, // col += stride
  0x20, 0x02, 0x41, 0x01, 0x6b, 0x21, 0x02, // count -= 1
  0x0c, 0x00, //   next column
  0x0b, 0x0b, // end loop, end block
  0x0b, // end function
];
/** The part of the WebAssembly API used here (the project's TypeScript libs declare no WebAssembly values). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
/** A size as a two-byte LEB128 (sizes here are under 16 kB). */
const leb2 = (n: number): number[] => [0x80 | (n & 0x7f), n >> 7];
const compiled = new wasm.Module(new Uint8Array([
  ...HEADER,
  0x0a, ...leb2(1 + 2 + BODY.length), 0x01, ...leb2(BODY.length), ...BODY, // code section: one body
]));

const PAGE = 65_536;

/**
 * `count` vectors of `dims` floats in one wasm memory, each padded to a stride of a multiple of 8
 * floats, plus an output row of `outLength` floats for the dot products of one call.
 */
export class DotKernel {
  readonly stride: number;
  /** the vectors, `stride` floats apart (write them with `set`) */
  readonly vectors: Float32Array;
  /** the results of the last `dots` call */
  readonly out: Float32Array;
  private readonly run: (row: number, col: number, count: number, strideBytes: number, out: number) => void;
  private readonly outByte: number;

  constructor(count: number, dims: number, outLength: number) {
    this.stride = Math.ceil(dims / 8) * 8;
    const vectorBytes = count * this.stride * 4;
    const memory = new wasm.Memory({ initial: Math.ceil((vectorBytes + outLength * 4) / PAGE) + 1 });
    const instance = new wasm.Instance(compiled, { e: { m: memory } });
    this.run = instance.exports.d as DotKernel['run'];
    this.vectors = new Float32Array(memory.buffer, 0, count * this.stride);
    this.outByte = vectorBytes;
    this.out = new Float32Array(memory.buffer, vectorBytes, outLength);
  }

  /** Vector number `at` := `v` (the padding stays zero). */
  set(at: number, v: Float32Array): void {
    this.vectors.set(v, at * this.stride);
  }

  /** out[c] := <vector `row`, vector `first + c`> for c < count. */
  dots(row: number, first: number, count: number): void {
    if (count > 0) this.run(row * this.stride * 4, first * this.stride * 4, count, this.stride * 4, this.outByte);
  }
}
