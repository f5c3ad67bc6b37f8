import { ApplicationFailure } from '@temporalio/common';
import type { Knex } from 'knex';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { chinaDate } from '../domain/dates';
import { certificateFileName, SIGNING_KEY_PATH, verifyPagePath } from '../domain/certificate';
import { certificateFacts, issueIpciFor, IssuanceRefused, saveCertificate } from '../db/ipcis';
import { publishKey } from '../db/signingKeys';
import { siteOrigin } from '../api/lib/siteOrigin';
import type { ObjectStore } from '../storage';
import { certificatePdf, type CertificateData } from './lib/certificatePdf';
import { signBytes, signingKey } from './lib/signingKey';

/** The site's public address as printed on certificates: the one the API gives providers (PUBLIC_BASE_URL). */
export const publicBaseUrl = siteOrigin;

/** A certificate's storage key (kept in ipcis.certificate_key). */
export const certificateKey = (ipciId: string) => `certificates/${ipciId}.pdf`;

/** Far above any certificate drawn (about 150 KB with its fonts): only a runaway drawing is refused. */
const MAX_CERTIFICATE_BYTES = 64 << 20;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Whether the store holds exactly the bytes recorded: hashed as they stream, never read whole. */
async function unchanged(store: ObjectStore, key: string, expected: string | null): Promise<boolean> {
  if (!expected) return false;
  const object = await store.get(key);
  if (!object) return false;
  const hash = createHash('sha256');
  for await (const chunk of object.body) hash.update(chunk as Buffer);
  return hash.digest('hex') === expected;
}

/**
 * Draws, signs and stores the certificate of an issued IPCI. Idempotent: when the stored object
 * matches the stored hash nothing happens; otherwise (first run, or a crash between writing the
 * object and recording it) the certificate is drawn again and replaces the object whole (a put
 * lands only complete).
 */
export async function generateCertificateFile(k: Knex, ipciId: string, store: ObjectStore, env: NodeJS.ProcessEnv = process.env): Promise<{ sha256: string }> {
  const facts = await certificateFacts(k, ipciId);
  if (!facts) throw ApplicationFailure.nonRetryable(`no IPCI ${ipciId}`, 'IpciNotFound');
  const objectKey = certificateKey(ipciId);
  if (facts.certificate_key && (await unchanged(store, objectKey, facts.certificate_sha256))) return { sha256: facts.certificate_sha256! };

  const key = signingKey(env);
  await publishKey(k, key.keyId, key.publicPem);
  const base = publicBaseUrl(env);
  const data: CertificateData = {
    code: facts.code,
    identifier: facts.id,
    holder: facts.holder,
    names: { zh: facts.ip_name_zh, en: facts.ip_name_en, ja: facts.ip_name_ja },
    category: facts.category,
    term: { type: facts.term_type, from: facts.term_from, to: facts.term_to },
    issuedOn: chinaDate(facts.issued_at),
    validUntil: facts.valid_until,
    verifyUrl: base + verifyPagePath(facts.code),
    publicKeyUrl: base + SIGNING_KEY_PATH,
    keyId: key.keyId,
  };
  const pdf = await certificatePdf(data);
  const signature = signBytes(key, pdf);
  const digest = sha256(pdf);
  await store.put(objectKey, Readable.from([pdf]), { contentType: 'application/pdf', originalName: certificateFileName(facts.code), maxBytes: MAX_CERTIFICATE_BYTES });
  await saveCertificate(k, ipciId, { key: objectKey, sha256: digest, signature, keyId: key.keyId });
  return { sha256: digest };
}

export function ipciIssuanceActivities(k: Knex, store: ObjectStore) {
  return {
    /** The registration's IPCI (code, identifier, holder and names), issued once however often it is called. */
    async issueIpci(input: { registrationId: string }): Promise<{ ipciId: string; code: string }> {
      try {
        const row = await issueIpciFor(k, input.registrationId);
        return { ipciId: row.id, code: row.code };
      } catch (err) {
        if (err instanceof IssuanceRefused) throw ApplicationFailure.nonRetryable(err.message, 'IssuanceRefused');
        throw err;
      }
    },

    async generateCertificate(input: { ipciId: string }): Promise<{ sha256: string }> {
      return generateCertificateFile(k, input.ipciId, store);
    },
  };
}
