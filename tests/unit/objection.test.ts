import { ipciOperations, ipciState, isListedForTrade, isPubliclyVerifiable, type IpciStatus } from '../../domain/ipci';
import { mayModifyObjection, newObjectionSchema, OBJECTION_DECISION_CHOICES, OBJECTION_STATES, objectionAnswerSchema, isOpenObjection } from '../../domain/objections';
import { PROCESSES } from '../../domain/processes';
import { objection } from '../../domain/processes/objection';
import { decisionSchema } from '../../domain/tasks';
import { checkInput } from '../../domain/validation/rules';

const FILE = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const valid = {
  ipciId: '66666666-6666-4666-8666-666666666666',
  content: 'Copied from our studio',
  companyName: '山海文化',
  contact: '李四',
  phone: '13900139000',
  email: 'legal@shanhai.example.com',
  attachments: [FILE],
};
const fieldsOf = async (value: unknown) =>
  checkInput(newObjectionSchema, value).then(
    () => [],
    (e: { inner: Array<{ path: string }> }) => [...new Set(e.inner.map((i) => i.path.replace(/\[\d+\]$/, '')))].sort(),
  );

test('the objection model is registered, reaches every step, and nothing leaves a terminal step', () => {
  expect(PROCESSES.objection).toBe(objection);
  const ids = new Set(objection.steps.map((s) => s.id));
  for (const tr of objection.transitions) expect([ids.has(tr.from), ids.has(tr.to)]).toEqual([true, true]);
  for (const t of objection.steps.filter((s) => s.terminal)) expect(objection.transitions.filter((x) => x.from === t.id)).toEqual([]);
  expect(new Set(objection.transitions.map((t) => t.to))).toEqual(new Set([...ids].filter((id) => id !== 'submitted')));
  expect(objection.steps.filter((s) => s.actor === 'staff').map((s) => s.queue)).toEqual(['objection', 'objection']);
});

test('the objection form: every field required, 1 to 9 attachments without repeats, the spec\'s phone and e-mail rules', async () => {
  expect(await fieldsOf(valid)).toEqual([]);
  expect(await fieldsOf({ ipciId: valid.ipciId })).toEqual(['attachments', 'companyName', 'contact', 'content', 'email', 'phone']);
  expect(await fieldsOf({ ...valid, attachments: [] })).toEqual(['attachments']);
  expect(await fieldsOf({ ...valid, attachments: Array.from({ length: 10 }, (_, i) => FILE.replace(/c$/, String(i))) })).toEqual(['attachments']);
  expect(await fieldsOf({ ...valid, attachments: [FILE, FILE] })).toEqual(['attachments']);
  expect(await fieldsOf({ ...valid, phone: '23900139000', email: 'a@b' })).toEqual(['email', 'phone']);
  expect(await fieldsOf({ ...valid, content: { text: 'x' } })).toEqual(['content']);
  // The holder's answer: a statement; files optional.
  await expect(checkInput(objectionAnswerSchema, { statement: 'We hold the sketches.' })).resolves.toEqual({ statement: 'We hold the sketches.', attachments: [] });
  await expect(checkInput(objectionAnswerSchema, { statement: ' ' })).rejects.toThrow();
});

test('states: modifiable until staff decide on the merits, open until decided or withdrawn', () => {
  expect(OBJECTION_STATES.filter(mayModifyObjection)).toEqual(['pendingAudit', 'pendingConfirmation']);
  expect(OBJECTION_STATES.filter(isOpenObjection)).toEqual(['pendingAudit', 'pendingConfirmation', 'underReview']);
});

test('upholding picks the outcome and the public reason category from their lists', () => {
  const schema = decisionSchema({ fields: ['reviewOpinion'], values: Object.keys(OBJECTION_DECISION_CHOICES), choices: OBJECTION_DECISION_CHOICES });
  expect(schema.isValidSync({ outcome: 'approve', reasons: {}, values: { outcome: 'revoke', category: 'forgedMaterials' } })).toBe(true);
  expect(schema.isValidSync({ outcome: 'approve', reasons: {}, values: { outcome: 'burn', category: 'forgedMaterials' } })).toBe(false);
  expect(schema.isValidSync({ outcome: 'approve', reasons: {}, values: { outcome: 'takeDown', category: 'gossip' } })).toBe(false);
  expect(schema.isValidSync({ outcome: 'approve', reasons: {}, values: { outcome: 'takeDown' } })).toBe(false);
  expect(schema.isValidSync({ outcome: 'fail', reasons: { reviewOpinion: 'No evidence' } })).toBe(true);
  expect(schema.isValidSync({ outcome: 'fail', reasons: {} })).toBe(false);
});

test('a staff take-down hides the listing, keeps the certificate verifiable and leaves the owner no trade operation', () => {
  const staff: IpciStatus = { paid: true, invalid: false, takenDown: ['trade'], staffTakenDown: true };
  expect([ipciState(staff), isListedForTrade(staff), isPubliclyVerifiable(staff)]).toEqual(['takenDown', false, true]);
  expect(ipciOperations(staff)).toEqual(['takeDownTitle']);
  expect(ipciOperations({ ...staff, takenDown: ['trade', 'title'] })).toEqual(['relistTitle']);
  expect(ipciOperations({ paid: true, invalid: false, takenDown: ['trade'] })).toEqual(['relistTrade', 'takeDownTitle']);
});
