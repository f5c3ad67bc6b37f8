import Router from '@koa/router';
import type { Knex } from 'knex';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import { formatYuan } from '../../domain/money';
import { ipNameIn } from '../../domain/ipNames';
import { SANDBOX_PROVIDER } from '../../domain/orders';
import { isStaff } from '../../domain/roles';
import { findOrderByNo } from '../../db/orders';
import { ROOT } from '../../temporal/config';
import { siteOrigin } from '../lib/siteOrigin';
import { allow } from '../middleware/auth';
import { rateLimit } from '../middleware/rateLimit';
import type { CallbackCheck, PaymentGateway } from './gateway';

/**
 * The built-in sandbox payment provider. It behaves like a real one, so the platform's payment path
 * is the one a real provider takes: a hosted payment page with a QR code, the browser sent back to
 * the merchant's return URL, and an asynchronous HMAC-SHA256-signed notification to the notify URL,
 * resent with back-off until the merchant answers 'success'. It keeps its trades in its own table.
 */

export const SANDBOX_PREFIX = '/sandbox-gateway';
const MAX_NOTIFY_ATTEMPTS = 10;
const MAX_BACKOFF_MS = 60_000;
/** On-demand resends one user may ask for. */
const RESEND_LIMIT = { prefix: 'resend', points: 10, seconds: 60 } as const;

/**
 * The signing secret: SANDBOX_GATEWAY_SECRET, else one generated on first use and kept in
 * .data/sandbox-gateway.secret (never committed), shared by every API process on the machine.
 */
export function sandboxSecret(env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.SANDBOX_GATEWAY_SECRET) return Buffer.from(env.SANDBOX_GATEWAY_SECRET, 'utf8');
  const file = path.join(ROOT, '.data', 'sandbox-gateway.secret');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch {
      // another process wrote it first: use theirs
    }
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }
}

export interface SandboxNotification {
  tradeNo: string;
  orderNo: string;
  amountFen: number;
  paidAt: string;
  signature: string;
}

/** HMAC-SHA256 over the fields in a fixed order, hex. */
export function signSandbox(secret: Buffer, n: Omit<SandboxNotification, 'signature'>): string {
  const text = `amountFen=${n.amountFen}&orderNo=${n.orderNo}&paidAt=${n.paidAt}&tradeNo=${n.tradeNo}`;
  return createHmac('sha256', secret).update(text).digest('hex');
}

function parseNotification(body: unknown): Omit<SandboxNotification, 'signature'> & { signature: string } | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const str = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;
  if (!str(b.tradeNo, 64) || !str(b.orderNo, 32) || !str(b.paidAt, 40) || Number.isNaN(Date.parse(b.paidAt as string))) return null;
  if (!Number.isSafeInteger(b.amountFen) || (b.amountFen as number) < 0 || typeof b.signature !== 'string') return null;
  return { tradeNo: b.tradeNo as string, orderNo: b.orderNo as string, amountFen: b.amountFen as number, paidAt: b.paidAt as string, signature: b.signature };
}

interface TradeRow {
  trade_no: string;
  order_no: string;
  subject: string;
  amount: string;
  notify_url: string;
  return_url: string;
  state: 'created' | 'paid';
  paid_at: Date | null;
  notify_attempts: number;
  notified_at: Date | null;
}

