import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { PAGE_TITLE, type RouteAccess } from '@bo/domain';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling, registerNotFound } from './http/error-handler.ts';
import { warnAboutUntrustedForwarding } from './http/forwarded-warning.ts';
import { withLoggableErrors } from './http/loggable-error.ts';
import { openApiDocument, openApiTransform } from './http/openapi.ts';
import { pageHandler } from './http/pages.ts';
import { SessionCache } from './http/session-cache.ts';
import type { StateChange } from './http/origin.ts';
import { registerSessionGuard } from './http/session.ts';
import { registerTextGuard } from './http/text-guard.ts';
import type { App } from './http/types.ts';
import { storageFor, type FileStorage } from './integrations/storage/index.ts';
import type { Jobs } from './jobs/queue.ts';
import { academyRoutes } from './modules/academy/routes.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { createAddressValidator, type AddressValidator } from './integrations/address-validation/index.ts';
import { accountRoutes } from './modules/staff/accounts.routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { sessionsEnded, type AuthDeps } from './modules/auth/index.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { locationRoutes } from './modules/locations/routes.ts';
import { clientRoomsFor, type Publish } from './modules/clients/index.ts';
import { clientRoutes } from './modules/clients/routes.ts';
import { emailReminderRoutes } from './modules/clients/reminders.routes.ts';
import { createTelephony, type Telephony } from './integrations/telephony/index.ts';
import { createWorkboard, type Workboard } from './integrations/workboard/index.ts';
import { createFinancing, type FinancingProvider } from './integrations/financing/index.ts';
import { createDrive, type DriveSource } from './integrations/drive/index.ts';
import { createPayments, type PaymentProvider } from './integrations/payments/index.ts';
import { smsWebhookKey } from './integrations/sms/index.ts';
import { ocrRoutes } from './modules/import/ocr.routes.ts';
import { inProcessChecks, uploadFiles, type ImportDeps } from './modules/import/index.ts';
import { importRoutes } from './modules/import/routes.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { commissionRoutes } from './modules/finances/commissions.routes.ts';
import { orderRoutes } from './modules/finances/orders.routes.ts';
import { warehouseRoutes } from './modules/warehouse/routes.ts';
import { omnicasRoutes } from './modules/omnicas/routes.ts';
import { adminPaymentRoutes } from './modules/admin-payments/routes.ts';
import { financeStatsRoutes } from './modules/finances/stats.routes.ts';
import { recommendationRoutes } from './modules/recommendations/routes.ts';
import { referrerOfLinkIn } from './modules/referrals/index.ts';
import { referralRoutes } from './modules/referrals/routes.ts';
import { createShortLinks } from './integrations/shortlink/index.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { smsRoutes } from './modules/sms/routes.ts';
import { smsWebhookRoutes } from './modules/sms/webhook.routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { snapshotRoutes } from './modules/snapshots/routes.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { statusRoutes } from './modules/statuses/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { simulateOutboundCall, type EmitToUser, type TelephonyDeps } from './modules/telephony/index.ts';
import { telephonyRoutes } from './modules/telephony/routes.ts';
import { telephonyWebhookRoutes } from './modules/telephony/webhook.routes.ts';
import { inProcessApplier, licenceRestricts, sweepRestrictedSockets, type LocalPaymentDeps } from './modules/licences/index.ts';
import { licenceRoutes } from './modules/licences/routes.ts';
import { PAYMENTS_WEBHOOK_PATH, paymentsWebhookRoutes } from './modules/licences/webhook.routes.ts';
import { startRealtime, type Realtime } from './realtime/server.ts';
import { plannerRoutes } from './modules/planner/routes.ts';
import { createTravelTimes, type TravelTimes } from './integrations/routing/index.ts';

/** How often the live connections are brought in step with the independent agents' licences. */
const LICENCE_SOCKET_SWEEP_MS = 15_000;

export interface AppDeps {
  config: Config;
  database: Database;
  /** The URL the database was opened with; the socket adapter opens its own LISTEN connection. */
  databaseUrl?: string;
  jobs?: Jobs;
  localesDir: string;
  webDist?: string;
  version: string;
  logger?: FastifyServerOptions['logger'];
  realtime?: boolean;
  /** Where uploaded files live; the configured one (local folder or S3) by default. */
  storage?: FileStorage;
  /** Outside services; the configured ones by default. */
  telephony?: Telephony;
  workboard?: Workboard;
  financing?: FinancingProvider;
  /** Where folder imports read from; the configured one (a folder on disk, or Google Drive) by default. */
  drive?: DriveSource;
  /** The licences' card-payment provider; the configured one (local or Stripe) by default. */
  payments?: PaymentProvider;
  /** The address check; the configured one (offline or Google) by default. */
  addressValidator?: AddressValidator;
  /** The planner's travel times; the configured ones (offline model or OSRM) by default. */
  travelTimes?: TravelTimes;
}

export interface BuiltApp {
  app: App;
  realtime: Realtime | undefined;
  /** Every route with whether it declared who may call it, for the route-policy test. */
  routes(): { method: string; url: string; hasPolicy: boolean; access: RouteAccess | undefined; changesState: StateChange | undefined }[];
}

