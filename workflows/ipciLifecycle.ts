import { allHandlersFinished, condition, continueAsNew, defineQuery, defineUpdate, setCurrentDetails, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { ipciOperations, ipciState, type IpciOperation, type IpciState, type IpciStatus, type TakeDownKind } from '../domain/ipci';
import { ipciLifecycle as model } from '../domain/processes/ipciLifecycle';
import { acts } from './lib/activities';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { CaseState, IpciCode } from './lib/searchAttributes';

export interface IpciLifecycleInput {
  ipciId: string;
  userId: string;
  code: string;
  /** Set by continueAsNew: the listing is already published. */
  continued?: boolean;
}

export interface IpciLifecycleView {
  state: IpciState;
  operations: IpciOperation[];
}

export const takeDownIpci = defineUpdate<IpciLifecycleView, [{ userId: string; kind: TakeDownKind }]>('takeDownIpci');
export const relistIpci = defineUpdate<IpciLifecycleView, [{ userId: string; kind: TakeDownKind }]>('relistIpci');
/** For objection handling: an upheld objection revokes the certificate. */
export const revokeIpci = defineUpdate<IpciLifecycleView, [{ reason: string }]>('revokeIpci');
export const ipciStatus = defineQuery<IpciLifecycleView>('ipciStatus');

const KIND = model.kind;
/**
 * The workflow lives as long as the certificate (years): after this many take-downs and relists it
 * continues as new with a fresh history, well before Temporal suggests it.
 */
export const OPERATIONS_PER_RUN = 200;

const operationOf = (action: 'takeDown' | 'relist', kind: TakeDownKind): IpciOperation => `${action}${kind === 'trade' ? 'Trade' : 'Title'}`;

export async function ipciLifecycle(input: IpciLifecycleInput): Promise<IpciState> {
  const { ipciId: caseId } = input;
  const facts = await acts.ipciFacts({ ipciId: caseId });
  const status: IpciStatus = facts.status;
  let operations = 0;
  let invalidating = false;

  const view = (): IpciLifecycleView => ({ state: ipciState(status), operations: ipciOperations(status) });
  const show = () => {
    const state = ipciState(status);
    upsertSearchAttributes([
      { key: CaseState, value: state },
      { key: IpciCode, value: input.code },
    ]);
    setCurrentDetails(`IPCI ${input.code}: ${state}${status.takenDown.length ? ` (taken down: ${status.takenDown.join(', ')})` : ''}`);
  };

  const invalidateFor = async (reason: 'expired' | 'revoked', detail?: string) => {
    invalidating = true;
    await acts.invalidateIpci({ ipciId: caseId, reason });
    status.invalid = true;
    show();
    await progress(KIND, caseId, { step: 'invalid', status: 'done', actor: 'system', reasons: detail ? { revocation: detail } : null });
    await acts.sendMessage({
      dedupeKey: `ipci/${caseId}/invalid`,
      userId: input.userId,
      titleKey: reason === 'expired' ? 'ipciExpired' : 'ipciRevoked',
      params: { code: input.code },
      actionLink: 'usercenter/certificates',
    });
  };

  const guard = (action: 'takeDown' | 'relist') => ({ userId, kind }: { userId: string; kind: TakeDownKind }) => {
    if (userId !== input.userId) throw rejection('http.forbidden');
    if (invalidating || !ipciOperations(status).includes(operationOf(action, kind))) throw rejection('ipci.operationNotAllowed');
  };

  setHandler(ipciStatus, view);
  setHandler(
    takeDownIpci,
    async ({ kind }) => {
      status.takenDown = [...status.takenDown, kind];
      operations += 1;
      await acts.setIpciTakeDown({ ipciId: caseId, kind, takenDown: true });
      show();
      await progress(KIND, caseId, { step: `${kind}TakeDown`, status: 'current', actor: 'user' });
      return view();
    },
    { validator: guard('takeDown') },
  );
  setHandler(
    relistIpci,
    async ({ kind }) => {
      status.takenDown = status.takenDown.filter((k) => k !== kind);
      operations += 1;
      await acts.setIpciTakeDown({ ipciId: caseId, kind, takenDown: false });
      show();
      await progress(KIND, caseId, { step: `${kind}TakeDown`, status: 'done', actor: 'user' });
      return view();
    },
    { validator: guard('relist') },
  );
  setHandler(
    revokeIpci,
    async ({ reason }) => {
      await invalidateFor('revoked', reason);
      return view();
    },
    {
      validator: ({ reason }) => {
        if (typeof reason !== 'string' || !reason.trim()) throw rejection('validation.required');
        if (invalidating || status.invalid) throw rejection('ipci.alreadyInvalid');
      },
    },
  );

  show();
  if (!input.continued) {
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
    await condition(() => invalidating || status.invalid || operations >= OPERATIONS_PER_RUN || workflowInfo().continueAsNewSuggested, remaining);
    if (invalidating || status.invalid) break;
    if (operations >= OPERATIONS_PER_RUN || workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof ipciLifecycle>({ ...input, continued: true });
    }
  }

  await condition(allHandlersFinished);
  return ipciState(status);
}
