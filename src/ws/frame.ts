/**
 * A server-to-client WebSocket text frame (RFC 6455 §5.2: FIN, opcode 1, no mask, the payload length
 * in 7, 16 or 64 bits), built once per stream message so that the same bytes go to each of its
 * subscribers in one socket write, instead of `ws` framing (and allocating for) every copy.
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const headerBytes = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerBytes + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, headerBytes);
  return frame;
}
