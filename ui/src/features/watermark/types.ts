import type { WatermarkState } from '../../../../domain/watermark';

/** An item of GET /api/watermarks/batches/:id and /api/watermarks/items (db/watermarks toWatermarkItemJson). */
export interface WatermarkItem {
  id: string;
  batchId: string;
  media: 'image' | 'video';
  sourceFileId: string | null;
  name: string;
  copyFileId: string | null;
  state: WatermarkState;
  error: string | null;
  /** The error in the reader's language (the API translates it). */
  errorMessage: string | null;
  fileSize: number | null;
  psnr: number | null;
  credentials: boolean;
  ipci: { id: string; code: string; names: { zh: string; en: string; ja: string } } | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface WatermarkBatch {
  id: string;
  media: 'image' | 'video';
  state: 'running' | 'finished';
  total: number;
  done: number;
  failed: number;
  ipci: WatermarkItem['ipci'];
  createdAt: string;
  finishedAt: string | null;
  items: WatermarkItem[];
}

export interface WatermarkItemPage {
  items: WatermarkItem[];
  next: string | null;
}

/** What the IPCI select needs of GET /api/ipcis rows. */
export interface IpciChoice {
  id: string;
  source: 'ipci' | 'registration';
  code: string | null;
  ipNames: { zh: string; en: string; ja: string };
  state: string;
}

export const downloadUrl = (itemId: string) => `/api/watermarks/items/${encodeURIComponent(itemId)}/download`;
export const thumbnailUrl = (fileId: string) => `/api/gallery/files/${encodeURIComponent(fileId)}/thumbnail`;
