/**
 * The payload's protection: a CRC-32 (IEEE 802.3) over the 64 payload bits, then the standard
 * rate-1/3, constraint-length-7 convolutional code (generators 133, 171, 165 octal, free distance
 * 15, as in LTE) terminated with six zero tail bits, decoded by soft-decision Viterbi.
 * 64 + 32 + 6 = 102 trellis steps → 306 coded bits. The CRC is what lets the reader return null
 * instead of a wrong payload: a decoder fed noise passes it with probability 2^-32 per attempt.
 */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Most significant bit first. */
export function bytesToBits(bytes: Uint8Array): Uint8Array {
  const bits = new Uint8Array(bytes.length * 8);
  bytes.forEach((b, i) => { for (let k = 0; k < 8; k++) bits[i * 8 + k] = (b >> (7 - k)) & 1; });
  return bits;
}

export function bitsToBytes(bits: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(bits.length >> 3);
  for (let i = 0; i < bits.length; i++) bytes[i >> 3] |= bits[i] << (7 - (i & 7));
  return bytes;
}

/** The 96 message bits: payload then its CRC-32. */
export function withCrc(payload: Uint8Array): Uint8Array {
  const crc = crc32(payload);
  const msg = new Uint8Array(payload.length + 4);
  msg.set(payload);
  msg.set([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff], payload.length);
  return bytesToBits(msg);
}

/** The payload if the message bits' CRC holds, else null. */
export function checkCrc(bits: Uint8Array): Uint8Array | null {
  const msg = bitsToBytes(bits);
  const payload = msg.subarray(0, msg.length - 4);
  const crc = crc32(payload);
  const sent = ((msg[msg.length - 4] << 24) | (msg[msg.length - 3] << 16) | (msg[msg.length - 2] << 8) | msg[msg.length - 1]) >>> 0;
  return crc === sent ? payload.slice() : null;
}

const GENERATORS = [0o133, 0o171, 0o165];
const K = 7;
const STATES = 1 << (K - 1);
const RATE = GENERATORS.length;
const parity = (v: number) => { v ^= v >> 4; v ^= v >> 2; v ^= v >> 1; return v & 1; };
/** OUTPUT[reg] packs the three code bits the 7-bit register `reg` emits. */
const OUTPUT = Uint8Array.from({ length: 1 << K }, (_, reg) => GENERATORS.reduce((o, g, i) => o | (parity(reg & g) << i), 0));

export const codedLength = (messageBits: number) => (messageBits + K - 1) * RATE;

export function convEncode(message: Uint8Array): Uint8Array {
  const out = new Uint8Array(codedLength(message.length));
  let state = 0;
  for (let t = 0; t < message.length + K - 1; t++) {
    const reg = ((state << 1) | (t < message.length ? message[t] : 0)) & ((1 << K) - 1);
    for (let g = 0; g < RATE; g++) out[t * RATE + g] = (OUTPUT[reg] >> g) & 1;
    state = reg & (STATES - 1);
  }
  return out;
}

/**
 * Maximum-likelihood message for soft values `soft` (one per coded bit, positive meaning 0),
 * ending in the zero state the tail forces.
 */
export function viterbi(soft: Float64Array | Float32Array, messageBits: number): Uint8Array {
  const steps = messageBits + K - 1;
  let metric = new Float64Array(STATES).fill(-Infinity);
  let next = new Float64Array(STATES);
  metric[0] = 0;
  const from = new Uint8Array(steps * STATES);
  for (let t = 0; t < steps; t++) {
    next.fill(-Infinity);
    const s0 = soft[t * RATE], s1 = soft[t * RATE + 1], s2 = soft[t * RATE + 2];
    const maxBit = t < messageBits ? 1 : 0;
    for (let s = 0; s < STATES; s++) {
      const m = metric[s];
      if (m === -Infinity) continue;
      for (let b = 0; b <= maxBit; b++) {
        const reg = (s << 1) | b;
        const o = OUTPUT[reg];
        const v = m + (o & 1 ? -s0 : s0) + (o & 2 ? -s1 : s1) + (o & 4 ? -s2 : s2);
        const ns = reg & (STATES - 1);
        if (v > next[ns]) { next[ns] = v; from[t * STATES + ns] = s; }
      }
    }
    [metric, next] = [next, metric];
  }
  const bits = new Uint8Array(steps);
  let state = 0;
  for (let t = steps - 1; t >= 0; t--) {
    bits[t] = state & 1;
    state = from[t * STATES + state];
  }
  return bits.subarray(0, messageBits);
}
