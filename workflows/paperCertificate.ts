import { allHandlersFinished, condition, defineQuery, defineUpdate, setCurrentDetails, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import { PAPER_ADDRESS_FIELDS, PAPER_MAIL_VALUES, type PaperAddress, type PaperState } from '../domain/paperCertificate';
import { paperCertificate as model } from '../domain/processes/paperCertificate';
import { QUEUE_ROLE } from '../domain/tasks';
import { acts } from './lib/activities';
import { humanTask, installTaskHandlers } from './lib/humanTask';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { CaseState, InboxQueue, IpciCode } from './lib/searchAttributes';

export interface PaperCertificateInput {
  paperId: string;
  ipciId: string;
  userId: string;
  code: string;
  /** Tests shorten the fulfilment SLA; production leaves it unset. */
  slaOverrideMs?: number;
}

/** The corrected address arrives here after the API checked it with the domain schema. */
export const correctPaperAddress = defineUpdate<{ round: number }, [{ userId: string; address: PaperAddress }]>('correctPaperAddress');
export const paperState = defineQuery<{ state: PaperState; round: number }>('paperState');

const KIND = model.kind;
const FULFILMENT = model.steps.find((s) => s.id === 'fulfilment')!;

export async function paperCertificate(input: PaperCertificateInput): Promise<PaperState> {
  const { paperId: caseId } = input;
  let state: PaperState = 'requested';
  let round = 1;
  let corrected = false;

  installTaskHandlers();
  setHandler(paperState, () => ({ state, round }));
  setHandler(
    correctPaperAddress,
    async ({ address }) => {
      round += 1;
      state = 'requested';
      await acts.savePaperAddress({ paperId: caseId, round, address });
      corrected = true;
      return { round };
    },
    {
      validator: ({ userId }) => {
        if (userId !== input.userId) throw rejection('http.forbidden');
        if (state !== 'flagged') throw rejection('paper.notAwaitingCorrection');
      },
    },
  );

  const enter = (next: PaperState) => {
    state = next;
    upsertSearchAttributes([
      { key: CaseState, value: next },
      { key: IpciCode, value: input.code },
    ]);
    setCurrentDetails(`Paper certificate of IPCI ${input.code}, round ${round}: ${next}`);
  };

  enter('requested');
  await progress(KIND, caseId, { step: 'request', status: 'done', actor: 'user' });

  for (;;) {
    upsertSearchAttributes([{ key: InboxQueue, value: 'finance' }]);
    const { decision, decidedBy } = await humanTask({
      taskId: `${KIND}/${caseId}/fulfilment/${round}`,
      queue: 'finance',
      step: FULFILMENT.id,
      caseKind: KIND,
      caseId,
      subjectUserId: input.userId,
      candidateRoles: [QUEUE_ROLE.finance],
      slaWorkingDays: FULFILMENT.slaWorkingDays!,
      fields: [...PAPER_ADDRESS_FIELDS],
      values: [...PAPER_MAIL_VALUES],
      slaOverrideMs: input.slaOverrideMs,
    });
    upsertSearchAttributes([{ key: InboxQueue, value: null }]);
    await acts.applyPaperDecision({ paperId: caseId, round, decision });

    if (decision.outcome === 'approve') {
      await progress(KIND, caseId, { step: 'fulfilment', status: 'done', actor: 'staff', actorName: decidedBy.name });
      await progress(KIND, caseId, { step: 'mailed', status: 'done', actor: 'system' });
      await acts.sendMessage({
        dedupeKey: `${KIND}/${caseId}/mailed`,
        userId: input.userId,
        titleKey: 'paperMailed',
        params: { code: input.code, carrier: decision.values!.carrier, trackingNo: decision.values!.trackingNo },
        actionLink: 'usercenter/certificates',
      });
      enter('mailed');
      break;
    }

    // Flagged as soon as the row says so: the user may correct before the timeline and message are written.
    enter('flagged');
    await progress(KIND, caseId, { step: 'fulfilment', status: 'failed', actor: 'staff', actorName: decidedBy.name, reasons: decision.reasons });
    await progress(KIND, caseId, { step: 'correction', status: 'current', actor: 'user' });
    await acts.sendMessage({
      dedupeKey: `${KIND}/${caseId}/flagged/${round}`,
      userId: input.userId,
      titleKey: 'paperAddressFlagged',
      params: { code: input.code },
      actionLink: 'usercenter/certificates',
    });
    await condition(() => corrected);
    corrected = false;
    enter('requested');
    await progress(KIND, caseId, { step: 'correction', status: 'done', actor: 'user' });
  }

  await condition(allHandlersFinished);
  return state;
}
