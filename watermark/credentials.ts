import { sign } from 'node:crypto';
import { X509Certificate } from '@peculiar/x509';
import type { Signer } from '@trustnxt/c2pa-ts/cose';
import type { Credentials, CredentialsProblem } from '../domain/credentials';
import { certificateSha256, credentialsKey } from './credentialsKey';

/**
 * Content credentials (C2PA) on watermarked copies (issue 14): a manifest signed by the platform
 * saying who the copy belongs to and which IP and IPCI it shows, bound to every byte of the file
 * but the manifest (a data hash), so editing a pixel breaks it. The manifest is metadata — an APP11
 * segment in a JPEG, a caBX chunk in a PNG — so the pixels, and the invisible watermark in them, are
 * untouched. A re-encoded copy (a screenshot, a recompression) keeps the watermark but normally loses
 * the manifest; one whose bytes were changed but kept it reads as present but altered.
 */

export const CREDENTIALS_TYPES = ['image/jpeg', 'image/png'] as const;
export type CredentialsType = (typeof CREDENTIALS_TYPES)[number];

/** What the manifest says about a copy. */
export interface CredentialsClaim {
  owner: string;
  ipciCode: string | null;
  ipName: string | null;
  verifyUrl: string | null;
  /** The watermark_items row: the claim's instance id, so each copy's manifest is its own. */
  itemId: string;
  createdAt: Date;
}

/** The claim generator every platform manifest names. */
export const CREDENTIALS_GENERATOR = 'IPCI platform';

// The library is ESM-only with an "import" export only: this CommonJS code reaches it through import().
const library = () =>
  Promise.all([
    import('@trustnxt/c2pa-ts/asset'),
    import('@trustnxt/c2pa-ts/cose'),
    import('@trustnxt/c2pa-ts/jumbf'),
    import('@trustnxt/c2pa-ts/manifest'),
  ]);

type Lib = Awaited<ReturnType<typeof library>>;

function assetOf([{ JPEG, PNG }]: Lib, image: Uint8Array) {
  if (JPEG.canRead(image)) return new JPEG(image);
  if (PNG.canRead(image)) return new PNG(image);
  return null;
}

