import type Router from '@koa/router';
import type { Knex } from 'knex';
import { SANDBOX_PROVIDER } from '../../domain/orders';
import { sandboxGateway } from './sandboxGateway';

/** What a gateway needs to know of the order it collects money for. */
export interface GatewayOrder {
  orderNo: string;
  name: string;
  /** Amount payable, fen. */
  payableFen: number;
}

export interface PaymentUrls {
  /** Where the provider posts its asynchronous, signed payment notification. */
  notifyUrl: string;
  /** Where the provider sends the browser back after paying (or giving up). */
  returnUrl: string;
  lang: string;
}

/** A payment notification whose signature checked out. */
export interface VerifiedPayment {
  orderNo: string;
  tradeNo: string;
  amountFen: number;
  paidAt: string;
}

export type CallbackCheck =
  | { ok: true; payment: VerifiedPayment }
  | { ok: false; reason: 'badSignature' | 'malformed'; orderNo: string | null; tradeNo: string | null };

/** The raw notification as received (providers sign different things: a JSON body, a form, headers). */
export interface CallbackRequest {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** The reply the provider expects: acknowledged (it stops resending) or refused. */
export interface CallbackAnswer {
  status: number;
  body: string;
}

/**
 * One payment provider. A real provider (Alipay through alipay-sdk, WeChat Pay) is one module
 * implementing this, one line in FACTORIES and its name in PAYMENT_PROVIDERS.
 */
export interface PaymentGateway {
  readonly provider: string;
  /** Starts a payment at the provider: its trade number and the hosted page to send the browser to. */
  createPayment(order: GatewayOrder, urls: PaymentUrls): Promise<{ tradeNo: string; redirectUrl: string }>;
  verifyCallback(request: CallbackRequest): Promise<CallbackCheck>;
  answer(acknowledged: boolean): CallbackAnswer;
  /** Pages the provider itself serves (the sandbox's hosted payment page); real providers have none. */
  router?: Router;
}

type GatewayFactory = (db: Knex) => PaymentGateway;

const FACTORIES: Record<string, GatewayFactory> = {
  [SANDBOX_PROVIDER]: sandboxGateway,
};

/**
 * The configured providers (env PAYMENT_PROVIDERS, comma-separated; default the sandbox). The
 * sandbox marks any order paid for nothing: a production start (NODE_ENV=production) refuses it
 * unless SANDBOX_PAYMENTS=1 says a test deployment wants it.
 */
export function configuredProviders(env: NodeJS.ProcessEnv = process.env): string[] {
  const names = (env.PAYMENT_PROVIDERS ?? SANDBOX_PROVIDER)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) if (!Object.hasOwn(FACTORIES, name)) throw new Error(`PAYMENT_PROVIDERS names an unknown payment provider: ${name}`);
  if (names.includes(SANDBOX_PROVIDER) && env.NODE_ENV === 'production' && env.SANDBOX_PAYMENTS !== '1') {
    throw new Error(
      'PAYMENT_PROVIDERS includes the sandbox, which accepts payments without money, and NODE_ENV=production: configure real providers in PAYMENT_PROVIDERS, or set SANDBOX_PAYMENTS=1 on a test deployment',
    );
  }
  return names;
}

export function createGateways(db: Knex, env: NodeJS.ProcessEnv = process.env): Map<string, PaymentGateway> {
  return new Map(configuredProviders(env).map((name) => [name, FACTORIES[name](db)]));
}
