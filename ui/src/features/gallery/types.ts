/** GET /api/gallery/files items (db/gallery toGalleryFileJson). */
export interface GalleryFile {
  id: string;
  folderId: string | null;
  kind: 'original' | 'watermarked';
  sourceId: string | null;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  watermarkState: string | null;
  createdAt: string;
}

export interface GalleryFilesPage {
  items: GalleryFile[];
  next: string | null;
}

/** Bytes of the user's capacity in force and what the gallery uses of it. */
export interface GalleryCapacity {
  total: number;
  used: number;
  remaining: number;
}

/** GET /api/gallery/folders. */
export interface GalleryFolders {
  folders: Array<{ id: string; name: string; files: number }>;
  unfiled: number;
  total: number;
  capacity: GalleryCapacity;
}

/** Which files the grid shows: all, those in no folder, or one folder's (its id). */
export type FolderView = '' | 'none' | string;
