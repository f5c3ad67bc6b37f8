import type { UploadMap } from '../api/types';
import { UploadPreview } from './UploadPreview';

/** A case's files (evidence, attachments of an answer or an update), each previewed, wrapping on a phone. */
export function Attachments({ ids, uploads }: { ids: readonly string[]; uploads: UploadMap }) {
  return (
    <div className="ipci-attachments">
      {ids.map((id) => (
        <UploadPreview key={id} id={id} meta={uploads[id]} />
      ))}
    </div>
  );
}
