import './validation/locale';
import * as yup from 'yup';
import { phone, requiredText, trimmed } from './validation/rules';

/**
 * Paper IPCI certificates (spec part 1 §1: "a paper certificate can be requested in the user
 * centre"). The spec states "mainland addresses only" for mailed invoices (part 2 §9); issue 4 applies
 * the same rule to paper certificates, so the address is in mainland China: country CN and one of the
 * 31 mainland provincial divisions. Hong Kong, Macao and Taiwan have their own postal systems and are
 * refused with the same message as other countries.
 */

/**
 * The 31 mainland provincial-level divisions by their GB/T 2260 codes (stable ids; the names live in
 * the UI catalog). The repository has no city/district data, so city and district are typed.
 */
export const MAINLAND_PROVINCES = [
  '11', '12', '13', '14', '15', // Beijing, Tianjin, Hebei, Shanxi, Inner Mongolia
  '21', '22', '23', // Liaoning, Jilin, Heilongjiang
  '31', '32', '33', '34', '35', '36', '37', // Shanghai, Jiangsu, Zhejiang, Anhui, Fujian, Jiangxi, Shandong
  '41', '42', '43', '44', '45', '46', // Henan, Hubei, Hunan, Guangdong, Guangxi, Hainan
  '50', '51', '52', '53', '54', // Chongqing, Sichuan, Guizhou, Yunnan, Tibet
  '61', '62', '63', '64', '65', // Shaanxi, Gansu, Qinghai, Ningxia, Xinjiang
] as const;
export type MainlandProvince = (typeof MAINLAND_PROVINCES)[number];

/** Taiwan, Hong Kong and Macao (GB/T 2260 71, 81, 82): named so they get the mainland-only message. */
export const NON_MAINLAND_REGIONS = ['71', '81', '82'] as const;
/** Country codes of the same three (ISO 3166-1), refused like any other country. */
export const MAINLAND_COUNTRY = 'CN';

export const PAPER_ADDRESS_FIELDS = ['recipient', 'phone', 'country', 'province', 'city', 'district', 'addressLine', 'postalCode'] as const;
export type PaperAddressField = (typeof PAPER_ADDRESS_FIELDS)[number];

/** What finance gives when it mails the certificate (the approval's decision values). */
export const PAPER_MAIL_VALUES = ['carrier', 'trackingNo'] as const;

export const POSTAL_CODE_PATTERN = /^\d{6}$/;

export const paperAddressSchema = yup
  .object({
    recipient: requiredText(50),
    phone: phone().required(),
    country: trimmed()
      .default(MAINLAND_COUNTRY)
      .required()
      .test('mainland', 'paper.mainlandOnly', (v) => v === MAINLAND_COUNTRY),
    province: trimmed()
      .required()
      .test('mainland', 'paper.mainlandOnly', (v) => !(NON_MAINLAND_REGIONS as readonly string[]).includes(v ?? ''))
      .test('province', 'paper.province', (v) => (NON_MAINLAND_REGIONS as readonly string[]).includes(v ?? '') || (MAINLAND_PROVINCES as readonly string[]).includes(v ?? '')),
    city: requiredText(64),
    district: requiredText(64),
    addressLine: requiredText(200),
    postalCode: trimmed().required().matches(POSTAL_CODE_PATTERN, { message: 'paper.postalCode' }),
  })
  .noUnknown();
export type PaperAddress = yup.InferType<typeof paperAddressSchema>;

export const paperRequestSchema = yup.object({ address: paperAddressSchema.required() }).noUnknown();

/**
 * requested: with finance; flagged: finance could not mail to the address and flagged fields, the
 * user corrects them; mailed: sent, with carrier and tracking number.
 */
export const PAPER_STATES = ['requested', 'flagged', 'mailed'] as const;
export type PaperState = (typeof PAPER_STATES)[number];

/**
 * Fulfilment SLA. The spec gives none for paper certificates; invoices are mailed on fixed days of
 * the month (part 2 §9), which is a batch rhythm, not a per-request limit. Five working days is
 * our default, the same as the identity review.
 */
export const PAPER_FULFILMENT_WORKING_DAYS = 5;
