import './validation/locale';
import * as yup from 'yup';
import { yuanAmount } from './money';
import { optionalText, requiredText } from './validation/rules';

/**
 * Anti-counterfeiting capacity (spec part 2 §3 "capacity with capacityUnit M, G or T", §9 "converted
 * at 1024"): what a paid package grants for its validity, and what gallery files and watermarked
 * copies consume. Bytes everywhere below the UI; units only for people.
 */
export const CAPACITY_UNITS = ['M', 'G', 'T'] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];

const UNIT_BYTES: Record<CapacityUnit, number> = { M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** A package's capacity in bytes (the spec's 1024 conversion). */
export function capacityBytes(capacity: number, unit: CapacityUnit): number {
  return capacity * UNIT_BYTES[unit];
}

/** Bytes in the largest unit that keeps at least 1, with at most 2 decimals: "1.5 G", "800 M", "0 M". */
export function formatCapacity(bytes: number): string {
  const unit = [...CAPACITY_UNITS].reverse().find((u) => bytes >= UNIT_BYTES[u]) ?? 'M';
  const value = Math.round((bytes / UNIT_BYTES[unit]) * 100) / 100;
  return `${value} ${unit}`;
}

/**
 * Capacity recharge and consumption records, `capacitydetail` (part 2 §3 statistics: type 1
 * recharge, 2 consumed).
 */
export const CAPACITY_RECORD_TYPE = { recharge: 1, consumed: 2 } as const;

/** The largest package staff can define: 1024 T keeps every sum exact in a JS number and a bigint. */
export const MAX_PACKAGE_CAPACITY = 1024;
/** Validity of a package in months (the spec names none: a month to ten years). */
export const MAX_VALIDITY_MONTHS = 120;

/**
 * A whole number typed in a form (text) or sent as a JSON number; yup alone would take `[3]` or
 * `true` as 3 and 1.
 */
const wholeNumber = (max: number) =>
  yup
    .number()
    .transform((v: unknown, original: unknown) => (original === '' ? undefined : typeof original === 'number' || typeof original === 'string' ? v : Number.NaN))
    .typeError('validation.integer')
    .required()
    .integer()
    .min(1)
    .max(max);

/** Admin `package`: one anti-counterfeit package as staff define it (names in three languages, zh required). */
export const capacityPackageSchema = yup.object({
  nameZh: requiredText(100),
  nameEn: optionalText(100),
  nameJa: optionalText(100),
  capacity: wholeNumber(MAX_PACKAGE_CAPACITY),
  capacityUnit: yup.string().required().oneOf([...CAPACITY_UNITS] as string[]),
  validityMonths: wholeNumber(MAX_VALIDITY_MONTHS),
  price: yuanAmount({ min: 1 }).required(),
  onSale: yup.boolean().default(true),
});
export type CapacityPackageInput = yup.InferType<typeof capacityPackageSchema>;

/** A user's capacity: the sum of their unexpired grants, and what their gallery uses of it. */
export interface CapacitySummary {
  totalBytes: number;
  usedBytes: number;
  remainingBytes: number;
}

export function capacitySummary(totalBytes: number, usedBytes: number): CapacitySummary {
  return { totalBytes, usedBytes, remainingBytes: Math.max(0, totalBytes - usedBytes) };
}
