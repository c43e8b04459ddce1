import { existsSync } from "node:fs";
import { basename, join } from "node:path";

import type { Database } from "@lab/db";
import compression from "compression";
import express, { type Express } from "express";
import helmet from "helmet";
import type { Redis } from "ioredis";
import type { Logger } from "pino";

import { createDomainContext, type DomainContext } from "./domain/context";
import type { MxLookup } from "./infra/email-check";
import { lazyGazetteer, type Gazetteer } from "./infra/places";
import type { SessionStore } from "./infra/sessions";
import { DEFAULT_LAB_ENQUIRY_EMAIL, type TrustProxy } from "./env";
import { authenticate } from "./http/authenticate";
import { errorHandler, notFoundHandler } from "./http/error-handler";
import { createMetrics, type MetricsSources } from "./http/metrics";
import { createRateLimits } from "./http/rate-limit";
import { requestLog } from "./http/request-log";
import type { TokenService } from "./lib/tokens";
import type { MailboxEntry } from "./mail/transport";
import type { DevMessage } from "./messaging/dev-outbox";
import type { DomainEvent } from "./domain/domain-events";
import type { RenderPool } from "./pdf/render-pool";
import { authRouter } from "./routes/auth/router";
import { phoneAuthRouter, phoneProfileRouter } from "./routes/phone-auth/router";
import { customersRouter } from "./routes/customers/router";
import { devMailboxRouter } from "./routes/dev-mailbox/router";
import { emailRouter } from "./routes/email/router";
import { fieldAccountRouter, fieldAuthRouter } from "./routes/field-auth/router";
import { fieldJobsRouter } from "./routes/field-jobs/router";
import { enquiriesRouter, labEnquiriesRouter } from "./routes/enquiries/router";
import { labCatalogueRouter } from "./routes/lab-catalogue/router";
import { labStaffRouter } from "./routes/lab-staff/router";
import { marketsRouter } from "./routes/markets/router";
import { healthRouter } from "./routes/health/router";
import { placesRouter } from "./routes/places/router";
import { sampleSubmissionsRouter } from "./routes/sample-submissions/router";
import { labAgentsRouter } from "./routes/lab-agents/router";
import { labAccountRouter, labSignInRouter } from "./routes/lab-auth/router";
import { labResultsRouter } from "./routes/lab-results/router";
import { labRevocationsRouter } from "./routes/lab-revocations/router";
import { labSamplesRouter } from "./routes/lab-samples/router";
import { labReceptionRouter } from "./routes/lab-reception/router";
import { labOrganisationsRouter } from "./routes/lab-organisations/router";
import { invitationsRouter, organisationsRouter } from "./routes/organisations/router";
import { labSettingsRouter } from "./routes/lab-settings/router";
import { ledgerRouter } from "./routes/ledger/router";
import { mailPreferencesRouter } from "./routes/mail-preferences/router";
import { newsletterRouter } from "./routes/newsletter/router";
import { notificationsRouter } from "./routes/notifications/router";
import { certificatesRouter, reportsRouter } from "./routes/reports/router";
import { cropsRouter, farmsRouter, pondsRouter } from "./routes/farms/router";
import { lotsRouter } from "./routes/lots/router";
import { sharedRouter } from "./routes/shared/router";
import { fieldCollectionsRouter } from "./routes/field-collections/router";
import { custodyRouter } from "./routes/custody/router";
import { noticePreferencesRouter } from "./routes/notice-preferences/router";
import { labSampleMessagesRouter, sampleMessagesRouter } from "./routes/sample-messages/router";
import { createWhatsAppWebhookRouter, type WhatsAppWebhookOptions } from "./routes/whatsapp-webhook/router";

