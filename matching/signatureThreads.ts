import os from 'node:os';
import path from 'node:path';
import { threadPool } from '../lib/threadPool';
import type { ImageSignature } from './signature';

/**
 * Signing a picture (matching/signature.ts: decoding, PDQ, local features) is 0.1–0.5 s of pure
 * computation. Inline it stalled the Temporal worker's other activities and workflow activations
 * while crawls were signed, and the API's other requests while comparison pictures were saved, so
 * both sign on these threads (lib/threadPool.ts). Callers sign one picture at a time each and their
 * number is bounded (activity slots, requests), so the queue is not: every picture waits its turn.
 */
const SIGNERS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

const signers = threadPool<Uint8Array, ImageSignature>({ script: path.join(__dirname, 'signatureThread.ts'), size: SIGNERS });

/** A structured clone brings Buffers back as plain Uint8Arrays. */
const asBuffer = (a: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/**
 * imageSignature(bytes), computed on a signer thread. `bytes` is handed over to the thread without a
 * copy when it owns its whole memory (it is empty afterwards); a view into a larger buffer is copied.
 * A picture that does not decode rejects with TaskFailed (lib/threadPool.ts).
 */
export async function signatureOf(bytes: Buffer): Promise<ImageSignature> {
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const sent = own ? new Uint8Array(bytes.buffer, 0, bytes.byteLength) : new Uint8Array(bytes);
  const sig = await signers.run(sent, [sent.buffer as ArrayBuffer]);
  return { ...sig, pdq: asBuffer(sig.pdq), features: asBuffer(sig.features) };
}
