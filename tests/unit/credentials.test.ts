import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ExtendedKeyUsageExtension } from '@peculiar/x509';
import sharp from 'sharp';
import { embedWatermark, payloadBigInt, readWatermark } from '../../watermark';
import { CREDENTIALS_GENERATOR, readCredentials, signCredentials, type CredentialsClaim } from '../../watermark/credentials';
import { credentialsKey } from '../../watermark/credentialsKey';
import { syntheticImage } from '../../watermark/synthetic';

/**
 * Content credentials on watermarked copies: a signed copy reads back valid with its claim, in JPEG
 * and in PNG; a changed pixel, a changed claim or a foreign signer's certificate is caught; a
 * re-encoded copy and an unsigned file carry none; and signing leaves the pixels — and the
 * watermark read from them — exactly as they were.
 */
jest.setTimeout(120_000);

const dir = mkdtempSync(path.join(tmpdir(), 'c2pa-'));
const env = { ...process.env };
beforeAll(() => {
  process.env.C2PA_SIGNER_FILE = path.join(dir, 'keys', 'c2pa-signer.pem');
  delete process.env.C2PA_KEY;
  delete process.env.C2PA_CERT;
});
afterAll(() => {
  process.env = env;
  rmSync(dir, { recursive: true, force: true });
});

const MARK = 0x1c14_2bad_cafe_0042n;
const claim: CredentialsClaim = {
  owner: '张三文化传媒有限公司',
  ipciCode: 'IPCI2026100001237',
  ipName: '青花瓷纹样',
  verifyUrl: 'https://ipci.example/ipci/right/certificate/IPCI2026100001237',
  itemId: '0b5c2a8e-6f0e-4d7c-9a41-7c1f9d3e2b10',
  createdAt: new Date('2026-11-25T06:00:00Z'),
};

async function markedCopy(format: 'jpeg' | 'png') {
  const [width, height] = [640, 480];
  const raw = sharp(Buffer.from(syntheticImage(width, height, 7)), { raw: { width, height, channels: 3 } });
  const original = format === 'png' ? await raw.png().toBuffer() : await raw.jpeg({ quality: 92 }).toBuffer();
  return (await embedWatermark(original, MARK)).image;
}

const pixels = async (image: Buffer) => (await sharp(image).raw().toBuffer({ resolveWithObject: true })).data;

describe.each([
  ['image/jpeg', 'jpeg'],
  ['image/png', 'png'],
] as const)('%s', (mime, format) => {
  let copy: Buffer;
  let signed: Buffer;
  beforeAll(async () => {
    copy = await markedCopy(format);
    signed = await signCredentials(copy, mime, claim);
  });

  it('reads back valid with the claim, signed by the platform', async () => {
    const key = await credentialsKey();
    expect(signed.length).toBeGreaterThan(copy.length);
    expect((await sharp(signed).metadata()).format).toBe(format);
    const read = await readCredentials(signed);
    expect(read).toEqual({
      valid: true,
      problem: null,
      generator: CREDENTIALS_GENERATOR,
      owner: claim.owner,
      ipciCode: claim.ipciCode,
      ipName: claim.ipName,
      verifyUrl: claim.verifyUrl,
      signedAt: claim.createdAt.toISOString(),
      issuer: 'IPCI platform',
      certificateSha256: key.sha256,
    });
  });

  it('writes the ECDSA signature as COSE wants it, r‖s — not DER, which other C2PA readers refuse', async () => {
    const [{ JPEG, PNG }, { SuperBox }, { ManifestStore }] = await Promise.all([import('@trustnxt/c2pa-ts/asset'), import('@trustnxt/c2pa-ts/jumbf'), import('@trustnxt/c2pa-ts/manifest')]);
    const asset = format === 'png' ? new PNG(new Uint8Array(signed)) : new JPEG(new Uint8Array(signed));
    const manifest = ManifestStore.read(SuperBox.fromBuffer(asset.getManifestJUMBF() as Uint8Array<ArrayBuffer>)).getActiveManifest();
    expect(manifest?.signature?.signatureData.signature).toHaveLength(64);
  });

  it('leaves the pixels, and so the watermark, untouched', async () => {
    expect((await pixels(signed)).equals(await pixels(copy))).toBe(true);
    const read = await readWatermark(signed);
    expect(read && payloadBigInt(read.payload)).toBe(MARK);
  });

  it('an edited pixel breaks it: present but altered', async () => {
    // Flip one byte of the image data well past the manifest (the file's last tenth is image data).
    const edited = Buffer.from(signed);
    const at = edited.length - Math.floor(edited.length / 10);
    edited[at] ^= 0x01;
    const read = await readCredentials(edited);
    expect(read).toMatchObject({ valid: false, problem: 'altered', owner: claim.owner, ipciCode: claim.ipciCode });
  });

  it('a re-encoded copy keeps the watermark but carries no credentials', async () => {
    const reencoded = await sharp(signed).jpeg({ quality: 85 }).toBuffer();
    expect(await readCredentials(reencoded)).toBeNull();
    const mark = await readWatermark(reencoded);
    expect(mark && payloadBigInt(mark.payload)).toBe(MARK);
  });

  it('an unsigned file carries none', async () => {
    expect(await readCredentials(copy)).toBeNull();
  });

  it('refuses a file of another type than named', async () => {
    await expect(signCredentials(copy, mime === 'image/png' ? 'image/jpeg' : 'image/png', claim)).rejects.toThrow(/not a image/);
  });
});