interface HttpDeps {
  database: Database;
  logger: Logger;
  redis?: Redis | undefined;
  rateLimit?: boolean;
  /** Key prefix of the shared rate limits (default "rl"). */
  rateLimitNamespace?: string | undefined;
  /** The built SPA; served with an index.html fallback when present. */
  webDistDir?: string | undefined;
  /** The dev mailbox reader; mounted at /dev when given. */
  devMailbox?: ((limit?: number) => Promise<MailboxEntry[]>) | undefined;
  /** The dev outbox's phone messages (channels with no provider configured); shown at /dev with the mail. */
  devOutbox?: ((limit?: number) => Promise<DevMessage[]>) | undefined;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For/-Proto count (client IPs in rate limits, https). */
  trustProxy?: TrustProxy;
  /** LAB_ENQUIRY_EMAIL: where the contact form's enquiries are mailed. */
  labEnquiryEmail?: string | undefined;
  /** METRICS_TOKEN: the bearer token of GET /metrics; without it /metrics answers 404. */
  metricsToken?: string | undefined;
  /** This process's live figures for /metrics (real-time endpoint, dispatcher). */
  metricsSources?: MetricsSources | undefined;
  /** The place index of /places; an index of this app's own, built on first use, when not given. */
  gazetteer?: (() => Gazetteer) | undefined;
  /** The WhatsApp status webhook's settings and wake-up; without them /api/webhooks/whatsapp answers 404. */
  whatsappWebhook?: Omit<WhatsAppWebhookOptions, "db" | "logger"> | undefined;
}

/** What the routes' domain context is made of, for a caller that brings no context of its own. */
interface ContextDeps {
  jwtSecret: string;
  /** Called after a commit that queued mail (nudges the outbox sender). */
  mailQueued: () => void;
  /** Called after a commit that queued SMS or WhatsApp messages (nudges the message sender). */
  messagesQueued?: (() => void) | undefined;
  /** Called after a submission committed (wakes this process's dispatcher). */
  samplesSubmitted?: (() => void) | undefined;
  mxLookup?: MxLookup | undefined;
  bcryptCost?: number;
  now?: () => Date;
  /** Pushes committed changes to the real-time endpoint. */
  publish?: ((events: DomainEvent[]) => void) | undefined;
  /** PUBLIC_URL: links in e-mails and certificate QR codes. */
  publicUrl?: string | undefined;
  /** The process's session store, shared with the real-time endpoint; made here when not given. */
  sessions?: SessionStore | undefined;
  tokens?: TokenService | undefined;
  /** Certificates rendered on worker threads; inline when not given. */
  renderPool?: RenderPool | null | undefined;
}

/**
 * The app's parts: the routes' domain context as buildParts (composition.ts) made it, or what to make
 * one of (tests and benches that build a bare app).
 */
export type AppDeps = HttpDeps & ({ context: DomainContext } | ContextDeps);

const API_JSON_LIMIT = "100kb";

