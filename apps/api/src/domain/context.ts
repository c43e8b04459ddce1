import type { Db } from "@lab/db";
import { pino, type Logger } from "pino";

import { createSigner, type Signer } from "../lib/signing";
import { createTokenService, type TokenService } from "../lib/tokens";
import { createEmailChecker, type EmailChecker, type MxLookup } from "../infra/email-check";
import { createSessionStore, type SessionStore } from "../infra/sessions";
import type { RenderPool } from "../pdf/render-pool";
import { unitsOfWork, type EffectHandlers, type UnitOfWork } from "./unit-of-work";

/** What the use cases need from the outside world; built once per process (app, CLI, jobs). */
export interface DomainContext {
  db: Db;
  now: () => Date;
  bcryptCost: number;
  checkEmail: EmailChecker;
  tokens: TokenService;
  sessions: SessionStore;
  /** Signs values given to clients and read back: list cursors, unsubscribe links. */
  signer: Signer;
  /** Where the portal is reached: links in e-mails and certificate QR codes. */
  publicUrl: string;
  /** Where what fails out of the caller's sight is logged (an effect after commit, a document not stored). */
  logger: Logger;
  /** Renders certificates on worker threads; null: rendered inline (no workers here). */
  renderPool: RenderPool | null;
  /**
   * Runs `work` in one transaction; the effects it records (events, wake-ups, ended sessions) run
   * once it has committed. On the context handed to `work`, a unit joins the one already open.
   */
  unitOfWork: UnitOfWork<DomainContext>;
}

export function createDomainContext(options: {
  db: Db;
  jwtSecret: string;
  now?: (() => Date) | undefined;
  bcryptCost?: number | undefined;
  mxLookup?: MxLookup | undefined;
  /** After a commit that queued mail. */
  mailQueued?: EffectHandlers["mailQueued"] | undefined;
  /** After a commit that queued SMS or WhatsApp messages. */
  messagesQueued?: EffectHandlers["messagesQueued"] | undefined;
  /** After a submission committed: wakes this process's dispatcher without waiting for its poll. */
  samplesSubmitted?: EffectHandlers["samplesSubmitted"] | undefined;
  publicUrl?: string | undefined;
  /** Pushes committed changes to the real-time endpoint. */
  publish?: EffectHandlers["publish"] | undefined;
  /** One store per process, shared with the real-time endpoint; made here when not given. */
  sessions?: SessionStore | undefined;
  tokens?: TokenService | undefined;
  /** Where an effect that failed after its commit is logged. */
  logger?: Logger | undefined;
  /** The process's certificate render pool; none (inline rendering) when not given. */
  renderPool?: RenderPool | null | undefined;
}): DomainContext {
  const tokens = options.tokens ?? createTokenService(options.jwtSecret);
  const sessions = options.sessions ?? createSessionStore(options.db, tokens);
  const publish = options.publish ?? (() => undefined);
  const logger = options.logger ?? pino();
  const handlers: EffectHandlers = {
    publish,
    sessionsRevoked(revoked) {
      if (revoked.sessionIds.length === 0) return;
      sessions.markRevoked(revoked.sessionIds);
      return publish([{ kind: "sessions-revoked", ...revoked }]);
    },
    mailQueued: options.mailQueued ?? (() => undefined),
    messagesQueued: options.messagesQueued ?? (() => undefined),
    samplesSubmitted: options.samplesSubmitted ?? (() => undefined),
  };
  const ctx: DomainContext = {
    db: options.db,
    now: options.now ?? (() => new Date()),
    bcryptCost: options.bcryptCost ?? 12,
    checkEmail: createEmailChecker(options.mxLookup),
    tokens,
    sessions,
    signer: createSigner(options.jwtSecret),
    publicUrl: options.publicUrl ?? "http://localhost:3000",
    logger,
    renderPool: options.renderPool ?? null,
    unitOfWork: unitsOfWork<DomainContext>({
      db: options.db,
      handlers,
      // The change is committed and answered as done; a lost wake-up is made good by the job's poll
      // and a lost event by the client's re-read on reconnect.
      failed: (error, kind) => logger.error({ err: error, effect: kind }, "effect after commit failed"),
      bind: (tx, unitOfWork) => ({ ...ctx, db: tx, unitOfWork }),
    }),
  };
  return ctx;
}
