import * as yup from 'yup';
import { activeEntries } from '../../../domain/dictionaries';
import { licenceConflicts } from '../../../domain/licences';
import { ENTRUSTED_DECISION_SHAPES, negotiatedTerms, negotiatedValuesSchema, unknownChannels } from '../../../domain/processes/entrustedTrade';
import { licencesInForce } from '../../../db/licences';
import { dictionaryEntries } from '../../../db/dictionaries';
import { toTradeJson, tradeMessages, tradeView } from '../../../db/trades';
import { findUploads, toUploadJson } from '../../../db/uploads';
import { badRequest } from '../../errors';
import type { SubjectSource } from '../taskSubjects';

/**
 * An entrusted (or manual) trade in the trade queue: the buyer's request, the IP and both parties;
 * contacting records a summary, the negotiation's approval gives the agreed licence terms.
 */
export const entrustedTradeSubject: SubjectSource = {
  async subject(k, caseId) {
    const view = await tradeView(k, caseId);
    if (!view || view.mode !== 'entrusted') return null;
    const proposal = typeof view.application.proposal === 'string' && view.application.proposal ? view.application.proposal : null;
    const [messages, uploads, scopes] = await Promise.all([
      tradeMessages(k, view),
      proposal ? findUploads(k, [proposal]) : Promise.resolve([]),
      dictionaryEntries(k, 'rightScope'),
    ]);
    return {
      trade: toTradeJson(view, null),
      messages,
      uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])),
      // The codes staff may type as channels, with their labels.
      rightScopes: activeEntries(scopes),
    };
  },
  async shape(k, caseId) {
    const row = await k('trades').where({ id: caseId }).first('step');
    const shape = row?.step === 'negotiation' ? ENTRUSTED_DECISION_SHAPES.negotiation : ENTRUSTED_DECISION_SHAPES.platformContact;
    return { ...shape, fields: [...shape.fields], values: [...shape.values] };
  },
  /** The negotiated terms parse and name active rightScope codes: 400 on the decision's value fields otherwise. */
  async checkDecision(k, caseId, decision) {
    if (decision.outcome !== 'approve') return;
    const row = await k('trades').where({ id: caseId }).first('step');
    if (row?.step !== 'negotiation') return;
    const values = decision.values ?? {};
    const fields: Record<string, { key: string; params?: Record<string, unknown> }> = {};
    try {
      negotiatedValuesSchema.validateSync(values, { abortEarly: false });
    } catch (err) {
      if (!(err instanceof yup.ValidationError)) throw err;
      for (const e of err.inner.length ? err.inner : [err]) fields[`values.${e.path}`] ??= { key: e.message, params: e.params as Record<string, unknown> };
    }
    if (!fields['values.licenceChannels']) {
      const active = activeEntries(await dictionaryEntries(k, 'rightScope')).map((e) => e.code);
      const unknown = unknownChannels(values, active);
      if (unknown.length) fields['values.licenceChannels'] = { key: 'dictionary.unknownCode', params: { codes: unknown.join(', ') } };
    }
    if (Object.keys(fields).length) throw badRequest(fields);
    // The agreed licence must fit the IP's licences in force (reserved ones too): else staff see whose.
    const trade = await k('trades').where({ id: caseId }).first('ipci_id');
    const conflicts = licenceConflicts(negotiatedTerms(values), await licencesInForce(k, trade.ipci_id));
    if (conflicts.length) {
      const params = { licensees: [...new Set(conflicts.map((c) => c.licensee))].join(', ') };
      throw badRequest({ 'values.licenceChannels': { key: 'entrustedTrade.licenceConflict', params } });
    }
  },
};