/** `image` with a signed manifest naming the platform, the owner, the IP and its IPCI; pixels unchanged. */
export async function signCredentials(image: Buffer, mime: CredentialsType, claim: CredentialsClaim): Promise<Buffer> {
  const lib = await library();
  const [, { CoseAlgorithmIdentifier }, , { ManifestStore, ActionAssertion, ActionType, CreativeWorkAssertion, DataHashAssertion }] = lib;
  const asset = assetOf(lib, new Uint8Array(image));
  if (!asset || asset.mimeType !== mime) throw new Error(`content credentials: not a ${mime} file`);
  const key = await credentialsKey();
  const signer: Signer = {
    algorithm: CoseAlgorithmIdentifier[key.algorithm],
    certificate: key.chain[0],
    chainCertificates: key.chain.slice(1),
    // COSE wants an ECDSA signature as r‖s (IEEE P1363); the library's LocalSigner writes DER, which
    // it reads back itself but other C2PA readers (c2pa-rs, and so Content Credentials tools) refuse.
    sign: async (payload) => new Uint8Array(sign(key.algorithm === 'ES256' ? 'sha256' : null, payload, { key: key.privateKey, dsaEncoding: 'ieee-p1363' })),
  };

  const store = new ManifestStore();
  const manifest = store.createManifest({ assetFormat: mime, instanceID: `xmp:iid:${claim.itemId}`, defaultHashAlgorithm: 'SHA-256', signer });
  manifest.claim!.claimGeneratorName = CREDENTIALS_GENERATOR;
  manifest.claim!.claimGeneratorVersion = undefined;
  if (claim.ipName) manifest.claim!.title = claim.ipName;

  const actions = new ActionAssertion();
  const softwareAgent = { name: CREDENTIALS_GENERATOR };
  actions.actions = [
    // The copy is a new asset the platform made for the owner…
    { action: ActionType.C2paCreated, softwareAgent, description: 'Watermarked copy issued to the rights holder' },
    // …and it carries an invisible watermark naming this copy (what the identification page reads).
    { action: ActionType.C2paWatermarked, softwareAgent, description: 'Invisible watermark identifying this copy' },
  ];
  manifest.addAssertion(actions);

  const work = new CreativeWorkAssertion();
  work.creativeWork = {
    '@type': 'CreativeWork',
    // The owner may be a person or a company: a credit text names either without claiming which.
    creditText: claim.owner,
    dateCreated: claim.createdAt.toISOString(),
    ...(claim.ipName ? { name: claim.ipName } : {}),
    ...(claim.ipciCode ? { identifier: claim.ipciCode } : {}),
    ...(claim.verifyUrl ? { url: claim.verifyUrl } : {}),
  };
  manifest.addAssertion(work);

  const dataHash = DataHashAssertion.create('SHA-256');
  manifest.addAssertion(dataHash);

  await asset.ensureManifestSpace(store.measureSize());
  await dataHash.updateWithAsset(asset);
  // No timestamp: one the platform made itself would prove nothing more than the signed dateCreated
  // (and the library's local one reads as malformed to c2pa-rs); the certificate is judged now.
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return Buffer.from(await asset.getDataRange());
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

function problemOf(codes: string[]): CredentialsProblem {
  if (codes.some((c) => c === 'assertion.dataHash.mismatch')) return 'altered';
  if (codes.some((c) => c.startsWith('signingCredential') || c.startsWith('timeStamp') || c === 'algorithm.unsupported')) return 'certificate';
  return 'signature';
}

function issuerOf(cert: X509Certificate | undefined): string | null {
  if (!cert) return null;
  const name = (type: string) => cert.subjectName.getField(type)[0] ?? null;
  return name('O') ?? name('CN');
}

/**
 * The manifest `image` carries, checked against the file: null when there is none (or the file is
 * neither JPEG nor PNG); `valid` false, with the problem, when it no longer holds.
 */
export async function readCredentials(image: Buffer): Promise<Credentials | null> {
  const lib = await library();
  const [, , { SuperBox }, { ManifestStore, CreativeWorkAssertion, ValidationResult }] = lib;
  let asset;
  let jumbf;
  try {
    asset = assetOf(lib, new Uint8Array(image));
    jumbf = asset?.getManifestJUMBF();
  } catch {
    return null; // a file the library cannot even segment carries nothing it can read
  }
  if (!asset || !jumbf) return null;

  const none: Credentials = {
    valid: false,
    problem: 'malformed',
    generator: null,
    owner: null,
    ipciCode: null,
    ipName: null,
    verifyUrl: null,
    signedAt: null,
    issuer: null,
    certificateSha256: null,
  };
  let store;
  try {
    store = ManifestStore.read(SuperBox.fromBuffer(jumbf as Uint8Array<ArrayBuffer>));
  } catch {
    return none;
  }
  const manifest = store.getActiveManifest();
  if (!manifest) return none;

  let result;
  try {
    result = await store.validate(asset);
  } catch (err) {
    result = ValidationResult.fromError(err as Error);
  }
  const failures = result.statusEntries.filter((e) => !e.success).map((e) => String(e.code));

  const work = manifest.assertions?.assertions.find((a) => a instanceof CreativeWorkAssertion)?.creativeWork as Record<string, unknown> | undefined;
  const cert = manifest.signature?.signatureData.certificate;
  const timestamp = manifest.signature?.signatureData.timestamp;
  return {
    valid: result.isValid,
    problem: result.isValid ? null : problemOf(failures),
    generator: manifest.claim?.claimGeneratorName ?? null,
    owner: text(work?.creditText),
    ipciCode: text(work?.identifier),
    ipName: text(work?.name),
    verifyUrl: text(work?.url),
    signedAt: timestamp ? timestamp.toISOString() : text(work?.dateCreated),
    issuer: issuerOf(cert),
    certificateSha256: cert ? certificateSha256(cert.rawData) : null,
  };
}
