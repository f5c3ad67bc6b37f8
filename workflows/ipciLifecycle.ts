import { allHandlersFinished, condition, continueAsNew, defineQuery, defineUpdate, setCurrentDetails, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { ipciOperations, ipciState, type IpciOperation, type IpciState, type IpciStatus, type TakeDownKind } from '../domain/ipci';
import { STAFF_REASON_MAX } from '../domain/ipInformation';
import { OBJECTION_REASON_CATEGORIES, type ObjectionReasonCategory } from '../domain/objections';
import { ipciLifecycle as model } from '../domain/processes/ipciLifecycle';
import { acts } from './lib/activities';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { CaseState, IpciCode } from './lib/searchAttributes';

export interface IpciLifecycleInput {
  ipciId: string;
  userId: string;
  code: string;
  /** Carried over by continueAsNew (the listing is published already); unset on the first run. */
  status?: IpciStatus;
  /** Tests continue as new sooner; production uses OPERATIONS_PER_RUN. */
  operationsPerRun?: number;
}

export interface IpciLifecycleView {
  state: IpciState;
  operations: IpciOperation[];
}

export const takeDownIpci = defineUpdate<IpciLifecycleView, [{ userId: string; kind: TakeDownKind }]>('takeDownIpci');
export const relistIpci = defineUpdate<IpciLifecycleView, [{ userId: string; kind: TakeDownKind }]>('relistIpci');
/** For objection handling: an upheld objection revokes the certificate, naming its public reason category. */
export const revokeIpci = defineUpdate<IpciLifecycleView, [{ reason: string; category?: ObjectionReasonCategory }]>('revokeIpci');
/**
 * Staff (back office IP information, or an upheld objection) take the listing down with a reason, and
 * relist it. Like the owner's trade take-down the certificate stays verifiable; the owner cannot relist it.
 */
export const staffTakeDownIpci = defineUpdate<IpciLifecycleView, [{ reason: string; staffName: string }]>('staffTakeDownIpci');
export const staffRelistIpci = defineUpdate<IpciLifecycleView, [{ staffName: string }]>('staffRelistIpci');
export const ipciStatus = defineQuery<IpciLifecycleView>('ipciStatus');

const KIND = model.kind;
/**
 * The workflow lives as long as the certificate (years): after this many take-downs and relists it
 * continues as new with a fresh history, well before Temporal suggests it.
 */
export const OPERATIONS_PER_RUN = 200;

const operationOf = (action: 'takeDown' | 'relist', kind: TakeDownKind): IpciOperation => `${action}${kind === 'trade' ? 'Trade' : 'Title'}`;

/** An IPCI as issued: paid, valid, listed. */
const FRESH: IpciStatus = { paid: true, invalid: false, takenDown: [] };

export async function ipciLifecycle(input: IpciLifecycleInput): Promise<IpciState> {
  const { ipciId: caseId } = input;
  // Handlers are installed before the first await, so an Update sent right after a start (or a
  // continue-as-new) is never refused for want of a handler. Until the first run has read the
  // certificate, validators judge it as issued and handlers wait for the facts.
  let status: IpciStatus | null = input.status ?? null;
  const known = () => status ?? FRESH;
  let operations = 0;
  const perRun = input.operationsPerRun ?? OPERATIONS_PER_RUN;
  let invalidating = false;

  const view = (): IpciLifecycleView => ({ state: ipciState(known()), operations: ipciOperations(known()) });
  const show = () => {
    const s = known();
    upsertSearchAttributes([
      { key: CaseState, value: ipciState(s) },
      { key: IpciCode, value: input.code },
    ]);
    setCurrentDetails(`IPCI ${input.code}: ${ipciState(s)}${s.takenDown.length ? ` (taken down: ${s.takenDown.join(', ')})` : ''}`);
  };
  const loaded = async (): Promise<IpciStatus> => {
    await condition(() => status !== null);
    return status!;
  };

  const invalidateFor = async (reason: 'expired' | 'revoked', detail?: string, category?: ObjectionReasonCategory) => {
    invalidating = true;
    const s = await loaded();
    await acts.invalidateIpci({ ipciId: caseId, reason, category: category ?? null });
    s.invalid = true;
    show();
    await progress(KIND, caseId, { step: 'invalid', status: 'done', actor: 'system', reasons: detail ? { revocation: detail } : null });
    await acts.sendMessage({
      dedupeKey: `ipci/${caseId}/invalid`,
      userId: input.userId,
      titleKey: reason === 'expired' ? 'ipciExpired' : 'ipciRevoked',
      params: category ? { code: input.code, category } : { code: input.code },
      bodyKey: category ? 'ipciRevokedCategory' : null,
      actionLink: 'usercenter/certificates',
    });
  };

  const allowed = (s: IpciStatus, action: 'takeDown' | 'relist', kind: TakeDownKind) => !invalidating && ipciOperations(s).includes(operationOf(action, kind));
  const guard =
    (action: 'takeDown' | 'relist') =>
    ({ userId, kind }: { userId: string; kind: TakeDownKind }) => {
      if (userId !== input.userId) throw rejection('http.forbidden');
      if (!allowed(known(), action, kind)) throw rejection('ipci.operationNotAllowed');
    };
  const change = (action: 'takeDown' | 'relist') => async ({ kind }: { userId: string; kind: TakeDownKind }) => {
    const s = await loaded();
    if (!allowed(s, action, kind)) throw rejection('ipci.operationNotAllowed');
    const takenDown = action === 'takeDown';
    s.takenDown = takenDown ? [...s.takenDown, kind] : s.takenDown.filter((k) => k !== kind);
    operations += 1;
    await acts.setIpciTakeDown({ ipciId: caseId, kind, takenDown });
    show();
    await progress(KIND, caseId, { step: `${kind}TakeDown`, status: takenDown ? 'current' : 'done', actor: 'user' });
    return view();
  };

  setHandler(ipciStatus, view);
  setHandler(takeDownIpci, change('takeDown'), { validator: guard('takeDown') });
  setHandler(relistIpci, change('relist'), { validator: guard('relist') });
  setHandler(
    revokeIpci,
    async ({ reason, category }) => {
      await invalidateFor('revoked', reason, category);
      return view();
    },
    {
      validator: ({ reason, category }) => {
        if (typeof reason !== 'string' || !reason.trim()) throw rejection('validation.required');
        if (category !== undefined && !OBJECTION_REASON_CATEGORIES.includes(category)) throw rejection('validation.invalid');
        if (invalidating || known().invalid) throw rejection('ipci.alreadyInvalid');
      },
    },
  );

  const staffMay = (takeDown: boolean) => !invalidating && !known().invalid && Boolean(known().staffTakenDown) !== takeDown;
  const staffChange = async (takeDown: { reason: string; staffName: string } | null, staffName: string) => {
    const s = await loaded();
    if (!staffMay(Boolean(takeDown))) throw rejection('ipci.operationNotAllowed');
    operations += 1;
    const at = new Date().toISOString();
    const next = await acts.setIpciStaffTakeDown({ ipciId: caseId, takeDown: takeDown && { ...takeDown, at } });
    s.takenDown = next.takenDown;
    if (next.staffTakenDown) s.staffTakenDown = true;
    else delete s.staffTakenDown;
    show();
    await progress(KIND, caseId, {
      step: 'staffTakeDown',
      status: takeDown ? 'current' : 'done',
      actor: 'staff',
      actorName: staffName,
      reasons: takeDown && { takeDown: takeDown.reason },
    });
    await acts.sendMessage({
      dedupeKey: `ipci/${caseId}/staff/${at}`,
      userId: input.userId,
      titleKey: takeDown ? 'ipciStaffTakenDown' : 'ipciStaffRelisted',
      params: takeDown ? { code: input.code, reason: takeDown.reason } : { code: input.code },
      actionLink: 'usercenter/certificates',
    });
    return view();
  };
  const staffName = (name: unknown) => {
    if (typeof name !== 'string' || !name.trim()) throw rejection('validation.required');
  };
  setHandler(staffTakeDownIpci, ({ reason, staffName: name }) => staffChange({ reason, staffName: name }, name), {
    validator: ({ reason, staffName: name }) => {
      staffName(name);
      if (typeof reason !== 'string' || !reason.trim() || reason.length > STAFF_REASON_MAX) throw rejection('validation.required');
      if (!staffMay(true)) throw rejection('ipci.operationNotAllowed');
    },
  });
  setHandler(staffRelistIpci, ({ staffName: name }) => staffChange(null, name), {
    validator: ({ staffName: name }) => {
      staffName(name);
      if (!staffMay(false)) throw rejection('ipci.operationNotAllowed');
    },
  });

  const facts = await acts.ipciFacts({ ipciId: caseId });
  status ??= facts.status;
  show();
  if (!input.status) {
    await progress(KIND, caseId, { step: 'issued', status: 'done', actor: 'system' });
    await acts.publishListing({ ipciId: caseId });
    await progress(KIND, caseId, { step: 'published', status: 'done', actor: 'system' });
  }

  while (!status.invalid && !invalidating) {
    const remaining = facts.expiresAt === null ? undefined : Date.parse(facts.expiresAt) - Date.now();
    if (remaining !== undefined && remaining <= 0) {
      await invalidateFor('expired');
      break;
    }
    // Wakes on revocation, on expiry (the timer), or when the history should start afresh.
    await condition(() => invalidating || status!.invalid || operations >= perRun || workflowInfo().continueAsNewSuggested, remaining);
    if (invalidating || status.invalid) break;
    if (operations >= perRun || workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof ipciLifecycle>({ ...input, status });
    }
  }

  await condition(allHandlersFinished);
  return ipciState(status);
}
