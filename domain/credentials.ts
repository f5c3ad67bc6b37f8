/**
 * Content credentials (C2PA manifests) as the identification pages show them (issue 14): what a
 * suspect file's manifest says, whether it still holds, and whether the platform signed it.
 * watermark/credentials.ts reads them; the API adds `platform`.
 */

/**
 * Why a present manifest does not hold: `altered` — the file's bytes no longer match the hash the
 * manifest signed (edited after signing); `signature` — the claim or an assertion does not match its
 * signature or hashes (the manifest itself was tampered with); `certificate` — the signer's
 * certificate is not fit for C2PA signing or was not valid when it signed; `malformed` — the manifest
 * cannot be read.
 */
export const CREDENTIALS_PROBLEMS = ['altered', 'signature', 'certificate', 'malformed'] as const;
export type CredentialsProblem = (typeof CREDENTIALS_PROBLEMS)[number];

export interface Credentials {
  valid: boolean;
  problem: CredentialsProblem | null;
  generator: string | null;
  owner: string | null;
  ipciCode: string | null;
  ipName: string | null;
  verifyUrl: string | null;
  /** ISO time of the signature's timestamp, else the time the manifest claims. */
  signedAt: string | null;
  /** Who signed: the signer certificate's organisation (or common name) — as the certificate says, not proven. */
  issuer: string | null;
  /** sha256 of the signer's certificate: the platform's are published in c2pa_certificates. */
  certificateSha256: string | null;
}

/** As answered and logged: `platform` when the signer's certificate is one the platform signs with. */
export interface CredentialsSummary extends Credentials {
  platform: boolean;
}
