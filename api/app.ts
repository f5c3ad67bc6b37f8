import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import helmet from 'koa-helmet';
import path from 'node:path';
import type { ApiDeps } from './deps';
import { safeError } from './lib/safeError';
import { errors } from './middleware/errors';
import { bodyLimit } from './middleware/bodyLimit';
import { csrf } from './middleware/csrf';
import { noStore } from './middleware/noStore';
import { trustedProxyHops } from './lib/startupChecks';
import { NOTIFY_PATH, NOTIFY_MAX_BYTES } from './routes/orderPayment';
import { compression } from './middleware/compression';
import { lang } from './middleware/lang';
import { adminGate, session } from './middleware/auth';
import { guardIdParams } from './middleware/params';
import { spa } from './middleware/spa';
import { wellFormed } from './middleware/wellFormed';
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
import { catalogueRoutes } from './routes/catalogue';
import { certificateRoutes } from './routes/certificates';
import { healthRoutes } from './routes/health';
import { identityRoutes } from './routes/identity';
import { ipciLifecycleRoutes } from './routes/ipciLifecycle';
import { messageRoutes } from './routes/messages';
import { orderPaymentRoutes } from './routes/orderPayment';
import { taskRoutes } from './routes/tasks';
import { titleAuditRoutes } from './routes/titleAudit';
import { uploadRoutes } from './routes/uploads';
import { fileRoutes } from './routes/files';
import { tradeRoutes } from './routes/trades';
import { dictionaryRoutes } from './routes/dictionaries';
import { entrustedTradeRoutes } from './routes/entrustedTrades';
import { tradeRecordRoutes } from './routes/tradeRecords';
import { evaluationRoutes } from './routes/evaluations';
import { objectionRoutes } from './routes/objections';
import { adminObjectionRoutes } from './routes/adminObjections';
import { lawFirmRoutes } from './routes/lawFirms';
import { adminLawFirmRoutes } from './routes/adminLawFirms';
import { manufacturerRoutes } from './routes/manufacturers';
import { adminManufacturerRoutes } from './routes/adminManufacturers';
import { protectionRoutes } from './routes/protection';
import { adminProtectionRoutes } from './routes/adminProtection';
import { publicityRoutes } from './routes/publicity';
import { galleryRoutes } from './routes/gallery';
import { watermarkRoutes } from './routes/watermarks';
import { capacityRoutes } from './routes/capacity';
import { capacityAdminRoutes } from './routes/capacityAdmin';
import { antiAdminRoutes } from './routes/antiAdmin';
import { watermarkCheckRoutes } from './routes/watermarkChecks';
import { suspectRoutes } from './routes/suspects';
import { tortReportRoutes } from './routes/tortReports';
import { monitoringRoutes } from './routes/monitoring';
import { monitoringAdminRoutes } from './routes/monitoringAdmin';
import { ROOT } from '../temporal/config';

export const UI_DIST = path.join(ROOT, 'ui', 'dist');

export function createApp(deps: ApiDeps, uiDist = UI_DIST): Koa {
  const hops = trustedProxyHops();
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  const storeOrigin = deps.downloads.redirect ? [deps.store.origin] : [];
  app.use(lang);
  app.use(errors);
  app.use(compression);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // A redirected download is loaded from the store's own address (S3's host, not this site).
          imgSrc: ["'self'", 'data:', 'blob:', ...storeOrigin],
          mediaSrc: ["'self'", ...storeOrigin],
          styleSrc: ["'self'", "'unsafe-inline'"],
          connectSrc: ["'self'"],
          // helmet asks the browser to fetch every http address over https: a store served over plain
          // http (s3+http://, on this machine or the local network) has no https, so its pictures failed.
          ...(storeOrigin.some((o) => o.startsWith('http:')) ? { upgradeInsecureRequests: null } : {}),
        },
      },
    }),
  );
  app.use(csrf());
  app.use(noStore);
  app.use(bodyLimit(NOTIFY_PATH, NOTIFY_MAX_BYTES));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }));
  app.use(wellFormed);
  app.use(session(deps.db));
  app.use(adminGate);
  const areas = [
    [healthRoutes, authRoutes, codeRoutes, accountRoutes, securityRoutes, accountCancellationRoutes, profileRoutes, invitationRoutes],
    [uploadRoutes, fileRoutes, identityRoutes, caseRoutes, taskRoutes, messageRoutes, calendarRoutes, adminUserRoutes, outboxRoutes],
    [ipciLifecycleRoutes],
    [certificateRoutes, catalogueRoutes],
    [titleAuditRoutes],
    [orderPaymentRoutes],
    [tradeRoutes],
    [dictionaryRoutes, entrustedTradeRoutes, tradeRecordRoutes, evaluationRoutes],
    [objectionRoutes, adminObjectionRoutes],
    [lawFirmRoutes, adminLawFirmRoutes],
    [manufacturerRoutes, adminManufacturerRoutes],
    [protectionRoutes, adminProtectionRoutes],
    [publicityRoutes],
    [galleryRoutes],
    [watermarkRoutes],
    [capacityRoutes, capacityAdminRoutes],
    [antiAdminRoutes],
    [watermarkCheckRoutes],
    [monitoringRoutes, suspectRoutes],
    [tortReportRoutes, monitoringAdminRoutes],
  ];
  for (const routes of areas.flat()) {
    const router = guardIdParams(routes(deps));
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
