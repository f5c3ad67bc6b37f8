import { IPCI_KINDS } from '../../domain/ipci';
import {
  actualAmount,
  CURRENCY,
  formatYuan,
  isWithinSelfServiceCap,
  MAX_AMOUNT_FEN,
  parseYuan,
  SELF_SERVICE_TRADE_CAP_FEN,
  yuanAmount,
} from '../../domain/money';
import {
  billState,
  canStartPayment,
  createCertificationOrderSchema,
  DEFAULT_FEE_TABLE,
  displayActualAmount,
  feeTableSchema,
  financeDecisionSchema,
  isPaidState,
  isRemittanceProofType,
  judgeGatewayCallback,
  makeOrderNumber,
  ORDER_NUMBER_PATTERN,
  ORDER_STATE,
  ORDER_STATES,
  paymentDeadline,
  payMethodSchema,
  REMITTANCE_FIELDS,
  remittanceSchema,
  UNPAID_ORDER_TIMEOUT_MS,
} from '../../domain/orders';
import { PROCESSES } from '../../domain/processes';
import { orderPayment } from '../../domain/processes/orderPayment';

const UUID = '6f1c2f5e-8b7e-4c1a-9d1e-2b3c4d5e6f70';

/** The message keys of a failed validation, by path. */
async function errorsOf(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown, context: object = {}) {
  try {
    await schema.validate(value, { abortEarly: false, context });
    return {};
  } catch (e) {
    const err = e as { inner: Array<{ path: string; message: string; params?: Record<string, unknown> }> };
    return Object.fromEntries(err.inner.map((i) => [i.path, i.message]));
  }
}

describe('money in fen (domain/money.ts)', () => {
  test('0.1 + 0.2 is exactly 0.30 in fen', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const sum = parseYuan('0.1')! + parseYuan('0.2')!;
    expect(sum).toBe(30);
    expect(sum).toBe(parseYuan('0.3'));
    expect(formatYuan(sum)).toBe('0.30');
    expect(parseYuan(0.1)! + parseYuan(0.2)!).toBe(30);
  });

  test.each([
    ['0', 0],
    ['0.00', 0],
    ['1', 100],
    ['1.', 100],
    ['1.5', 150],
    ['1.05', 105],
    [' 1000.00 ', 100000],
    ['100000.00', 10_000_000],
    [19.99, 1999],
    [1e8, MAX_AMOUNT_FEN],
  ])('parses %p as %p fen', (input, fen) => {
    expect(parseYuan(input)).toBe(fen);
  });

  test.each(['', ' ', '1.001', '100.005', '-1', '+1', '1e3', '1,000.00', '.5', 'abc', '¥10', '１０'])('refuses %p', (input) => {
    expect(parseYuan(input)).toBeNull();
  });

  test('refuses more than 2 decimals, non-finite numbers and anything over the ceiling', () => {
    expect(parseYuan(100.005)).toBeNull();
    expect(parseYuan(Number.NaN)).toBeNull();
    expect(parseYuan(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseYuan(-0.5)).toBeNull();
    expect(parseYuan('100000000.01')).toBeNull();
    expect(parseYuan('100000000.00')).toBe(MAX_AMOUNT_FEN);
  });

  test('formats with exactly two decimals (spec part 2 §3)', () => {
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(1)).toBe('0.01');
    expect(formatYuan(10)).toBe('0.10');
    expect(formatYuan(100)).toBe('1.00');
    expect(formatYuan(123450)).toBe('1234.50');
    expect(formatYuan(-5)).toBe('-0.05');
    expect(() => formatYuan(1.5)).toThrow(RangeError);
    for (const fen of [0, 1, 99, 100, 101, 123456789]) expect(parseYuan(formatYuan(fen))).toBe(fen);
  });

  test('actual amount = amount − preferentialAmount, never below 0', () => {
    expect(actualAmount(100000, 0)).toBe(100000);
    expect(actualAmount(100000, 30000)).toBe(70000);
    expect(actualAmount(100000, 100000)).toBe(0);
    expect(actualAmount(100000, 100001)).toBe(0);
  });

  test('self-service trade cap: 100,000.00 yuan per transaction (spec part 1 §5, §9)', () => {
    expect(CURRENCY).toBe('CNY');
    expect(SELF_SERVICE_TRADE_CAP_FEN).toBe(parseYuan('100000.00'));
    expect(isWithinSelfServiceCap(parseYuan('100000.00')!)).toBe(true);
    expect(isWithinSelfServiceCap(parseYuan('100000.01')!)).toBe(false);
  });

  test('the yup field casts yuan text to fen and reports bounds in yuan', async () => {
    const schema = yuanAmount({ min: 1, max: SELF_SERVICE_TRADE_CAP_FEN }).required();
    await expect(schema.validate('12.30')).resolves.toBe(1230);
    await expect(schema.validate(12.3)).resolves.toBe(1230);
    await expect(schema.validate('0.01')).resolves.toBe(1);
    await expect(schema.validate('100000.00')).resolves.toBe(SELF_SERVICE_TRADE_CAP_FEN);
    await expect(schema.validate('12.345')).rejects.toThrow('money.format');
    await expect(schema.validate(true)).rejects.toThrow('money.format');
    await expect(schema.validate('')).rejects.toThrow('validation.required');
    await expect(schema.validate('0.00')).rejects.toMatchObject({ message: 'money.min', params: expect.objectContaining({ min: '0.01' }) });
    await expect(schema.validate('100000.01')).rejects.toMatchObject({ message: 'money.max', params: expect.objectContaining({ max: '100000.00' }) });
  });
});

