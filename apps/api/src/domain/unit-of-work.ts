import type { Db, Tx } from "@lab/db";

import type { DomainEvent } from "./domain-events";
import type { RevokedSessions } from "../infra/sessions";

/**
 * What a change may ask of the outside world once it has committed, and what each kind carries. A new
 * kind (an SMS, WhatsApp or webhook outbox wake-up) is one line here; the compiler then asks for its
 * handler where the context is made.
 */
export interface EffectKinds {
  /** Domain events for the real-time endpoint and, through its bus, every instance. */
  publish: DomainEvent[];
  /** Sessions ended: this process stops honouring them at once, the other instances hear it. */
  sessionsRevoked: RevokedSessions;
  /** Mail was put in the outbox: wake its sender rather than wait for its next poll. */
  mailQueued: undefined;
  /** SMS or WhatsApp messages were put in their outbox: wake the message sender. */
  messagesQueued: undefined;
  /** A sample was submitted: wake this process's dispatcher. */
  samplesSubmitted: undefined;
}

export type EffectKind = keyof EffectKinds;
type Payload<K extends EffectKind> = EffectKinds[K] extends undefined ? [] : [EffectKinds[K]];

/** Runs each kind of effect; a promise it answers is not awaited, but its failure is reported. */
export type EffectHandlers = { [K in EffectKind]: (...payload: Payload<K>) => unknown };

/** The effects of a unit of work, recorded while its transaction is open. */
export interface Effects {
  /**
   * Runs after the outermost transaction commits, in the order recorded, and never if it rolls back.
   * A wake-up (a kind that carries nothing) recorded several times runs once.
   */
  add<K extends EffectKind>(kind: K, ...payload: Payload<K>): void;
}

/** Called with an effect that failed: the commit stands and the effects after it still run. */
export type EffectFailed = (error: unknown, kind: EffectKind) => void;

interface Recorded {
  kind: EffectKind;
  wakeUp: boolean;
  run: () => unknown;
}

class EffectQueue implements Effects {
  private readonly recorded: Recorded[] = [];
  private closed = false;

  constructor(private readonly handlers: EffectHandlers) {}

  add<K extends EffectKind>(kind: K, ...payload: Payload<K>): void {
    // Recorded once its unit has ended, it would never run: a bug to hear of, not a silent loss.
    if (this.closed) throw new Error(`effect "${kind}" recorded after its unit of work ended`);
    const handler: (...payload: Payload<K>) => unknown = this.handlers[kind];
    this.push({ kind, wakeUp: payload.length === 0, run: () => handler(...payload) });
  }

  /** A committed savepoint's effects become its parent's. */
  adopt(child: EffectQueue): void {
    for (const effect of child.recorded) this.push(effect);
  }

  /** Ends the unit: no more effects; a rolled-back unit's are dropped, a committed one's run. */
  close(): void {
    this.closed = true;
  }

  run(failed: EffectFailed): void {
    this.closed = true;
    for (const effect of this.recorded) {
      try {
        const running = effect.run();
        if (running instanceof Promise) running.catch((error: unknown) => failed(error, effect.kind));
      } catch (error) {
        failed(error, effect.kind);
      }
    }
  }

  private push(effect: Recorded): void {
    if (effect.wakeUp && this.recorded.some((queued) => queued.wakeUp && queued.kind === effect.kind)) return;
    this.recorded.push(effect);
  }
}

/** `work` with its transaction, the effects to record and `C` (the context bound to this unit). */
export type Work<T, C> = (tx: Tx, effects: Effects, ctx: C) => Promise<T>;
export type UnitOfWork<C> = <T>(work: Work<T, C>) => Promise<T>;

/**
 * Units of work on `db`: each runs `work` in one transaction and, once it has committed, its effects.
 * `bind` makes the context handed to `work`: its database is the transaction and its own units join
 * this one (a savepoint whose effects run at the outer commit, or are dropped with the savepoint).
 */
export function unitsOfWork<C>(options: {
  db: Db;
  handlers: EffectHandlers;
  failed: EffectFailed;
  bind: (tx: Tx, unitOfWork: UnitOfWork<C>) => C;
}): UnitOfWork<C> {
  const { db, handlers, failed, bind } = options;
  const joining =
    (outer: Tx, parent: EffectQueue): UnitOfWork<C> =>
    async (work) => {
      const effects = new EffectQueue(handlers);
      try {
        const result = await outer.transaction((tx) => work(tx, effects, bind(tx, joining(tx, effects))));
        parent.adopt(effects);
        return result;
      } finally {
        effects.close();
      }
    };
  return async (work) => {
    const effects = new EffectQueue(handlers);
    try {
      const result = await db.transaction((tx) => work(tx, effects, bind(tx, joining(tx, effects))));
      effects.run(failed);
      return result;
    } finally {
      effects.close();
    }
  };
}