/** Plugins and modules; tests build the app through this, main.ts adds the database and the listener. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const app = Fastify({
    logger: withLoggableErrors(deps.logger),
    trustProxy: deps.config.trustProxy,
    // One line per request only when asked for (LOG_LEVEL=debug or trace); errors are logged regardless.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(deps.config.logLevel) }),
    // HEAD would run the handlers of the GET routes that change state (login-by, block-account).
    exposeHeadRoutes: false,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Kept by reference: a plugin's own onRoute hook may still add the policy after this one ran.
  const registered: { method: string | string[]; url: string; config?: { access?: unknown; changesState?: unknown } }[] = [];
  app.addHook('onRoute', (route) => {
    registered.push(route);
  });

  registerErrorHandling(app);
  warnAboutUntrustedForwarding(app, deps.config.trustProxy);
  await app.register(fastifyCookie);
  // Limits per kind are set where a file is read (modules/files); these are the outer bounds.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 20, fieldSize: 64 * 1024, fileSize: 210 * 1024 * 1024 } });
  await app.register(fastifyHelmet, {
    // The app's own requests carry their Referer (browsers without Sec-Fetch-Site need it to sign
    // out or block an account, http/origin.ts); no other site ever sees it.
    referrerPolicy: { policy: 'same-origin' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        upgradeInsecureRequests: null,
      },
    },
  });

  await app.register(fastifySwagger, {
    openapi: openApiDocument(`Back office API (${PAGE_TITLE})`, deps.version),
    transform: openApiTransform,
  });
  await app.register(async (docs) => {
    // Plugin routes carry no policy of their own: the documentation is public.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: { public: true } };
    });
    await docs.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  });

  let realtime: Realtime | undefined;
  const authDeps: AuthDeps = {
    db: deps.database.db,
    config: deps.config,
    onMailQueued: () => deps.jobs?.notifyMailQueued(),
    onSessionsEnded: (userId) => realtime?.disconnectUser(userId),
    onSessionEnded: (sessionId) => realtime?.disconnectSession(sessionId),
    onScopeChanged: async (viewer) => {
      if (!realtime) {
        return;
      }
      try {
        realtime.rescopeUser(viewer.userId, await clientRoomsFor(deps.database.db, viewer));
      } catch (err) {
        // The change itself is saved; a connection that missed the move is moved at its next handshake.
        app.log.error({ err }, 'live connections not moved to the new scope');
      }
    },
    sessions: new SessionCache(),
  };
  registerSessionGuard(app, authDeps, (agentId) => licenceRestricts(deps.database.db, agentId));
  registerTextGuard(app);

  authRoutes(app, authDeps);
  accountRoutes(app, authDeps);
  staffRoutes(app, authDeps);
  mailRoutes(app, { db: deps.database.db, onMailQueued: () => deps.jobs?.notifyMailQueued() });
  smsRoutes(app, { db: deps.database.db, onSmsPlanned: () => deps.jobs?.notifySmsPlanned() });
  smsWebhookRoutes(app, { db: deps.database.db, publicUrl: deps.config.publicUrl, key: smsWebhookKey(deps.config) });
  locationRoutes(app, { db: deps.database.db });
  statusRoutes(app);
  snapshotRoutes(app, { db: deps.database.db });
  statsRoutes(app, { db: deps.database.db });
  const files = { db: deps.database.db, storage: deps.storage ?? storageFor(deps.config) };
  fileRoutes(app, files);
  settingsRoutes(app, { db: deps.database.db, files });
  academyRoutes(app, files);
  productRoutes(app, { db: deps.database.db });
  const publish: Publish = (rooms, event, payload) => {
    if (rooms.length > 0) {
      realtime?.io.to(rooms).emit(event, payload);
    }
  };
  // Telephony's live events go to one agent's connections only (their user room).
  const emitToUser: EmitToUser = (userId, event, payload) => {
    realtime?.io.to(`user:${userId}`).emit(event, payload);
  };
  const telephonyDeps: TelephonyDeps = { db: deps.database.db, emit: emitToUser, webhookToken: deps.config.aircallWebhookToken, publish };
  telephonyRoutes(app, telephonyDeps);
  telephonyWebhookRoutes(app, telephonyDeps);
  clientRoutes(app, {
    db: deps.database.db,
    files,
    // Without a provider, click-to-call goes through the simulator as the agent's outbound call.
    telephony: deps.telephony ?? createTelephony(deps.config, { simulate: (input) => simulateOutboundCall(telephonyDeps, input) }),
    workboard: deps.workboard ?? createWorkboard(deps.config),
    publish,
    onClientRemoved: (id) => sessionsEnded(authDeps, id),
  });
  emailReminderRoutes(app, { db: deps.database.db, publicUrl: deps.config.publicUrl, onMailQueued: () => deps.jobs?.notifyMailQueued() });
  recommendationRoutes(app, { db: deps.database.db, publish });
  addressRoutes(app, { db: deps.database.db, validator: deps.addressValidator ?? createAddressValidator(deps.config), publish });
  orderRoutes(app, { db: deps.database.db, files, iban: deps.config.invoice.iban });
  commissionRoutes(app, { db: deps.database.db, files });
  warehouseRoutes(app, { db: deps.database.db });
  omnicasRoutes(app, { db: deps.database.db, financing: deps.financing ?? createFinancing(deps.config) });
  adminPaymentRoutes(app, { db: deps.database.db });
  financeStatsRoutes(app, { db: deps.database.db });
  eventRoutes(app, {
    db: deps.database.db,
    publish,
    files,
    onSmsPlanned: () => deps.jobs?.notifySmsPlanned(),
    referrerOfLink: referrerOfLinkIn,
  });
  referralRoutes(app, {
    db: deps.database.db,
    publicUrl: deps.config.publicUrl,
    cookieSecure: deps.config.cookieSecure,
    formSecret: deps.config.referrals.formSecret,
    shortLinks: createShortLinks(deps.config),
    onShortLinkError: (err) => app.log.warn({ err }, 'short link not made; the own link is handed out'),
  });
  plannerRoutes(app, { db: deps.database.db, travel: deps.travelTimes ?? createTravelTimes(deps.config) });
  const importDeps: ImportDeps = {
    db: deps.database.db,
    files,
    limits: deps.config.import,
    // A pg-boss worker where one runs (main.ts), else this process, one batch after the other.
    scheduleCheck: deps.jobs?.notifyImportCheck
      ? (id) => deps.jobs?.notifyImportCheck?.(id)
      : inProcessChecks({ db: deps.database.db, files }, deps.config.import, (err) => app.log.error({ err }, 'import check failed')),
  };
  importRoutes(app, importDeps);
  ocrRoutes(app, {
    db: deps.database.db,
    drive: deps.drive ?? createDrive(deps.config),
    onStarted: (id) => deps.jobs?.notifyOcr(id),
    uploadLeadFile: async (actor, file, opts) => (await uploadFiles(importDeps, actor, [file], opts))[0]!,
  });
  const licenceDeps: LocalPaymentDeps = {
    db: deps.database.db,
    payments: deps.payments ?? createPayments(deps.config),
    publicUrl: deps.config.publicUrl,
    // A pg-boss worker applies the stored webhook events where one runs (main.ts), else this process.
    onEventStored: deps.jobs?.notifyLicenceEvents
      ? () => deps.jobs?.notifyLicenceEvents?.()
      : inProcessApplier(deps.database.db, (err) => app.log.error({ err }, 'licence payment events not applied')),
    // The local provider's webhooks take the route Stripe's take, signature check included.
    deliver: async (rawBody, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: PAYMENTS_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: rawBody,
      });
      if (res.statusCode !== 200) {
        throw new Error(`local payment webhook answered ${res.statusCode}`);
      }
    },
    monthlyFee: deps.config.licenceMonthlyFee,
  };
  licenceRoutes(app, licenceDeps);
  paymentsWebhookRoutes(app, licenceDeps);
  systemRoutes(app, { db: deps.database.db, localesDir: deps.localesDir, version: deps.version });

  const webDist = deps.webDist && fs.existsSync(path.join(deps.webDist, 'index.html')) ? deps.webDist : undefined;
  if (webDist) {
    await app.register(async (web) => {
      web.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: { public: true } };
      });
      // The translation files are answered by the API (modules/system), which merges the keys admins add.
      await web.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', globIgnore: ['locales/**'] });
    });
  }
  registerNotFound(app, webDist ? pageHandler({ webDist, authDeps }) : undefined);

  if (deps.realtime) {
    realtime = startRealtime(app.server, {
      databaseUrl: deps.databaseUrl,
      auth: authDeps,
      onError: (err) => app.log.error({ err }, 'realtime adapter error'),
      // An independent agent whose licence restricts them hears no client's live events (their calls are refused too).
      roomsFor: async (actor) =>
        actor.role === 'independent_agent' && (await licenceRestricts(deps.database.db, actor.userId))
          ? []
          : clientRoomsFor(deps.database.db, actor),
    });
    app.addHook('onClose', async () => realtime?.close());
    // Agents whose licence became restricted (the grace period ended, a payment failed or was made in
    // any process) leave or regain their client rooms within LICENCE_SOCKET_SWEEP_MS.
    const live = realtime;
    const sweep = sweepRestrictedSockets(
      deps.database.db,
      async (agentId, to) =>
        live.rescopeUser(
          agentId,
          to === 'none' ? [] : await clientRoomsFor(deps.database.db, { userId: agentId, role: 'independent_agent' }),
        ),
      {
        everyMs: LICENCE_SOCKET_SWEEP_MS,
        onError: (err) => app.log.error({ err }, 'licence restrictions not applied to live connections'),
      },
    );
    app.addHook('onClose', (_instance, done) => {
      sweep.stop();
      done();
    });
  }
  return {
    app,
    realtime,
    routes: () =>
      registered.flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({
          method,
          url: r.url,
          hasPolicy: Boolean(r.config?.access),
          access: r.config?.access as RouteAccess | undefined,
          changesState: r.config?.changesState as StateChange | undefined,
        })),
      ),
  };
}