export function createApp(deps: AppDeps): Express {
  const ctx =
    "context" in deps
      ? deps.context
      : createDomainContext({
          db: deps.database.db,
          jwtSecret: deps.jwtSecret,
          now: deps.now,
          bcryptCost: deps.bcryptCost,
          mxLookup: deps.mxLookup,
          mailQueued: deps.mailQueued,
          messagesQueued: deps.messagesQueued,
          samplesSubmitted: deps.samplesSubmitted,
          publicUrl: deps.publicUrl,
          publish: deps.publish,
          sessions: deps.sessions,
          tokens: deps.tokens,
          logger: deps.logger,
          renderPool: deps.renderPool,
        });
  const limits = createRateLimits({
    enabled: deps.rateLimit ?? true,
    redis: deps.redis,
    namespace: deps.rateLimitNamespace,
  });

  const app = express();
  app.disable("x-powered-by");
  const metrics = createMetrics({
    app,
    database: deps.database,
    token: deps.metricsToken,
    sources: deps.metricsSources,
  });
  app.use(metrics.observe);
  app.set("trust proxy", deps.trustProxy ?? false);
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Inline style attributes (React style props); no inline script anywhere.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compression());
  app.use(requestLog(deps.logger));
  // Before the static files and the SPA fallback, which would otherwise answer /metrics.
  app.use(metrics.router);

  const api = express.Router();
  // Before the API's JSON parser: collections carry photos, with a larger limit of their own.
  api.use("/field/collections", fieldCollectionsRouter(ctx));
  // Before the API's JSON parser too: Meta signs the raw bytes, which the route checks before parsing.
  api.use(
    "/webhooks/whatsapp",
    createWhatsAppWebhookRouter({
      appSecret: undefined,
      verifyToken: undefined,
      messagesQueued: () => undefined,
      ...deps.whatsappWebhook,
      db: ctx.db,
      logger: deps.logger,
    }),
  );
  api.use(express.json({ limit: API_JSON_LIMIT }));
  api.use(healthRouter(deps.database));
  // Before /customers, whose /:id routes would take "me".
  api.use("/customers/me/phone", phoneProfileRouter(ctx, limits));
  api.use("/customers", customersRouter(ctx, limits));
  api.use("/auth/phone", phoneAuthRouter(ctx, limits));
  api.use("/auth", authRouter(ctx, limits));
  api.use("/email", emailRouter(ctx, limits));
  api.use("/places", authenticate(ctx, "customer"), placesRouter(deps.gazetteer ?? lazyGazetteer()));
  api.use("/sample-submissions", authenticate(ctx, "customer"), sampleSubmissionsRouter(ctx));
  api.use("/reports", authenticate(ctx, "customer"), reportsRouter(ctx));
  api.use("/notifications", authenticate(ctx, "customer"), notificationsRouter(ctx));
  api.use("/notice-preferences", authenticate(ctx, "customer"), noticePreferencesRouter(ctx));
  api.use("/ledger", authenticate(ctx, "customer"), ledgerRouter(ctx, limits));
  api.use("/mail", mailPreferencesRouter(ctx, limits));
  api.use("/certificates", certificatesRouter(ctx, limits));
  api.use("/enquiries", enquiriesRouter(ctx, limits, deps.labEnquiryEmail ?? DEFAULT_LAB_ENQUIRY_EMAIL));
  api.use("/newsletter", newsletterRouter(ctx, limits));
  api.use("/markets", authenticate(ctx, "customer"), marketsRouter(ctx));
  api.use("/organisations", organisationsRouter(ctx, limits));
  api.use("/invitations", invitationsRouter(ctx, limits));
  api.use("/farms", farmsRouter(ctx));
  api.use("/ponds", pondsRouter(ctx));
  api.use("/crops", cropsRouter(ctx));
  // Public gate checks and members' calls: each route says which.
  api.use("/lots", lotsRouter(ctx, limits));
  api.use("/shared", sharedRouter(ctx));
  // A sample's chain of custody: customers, staff and agents, each for the samples they may see.
  api.use("/samples", authenticate(ctx, "any"), custodyRouter(ctx));
  // A sample's SMS and WhatsApp messages: the member's own (staff read them under /lab).
  api.use("/samples", sampleMessagesRouter(ctx));
  api.use("/lab/enquiries", labEnquiriesRouter(ctx));
  api.use("/field/auth", fieldAuthRouter(ctx, limits));
  api.use("/field", fieldAccountRouter(ctx));
  api.use("/field/jobs", authenticate(ctx, "agent"), fieldJobsRouter(ctx));
  api.use("/lab/staff", labStaffRouter(ctx));
  api.use("/lab", labCatalogueRouter(ctx));
  // The rest of /lab, the staff console's calls: sign-in first, then a staff token for everything else
  // (customer tokens are refused, 403).
  api.use("/lab", labSignInRouter(ctx, limits));
  api.use("/lab", authenticate(ctx, "lab"));
  api.use("/lab", labAccountRouter(ctx));
  api.use("/lab", labSamplesRouter(ctx));
  api.use("/lab", labSampleMessagesRouter(ctx));
  api.use("/lab", labReceptionRouter(ctx));
  api.use("/lab", labAgentsRouter(ctx));
  api.use("/lab", labResultsRouter(ctx));
  // Revoking (two people by default) and the lab's settings that govern it.
  api.use("/lab", labRevocationsRouter(ctx, limits));
  api.use("/lab/settings", labSettingsRouter(ctx));
  api.use("/lab/organisations", labOrganisationsRouter(ctx));
  api.use(notFoundHandler);
  app.use("/api", api);

  if (deps.devMailbox || deps.devOutbox)
    app.use("/dev", devMailboxRouter({ mails: deps.devMailbox, messages: deps.devOutbox }));

  const webDist = deps.webDistDir;
  if (webDist && existsSync(join(webDist, "index.html"))) {
    // Hashed assets are immutable; index.html must always be revalidated.
    app.use(
      "/assets",
      express.static(join(webDist, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
    );
    app.use(
      express.static(webDist, {
        index: false,
        maxAge: "1h",
        // The service worker is checked for a new release at each visit: an hour-old copy would keep
        // the previous release's shell an hour longer.
        setHeaders: (res, path) => {
          if (basename(path) === "sw.js") res.setHeader("Cache-Control", "no-cache");
        },
      }),
    );
    app.get(/^(?!\/api\/|\/dev\/).*/, (_req, res) => {
      res.set("Cache-Control", "no-cache").sendFile(join(webDist, "index.html"));
    });
  }

  app.use(errorHandler(deps.logger));
  return app;
}
