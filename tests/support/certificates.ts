import { execFile } from 'node:child_process';
import { verify } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { apiBase, type Caller } from './http';
import { certificateFileName, opensslVerifyCommand, SIGNING_KEY_FILE_NAME, signatureFileName } from '../../domain/certificate';

/** Certificate checks shared by the integration and end-to-end tests: look at the page, read its QR, check its signature. */

const run = promisify(execFile);

async function inTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ipci-cert-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Page 1 as PNG, drawn by poppler's pdftoppm (as a person's viewer would draw it). */
export function renderFirstPage(pdf: Buffer, dpi = 60): Promise<Buffer> {
  return inTempDir(async (dir) => {
    await writeFile(path.join(dir, 'c.pdf'), pdf);
    await run('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', path.join(dir, 'c.pdf'), path.join(dir, 'page')]);
    return readFile(path.join(dir, 'page.png'));
  });
}

/** The text of the QR code in a picture, or null when none is found. */
export async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/** Ed25519 over the exact bytes, as the platform signs. */
export function verifySignature(pdf: Buffer, sigB64: string, pem: string): boolean {
  return verify(null, pdf, pem, Buffer.from(sigB64, 'base64'));
}

/**
 * Runs the documented offline check (domain opensslVerifyCommand, the README's command) in bash on
 * the downloaded files; true when openssl says the signature verifies.
 */
export function opensslVerifies(code: string, pdf: Buffer, sigB64: string, pem: string): Promise<boolean> {
  return inTempDir(async (dir) => {
    await writeFile(path.join(dir, certificateFileName(code)), pdf);
    await writeFile(path.join(dir, signatureFileName(code)), sigB64);
    await writeFile(path.join(dir, SIGNING_KEY_FILE_NAME), pem);
    try {
      const { stdout } = await run('bash', ['-c', opensslVerifyCommand(code)], { cwd: dir });
      return /Signature Verified Successfully/i.test(stdout);
    } catch {
      return false;
    }
  });
}

/** A GET with the caller's session, answered as bytes (Caller reads bodies as text). */
export async function download(caller: Caller, urlPath: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(apiBase() + urlPath, { headers: { ...caller.headers, cookie: [caller.cookie, `cookie-lang=${caller.lang}`].filter(Boolean).join('; ') } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The text of page 1 as poppler extracts it: proves the CJK glyphs carry their characters (copy, search, screen readers). */
export function pdfText(pdf: Buffer): Promise<string> {
  return inTempDir(async (dir) => {
    await writeFile(path.join(dir, 'c.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-f', '1', '-l', '1', '-enc', 'UTF-8', path.join(dir, 'c.pdf'), '-']);
    return stdout;
  });
}

/** Page 1's words with their boxes (points from the top left), as poppler lays them out. */
export function pdfWords(pdf: Buffer): Promise<Array<{ text: string; xMin: number; yMin: number; xMax: number; yMax: number }>> {
  return inTempDir(async (dir) => {
    await writeFile(path.join(dir, 'c.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', path.join(dir, 'c.pdf'), '-'], { maxBuffer: 16 * 1024 * 1024 });
    return [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      text: m[5],
    }));
  });
}
