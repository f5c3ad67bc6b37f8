import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { Client as PgClient } from 'pg';
import { CASE_EVENTS_CHANNEL, caseEvent } from '../db/caseEvents';
import { EVERY_USER, MESSAGES_CHANNEL, unreadCount, unreadCounts } from '../db/messages';

/** Users whose unread counts one query reads after a send to everyone. */
const BROADCAST_BATCH = 1000;

/**
 * Fans Postgres notifications out to server-sent-event streams. Workers write and NOTIFY;
 * every API process LISTENs, so any number of API processes push live updates.
 */
export class EventHub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private listener?: PgClient;

  constructor(private readonly k: Knex, private readonly url: string) {}

  async start(): Promise<void> {
    const client = new PgClient({ connectionString: this.url });
    await client.connect();
    client.on('notification', (n) => void this.dispatch(n.channel, n.payload ?? '').catch(() => undefined));
    client.on('error', () => undefined);
    await client.query(`listen ${CASE_EVENTS_CHANNEL}`);
    await client.query(`listen ${MESSAGES_CHANNEL}`);
    this.listener = client;
  }

  async stop(): Promise<void> {
    await this.listener?.end();
  }

  private async dispatch(channel: string, payload: string): Promise<void> {
    if (channel === CASE_EVENTS_CHANNEL) {
      const event = await caseEvent(this.k, Number(payload));
      if (event) this.emitter.emit(`case:${event.caseKind}:${event.caseId}`, 'case', event);
    } else if (channel === MESSAGES_CHANNEL && payload === EVERY_USER) {
      // A send to every user: only the users listening to this process need their count.
      const ids = this.emitter.eventNames().flatMap((n) => (typeof n === 'string' && n.startsWith('user:') ? [n.slice(5)] : []));
      for (let i = 0; i < ids.length; i += BROADCAST_BATCH) {
        for (const [id, unread] of await unreadCounts(this.k, ids.slice(i, i + BROADCAST_BATCH))) this.emitter.emit(`user:${id}`, 'unread', { unread });
      }
    } else if (channel === MESSAGES_CHANNEL) {
      if (this.emitter.listenerCount(`user:${payload}`)) this.emitter.emit(`user:${payload}`, 'unread', { unread: await unreadCount(this.k, payload) });
    }
  }

  /** Turns the response into an event stream of `topic` until the client goes away. */
  stream(ctx: Context, topic: string, first?: { event: string; data: unknown }): void {
    const out = new PassThrough();
    const send = (event: string, data: unknown) => out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const keepAlive = setInterval(() => out.write(': keep-alive\n\n'), 25_000);
    this.emitter.on(topic, send);
    const close = () => {
      clearInterval(keepAlive);
      this.emitter.off(topic, send);
      out.end();
    };
    ctx.req.on('close', close);
    ctx.req.socket.setTimeout(0);
    ctx.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    ctx.status = 200;
    ctx.body = out;
    out.write('retry: 3000\n\n');
    if (first) send(first.event, first.data);
  }
}
