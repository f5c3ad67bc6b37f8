import { AnchorButton } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Staff's way from a case to its workflow in the Temporal UI (a new tab, so the case page stays). */
export function WorkflowLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return <AnchorButton href={url} target="_blank" rel="noreferrer" icon="flow-branch" endIcon="share" variant="outlined" text={t('timeline.viewInTemporal')} />;
}
