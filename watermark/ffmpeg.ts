import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * ffmpeg and ffprobe (Debian's `ffmpeg` package) driven as child processes. Video never passes
 * through memory whole: frames stream through pipes as raw planes, one frame buffered at a time.
 * FFMPEG_PATH / FFPROBE_PATH name other binaries (the tests point them at a missing one to see the
 * platform without video); otherwise they are taken from PATH.
 */
export const ffmpegBinary = (env: NodeJS.ProcessEnv = process.env) => env.FFMPEG_PATH || 'ffmpeg';
export const ffprobeBinary = (env: NodeJS.ProcessEnv = process.env) => env.FFPROBE_PATH || 'ffprobe';

/** What `npm start`, the API and the worker print when video cannot work here. */
export const FFMPEG_MISSING = 'ffmpeg not found: video watermarking is off — install it with apt-get install -y ffmpeg';

/** ffmpeg or ffprobe is not installed (or not where FFMPEG_PATH / FFPROBE_PATH say). */
export class FfmpegMissing extends Error {
  constructor() {
    super(FFMPEG_MISSING);
  }
}

/** ffmpeg ran and failed: the input is not something it can read (or write as asked). */
export class FfmpegFailed extends Error {}

type Child = ChildProcessByStdio<Writable | null, Readable, Readable>;

/** The last lines of a child's stderr, for the error a failure carries (ffmpeg is asked to say only errors). */
function stderrTail(child: Child): () => string {
  let tail = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (s: string) => (tail = (tail + s).slice(-2000)));
  return () => tail.trim();
}

/** Resolves when the child exits 0; rejects with FfmpegMissing when it could not be started, FfmpegFailed otherwise. */
function exited(child: Child, what: string): Promise<void> {
  const tail = stderrTail(child);
  return new Promise((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new FfmpegMissing() : err));
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new FfmpegFailed(`${what} exited ${code ?? signal}: ${tail() || 'no message'}`)),
    );
  });
}

export type Running = { child: Child; done: Promise<void> };

/** ffmpeg with `args`, its stdin a pipe when `input` (frames are written to it), its stdout a pipe. */
export function ffmpeg(args: string[], opts: { input?: boolean; env?: NodeJS.ProcessEnv } = {}): Running {
  const child = spawn(ffmpegBinary(opts.env), ['-hide_banner', '-nostdin', '-v', 'error', ...args], {
    stdio: [opts.input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  }) as Child;
  const done = exited(child, 'ffmpeg');
  // A child that dies early closes its pipes; the error then comes through `done`, not as an unhandled one.
  child.stdin?.on('error', () => undefined);
  child.stdout.on('error', () => undefined);
  return { child, done };
}

/** ffmpeg to completion, its stdout collected (a thumbnail frame; small outputs only). */
export async function ffmpegOutput(args: string[], env?: NodeJS.ProcessEnv): Promise<Buffer> {
  const { child, done } = ffmpeg(args, { env });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => chunks.push(b));
  await done;
  return Buffer.concat(chunks);
}

/** ffprobe's JSON about `file`'s streams and container, or null when it cannot read the file. */
export async function ffprobe(file: string, env?: NodeJS.ProcessEnv): Promise<ProbeJson | null> {
  const child = spawn(ffprobeBinary(env), ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as Child;
  const done = exited(child, 'ffprobe');
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (s: string) => (out += s));
  try {
    await done;
    return JSON.parse(out) as ProbeJson;
  } catch (err) {
    if (err instanceof FfmpegMissing) throw err;
    return null;
  }
}

export type ProbeStream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
};
export type ProbeJson = { streams?: ProbeStream[]; format?: { duration?: string; format_name?: string } };

let presence: Promise<boolean> | undefined;
/** Whether both binaries start (`-version`), asked once per process. */
export function ffmpegAvailable(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const ask = async () => {
    for (const bin of [ffmpegBinary(env), ffprobeBinary(env)]) {
      const child = spawn(bin, ['-version'], { stdio: ['ignore', 'pipe', 'pipe'] }) as Child;
      child.stdout.resume();
      try {
        await exited(child, bin);
      } catch {
        return false;
      }
    }
    return true;
  };
  if (env !== process.env) return ask();
  return (presence ??= ask());
}

/**
 * The frames of a raw stream, `frameBytes` each, as they arrive; a trailing partial frame (a stream
 * cut short) is dropped. The yielded buffer is reused for the next frame: use it before asking again.
 */
export async function* rawFrames(stream: Readable, frameBytes: number): AsyncGenerator<Buffer> {
  const frame = Buffer.allocUnsafe(frameBytes);
  let filled = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(frameBytes - filled, chunk.length - at);
      chunk.copy(frame, filled, at, at + n);
      filled += n;
      at += n;
      if (filled === frameBytes) {
        yield frame;
        filled = 0;
      }
    }
  }
}

/** Writes `data` to a pipe, waiting while the reader is behind (so frames never pile up in memory). */
export function writeFrame(stream: Writable, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stream.write(data, (err) => err && reject(err));
    if (ok) resolve();
    else {
      const onDrain = () => { stream.off('close', onClose); resolve(); };
      const onClose = () => { stream.off('drain', onDrain); reject(new FfmpegFailed('the encoder closed its input')); };
      stream.once('drain', onDrain);
      stream.once('close', onClose);
    }
  });
}