describe('order states and bills (spec part 2 §3–§4)', () => {
  test('orderState 1 and 2 count as paid, nothing else', () => {
    expect(ORDER_STATES.filter(isPaidState)).toEqual([ORDER_STATE.paid, ORDER_STATE.completed]);
    expect(ORDER_STATE.paid).toBe(1);
    expect(ORDER_STATE.completed).toBe(2);
  });

  test('the actual amount shows with 2 decimals only in states 1 and 2, else 0.00', () => {
    const order = { amount: 100000, preferentialAmount: 2050 };
    expect(displayActualAmount({ ...order, orderState: ORDER_STATE.paid })).toBe('979.50');
    expect(displayActualAmount({ ...order, orderState: ORDER_STATE.completed })).toBe('979.50');
    expect(displayActualAmount({ ...order, orderState: ORDER_STATE.unpaid })).toBe('0.00');
    expect(displayActualAmount({ ...order, orderState: ORDER_STATE.awaitingConfirmation })).toBe('0.00');
    expect(displayActualAmount({ ...order, orderState: ORDER_STATE.cancelled })).toBe('0.00');
    expect(displayActualAmount({ amount: 100, preferentialAmount: 500, orderState: ORDER_STATE.paid })).toBe('0.00');
  });

  test('bill states: unpaid, ongoing with finance, successful once paid, failed when cancelled', () => {
    expect(ORDER_STATES.map((s) => [s, billState(s)])).toEqual([
      [0, 'unpaid'],
      [1, 'successful'],
      [2, 'successful'],
      [3, 'failed'],
      [4, 'ongoing'],
    ]);
  });

  test('order numbers: the China-time day and an 8-digit serial', () => {
    expect(makeOrderNumber(new Date('2026-11-21T15:59:59.999Z'), 42)).toBe('2026112100000042');
    expect(makeOrderNumber(new Date('2026-11-21T16:00:00.000Z'), 42)).toBe('2026112200000042');
    expect(makeOrderNumber(new Date('2026-01-01T00:00:00Z'), 99_999_999)).toMatch(ORDER_NUMBER_PATTERN);
    expect(() => makeOrderNumber(new Date(), 0)).toThrow(RangeError);
  });
});

