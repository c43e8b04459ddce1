import type { Db } from "@lab/db";

import type { TokenService } from "../lib/tokens";
import type { EmailChecker } from "./email-check";

/** What the use cases need from the outside world; built once in createApp. */
export interface DomainContext {
  db: Db;
  now: () => Date;
  bcryptCost: number;
  checkEmail: EmailChecker;
  tokens: TokenService;
  /** Called after a transaction that queued mail has committed. */
  mailQueued: () => void;
}
