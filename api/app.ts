import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import helmet from 'koa-helmet';
import path from 'node:path';
import type { ApiDeps } from './deps';
import { safeError } from './lib/safeError';
import { errors } from './middleware/errors';
import { lang } from './middleware/lang';
import { adminGate, session } from './middleware/auth';
import { spa } from './middleware/spa';
import { authRoutes } from './routes/auth';
import { accountRoutes } from './routes/account';
import { accountCancellationRoutes } from './routes/accountCancellation';
import { adminUserRoutes } from './routes/adminUsers';
import { codeRoutes } from './routes/codes';
import { invitationRoutes } from './routes/invitations';
import { outboxRoutes } from './routes/outbox';
import { profileRoutes } from './routes/profile';
import { securityRoutes } from './routes/security';
import { calendarRoutes } from './routes/calendar';
import { caseRoutes } from './routes/cases';
import { certificateRoutes } from './routes/certificates';
import { healthRoutes } from './routes/health';
import { identityRoutes } from './routes/identity';
import { ipciLifecycleRoutes } from './routes/ipciLifecycle';
import { messageRoutes } from './routes/messages';
import { orderPaymentRoutes } from './routes/orderPayment';
import { taskRoutes } from './routes/tasks';
import { titleAuditRoutes } from './routes/titleAudit';
import { uploadRoutes } from './routes/uploads';
import { ROOT } from '../temporal/config';

export const UI_DIST = path.join(ROOT, 'ui', 'dist');

export function createApp(deps: ApiDeps, uiDist = UI_DIST): Koa {
  const app = new Koa({ proxy: process.env.TRUST_PROXY === '1' });
  app.use(lang);
  app.use(errors);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          connectSrc: ["'self'"],
        },
      },
    }),
  );
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }));
  app.use(session(deps.db));
  app.use(adminGate);
  const areas = [
    [healthRoutes, authRoutes, codeRoutes, accountRoutes, securityRoutes, accountCancellationRoutes, profileRoutes, invitationRoutes],
    [uploadRoutes, identityRoutes, caseRoutes, taskRoutes, messageRoutes, calendarRoutes, adminUserRoutes, outboxRoutes],
    [ipciLifecycleRoutes],
    [certificateRoutes],
    [titleAuditRoutes],
    [orderPaymentRoutes],
  ];
  for (const routes of areas.flat()) {
    const router = routes(deps);
    app.use(router.routes()).use(router.allowedMethods());
  }
  app.use(spa(uiDist));
  app.on('error', (err, ctx) => {
    // A browser closing a page ends its event streams: expected, not an error.
    if (['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE'].includes((err as { code?: string }).code ?? '')) return;
    console.error(`[api] ${ctx?.method} ${ctx?.path}: ${safeError(err)}`);
  });
  return app;
}
