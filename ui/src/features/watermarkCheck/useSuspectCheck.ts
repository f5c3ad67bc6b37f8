import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, sendFile } from '../../api/client';
import { formatBytes } from '../../../../domain/uploads';
import { MAX_CHECK_IMAGE_BYTES, MAX_CHECK_VIDEO_BYTES, VIDEO_EXTENSIONS, type WatermarkMedia } from '../../../../domain/watermark';

/** What the chosen file looks like to the browser (the API decides by content): a clip or a picture. */
export const mediaOf = (file: File): WatermarkMedia =>
  file.type.startsWith('video/') || VIDEO_EXTENSIONS.some((e) => file.name.toLowerCase().endsWith(`.${e}`)) ? 'video' : 'image';

/**
 * Sends one suspect file to an identification route (`path`) with upload progress. The size goes
 * first, in the query, so the API refuses one too large before reading it; such a file is refused
 * here already, with the API's words.
 */
export function useSuspectCheck<R>(path: string) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Checks answered so far (a list of them reads itself again when it changes). */
  const [answered, setAnswered] = useState(0);

  async function check(chosen: File) {
    setFile(chosen);
    setResult(null);
    setError(null);
    const max = mediaOf(chosen) === 'video' ? MAX_CHECK_VIDEO_BYTES : MAX_CHECK_IMAGE_BYTES;
    if (chosen.size > max) {
      setError(t('watermark.check.tooLarge', { ns: 'errors', max: formatBytes(max) }));
      return;
    }
    setProgress(0);
    try {
      setResult(await sendFile<R>(`${path}?${new URLSearchParams({ size: String(chosen.size) })}`, {}, chosen, (p) => setProgress(p.total ? p.loaded / p.total : 0)));
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : t('http.unavailable', { ns: 'errors' }));
    } finally {
      setProgress(null);
      setAnswered((n) => n + 1);
    }
  }

  return { file, check, progress, result, error, answered };
}