describe('the 24-hour payment window (spec part 1 §9, part 2 §4)', () => {
  const created = new Date('2026-11-21T08:00:00Z');
  const deadline = paymentDeadline(created);

  test('payable until just before 24 h; at 24 h the order is due for cancellation', () => {
    expect(UNPAID_ORDER_TIMEOUT_MS).toBe(86_400_000);
    expect(deadline.toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(canStartPayment(ORDER_STATE.unpaid, deadline, new Date(deadline.getTime() - 1))).toBe(true);
    expect(canStartPayment(ORDER_STATE.unpaid, deadline, deadline)).toBe(false);
  });

  test('only an unpaid order can be paid: never a cancelled, paid or finance-held one', () => {
    const now = created;
    for (const s of [ORDER_STATE.paid, ORDER_STATE.completed, ORDER_STATE.cancelled, ORDER_STATE.awaitingConfirmation]) {
      expect(canStartPayment(s, deadline, now)).toBe(false);
    }
  });

  test('a configurable short window for tests', () => {
    expect(paymentDeadline(created, 5_000).getTime() - created.getTime()).toBe(5_000);
  });
});

describe('gateway callbacks (signature already verified)', () => {
  const unpaid = { state: ORDER_STATE.unpaid, payableFen: 100000, paidReference: null };

  test('accepts the right amount for an unpaid order, or one whose remittance is with finance', () => {
    expect(judgeGatewayCallback(unpaid, { amountFen: 100000, reference: 'T1' })).toBe('accept');
    expect(judgeGatewayCallback({ ...unpaid, state: ORDER_STATE.awaitingConfirmation }, { amountFen: 100000, reference: 'T1' })).toBe('accept');
  });

  test('refuses a wrong amount, even on a repeat of the paying callback', () => {
    expect(judgeGatewayCallback(unpaid, { amountFen: 99999, reference: 'T1' })).toBe('wrongAmount');
    expect(judgeGatewayCallback(unpaid, { amountFen: 100001, reference: 'T1' })).toBe('wrongAmount');
    expect(judgeGatewayCallback({ ...unpaid, state: ORDER_STATE.paid, paidReference: 'T1' }, { amountFen: 1, reference: 'T1' })).toBe('wrongAmount');
  });

  test('a duplicate is harmless; a second payment or one after cancellation is refused', () => {
    const paid = { ...unpaid, state: ORDER_STATE.paid, paidReference: 'T1' };
    expect(judgeGatewayCallback(paid, { amountFen: 100000, reference: 'T1' })).toBe('duplicate');
    expect(judgeGatewayCallback({ ...paid, state: ORDER_STATE.completed }, { amountFen: 100000, reference: 'T1' })).toBe('duplicate');
    expect(judgeGatewayCallback(paid, { amountFen: 100000, reference: 'T2' })).toBe('notPayable');
    expect(judgeGatewayCallback({ ...unpaid, state: ORDER_STATE.cancelled }, { amountFen: 100000, reference: 'T1' })).toBe('notPayable');
  });
});

describe('request schemas', () => {
  test('an order is created from a registration id', async () => {
    await expect(createCertificationOrderSchema.validate({ registrationId: UUID })).resolves.toEqual({ registrationId: UUID });
    expect(await errorsOf(createCertificationOrderSchema, { registrationId: 'r1' })).toEqual({ registrationId: 'validation.invalid' });
    expect(await errorsOf(createCertificationOrderSchema, {})).toEqual({ registrationId: 'validation.required' });
    // Unknown keys are dropped (yup noUnknown strips), so a client cannot slip in its own amount.
    await expect(createCertificationOrderSchema.validate({ registrationId: UUID, amount: 1 })).resolves.toEqual({ registrationId: UUID });
  });

  test('pay method: online methods need a configured provider; remittances take none', async () => {
    const schema = payMethodSchema(['sandbox']);
    await expect(schema.validate({ method: 'quickPay', provider: 'sandbox' })).resolves.toEqual({ method: 'quickPay', provider: 'sandbox' });
    await expect(schema.validate({ method: 'onlineBanking', provider: 'sandbox' })).resolves.toBeTruthy();
    await expect(schema.validate({ method: 'offline' })).resolves.toEqual({ method: 'offline', provider: '' });
    expect(await errorsOf(schema, { method: 'quickPay' })).toEqual({ provider: 'validation.required' });
    expect(await errorsOf(schema, { method: 'quickPay', provider: 'alipay' })).toEqual({ provider: 'order.providerUnavailable' });
    expect(await errorsOf(payMethodSchema(['sandbox', 'alipay']), { method: 'quickPay', provider: 'alipay' })).toEqual({});
    expect(await errorsOf(schema, { method: 'overseas', provider: 'sandbox' })).toEqual({ provider: 'order.providerNotUsed' });
    expect(await errorsOf(schema, { method: 'wechat' })).toEqual({ method: 'validation.oneOf' });
  });

  const offline = {
    method: 'offline',
    payerName: '北京某文化有限公司',
    bankName: '中国工商银行',
    amount: '1000.00',
    remittedOn: '2026-11-21',
    proofs: [UUID],
  };

  test('an offline remittance in yuan matching the amount payable', async () => {
    const ok = await remittanceSchema.validate(offline, { context: { payableFen: 100000 } });
    expect(ok).toMatchObject({ amount: 100000, currency: 'CNY', payerCountry: 'CN', reference: '', remark: '' });
    expect(await errorsOf(remittanceSchema, offline, { payableFen: 99999 })).toEqual({ amount: 'order.amountMismatch' });
    await expect(remittanceSchema.validate(offline, { context: { payableFen: 99999 } })).rejects.toMatchObject({ params: expect.objectContaining({ amount: '999.99' }) });
    expect(await errorsOf(remittanceSchema, { ...offline, currency: 'USD' })).toEqual({ currency: 'order.offlineInYuan' });
    expect(await errorsOf(remittanceSchema, { ...offline, payerCountry: 'JP' })).toEqual({ payerCountry: 'order.offlineIsDomestic' });
  });

  test('1 to 9 jpg proofs, a real date, at most 2 decimals', async () => {
    const nine = Array.from({ length: 9 }, () => UUID);
    expect(await errorsOf(remittanceSchema, { ...offline, proofs: nine })).toEqual({});
    expect(await errorsOf(remittanceSchema, { ...offline, proofs: [...nine, UUID] })).toEqual({ proofs: 'validation.maxItems' });
    expect(await errorsOf(remittanceSchema, { ...offline, proofs: [] })).toEqual({ proofs: 'order.proofRequired' });
    expect(await errorsOf(remittanceSchema, { ...offline, remittedOn: '2026-02-30' })).toEqual({ remittedOn: 'validation.date' });
    expect(await errorsOf(remittanceSchema, { ...offline, amount: '1000.001' })).toEqual({ amount: 'money.format' });
    expect(await errorsOf(remittanceSchema, { ...offline, amount: '0' })).toEqual({ amount: 'money.min' });
    expect(isRemittanceProofType('image/jpeg')).toBe(true);
    expect(isRemittanceProofType('image/png')).toBe(false);
    expect(isRemittanceProofType('application/pdf')).toBe(false);
  });

  test('an overseas remittance names the country and may be in another currency', async () => {
    const overseas = { ...offline, method: 'overseas', payerCountry: 'JP', currency: 'jpy', amount: '21000' };
    await expect(remittanceSchema.validate(overseas, { context: { payableFen: 100000 } })).resolves.toMatchObject({ currency: 'JPY', amount: 2_100_000 });
    expect(await errorsOf(remittanceSchema, { ...overseas, payerCountry: undefined })).toEqual({ payerCountry: 'validation.required' });
    expect(await errorsOf(remittanceSchema, { ...overseas, currency: 'YEN!' })).toEqual({ currency: 'order.currency' });
    expect(await errorsOf(remittanceSchema, { ...overseas, currency: 'CNY', amount: '999' }, { payableFen: 100000 })).toEqual({ amount: 'order.amountMismatch' });
  });

  test('finance confirms, or rejects with a reason on each flagged remittance field', () => {
    expect(REMITTANCE_FIELDS).toEqual(expect.arrayContaining(['amount', 'proofs', 'remittedOn', 'payerName']));
    expect(financeDecisionSchema.isValidSync({ outcome: 'approve', reasons: {} })).toBe(true);
    expect(financeDecisionSchema.isValidSync({ outcome: 'fail', reasons: { proofs: 'The receipt is unreadable' } })).toBe(true);
    expect(financeDecisionSchema.isValidSync({ outcome: 'fail', reasons: {} })).toBe(false);
    expect(financeDecisionSchema.isValidSync({ outcome: 'fail', reasons: { proofs: ' ' } })).toBe(false);
    expect(financeDecisionSchema.isValidSync({ outcome: 'fail', reasons: { idFront: 'x' } })).toBe(false);
    expect(financeDecisionSchema.isValidSync({ outcome: 'approve', reasons: { proofs: 'x' } })).toBe(false);
  });

  test('the fee table: one fee per registration kind and monitoring plan, at least 0.01 yuan, stored in fen; a plan price left out keeps its amount', async () => {
    expect(Object.keys(DEFAULT_FEE_TABLE).sort()).toEqual([...Object.keys(IPCI_KINDS), 'monitoringMonth', 'monitoringYear'].sort());
    expect(DEFAULT_FEE_TABLE).toMatchObject({ monitoringMonth: 30_000, monitoringYear: 240_000 });
    await expect(feeTableSchema.validate({ first: '1', existingIpci: '1', monitoringMonth: '299.90', monitoringYear: '2000' })).resolves.toEqual({ first: 100, existingIpci: 100, monitoringMonth: 29_990, monitoringYear: 200_000 });
    expect(await errorsOf(feeTableSchema, { first: '1', existingIpci: '1', monitoringYear: '0' })).toEqual({ monitoringYear: 'money.min' });
    await expect(feeTableSchema.validate({ first: '1000.00', existingIpci: '0.01' })).resolves.toEqual({ first: 100000, existingIpci: 1 });
    expect(await errorsOf(feeTableSchema, { first: '0', existingIpci: '500' })).toEqual({ first: 'money.min' });
    expect(await errorsOf(feeTableSchema, { first: '100' })).toEqual({ existingIpci: 'validation.required' });
    await expect(feeTableSchema.validate({ first: '1', existingIpci: '1', paper: '1' })).resolves.toEqual({ first: 100, existingIpci: 100 });
  });
});

describe('orderPayment process model', () => {
  const next = (from: string, on?: string) => orderPayment.transitions.filter((t) => t.from === from && t.on === on).map((t) => t.to);

  test('is registered', () => {
    expect(PROCESSES.orderPayment).toBe(orderPayment);
  });

  test('created → awaiting payment → paid (callback or finance) → done; timeout or cancel ends it', () => {
    expect(next('created')).toEqual(['awaitingPayment']);
    expect(next('awaitingPayment', 'pay')).toEqual(['paid']);
    expect(next('awaitingPayment', 'submitRemittance')).toEqual(['remittanceReview']);
    expect(next('awaitingPayment', 'timeout')).toEqual(['cancelled']);
    expect(next('awaitingPayment', 'cancel')).toEqual(['cancelled']);
    expect(next('remittanceReview', 'approve')).toEqual(['paid']);
    expect(next('remittanceReview', 'fail')).toEqual(['awaitingPayment']);
    expect(next('paid')).toEqual(['done']);
  });

  test('finance works the review within 2 working days; no timeout while it does', () => {
    const review = orderPayment.steps.find((s) => s.id === 'remittanceReview');
    expect(review).toMatchObject({ actor: 'staff', queue: 'finance', slaWorkingDays: 2 });
    expect(next('remittanceReview', 'timeout')).toEqual([]);
  });

  test('every transition joins known steps, and only done and cancelled are terminal', () => {
    const ids = new Set(orderPayment.steps.map((s) => s.id));
    for (const t of orderPayment.transitions) expect(ids.has(t.from) && ids.has(t.to)).toBe(true);
    expect(orderPayment.steps.filter((s) => s.terminal).map((s) => s.id)).toEqual(['done', 'cancelled']);
    for (const s of orderPayment.steps.filter((x) => x.terminal)) expect(orderPayment.transitions.some((t) => t.from === s.id)).toBe(false);
  });
});
