import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseConnection } from './db/client.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandler,
  registerTextGuard,
} from './plugins/envelope.ts';
import { registerRequestContext } from './plugins/auth.ts';
import { recordApiRoutes } from './plugins/guards.ts';
import {
  framableCompanyOf,
  framablePageHeaders,
  registerSecurityHeaders,
} from './plugins/security-headers.ts';
import { pageDocumentFor } from './plugins/web-pages.ts';
import { embedOriginsOf } from './features/embed/embed.service.ts';
import { startSessionTouches, type SessionTouches } from './plugins/session-touches.ts';
import type { Jobs } from './jobs/runner.ts';
import { paymentsConfigOf } from './features/payments/payments-config.ts';
import { configureEventLinks } from './features/events/event-links.ts';
import type { PaymentsConfig } from './features/payments/stripe-account.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { registerRequestMetrics } from './features/operations/metrics.ts';
import { API_DOCS_DESCRIPTION, SECURITY_SCHEMES, transformWithSecurity } from './features/api-keys/api-docs.ts';
import { API_DOCS_THEME, API_DOCS_UI_CONFIG } from './features/api-keys/api-docs-theme.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { signupRoutes } from './features/signup/signup.routes.ts';
import { companyDetailsRoutes } from './features/company-details/company-details.routes.ts';
import { uploadsRoutes } from './features/uploads/uploads.routes.ts';

export interface AppDeps {
  config: Config;
  db: DatabaseConnection;
  /** Background delivery; without it (some tests) emails stay in the outbox. */
  jobs?: Jobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps & { publicUrl: string; sessionTouches: SessionTouches; payments: PaymentsConfig };
  }
}

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * A request's address as the log shows it: the secrets some addresses carry (a private calendar feed's
 * token, a signed link's signature) are replaced, so server logs do not hand them to whoever reads them.
 */
