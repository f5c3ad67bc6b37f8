import { MONITOR_UPLOAD_KIND, PICTURE_ASPECT_TOLERANCE, PICTURE_MAX_BYTES, PICTURE_MIME, PICTURE_MIN_SIDE } from './monitoring';
import type { ImageFacts } from './titleRegistration';

/** Spec part 1 §5 and §9: the file size limit in bytes. */
export const MAX_UPLOAD_BYTES = 1073741824;

/**
 * ipImage and proof are the title registration's pictures and proof attachments (domain/titleRegistration.ts
 * TITLE_UPLOAD_TYPES lists the same types; a unit test keeps them equal — they cannot be imported
 * from there, that module imports this one), idDocument a person's ID there (the creator's: a photo
 * or a scan); remittanceProof is an offline payment's receipt; evidence a rights objection's documents
 * or pictures (and the holder's answer's); monitorPicture an infringement-monitoring comparison picture
 * (domain/monitoring.ts, checked by checkMonitorPicture).
 */
export const UPLOAD_KINDS = ['idPhoto', 'licence', 'attachment', 'avatar', 'ipImage', 'proof', 'idDocument', 'remittanceProof', 'evidence', 'showcase', MONITOR_UPLOAD_KIND] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/x-icon'];
const OFFICE = [
  'application/pdf',
  'application/x-cfb', // legacy .doc / .xls
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
const ARCHIVES = ['application/zip', 'application/x-rar-compressed', 'application/vnd.rar'];

/**
 * Types accepted by content (magic bytes), per spec part 1 §5: ID photos are images; the business
 * licence takes Word, Excel, pdf and images; proof attachments Word, Excel, pdf, zip and rar; the
 * avatar jpg or png only.
 */
export const UPLOAD_TYPES: Record<UploadKind, string[]> = {
  idPhoto: IMAGES,
  licence: [...OFFICE, ...IMAGES],
  attachment: [...OFFICE, ...ARCHIVES],
  avatar: ['image/jpeg', 'image/png'],
  // The icon's other registered name as well: detectors name ICO files either way.
  ipImage: [...IMAGES, 'image/vnd.microsoft.icon'],
  proof: [...OFFICE, ...ARCHIVES],
  idDocument: [...IMAGES, 'application/pdf'],
  remittanceProof: ['image/jpeg'],
  // A rights objection's (and the holder's answer's) documents or pictures.
  evidence: [...OFFICE, ...ARCHIVES, ...IMAGES],
  // A law firm's (later a manufacturer's) display and detail pictures, part 2 §5.
  showcase: [...IMAGES, 'image/vnd.microsoft.icon'],
  monitorPicture: [...PICTURE_MIME],
};

/**
 * Kinds whose pictures must pass the picture rules (checkImage) on upload: IP pictures those of part
 * 1 §5, colour included; showcase pictures those of part 2 §5 (≥ 420×290 landscape, the formats).
 */
export const CHECKED_IMAGE_KINDS: readonly UploadKind[] = ['ipImage', 'showcase'];
export const COLOUR_IMAGE_KINDS: readonly UploadKind[] = ['ipImage'];

export function isImageMime(mime: string): boolean {
  return IMAGES.includes(mime);
}

/** What the user is told is accepted, per kind. */
export const UPLOAD_EXTENSIONS: Record<UploadKind, string[]> = {
  idPhoto: ['jpg', 'jpeg', 'png', 'gif', 'bmp'],
  licence: ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'jpg', 'jpeg', 'png', 'gif', 'bmp'],
  attachment: ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'zip', 'rar'],
  avatar: ['jpg', 'jpeg', 'png'],
  ipImage: ['jpg', 'jpeg', 'jpe', 'jif', 'png', 'gif', 'ico', 'jfif', 'bmp'],
  proof: ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'zip', 'rar'],
  idDocument: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'pdf'],
  remittanceProof: ['jpg', 'jpeg'],
  evidence: ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'zip', 'rar', 'jpg', 'jpeg', 'png', 'gif', 'bmp'],
  showcase: ['jpg', 'jpeg', 'jpe', 'jif', 'png', 'gif', 'ico', 'jfif', 'bmp'],
  monitorPicture: ['jpg', 'jpeg', 'png'],
};

export type MonitorPictureRule = 'format' | 'tooLarge' | 'notSquare' | 'tooSmall';

/**
 * Part 2 §5/§9 on a comparison picture, measured on its content: jpg or png, about 3 MB at most,
 * 1:1 (within PICTURE_ASPECT_TOLERANCE), HD (PICTURE_MIN_SIDE a side at least). Null when fine,
 * else the `errors` key of the first rule broken. A logo's missing background is checked when it is
 * named a logo in the monitored content (api/lib/logoBackground).
 */
export function checkMonitorPicture(img: ImageFacts): `monitoring.picture.${MonitorPictureRule}` | null {
  if (!(PICTURE_MIME as readonly string[]).includes(img.mime)) return 'monitoring.picture.format';
  if (img.bytes !== undefined && img.bytes > PICTURE_MAX_BYTES) return 'monitoring.picture.tooLarge';
  if (Math.abs(img.width - img.height) > PICTURE_ASPECT_TOLERANCE * Math.max(img.width, img.height)) return 'monitoring.picture.notSquare';
  if (Math.min(img.width, img.height) < PICTURE_MIN_SIDE) return 'monitoring.picture.tooSmall';
  return null;
}

export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i += 1;
  }
  return `${Number.isInteger(n) ? n : n.toFixed(1)} ${units[i]}`;
}
