import { AnchorButton } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { certificateFileName, signatureFileName } from '../../../../domain/certificate';

export interface CertificateDownloadProps {
  ipciId: string;
  code: string;
  /** The PDF exists (the IPCI list's `certificateGenerated`). */
  generated: boolean;
  small?: boolean;
}

/**
 * The owner's download of an electronic certificate and its detached signature, or the spec's
 * 'The IPCI certificate has not been generated' while the file is being made (spec part 1 §4).
 */
export function CertificateDownload({ ipciId, code, generated, small }: CertificateDownloadProps) {
  const { t } = useTranslation();
  if (!generated) return <span className="ipci-muted">{t('certificate.download.notGenerated')}</span>;
  const size = small ? 'small' : 'medium';
  return (
    <span className="ipci-cert-downloads">
      <AnchorButton size={size} variant="minimal" icon="document" href={`/api/ipcis/${ipciId}/certificate.pdf`} download={certificateFileName(code)} text={t('certificate.download.pdf')} />
      <AnchorButton size={size} variant="minimal" icon="key" href={`/api/ipcis/${ipciId}/certificate.sig`} download={signatureFileName(code)} text={t('certificate.download.sig')} title={t('certificate.download.sigHint')} />
    </span>
  );
}
