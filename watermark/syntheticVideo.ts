import { ffmpeg, writeFrame } from './ffmpeg';
import { syntheticImage } from './synthetic';

/**
 * Test videos for the video watermark's tests and benchmark, made by ffmpeg from the synthetic
 * photographic-like generator: a camera panning across a larger generated picture (so the content
 * moves under the watermark's fixed pattern, as in real footage), with a slow brightness drift, and
 * optionally a sine tone as audio. Encoded with libx264 at crf 20 as a phone or editor would deliver it.
 */
export async function syntheticVideo(
  file: string,
  o: { width: number; height: number; seconds: number; fps?: number; seed?: number; audio?: boolean },
): Promise<void> {
  const fps = o.fps ?? 25;
  const frames = Math.round(o.seconds * fps);
  const bigW = Math.round(o.width * 1.5), bigH = Math.round(o.height * 1.25);
  const scene = syntheticImage(bigW, bigH, o.seed ?? 1);
  const enc = ffmpeg(
    [
      '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${o.width}x${o.height}`, '-r', String(fps), '-i', 'pipe:0',
      ...(o.audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${o.seconds}`] : []),
      '-map', '0:v', ...(o.audio ? ['-map', '1:a', '-c:a', 'aac', '-b:a', '64k'] : []),
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', file,
    ],
    { input: true },
  );
  const rowBytes = o.width * 3;
  const feed = async () => {
    try {
      for (let f = 0; f < frames; f++) {
        // Back and forth along both axes, a different speed on each, so the motion is not a plain shift.
        const t = frames > 1 ? f / (frames - 1) : 0;
        const x0 = Math.round((bigW - o.width) * (0.5 - 0.5 * Math.cos(Math.PI * 2 * t)));
        const y0 = Math.round((bigH - o.height) * t);
        const gain = 0.92 + 0.08 * Math.sin(Math.PI * 3 * t);
        const frame = Buffer.allocUnsafe(rowBytes * o.height);
        for (let y = 0; y < o.height; y++) {
          const src = ((y0 + y) * bigW + x0) * 3;
          for (let i = 0; i < rowBytes; i++) frame[y * rowBytes + i] = scene[src + i] * gain;
        }
        await writeFrame(enc.child.stdin!, frame);
      }
    } finally {
      enc.child.stdin!.end();
    }
  };
  await Promise.all([feed(), enc.done]);
}
