/** The blind image watermark (issue 14): file-level API (io.ts) and the luma-plane core (codec.ts). */
export { embedWatermark, readWatermark, payloadBytes, payloadBigInt, type Payload } from './io';
export { embedLuma, watermarkDelta, readLuma, DEFAULT_PSNR, type CodecOptions, type Reading } from './codec';
