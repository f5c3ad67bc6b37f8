import { createHash, createPrivateKey, webcrypto, type KeyObject } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as x509 from '@peculiar/x509';

/**
 * The key and certificate chain the platform signs C2PA manifests with (content credentials on
 * watermarked copies, issue 14). Only the processes that sign (workers) need it; readers take the
 * signer's certificate from the manifest itself and recognise the platform's by the fingerprints
 * published in c2pa_certificates (db/c2paCertificates.ts).
 *
 * Where it comes from: C2PA_KEY and C2PA_CERT, the paths of a PKCS#8 PEM private key (ES256 on P-256
 * or Ed25519) and of its PEM certificate chain (signer first, then its issuers) — e.g. a chain from a
 * C2PA-trusted CA. When unset, the file C2PA_SIGNER_FILE (default .data/keys/c2pa-signer.pem) holds a
 * key and chain generated on first use: a platform CA that signs a document-signing certificate, as
 * C2PA refuses a self-signed signer; the CA's private key is dropped once the signer is issued. Mode
 * 600; several workers on one machine share the file, on several machines give them all the file
 * (or C2PA_KEY/C2PA_CERT) — a worker that generates its own still publishes its certificate, so its
 * copies are still recognised.
 */
export interface CredentialsKey {
  privateKey: KeyObject;
  algorithm: 'ES256' | 'Ed25519';
  /** The signer's certificate first, then its issuers. */
  chain: x509.X509Certificate[];
  /** sha256 of the signer's certificate (DER), hex: what c2pa_certificates publishes. */
  sha256: string;
  /** The signer's certificate, PEM. */
  pem: string;
}

export const defaultSignerFile = (env: NodeJS.ProcessEnv = process.env) =>
  env.C2PA_SIGNER_FILE ?? path.resolve(__dirname, '..', '.data', 'keys', 'c2pa-signer.pem');

export const certificateSha256 = (der: ArrayBuffer | Uint8Array) =>
  createHash('sha256').update(new Uint8Array(der)).digest('hex');

const PEM_BLOCK = /-----BEGIN ([A-Z ]+)-----[^-]+-----END \1-----/g;

function fromPem(keyPem: string, chainPem: string, origin: string): CredentialsKey {
  const key = createPrivateKey(keyPem);
  const algorithm =
    key.asymmetricKeyType === 'ed25519' ? 'Ed25519'
    : key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? 'ES256'
    : null;
  if (!algorithm) throw new Error(`${origin}: the C2PA signing key must be ES256 (P-256) or Ed25519`);
  const chain = [...chainPem.matchAll(PEM_BLOCK)].filter((m) => m[1] === 'CERTIFICATE').map((m) => new x509.X509Certificate(m[0]));
  if (!chain.length) throw new Error(`${origin}: no certificate for the C2PA signing key`);
  return {
    privateKey: key,
    algorithm,
    chain,
    sha256: certificateSha256(chain[0].rawData),
    pem: chain[0].toString('pem'),
  };
}

const ES256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const YEAR = 365.25 * 24 * 3600 * 1000;
const serial = () => Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('hex').replace(/^[89a-f]/, '1');

/** A CA (30 years) and the signer it issues (10 years), PEM: the key, then the signer's certificate, then the CA's. */
async function generate(): Promise<string> {
  const notBefore = new Date(Date.now() - 24 * 3600 * 1000); // a clock a little behind still accepts it
  const ca = (await webcrypto.subtle.generateKey(ES256, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const caCert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=IPCI platform content credentials CA, O=IPCI platform',
    notBefore,
    notAfter: new Date(notBefore.getTime() + 30 * YEAR),
    signingAlgorithm: ES256,
    keys: ca,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(ca.publicKey),
    ],
  });
  const signer = (await webcrypto.subtle.generateKey(ES256, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const signerCert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: 'CN=IPCI platform, O=IPCI platform',
    issuer: caCert.subject,
    notBefore,
    notAfter: new Date(notBefore.getTime() + 10 * YEAR),
    signingAlgorithm: ES256,
    publicKey: signer.publicKey,
    signingKey: ca.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      // C2PA wants document signing or e-mail protection on a claim signer; c2pa-rs's default list
      // (and so other readers) knows only the latter, the specification prefers the former: both.
      new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.36', x509.ExtendedKeyUsage.emailProtection]),
      await x509.AuthorityKeyIdentifierExtension.create(ca.publicKey),
      await x509.SubjectKeyIdentifierExtension.create(signer.publicKey),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', signer.privateKey));
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END PRIVATE KEY-----\n`;
  return `${keyPem}${signerCert.toString('pem')}\n${caCert.toString('pem')}\n`;
}

/** Reads the signer file, generating it first when missing; linked into place so two processes racing share the winner's. */
async function fromFile(file: string): Promise<CredentialsKey> {
  try {
    const pem = readFileSync(file, 'utf8');
    return fromPem(pem, pem, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, await generate(), { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
  const pem = readFileSync(file, 'utf8');
  return fromPem(pem, pem, file);
}

let cached: { source: string; key: Promise<CredentialsKey> } | undefined;

/** The process's C2PA key, loaded once (a changed source, e.g. in tests, loads again). */
export function credentialsKey(env: NodeJS.ProcessEnv = process.env): Promise<CredentialsKey> {
  const configured = env.C2PA_KEY || env.C2PA_CERT;
  if (configured && !(env.C2PA_KEY && env.C2PA_CERT)) throw new Error('C2PA_KEY and C2PA_CERT go together');
  const source = configured ? `env:${env.C2PA_KEY}:${env.C2PA_CERT}` : `file:${defaultSignerFile(env)}`;
  if (cached?.source !== source) {
    const key = configured
      ? Promise.resolve().then(() => fromPem(readFileSync(env.C2PA_KEY!, 'utf8'), readFileSync(env.C2PA_CERT!, 'utf8'), 'C2PA_KEY/C2PA_CERT'))
      : fromFile(defaultSignerFile(env));
    cached = { source, key };
    // A failed load is not kept: the next call tries again.
    key.catch(() => cached?.key === key && (cached = undefined));
  }
  return cached.key;
}
