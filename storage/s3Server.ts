import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { goTool } from '../scripts/lib/goTool';
import { waitForPort } from '../temporal/devServer';

/** The S3-compatible server the tests run against: versitygw (Go, Apache-2.0) serving a folder. */
export const S3_SERVER_PKG = 'github.com/versity/versitygw/cmd/versitygw@v1.8.0';

export function s3ServerBinary(log?: (line: string) => void): Promise<string> {
  return goTool({ name: 'versitygw', pkg: S3_SERVER_PKG, envVar: 'VERSITYGW_BIN', what: 'the S3 test server (versitygw)' }, log);
}

export interface S3Server {
  /** STORAGE_URL for the server's bucket. */
  storageUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts versitygw on 127.0.0.1:`port` with its POSIX backend in `dir` (each subfolder a bucket) and
 * `bucket` created, and answers once it listens.
 */
export async function startS3Server(o: { port: number; dir: string; bucket: string; accessKey: string; secretKey: string }): Promise<S3Server> {
  const bin = await s3ServerBinary();
  mkdirSync(`${o.dir}/${o.bucket}`, { recursive: true });
  const child: ChildProcess = spawn(bin, ['--access', o.accessKey, '--secret', o.secretKey, '--port', `127.0.0.1:${o.port}`, 'posix', o.dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr = (stderr + String(d)).slice(-2000)));
  try {
    await waitForPort(o.port, '127.0.0.1', 30_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`versitygw did not start: ${(err as Error).message}\n${stderr}`);
  }
  return {
    storageUrl: `s3+http://${encodeURIComponent(o.accessKey)}:${encodeURIComponent(o.secretKey)}@127.0.0.1:${o.port}/${o.bucket}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
