import { insertObjection } from '../../db/objections';
import { insertTrade } from '../../db/trades';
import { UPLOAD_GRANTS } from '../../db/uploadGrants';
import { listedIp } from '../support/catalogue';
import { Caller, closeTestDb, DEMO, PDF, signedIn, testDb } from '../support/http';

/*
 * GET /api/uploads/:id beside the owner and staff: the other party of a case whose form references the
 * upload (db/uploadGrants.ts). Cases are written as their routes write them; no workflow is needed.
 */

afterAll(closeTestDb);

const status = async (caller: Caller, uploadId: string) => (await caller.get(`/api/uploads/${uploadId}`)).status;

test("a trade's seller reads the buyer's proposal (self-service and entrusted); the buyer and staff still do; nobody else", async () => {
  const [seller, buyer, stranger] = [await signedIn('personal'), await signedIn('personal'), await signedIn('personal')];
  const reviewer = await new Caller().login(...DEMO.reviewer);
  const ip = await listedIp(seller.user.id);
  const upload = async () => (await buyer.caller.upload('proof', PDF, 'plan.pdf')).body.id as string;
  const [selfService, entrusted, unused] = [await upload(), await upload(), await upload()];
  for (const [mode, proposal] of [['selfService', selfService], ['entrusted', entrusted]] as const) {
    const row = await insertTrade(testDb(), { mode, ipciId: ip.id, buyerId: buyer.user.id, sellerId: seller.user.id, step: 'sellerDecision', application: { ipciId: ip.id, proposal } });
    if (row === 'alreadyOpen') throw new Error('already open');
    // The detail names the file the page links to.
    expect((await seller.caller.get(`/api/trades/${row.id}`)).body.uploads).toEqual({ [proposal]: expect.objectContaining({ id: proposal, originalName: 'plan.pdf', mime: 'application/pdf' }) });
  }

  for (const proposal of [selfService, entrusted]) {
    const r = await seller.caller.get(`/api/uploads/${proposal}`);
    expect(r.status).toBe(200);
    expect(String(r.body).startsWith('%PDF-')).toBe(true);
    expect(await status(buyer.caller, proposal)).toBe(200);
    expect(await status(reviewer, proposal)).toBe(200);
    expect(await status(stranger.caller, proposal)).toBe(404);
  }
  // A file of the buyer's that no trade with this seller names stays the buyer's.
  expect(await status(seller.caller, unused)).toBe(404);
  // The seller's own files are not the buyer's through the trade either.
  const sellers = (await seller.caller.upload('proof', PDF, 'mine.pdf')).body.id as string;
  expect(await status(buyer.caller, sellers)).toBe(404);
});

test("an objection: the holder reads the objector's evidence once admitted, the objector the holder's answer files; nobody else", async () => {
  const [holder, objector, stranger] = [await signedIn('personal'), await signedIn('personal'), await signedIn('personal')];
  const ip = await listedIp(holder.user.id);
  const evidence = (await objector.caller.upload('evidence', PDF, 'proof.pdf')).body.id as string;
  const answerFile = (await holder.caller.upload('evidence', PDF, 'answer.pdf')).body.id as string;
  const row = await insertObjection(testDb(), ip.id, objector.user.id, {
    content: 'This pattern is ours',
    companyName: 'Objector Ltd',
    contact: 'Wang Wu',
    phone: '13800138000',
    email: 'wang@example.com',
    attachments: [evidence],
  });

  // Before the audit admits it, the holder does not know of it, nor of its files.
  expect(await status(holder.caller, evidence)).toBe(404);
  await testDb()('objections').where({ id: row.id }).update({ state: 'pendingConfirmation', answer_due_at: new Date(Date.now() + 86_400_000) });
  expect(await status(holder.caller, evidence)).toBe(200);
  expect(await status(objector.caller, evidence)).toBe(200);

  expect(await status(objector.caller, answerFile)).toBe(404);
  await testDb()('objections')
    .where({ id: row.id })
    .update({ holder_answer: JSON.stringify({ statement: 'Registered first', attachments: [answerFile], answeredAt: new Date().toISOString() }) });
  expect(await status(objector.caller, answerFile)).toBe(200);
  expect(await status(holder.caller, answerFile)).toBe(200);

  for (const file of [evidence, answerFile]) expect(await status(stranger.caller, file)).toBe(404);
  // Removed from the objector's list: its files go with it.
  await testDb()('objections').where({ id: row.id }).update({ deleted_at: new Date() });
  expect(await status(objector.caller, answerFile)).toBe(404);
});

test('each grant is an index lookup, never a table scan', async () => {
  const k = testDb();
  const plans: Record<string, string> = {};
  for (const [grant, query] of Object.entries(UPLOAD_GRANTS)) {
    const sql = query(k, '00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001').toString();
    plans[grant] = await k.transaction(async (trx): Promise<string> => {
      await trx.raw('set local enable_seqscan = off');
      const plan = await trx.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(`explain ${sql}`);
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  for (const [grant, plan] of Object.entries(plans)) expect([grant, plan]).toEqual([grant, expect.not.stringContaining('Seq Scan')]);
  // The trades' only way from a proposal to its trade (the party indexes are partial: a hidden trade's seller still reads it).
  expect(plans.tradeProposal).toContain('trades_proposal');
});
