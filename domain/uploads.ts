/** Spec part 1 §5 and §9: the file size limit in bytes. */
export const MAX_UPLOAD_BYTES = 1073741824;

export const UPLOAD_KINDS = ['idPhoto', 'licence', 'attachment'] as const;
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
 * licence takes Word, Excel, pdf and images; proof attachments Word, Excel, pdf, zip and rar.
 */
export const UPLOAD_TYPES: Record<UploadKind, string[]> = {
  idPhoto: IMAGES,
  licence: [...OFFICE, ...IMAGES],
  attachment: [...OFFICE, ...ARCHIVES],
};

export function isImageMime(mime: string): boolean {
  return IMAGES.includes(mime);
}
