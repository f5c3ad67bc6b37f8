import { serveTasks } from '../lib/threadPool';
import { imageSignature } from './signature';

/** One thread of matching/signatureThreads: signs the picture bytes of each task (a picture that does not decode fails it). */
serveTasks(async (bytes: Uint8Array) => ({ out: await imageSignature(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) }));
