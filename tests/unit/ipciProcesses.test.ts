import { PROCESSES, stepStates } from '../../domain/processes';
import { ipciLifecycle } from '../../domain/processes/ipciLifecycle';
import { paperCertificate } from '../../domain/processes/paperCertificate';
import { PAPER_FULFILMENT_WORKING_DAYS } from '../../domain/paperCertificate';

describe.each([ipciLifecycle, paperCertificate])('$kind process model', (model) => {
  test('is registered, joins known steps, has no way out of a terminal, reaches every step', () => {
    expect(PROCESSES[model.kind]).toBe(model);
    const ids = new Set(model.steps.map((s) => s.id));
    for (const tr of model.transitions) expect([ids.has(tr.from), ids.has(tr.to)]).toEqual([true, true]);
    for (const t of model.steps.filter((s) => s.terminal)) expect(model.transitions.filter((x) => x.from === t.id)).toEqual([]);
    const seen = new Set([model.steps[0].id]);
    for (let changed = true; changed; ) {
      changed = false;
      for (const tr of model.transitions) if (seen.has(tr.from) && !seen.has(tr.to)) changed = seen.add(tr.to).size > 0;
    }
    expect([...seen].sort()).toEqual([...ids].sort());
  });
});

test('a take-down step is current while it stands and done once relisted', () => {
  const events = [
    { step: 'issued', status: 'done' as const },
    { step: 'published', status: 'done' as const },
    { step: 'tradeTakeDown', status: 'current' as const },
    { step: 'titleTakeDown', status: 'current' as const },
    { step: 'tradeTakeDown', status: 'done' as const },
  ];
  expect(stepStates(ipciLifecycle, events)).toEqual({ issued: 'done', published: 'done', tradeTakeDown: 'done', titleTakeDown: 'current', staffTakeDown: 'pending', invalid: 'pending' });
});

test('paper fulfilment is worked by finance within its SLA', () => {
  expect(paperCertificate.steps.find((s) => s.id === 'fulfilment')).toMatchObject({ actor: 'staff', queue: 'finance', slaWorkingDays: PAPER_FULFILMENT_WORKING_DAYS });
});
