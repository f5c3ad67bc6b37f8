import { ParentClosePolicy, setCurrentDetails, startChild, upsertSearchAttributes } from '@temporalio/workflow';
import { TORT_DISMISS_REASONS, TORT_REVIEW_WORKING_DAYS } from '../domain/monitoring';
import type { TortReportState } from '../domain/monitoringAdmin';
import { tortReport as model } from '../domain/processes/tortReport';
import { PROTECTION_FIELDS } from '../domain/protection';
import { QUEUE_ROLE } from '../domain/tasks';
import { acts } from './lib/activities';
import { humanTask, installTaskHandlers } from './lib/humanTask';
import { progress } from './lib/progress';
import { protectionCaseStart } from './lib/protectionCaseStart';
import { CaseState, InboxQueue } from './lib/searchAttributes';
import { protectionCase } from './protectionCase';

export interface TortReportInput {
  reportId: string;
  suspectId: string;
  userId: string;
  /** The suspected-infringement number (ST…), for messages and operators. */
  number: string;
  /** Tests shorten the staff SLAs (the review's, and the protection case's it starts); production leaves them unset. */
  slaOverrideMs?: number;
  protectionSlaOverrideMs?: number;
}

/** What a dismissal may flag: the evidence itself, or a field of the application. */
export const TORT_REVIEW_FIELDS = ['evidence', ...PROTECTION_FIELDS];

const KIND = model.kind;

/**
 * A reported suspected infringement (domain/processes/tortReport): staff review the evidence and the
 * prefilled application in the `tort` queue; confirmed, the application becomes a protection case
 * started as this workflow's child (the case's own workflow, abandoned to run on when this one ends,
 * with the same options the protection form's cases start with); dismissed, the user is told why.
 */
export async function tortReport(input: TortReportInput): Promise<TortReportState> {
  const { reportId, suspectId, userId, number } = input;
  const suspectLink = `usercenter/suspecttort/${suspectId}`;
  const enter = (state: TortReportState) => {
    upsertSearchAttributes([{ key: CaseState, value: state }]);
    setCurrentDetails(`Report of suspected infringement ${number}: ${state}`);
  };

  installTaskHandlers();
  enter('review');
  await progress(KIND, reportId, { step: 'reported', status: 'done', actor: 'user' });
  await acts.sendMessage({ dedupeKey: `${KIND}/${reportId}/submitted`, userId, titleKey: 'tortReportSubmitted', params: { number }, actionLink: suspectLink });

  upsertSearchAttributes([{ key: InboxQueue, value: 'tort' }]);
  const { decision, decidedBy } = await humanTask({
    taskId: `${KIND}/${reportId}/review`,
    queue: 'tort',
    step: 'review',
    caseKind: KIND,
    caseId: reportId,
    subjectUserId: userId,
    candidateRoles: [QUEUE_ROLE.tort],
    slaWorkingDays: TORT_REVIEW_WORKING_DAYS,
    slaOverrideMs: input.slaOverrideMs,
    fields: TORT_REVIEW_FIELDS,
    categories: [...TORT_DISMISS_REASONS],
  });
  upsertSearchAttributes([{ key: InboxQueue, value: null }]);

  if (decision.outcome === 'fail') {
    const reason = decision.category!;
    await acts.dismissTortReport({ reportId, reason, comment: decision.comment });
    enter('dismissed');
    await progress(KIND, reportId, { step: 'review', status: 'failed', actor: 'staff', actorName: decidedBy.name, reasons: { ...decision.reasons, category: reason } });
    await progress(KIND, reportId, { step: 'dismissed', status: 'done', actor: 'system', reasons: { category: reason } });
    await acts.sendMessage({
      dedupeKey: `${KIND}/${reportId}/dismissed`,
      userId,
      titleKey: 'tortReportDismissed',
      params: { number, reason, comment: decision.comment },
      bodyKey: 'tortReportDismissReason',
      actionLink: suspectLink,
    });
    return 'dismissed';
  }

  const started = await acts.confirmTortReport({ reportId });
  await progress(KIND, reportId, { step: 'review', status: 'done', actor: 'staff', actorName: decidedBy.name });
  await startChild(protectionCase, {
    ...protectionCaseStart({ ...started, slaOverrideMs: input.protectionSlaOverrideMs }),
    // The case outlives the report: its acceptance and processing take weeks, the report is done.
    parentClosePolicy: ParentClosePolicy.ABANDON,
  });
  enter('caseStarted');
  // The case's own page is linked from the suspect and the report; an id on the timeline says nothing to the user.
  await progress(KIND, reportId, { step: 'caseStarted', status: 'done', actor: 'system' });
  await acts.sendMessage({
    dedupeKey: `${KIND}/${reportId}/confirmed`,
    userId,
    titleKey: 'tortReportConfirmed',
    params: { number },
    actionLink: `usercenter/protectdetail/${started.caseId}`,
  });
  return 'caseStarted';
}
