import path from 'node:path';
import { diskStore } from './disk';
import { s3Store } from './s3';
import type { ObjectStore } from './store';

export * from './store';

/**
 * The store configuration names: STORAGE_URL unset → local disk at `diskRoot` (the default for
 * `npm start` and most tests); `s3://KEY:SECRET@host[:port]/bucket?region=…` → S3-compatible storage
 * over https, `s3+http://…` the same over plain http (a server on this machine or the local network);
 * `style=virtual` addresses the bucket as part of the host name (AWS, Alibaba OSS, Tencent COS).
 * Access key and secret are percent-encoded in the URL when they hold reserved characters.
 */
export function openStore(o: { storageUrl?: string; diskRoot: string; publicBase: string; signingSecret: string }): ObjectStore {
  if (!o.storageUrl) return diskStore({ root: path.resolve(o.diskRoot), publicBase: o.publicBase, signingSecret: o.signingSecret });
  const url = new URL(o.storageUrl);
  if (url.protocol === 'file:') return diskStore({ root: decodeURIComponent(url.pathname), publicBase: o.publicBase, signingSecret: o.signingSecret });
  if (url.protocol !== 's3:' && url.protocol !== 's3+http:') throw new Error(`STORAGE_URL: unknown scheme ${url.protocol} (file:, s3: or s3+http:)`);
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!bucket || bucket.includes('/')) throw new Error('STORAGE_URL: name one bucket as the path, e.g. s3://KEY:SECRET@host/bucket');
  if (!url.username || !url.password) throw new Error('STORAGE_URL: give the access key and secret as user and password');
  const style = url.searchParams.get('style') ?? 'path';
  if (style !== 'path' && style !== 'virtual') throw new Error(`STORAGE_URL: style must be path or virtual, not ${style}`);
  return s3Store({
    endpoint: `${url.protocol === 's3:' ? 'https' : 'http'}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') ?? 'us-east-1',
    pathStyle: style !== 'virtual',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  });
}