export function redactSecrets(url: string): string {
  return url
    .replace(/(\/api\/calendar-feeds\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:sig|token)=)[^&#]*/g, '$1[redacted]');
}

export async function buildApp(
  deps: AppDeps,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? {
      level: deps.config.LOG_LEVEL,
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactSecrets(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    // Named proxies only, never `true`: the left-most X-Forwarded-For entry is whatever the client wrote.
    trustProxy: deps.config.TRUST_PROXY.length > 0 ? deps.config.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const publicUrl = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/$/, '');
  // The email's event cancel links and calendar files are signed with this (features/events/event-links.ts).
  if (configureEventLinks(deps.config).ephemeral && deps.config.LOG_LEVEL !== 'silent')
    app.log.warn(
      'Neither LINK_SECRET nor PAYMENTS_SECRET is set: event cancel links stop working at the next start.',
    );
  const sessionTouches = startSessionTouches(deps.db.db, {
    log: (error) => app.log.error({ err: error }, 'recording session use failed'),
  });
  app.decorate('deps', {
    ...deps,
    publicUrl,
    sessionTouches,
    payments: paymentsConfigOf(deps.config, publicUrl),
  });
  app.addHook('onClose', () => sessionTouches.stop());
  registerRequestContext(app);
  registerErrorHandler(app);
  registerTextGuard(app);
  // While closing, answers end their connection so no client sends another request on it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback style, not async: this runs on every answer, and a promise per answer is measurable.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // Issue 18: requests counted for /api/metrics, only when METRICS_TOKEN is set (features/operations).
  if (deps.config.METRICS_TOKEN) registerRequestMetrics(app);
  registerSecurityHeaders(app);
  await app.register(compress, { threshold: 1024 });

  // Issue 18 §3: the schemes (API key, session), how to call, and each operation's security
  // (features/api-keys/api-docs.ts).
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kinetic API', version: '0.1.0', description: API_DOCS_DESCRIPTION },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: transformWithSecurity,
  });
  // Its own stylesheet and no deep links: Swagger UI's defaults fail axe (features/api-keys/api-docs-theme.ts).
  await app.register(swaggerUi, { routePrefix: '/api/docs', theme: API_DOCS_THEME, uiConfig: API_DOCS_UI_CONFIG });
  // Every /api route with its guard, for the ability matrix test (features/tenancy/ability-matrix.test.ts).
  recordApiRoutes(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(accountsRoutes);
      await api.register(signupRoutes);
      await api.register(companyDetailsRoutes);
      await api.register(uploadsRoutes);
      await api.register(
        (await import('./features/public-company/public-company.routes.ts')).publicCompanyRoutes,
      );
      await api.register(
        (await import('./features/session-settings/session-settings.routes.ts')).sessionSettingsRoutes,
      );
      await api.register((await import('./features/embed/embed.routes.ts')).embedSettingsRoutes);
      await api.register((await import('./features/hours/hours.routes.ts')).hoursRoutes);
      await api.register((await import('./features/studios/studios.routes.ts')).studiosRoutes);
      await api.register(
        (await import('./features/class-templates/class-templates.routes.ts')).classTemplatesRoutes,
      );
      await api.register((await import('./features/instructors/instructors.routes.ts')).instructorsRoutes);
      await api.register((await import('./features/facilitators/facilitators.routes.ts')).facilitatorsRoutes);
      await api.register(
        (await import('./features/fitness-sessions/fitness-sessions.routes.ts')).fitnessSessionsRoutes,
      );
      await api.register(
        (await import('./features/class-instances/class-instances.routes.ts')).classInstancesRoutes,
      );
      await api.register((await import('./features/events/events.routes.ts')).eventsRoutes);
      await api.register((await import('./features/events/events-public.routes.ts')).eventsPublicRoutes);
      await api.register((await import('./features/bookings/bookings.routes.ts')).bookingsRoutes);
      await api.register((await import('./features/check-in/check-in.routes.ts')).checkInRoutes);
      await api.register((await import('./features/check-in/front-desk.routes.ts')).frontDeskRoutes);
      await api.register((await import('./features/clients/clients.routes.ts')).clientsRoutes);
      await api.register(
        (await import('./features/client-profile/client-profile.routes.ts')).clientProfileRoutes,
      );
      await api.register(
        (await import('./features/client-insights/client-insights.routes.ts')).clientInsightsRoutes,
      );
      await api.register(
        (await import('./features/client-report/client-report.routes.ts')).clientReportRoutes,
      );
      await api.register((await import('./features/reports/reports.routes.ts')).reportsRoutes);
      await api.register(
        (await import('./features/staff-members/staff-members.routes.ts')).staffMembersRoutes,
      );
      await api.register((await import('./features/pay-rates/pay-rates.routes.ts')).payRatesRoutes);
      await api.register((await import('./features/payroll/payroll.routes.ts')).payrollRoutes);
      await api.register((await import('./features/packages/packages.routes.ts')).packagesRoutes);
      await api.register((await import('./features/promo-codes/promo-codes.routes.ts')).promoCodesRoutes);
      await api.register((await import('./features/orders/orders.routes.ts')).ordersRoutes);
      const payments = await import('./features/payments/payments.routes.ts');
      await api.register(payments.paymentSettingsRoutes);
      await api.register(payments.savedCardRoutes);
      await api.register((await import('./features/waivers/waivers.routes.ts')).waiversRoutes);
      await api.register(
        (await import('./features/client-preferences/client-preferences.routes.ts')).clientPreferencesRoutes,
      );
      await api.register((await import('./features/my-data/my-data.routes.ts')).myDataRoutes);
      await api.register(
        (await import('./features/notifications/email-settings.routes.ts')).emailSettingsRoutes,
      );
      await api.register(
        (await import('./features/calendar-feeds/calendar-feeds.routes.ts')).calendarFeedsRoutes,
      );
      await api.register(
        (await import('./features/appointment-setup/appointment-types.routes.ts')).appointmentTypesRoutes,
      );
      await api.register(
        (await import('./features/appointment-setup/availability.routes.ts')).availabilityRoutes,
      );
      await api.register(
        (await import('./features/appointment-setup/appointment-slots.routes.ts')).appointmentSlotsRoutes,
      );
      await api.register((await import('./features/appointments/appointments.routes.ts')).appointmentsRoutes);
      await api.register(
        (await import('./features/signup-details/signup-details.routes.ts')).signupDetailsRoutes,
      );
      await api.register(
        (await import('./features/account-deletion/account-deletion.routes.ts')).accountDeletionRoutes,
      );
      await api.register(payments.stripeWebhookRoutes);
      // Issue 18: dashboard, platform area, public API keys, webhooks, import/export, operations.
      await api.register((await import('./features/dashboard/dashboard.routes.ts')).dashboardRoutes);
      await api.register((await import('./features/platform/platform.routes.ts')).platformRoutes);
      await api.register((await import('./features/platform/support-access.routes.ts')).supportAccessRoutes);
      await api.register((await import('./features/api-keys/api-keys.routes.ts')).apiKeysRoutes);
      await api.register((await import('./features/webhooks/webhooks.routes.ts')).webhooksRoutes);
      await api.register((await import('./features/data-import/data-import.routes.ts')).dataImportRoutes);
      await api.register((await import('./features/data-export/data-export.routes.ts')).dataExportRoutes);
      await api.register((await import('./features/operations/operations.routes.ts')).operationsRoutes);
    },
    { prefix: '/api' },
  );

  const webDist = deps.config.WEB_DIST_DIR ? path.resolve(deps.config.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // Vite names every file under assets/ by its content hash: it never changes, so browsers keep it
      // a year. Everything else (index.html, the service worker, the manifest) is revalidated each time.
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // The one line a studio pastes into its site (features/embed/embed-script.js): public, cached an hour,
  // and loadable from any site (the page headers' Cross-Origin-Resource-Policy would refuse it).
  const embedScript = await readFile(
    path.join(import.meta.dirname, 'features/embed/embed-script.js'),
    'utf8',
  );
  app.get('/embed.js', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(embedScript),
  );

  const decodeSegment = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  // The widget's schedule is a page of its own (its small entry); the rest is the app's index.html.
  const pageDocumentOf = pageDocumentFor(webDist);
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed file (an old tab asking for a chunk of the previous build) must fail as a 404,
    // not parse the app page as script.
    const isAsset = pathname.startsWith('/assets/');
    if (!pathname.startsWith('/api/') && pathname !== '/api' && !isAsset && wantsPage && hasWeb) {
      // The single-page app owns every other path, including its own 404 page. The widget's pages may be
      // framed by the sites the studio lists (its embedding settings).
      const framable = framableCompanyOf(pathname);
      if (framable) {
        const headers = framablePageHeaders(await embedOriginsOf(deps.db.db, decodeSegment(framable)));
        if (headers['content-security-policy']) reply.headers(headers).removeHeader('x-frame-options');
      }
      return reply.header('cache-control', 'no-cache').sendFile(pageDocumentOf(pathname));
    }
    return reply.code(404).send({ status: 0, message: `There is no ${request.method} ${pathname}.` });
  });

  return app;
}
