import './validation/locale';
import * as yup from 'yup';
import { trimmed } from './validation/rules';
import { isValidIpciCode, normaliseIpciCode } from './ipci';

/**
 * Where the electronic IPCI certificate points people: the public verification page (in the QR
 * code, without a language: the site redirects to the visitor's language, spec part 1 §2) and the
 * published signing key. Shared by the PDF, the API and the UI so the three never disagree.
 */

export const VERIFY_PAGE_PATH = '/ipci/right/certificate';
export const SIGNING_KEY_PATH = '/.well-known/ipci-signing-key.pem';
export const SIGNING_KEYS_API = '/api/public/signing-keys';
export const SIGNING_KEY_FILE_NAME = 'ipci-signing-key.pem';
/** Header of the .sig download naming the key that made the signature. */
export const SIGNATURE_KEY_HEADER = 'X-IPCI-Signing-Key';

export const verifyPagePath = (code: string) => `${VERIFY_PAGE_PATH}/${code}`;
export const certificateFileName = (code: string) => `${code}.pdf`;
export const signatureFileName = (code: string) => `${code}.pdf.sig`;

/** The openssl command that checks a downloaded certificate offline (README, PDF footer, verification page). */
export const opensslVerifyCommand = (code: string) =>
  `openssl pkeyutl -verify -pubin -inkey ${SIGNING_KEY_FILE_NAME} -rawin -in ${certificateFileName(code)} -sigfile <(base64 -d ${signatureFileName(code)})`;

/**
 * What the public verification answer says (GET /api/public/ipci/:code): `verified` for a valid
 * certificate third parties may rely on; `takenDown` after a title (rights-confirmation) take-down,
 * when third parties can no longer verify it (spec part 1 §4); `invalid` once expired or revoked.
 * A trade take-down only ends the licensing listing, so such a certificate still verifies.
 */
export const VERIFICATION_OUTCOMES = ['verified', 'takenDown', 'invalid'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/**
 * The verification form (spec part 1 §2 right/certificate): a code as people type or paste it —
 * any case, with dashes or spaces — valid once normalised (check character included).
 */
export const verifyCodeSchema = yup.object({
  code: trimmed()
    .required()
    .test('ipciCode', 'title.ipciCode', (v) => !v || isValidIpciCode(normaliseIpciCode(v))),
});
