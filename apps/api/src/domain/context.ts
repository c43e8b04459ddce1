import type { Db } from "@lab/db";

import { createSigner, type Signer } from "../lib/signing";
import { createTokenService, type TokenService } from "../lib/tokens";
import type { DomainEvent } from "./domain-events";
import { createEmailChecker, type EmailChecker, type MxLookup } from "./email-check";
import { createSessionStore, type RevokedSessions, type SessionStore } from "./sessions";

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
  /** Call after the transaction that revoked sessions committed: tells this and every other instance. */
  sessionsRevoked: (revoked: RevokedSessions) => void;
  /** Called after a transaction that queued mail has committed. */
  mailQueued: () => void;
  /** Called after a submission committed: wakes this process's dispatcher without waiting for its poll. */
  samplesSubmitted: () => void;
  /** Where the portal is reached: links in e-mails and certificate QR codes. */
  publicUrl: string;
  /** Pushes events to the real-time endpoint; called only after their transaction committed. */
  publish: (events: DomainEvent[]) => void;
}

export function createDomainContext(options: {
  db: Db;
  jwtSecret: string;
  now?: (() => Date) | undefined;
  bcryptCost?: number | undefined;
  mxLookup?: MxLookup | undefined;
  mailQueued?: (() => void) | undefined;
  samplesSubmitted?: (() => void) | undefined;
  publicUrl?: string | undefined;
  publish?: ((events: DomainEvent[]) => void) | undefined;
  /** One store per process, shared with the real-time endpoint; made here when not given. */
  sessions?: SessionStore | undefined;
  tokens?: TokenService | undefined;
}): DomainContext {
  const tokens = options.tokens ?? createTokenService(options.jwtSecret);
  const sessions = options.sessions ?? createSessionStore(options.db, tokens);
  const publish = options.publish ?? (() => undefined);
  return {
    db: options.db,
    now: options.now ?? (() => new Date()),
    bcryptCost: options.bcryptCost ?? 12,
    checkEmail: createEmailChecker(options.mxLookup),
    tokens,
    sessions,
    signer: createSigner(options.jwtSecret),
    sessionsRevoked(revoked) {
      if (revoked.sessionIds.length === 0) return;
      sessions.markRevoked(revoked.sessionIds);
      publish([{ kind: "sessions-revoked", ...revoked }]);
    },
    mailQueued: options.mailQueued ?? (() => undefined),
    samplesSubmitted: options.samplesSubmitted ?? (() => undefined),
    publicUrl: options.publicUrl ?? "http://localhost:3000",
    publish,
  };
}
