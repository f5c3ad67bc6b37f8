import { allHandlersFinished, condition, continueAsNew, defineQuery, defineUpdate, setCurrentDetails, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import { MANUFACTURER_FIELDS, MANUFACTURER_REFUSAL_REASONS, type ManufacturerData, type ManufacturerRecheck, type ManufacturerRefusalReason, type ManufacturerState } from '../domain/manufacturers';
import { manufacturerListing as model } from '../domain/processes/manufacturerListing';
import { QUEUE_ROLE, type Actor } from '../domain/tasks';
import { acts } from './lib/activities';
import { humanTask, installTaskHandlers } from './lib/humanTask';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { together } from './lib/together';
import { CaseState, InboxQueue } from './lib/searchAttributes';

export interface ManufacturerListingInput {
  manufacturerId: string;
  /** The applying account: it corrects and resubmits. */
  userId: string;
  /** Tests shorten the review SLA; production leaves it unset. */
  slaOverrideMs?: number;
  /** Rechecks a run takes before it continues as new (tests set a small number). */
  rechecksPerRun?: number;
  /** Set by continue-as-new: the listing goes on from here without a review. */
  resume?: { state: 'listed' | 'suspended'; round: number; rechecks: number };
}

export interface ManufacturerListingStatus {
  state: ManufacturerState;
  round: number;
}

/** The applicant's corrected form after a failed review (checked by the API against manufacturerSchema). */
export const resubmitManufacturer = defineUpdate<{ round: number }, [{ userId: string; data: ManufacturerData }]>('resubmitManufacturer');
/** Staff suspend a listed manufacturer or relist a suspended one, with a reason (admin only). */
export const recheckManufacturer = defineUpdate<{ state: ManufacturerState }, [{ actor: Actor; recheck: ManufacturerRecheck }]>('recheckManufacturer');
export const manufacturerStatus = defineQuery<ManufacturerListingStatus>('manufacturerStatus');

const KIND = model.kind;
const REVIEW = model.steps.find((s) => s.id === 'review')!;
/** A listing lives for years; each recheck adds to its history, so a run hands over after this many. */
const RECHECKS_PER_RUN = 50;

/**
 * A manufacturer's listing (domain/processes/manufacturerListing.ts): review in the directory queue
 * until approved — a failure goes back to the applicant, who corrects and resubmits for the next
 * round — then listed, with no term. While listed, staff suspend and relist on recheck; the
 * workflow stays to take those and continues as new every RECHECKS_PER_RUN rechecks.
 */
export async function manufacturerListing(input: ManufacturerListingInput): Promise<void> {
  const { manufacturerId, userId } = input;
  let state: ManufacturerState = input.resume?.state ?? 'review';
  let round = input.resume?.round ?? 1;
  let awaitingCorrection = false;
  let resubmitted = false;
  let rechecking = false;
  /** Rechecks of this run, and of every run before it (message keys stay unique across runs). */
  let rechecks = 0;
  const earlierRechecks = input.resume?.rechecks ?? 0;

  installTaskHandlers();
  setHandler(manufacturerStatus, () => ({ state, round }));

  const enter = (next: ManufacturerState) => {
    state = next;
    upsertSearchAttributes([{ key: CaseState, value: next }]);
    setCurrentDetails(`Manufacturer ${manufacturerId}, round ${round}: ${next}`);
  };
  const message = (key: string, titleKey: string, params: Record<string, unknown> = {}, bodyKey: string | null = null) =>
    acts.sendManufacturerMessage({ dedupeKey: `${KIND}/${manufacturerId}/${key}`, manufacturerId, titleKey, bodyKey, params });

  setHandler(
    resubmitManufacturer,
    async ({ data }) => {
      awaitingCorrection = false;
      // The failure is written before the applicant may correct it.
      await condition(() => state === 'correction');
      round += 1;
      await acts.saveManufacturerResubmission({ manufacturerId, round, data });
      resubmitted = true;
      return { round };
    },
    {
      validator: ({ userId: caller }) => {
        if (caller !== userId) throw rejection('http.forbidden');
        if (!awaitingCorrection) throw rejection('manufacturer.notCorrectable');
      },
    },
  );

  setHandler(
    recheckManufacturer,
    async ({ actor, recheck }) => {
      rechecking = true;
      rechecks += 1;
      const key = `${recheck.action}/${earlierRechecks + rechecks}`;
      const reasons = { reason: recheck.reason };
      if (recheck.action === 'suspend') {
        await acts.suspendManufacturer({ manufacturerId, reason: recheck.reason });
        enter('suspended');
        await together(
          () => progress(KIND, manufacturerId, { step: 'suspended', status: 'current', actor: 'staff', actorName: actor.name, reasons }),
          () => message(key, 'manufacturerSuspended', reasons),
        );
      } else {
        await acts.relistManufacturer({ manufacturerId });
        enter('listed');
        await together(
          () => progress(KIND, manufacturerId, { step: 'suspended', status: 'done', actor: 'staff', actorName: actor.name, reasons }),
          () => message(key, 'manufacturerRelisted', reasons),
        );
      }
      rechecking = false;
      return { state };
    },
    {
      validator: ({ actor, recheck }) => {
        if (!actor.roles.includes('admin')) throw rejection('http.forbidden');
        const from = recheck.action === 'suspend' ? 'listed' : 'suspended';
        if (rechecking || state !== from) throw rejection('manufacturer.notRecheckable');
      },
    },
  );

  if (!input.resume) {
    enter('review');
    await together(
      () => progress(KIND, manufacturerId, { step: 'applied', status: 'done', actor: 'user' }),
      () => message('applied', 'manufacturerApplied'),
    );

    // Review until approved; a failure waits for the applicant's corrections.
    for (;;) {
      upsertSearchAttributes([{ key: InboxQueue, value: 'directory' }]);
      const { decision, decidedBy } = await humanTask({
        taskId: `${KIND}/${manufacturerId}/review/${round}`,
        queue: 'directory',
        step: 'review',
        caseKind: KIND,
        caseId: manufacturerId,
        subjectUserId: userId,
        candidateRoles: [QUEUE_ROLE.directory],
        slaWorkingDays: REVIEW.slaWorkingDays!,
        fields: MANUFACTURER_FIELDS,
        categories: [...MANUFACTURER_REFUSAL_REASONS],
        slaOverrideMs: input.slaOverrideMs,
      });
      upsertSearchAttributes([{ key: InboxQueue, value: null }]);
      if (decision.outcome === 'approve') {
        await acts.applyManufacturerReview({ manufacturerId, round, failure: null });
        enter('listed');
        await together(
          async () => {
            await progress(KIND, manufacturerId, { step: 'review', status: 'done', actor: 'staff', actorName: decidedBy.name });
            await progress(KIND, manufacturerId, { step: 'listed', status: 'done', actor: 'system' });
          },
          () => message('listed', 'manufacturerListed'),
        );
        break;
      }
      const reason = (decision.category ?? null) as ManufacturerRefusalReason | null;
      awaitingCorrection = true;
      await acts.applyManufacturerReview({ manufacturerId, round, failure: { flags: decision.reasons, reason } });
      enter('correction');
      await together(
        async () => {
          await progress(KIND, manufacturerId, { step: 'review', status: 'failed', actor: 'staff', actorName: decidedBy.name, reasons: decision.reasons });
          await progress(KIND, manufacturerId, { step: 'correction', status: 'current', actor: 'user' });
        },
        () => message(`correction/${round}`, 'manufacturerCorrection', { reason: reason ?? 'other' }, 'manufacturerCorrectionBody'),
      );
      await condition(() => resubmitted);
      resubmitted = false;
      enter('review');
      await progress(KIND, manufacturerId, { step: 'correction', status: 'done', actor: 'user' });
    }
  } else {
    enter(state);
  }

  // Listed (or suspended) from here on: rechecks arrive as updates until this run hands over.
  await condition(() => rechecks >= (input.rechecksPerRun ?? RECHECKS_PER_RUN) && !rechecking && allHandlersFinished());
  await continueAsNew<typeof manufacturerListing>({ ...input, resume: { state: state as 'listed' | 'suspended', round, rechecks: earlierRechecks + rechecks } });
}