const TEXT = {
  'zh-CN': { title: '沙箱收银台', merchant: 'IPCI 平台', order: '商户订单号', subject: '商品', amount: '应付金额', scan: '请使用手机扫码支付，或点击下方按钮', pay: '确认支付', cancel: '取消并返回商户', paid: '该交易已支付', back: '返回商户', note: '测试支付：这是沙箱收银台，不会产生真实扣款', unknown: '交易不存在', yuan: '元' },
  'en-US': { title: 'Sandbox checkout', merchant: 'IPCI platform', order: 'Merchant order no.', subject: 'Item', amount: 'Amount due', scan: 'Scan the code with your phone to pay, or use the button below', pay: 'Pay now', cancel: 'Cancel and return to the merchant', paid: 'This trade has been paid', back: 'Return to the merchant', note: 'Test payment: this is the sandbox checkout, no real money is charged', unknown: 'No such trade', yuan: 'yuan' },
  'ja-JP': { title: 'サンドボックス決済', merchant: 'IPCI プラットフォーム', order: '加盟店注文番号', subject: '商品', amount: 'お支払い金額', scan: 'スマートフォンでコードを読み取るか、下のボタンでお支払いください', pay: '支払う', cancel: 'キャンセルして加盟店に戻る', paid: 'この取引は支払い済みです', back: '加盟店に戻る', note: 'テスト決済：サンドボックスのため、実際の請求は発生しません', unknown: '取引が見つかりません', yuan: '元' },
} as const;
type PageLang = keyof typeof TEXT;
const pageLang = (v: unknown): PageLang => (typeof v === 'string' && Object.hasOwn(TEXT, v) ? (v as PageLang) : 'zh-CN');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{margin:0;font-family:"Noto Sans CJK SC","PingFang SC",system-ui,sans-serif;background:#eef2f6;color:#1c2127}
header{background:#0f6894;color:#fff;padding:14px 24px;font-size:18px;letter-spacing:.05em}
main{max-width:460px;margin:32px auto;background:#fff;border-radius:8px;box-shadow:0 2px 10px rgba(0,0,0,.08);padding:28px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 20px}dt{color:#5f6b7c}dd{margin:0;word-break:break-all}
.amount{font-size:28px;color:#c23030;font-weight:600}.qr{display:flex;justify-content:center;margin:12px 0}
.hint{text-align:center;color:#5f6b7c;font-size:13px}button{width:100%;padding:12px;font-size:16px;border:0;border-radius:4px;background:#238551;color:#fff;cursor:pointer}
a{display:block;text-align:center;margin-top:14px;color:#2d72d2}
.done{font-size:18px;color:#238551;text-align:center}
.test{margin:0 0 20px;padding:10px 12px;border-radius:4px;background:#fbecd0;color:#7a4a00;font-weight:600;text-align:center}`;

function page(lang: PageLang, body: string): string {
  const t = TEXT[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title><style>${STYLE}</style></head><body><header>${t.title} · ${t.merchant}</header><main><p class="test" role="note">${t.note}</p>${body}</main></body></html>`;
}

export function sandboxGateway(db: Knex): PaymentGateway {
  const secret = sandboxSecret();
  const trade = (tradeNo: string) => db<TradeRow>('sandbox_trades').where({ trade_no: tradeNo }).first();

  /** Posts the signed notification once; true when the merchant acknowledged it. */
  async function notifyOnce(row: TradeRow): Promise<{ status: number; body: string }> {
    const n = { tradeNo: row.trade_no, orderNo: row.order_no, amountFen: Number(row.amount), paidAt: row.paid_at!.toISOString() };
    await db('sandbox_trades').where({ trade_no: row.trade_no }).increment('notify_attempts', 1);
    const res = await fetch(row.notify_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...n, signature: signSandbox(secret, n) }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.text()).trim();
    if (res.ok && body === 'success') await db('sandbox_trades').where({ trade_no: row.trade_no }).update({ notified_at: db.fn.now() });
    return { status: res.status, body };
  }

  /**
   * Delivers the notification in the background with exponential back-off, like a provider's
   * notify queue: resent after a network error or a 5xx until 'success'; a 4xx is the merchant's
   * final refusal and is not resent.
   */
  function deliver(tradeNo: string, attempt = 0): void {
    const delay = attempt === 0 ? 0 : Math.min(1000 * 2 ** (attempt - 1), MAX_BACKOFF_MS);
    setTimeout(async () => {
      let retry = true;
      try {
        const row = await trade(tradeNo);
        if (!row || row.state !== 'paid' || row.notified_at) return;
        const { status, body } = await notifyOnce(row);
        retry = status >= 500 || (status < 400 && body !== 'success');
      } catch {
        // network error or the merchant is down: try again later
      }
      if (retry && attempt + 1 < MAX_NOTIFY_ATTEMPTS) deliver(tradeNo, attempt + 1);
    }, delay).unref();
  }

  // Paid trades whose notification was still on its way when this process last stopped.
  void db<TradeRow>('sandbox_trades')
    .where({ state: 'paid' })
    .whereNull('notified_at')
    .where('notify_attempts', '<', MAX_NOTIFY_ATTEMPTS)
    .select('trade_no')
    .then((rows) => rows.forEach((r) => deliver(r.trade_no)))
    .catch(() => undefined);

  const router = new Router({ prefix: SANDBOX_PREFIX })
    .get('/pay/:tradeNo', async (ctx) => {
      const lang = pageLang(ctx.query.lang);
      const t = TEXT[lang];
      const row = await trade(ctx.params.tradeNo);
      ctx.type = 'html';
      if (!row) {
        ctx.status = 404;
        ctx.body = page(lang, `<p class="done">${t.unknown}</p>`);
        return;
      }
      // The trade's subject is the order's name as a provider gets it; this page names the IP in the reader's language.
      const names = (await findOrderByNo(db, row.order_no))?.names;
      const subject = names ? ipNameIn(names, lang) : row.subject;
      const details = `<dl><dt>${t.order}</dt><dd>${escapeHtml(row.order_no)}</dd><dt>${t.subject}</dt><dd>${escapeHtml(subject)}</dd><dt>${t.amount}</dt><dd class="amount">${formatYuan(Number(row.amount))} ${t.yuan}</dd></dl>`;
      if (row.state === 'paid') {
        ctx.body = page(lang, `${details}<p class="done">${t.paid}</p><a href="${escapeHtml(row.return_url)}">${t.back}</a>`);
        return;
      }
      // The code encodes this page: scanning it on a phone opens the same checkout there.
      const qr = await QRCode.toString(`${siteOrigin()}${ctx.path}?lang=${lang}`, { type: 'svg', margin: 1, width: 200 });
      const action = `${SANDBOX_PREFIX}/pay/${encodeURIComponent(row.trade_no)}?lang=${lang}`;
      ctx.body = page(
        lang,
        `${details}<div class="qr" role="img" aria-label="QR">${qr}</div><p class="hint">${t.scan}</p>` +
          `<form method="post" action="${action}"><button type="submit">${t.pay}</button></form><a href="${escapeHtml(row.return_url)}">${t.cancel}</a>`,
      );
    })
    .post('/pay/:tradeNo', async (ctx) => {
      // Paying = the scan and confirmation in the provider's app: the trade is paid at once, the
      // browser goes back to the merchant, and the merchant learns it from the signed notification.
      const updated = await db('sandbox_trades').where({ trade_no: ctx.params.tradeNo, state: 'created' }).update({ state: 'paid', paid_at: db.fn.now() });
      const row = await trade(ctx.params.tradeNo);
      if (!row) {
        ctx.status = 404;
        ctx.type = 'html';
        ctx.body = page(pageLang(ctx.query.lang), `<p class="done">${TEXT[pageLang(ctx.query.lang)].unknown}</p>`);
        return;
      }
      if (updated) deliver(row.trade_no);
      ctx.status = 303;
      ctx.redirect(row.return_url);
    })
    .post('/trades/:tradeNo/resend', allow('user', 'reviewer', 'admin'), rateLimit(db, RESEND_LIMIT, (ctx) => ctx.state.user.id), async (ctx) => {
      // A provider resends notifications; this does it on demand (tests of duplicate callbacks), for
      // the order's owner or staff only: each resend makes this server post to the stored notify URL.
      const row = await trade(ctx.params.tradeNo);
      const user = ctx.state.user;
      const mine = row && (isStaff(user.roles) || (await findOrderByNo(db, row.order_no))?.user_id === user.id);
      if (!row || !mine || row.state !== 'paid') {
        ctx.status = 404;
        ctx.body = { message: 'no paid trade' };
        return;
      }
      ctx.body = await notifyOnce(row);
    });

  return {
    provider: SANDBOX_PROVIDER,
    router,
    async createPayment(order, urls) {
      const tradeNo = `SBX${Date.now()}${randomBytes(6).toString('hex').toUpperCase()}`;
      await db('sandbox_trades').insert({
        trade_no: tradeNo,
        order_no: order.orderNo,
        subject: order.name.slice(0, 300),
        amount: order.payableFen,
        notify_url: urls.notifyUrl,
        return_url: urls.returnUrl,
      });
      return { tradeNo, redirectUrl: `${SANDBOX_PREFIX}/pay/${tradeNo}?lang=${pageLang(urls.lang)}` };
    },
    async verifyCallback({ body }): Promise<CallbackCheck> {
      const n = parseNotification(body);
      const b = (body ?? {}) as Record<string, unknown>;
      const ref = { orderNo: typeof b.orderNo === 'string' ? b.orderNo : null, tradeNo: typeof b.tradeNo === 'string' ? b.tradeNo : null };
      if (!n) return { ok: false, reason: 'malformed', ...ref };
      const expected = Buffer.from(signSandbox(secret, n), 'hex');
      const given = /^[0-9a-f]{64}$/i.test(n.signature) ? Buffer.from(n.signature, 'hex') : Buffer.alloc(0);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'badSignature', ...ref };
      return { ok: true, payment: { orderNo: n.orderNo, tradeNo: n.tradeNo, amountFen: n.amountFen, paidAt: n.paidAt } };
    },
    answer: (acknowledged) => (acknowledged ? { status: 200, body: 'success' } : { status: 409, body: 'fail' }),
  };
}