describe('the signed claim', () => {
  it('a changed IPCI code in the manifest fails its signature', async () => {
    const signed = await signCredentials(await markedCopy('png'), 'image/png', claim);
    // Same length, so only the claim's content differs: the assertion's hash no longer matches.
    const forged = Buffer.from(signed.toString('latin1').replace('IPCI2026100001237', 'IPCI2026100009999'), 'latin1');
    expect(forged.equals(signed)).toBe(false);
    expect(await readCredentials(forged)).toMatchObject({ valid: false, problem: 'signature' });
  });

  it('other files and garbage read as none', async () => {
    expect(await readCredentials(await sharp(Buffer.from(syntheticImage(64, 64, 1)), { raw: { width: 64, height: 64, channels: 3 } }).webp().toBuffer())).toBeNull();
    expect(await readCredentials(Buffer.from('not an image'))).toBeNull();
  });
});

describe('the signing key', () => {
  it('is generated once into a private file, a CA-issued document-signing certificate', async () => {
    const key = await credentialsKey();
    const file = process.env.C2PA_SIGNER_FILE!;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(key.algorithm).toBe('ES256');
    expect(key.chain).toHaveLength(2);
    expect(key.chain[0].issuer).toBe(key.chain[1].subject);
    expect(key.chain[0].subject).not.toBe(key.chain[0].issuer); // C2PA refuses a self-signed signer
    expect(await key.chain[0].verify({ publicKey: key.chain[1].publicKey })).toBe(true);
    // Document signing for the specification, e-mail protection for readers that know only that one (c2pa-rs).
    expect(key.chain[0].getExtension(ExtendedKeyUsageExtension)?.usages).toEqual(['1.3.6.1.5.5.7.3.36', '1.3.6.1.5.5.7.3.4']);
    // Loaded again from the same file, it is the same key.
    expect((await credentialsKey({ C2PA_SIGNER_FILE: file })).sha256).toBe(key.sha256);
  });

  it('can be configured as a key and certificate chain (C2PA_KEY, C2PA_CERT), e.g. Ed25519', async () => {
    // An Ed25519 signer issued by the generated CA's key would need that key; openssl makes a small chain of its own.
    const d = mkdtempSync(path.join(dir, 'ed-'));
    const run = (...args: string[]) => execFileSync('openssl', args, { cwd: d, stdio: 'pipe' });
    writeFileSync(path.join(d, 'ca.cnf'), '[v3]\nbasicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\n');
    writeFileSync(
      path.join(d, 'leaf.cnf'),
      '[v3]\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=1.3.6.1.5.5.7.3.36\nauthorityKeyIdentifier=keyid\nsubjectKeyIdentifier=hash\n',
    );
    run('genpkey', '-algorithm', 'ed25519', '-out', 'ca.key');
    run('req', '-new', '-x509', '-key', 'ca.key', '-subj', '/O=Test CA/CN=Test CA', '-days', '30', '-out', 'ca.pem', '-extensions', 'v3', '-config', path.join(d, 'ca.cnf'));
    run('genpkey', '-algorithm', 'ed25519', '-out', 'leaf.key');
    run('req', '-new', '-key', 'leaf.key', '-subj', '/O=Other signer/CN=Other signer', '-out', 'leaf.csr', '-config', path.join(d, 'leaf.cnf'));
    run('x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '30', '-extfile', path.join(d, 'leaf.cnf'), '-extensions', 'v3', '-out', 'leaf.pem');
    writeFileSync(path.join(d, 'chain.pem'), readFileSync(path.join(d, 'leaf.pem'), 'utf8') + readFileSync(path.join(d, 'ca.pem'), 'utf8'));

    const platform = await credentialsKey();
    process.env.C2PA_KEY = path.join(d, 'leaf.key');
    process.env.C2PA_CERT = path.join(d, 'chain.pem');
    try {
      const other = await credentialsKey();
      expect(other.algorithm).toBe('Ed25519');
      const signed = await signCredentials(await markedCopy('jpeg'), 'image/jpeg', claim);
      const read = await readCredentials(signed);
      // Valid as C2PA, but signed by someone else: the fingerprint is not the platform's.
      expect(read).toMatchObject({ valid: true, issuer: 'Other signer', certificateSha256: other.sha256 });
      expect(read!.certificateSha256).not.toBe(platform.sha256);
    } finally {
      delete process.env.C2PA_KEY;
      delete process.env.C2PA_CERT;
    }
  });

  it('refuses half a configuration and keys C2PA cannot use', async () => {
    expect(() => credentialsKey({ C2PA_KEY: '/nowhere' })).toThrow(/go together/);
    const rsa = path.join(dir, 'rsa.key');
    execFileSync('openssl', ['genpkey', '-algorithm', 'rsa', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', rsa], { stdio: 'pipe' });
    await expect(credentialsKey({ C2PA_KEY: rsa, C2PA_CERT: rsa })).rejects.toThrow(/ES256 \(P-256\) or Ed25519/);
  });
});
