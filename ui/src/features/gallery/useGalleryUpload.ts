import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, sendFile } from '../../api/client';
import { formatCapacity } from '../../../../domain/capacity';
import type { GalleryCapacity, GalleryFile } from './types';

interface Progress {
  index: number;
  count: number;
  /** 0–1 over the whole batch, by bytes. */
  share: number;
}

/**
 * Uploads pictures into the gallery one after the other with one progress over the batch. Each
 * request names the file's size first (the API refuses one past the capacity left before reading
 * it); a batch that cannot fit is refused here already, with the same numbers the API would give.
 */
export function useGalleryUpload(capacity: GalleryCapacity | undefined, folderId: string | null, onUploaded: (file: GalleryFile, capacity: GalleryCapacity) => void) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);

  function refusal(files: File[]): string | null {
    if (!capacity) return null;
    if (capacity.total === 0) return t('gallery.noCapacity', { ns: 'errors' });
    const needed = files.reduce((n, f) => n + f.size, 0);
    return needed > capacity.remaining ? t('gallery.capacityExceeded', { ns: 'errors', needed: formatCapacity(needed), remaining: formatCapacity(capacity.remaining) }) : null;
  }

  async function upload(files: File[]): Promise<number> {
    if (!files.length) return 0;
    const refused = refusal(files);
    setError(refused);
    if (refused) return 0;
    const total = files.reduce((n, f) => n + f.size, 0) || 1;
    let done = 0;
    let sent = 0;
    try {
      for (const [i, file] of files.entries()) {
        setProgress({ index: i + 1, count: files.length, share: done / total });
        const query = new URLSearchParams({ size: String(file.size), ...(folderId ? { folderId } : {}) });
        const r = await sendFile<{ file: GalleryFile; capacity: GalleryCapacity }>(`/api/gallery/files?${query}`, {}, file, (p) =>
          setProgress({ index: i + 1, count: files.length, share: (done + (p.total ? (p.loaded / p.total) * file.size : 0)) / total }),
        );
        done += file.size;
        sent += 1;
        onUploaded(r.file, r.capacity);
      }
    } catch (e) {
      const message = e instanceof ApiError && e.message ? e.message : t('http.unavailable', { ns: 'errors' });
      setError(files.length > 1 ? `${files[sent]?.name}: ${message}` : message);
    } finally {
      setProgress(null);
    }
    return sent;
  }

  return { upload, progress, error, clearError: () => setError(null) };
}
