import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The platform's certificate signing key (Ed25519). Only workers hold the private key; the public
 * key is published through the database (db/signingKeys.ts) so the API can serve it.
 *
 * Where it comes from: IPCI_SIGNING_KEY (PKCS#8 PEM, e.g. from a secret store) or, when unset, the
 * file IPCI_SIGNING_KEY_FILE (default .data/keys/certificate-signing.pem), generated on first use
 * with mode 600 so `npm start` works with nothing configured. Several workers on one machine share
 * the file; on several machines set IPCI_SIGNING_KEY so they all sign with the same key.
 */
export interface SigningKey {
  /** First 16 hex digits of sha256 of the public key (SPKI DER): names the key on certificates and in signing_keys. */
  keyId: string;
  privateKey: KeyObject;
  publicPem: string;
}

export const defaultKeyFile = (env: NodeJS.ProcessEnv = process.env) =>
  env.IPCI_SIGNING_KEY_FILE ?? path.resolve(__dirname, '..', '..', '.data', 'keys', 'certificate-signing.pem');

export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
}

function fromPem(pem: string, origin: string): SigningKey {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`${origin}: the certificate signing key must be Ed25519, not ${privateKey.asymmetricKeyType}`);
  const publicKey = createPublicKey(privateKey);
  return { keyId: keyIdOf(publicKey), privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/**
 * Reads the key file, creating it first when missing. The new key is written to a temporary file
 * and linked into place, which fails if another process got there first: then both use the winner's.
 */
function fromFile(file: string): SigningKey {
  try {
    return fromPem(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, pem, { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
  return fromPem(readFileSync(file, 'utf8'), file);
}

let cached: { source: string; key: SigningKey } | undefined;

/** The process's signing key, loaded once (a changed source, e.g. in tests, loads again). */
export function signingKey(env: NodeJS.ProcessEnv = process.env): SigningKey {
  const source = env.IPCI_SIGNING_KEY ? `env:${env.IPCI_SIGNING_KEY}` : `file:${defaultKeyFile(env)}`;
  if (cached?.source !== source) {
    cached = { source, key: env.IPCI_SIGNING_KEY ? fromPem(env.IPCI_SIGNING_KEY, 'IPCI_SIGNING_KEY') : fromFile(defaultKeyFile(env)) };
  }
  return cached.key;
}

/** Ed25519 over the exact bytes (no pre-hash), base64: `openssl pkeyutl -verify -rawin` checks it. */
export function signBytes(key: SigningKey, bytes: Buffer): string {
  return sign(null, bytes, key.privateKey).toString('base64');
}
