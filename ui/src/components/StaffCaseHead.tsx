import type { ReactElement, ReactNode } from 'react';
import { WorkflowLink } from './WorkflowLink';

/** A back-office case page's head: the way back on the left, the case's workflow on the right, then the title. */
export function StaffCaseHead({ back, workflowUrl, title }: { back: ReactElement; workflowUrl: string; title: ReactNode }) {
  return (
    <>
      <div className="ipci-toolbar">
        {back}
        <span className="ipci-spacer" />
        <WorkflowLink url={workflowUrl} />
      </div>
      <h2 className="ipci-page-title">{title}</h2>
    </>
  );
}
