import type { Db } from "@lab/db";

import { createTokenService, type TokenService } from "../lib/tokens";
import type { RealtimeEvent } from "../realtime/events";
import { createEmailChecker, type EmailChecker, type MxLookup } from "./email-check";

/** What the use cases need from the outside world; built once per process (app, CLI, jobs). */
export interface DomainContext {
  db: Db;
  now: () => Date;
  bcryptCost: number;
  checkEmail: EmailChecker;
  tokens: TokenService;
  /** Called after a transaction that queued mail has committed. */
  mailQueued: () => void;
  /** Where the portal is reached: links in e-mails and certificate QR codes. */
  publicUrl: string;
  /** Pushes events to the real-time endpoint; called only after their transaction committed. */
  publish: (events: RealtimeEvent[]) => void;
}

export function createDomainContext(options: {
  db: Db;
  jwtSecret: string;
  now?: (() => Date) | undefined;
  bcryptCost?: number | undefined;
  mxLookup?: MxLookup | undefined;
  mailQueued?: (() => void) | undefined;
  publicUrl?: string | undefined;
  publish?: ((events: RealtimeEvent[]) => void) | undefined;
}): DomainContext {
  return {
    db: options.db,
    now: options.now ?? (() => new Date()),
    bcryptCost: options.bcryptCost ?? 12,
    checkEmail: createEmailChecker(options.mxLookup),
    tokens: createTokenService(options.jwtSecret),
    mailQueued: options.mailQueued ?? (() => undefined),
    publicUrl: options.publicUrl ?? "http://localhost:3000",
    publish: options.publish ?? (() => undefined),
  };
}
