import './validation/locale';
import * as yup from 'yup';
import { keysetCursor } from './validation/keyset';
import { requiredText, trimmed, UUID_PATTERN } from './validation/rules';
import { VIDEO_TYPES } from './watermark';

/**
 * The user's gallery (user centre `gallerymanagement`, issue 14): pictures and short videos kept
 * against paid capacity, in folders of the user's own, from which watermarked copies are made.
 * Watermarking decodes pictures with sharp and the copies carry content credentials in JPEG and PNG,
 * so the gallery takes those two; videos are MP4 (VIDEO_TYPES), read and re-encoded by ffmpeg, of at
 * most MAX_VIDEO_SECONDS.
 */
export const GALLERY_UPLOAD_KIND = 'gallery';
export const GALLERY_TYPES = ['image/jpeg', 'image/png', ...VIDEO_TYPES] as const;
export const GALLERY_EXTENSIONS = ['jpg', 'jpeg', 'png', 'mp4'] as const;

export const GALLERY_PAGE_SIZE = 40;
/** Enough for any real library; bounds what one user can make the sidebar list. */
export const MAX_GALLERY_FOLDERS = 100;
/** Files one move or delete takes at once (a page of the grid and more). */
export const MAX_GALLERY_BATCH = 100;
/** The thumbnail's longer side in pixels: sharp on a phone's two-column grid and on a desktop's tiles. */
export const THUMBNAIL_SIZE = 320;

const id = () => trimmed().matches(UUID_PATTERN, { message: 'validation.invalid', excludeEmptyString: true });

export const galleryFolderSchema = yup.object({ name: requiredText(100) }).noUnknown();

/** `folder`: a folder's id, `none` for files in no folder, absent for all. */
export const galleryListSchema = yup
  .object({
    folder: trimmed().test('folder', 'validation.invalid', (v) => v === undefined || v === 'none' || UUID_PATTERN.test(v)),
    limit: yup.number().integer().min(1).max(100).default(GALLERY_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type GalleryListQuery = yup.InferType<typeof galleryListSchema>;

/**
 * The query of an upload, read before its body: the file's size as the browser knows it (File.size),
 * so a file past the remaining capacity is refused before a byte is stored, and its folder.
 */
export const galleryUploadSchema = yup
  .object({
    size: yup.number().typeError('validation.integer').required().integer().min(1).max(Number.MAX_SAFE_INTEGER),
    folderId: id(),
  })
  .noUnknown();

const fileIds = yup
  .array(id().required())
  .required()
  .min(1)
  .max(MAX_GALLERY_BATCH)
  .test('unique', 'validation.invalid', (v) => !v || new Set(v).size === v.length);

export const galleryDeleteSchema = yup.object({ ids: fileIds }).noUnknown();
/** folderId null (or absent) moves the files out of every folder. */
export const galleryMoveSchema = yup.object({ ids: fileIds, folderId: id().nullable() }).noUnknown();
