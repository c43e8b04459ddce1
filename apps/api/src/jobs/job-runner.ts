import type { Database, Db, Tx } from "@lab/db";
import { sql } from "drizzle-orm";

/**
 * A background job: passes every interval and whenever woken, never overlapping itself. Wake-ups
 * coalesce: at most one pass runs and at most one waits behind it, however many arrive meanwhile.
 */
export interface Job<T = unknown> {
  readonly name: string;
  start(): Promise<void>;
  /** Asks for a pass soon (work has arrived); ignored while stopped. */
  wake(): void;
  /** Runs a pass that starts after this call (after the current one) and resolves with its result. */
  runNow(): Promise<T>;
  /** Stops polling and listening, waits for the pass under way; its claims are released with it. */
  stop(): Promise<void>;
}

export interface JobOptions<T> {
  /** Names the job in logs and, for `withJobLock`, its lock. */
  name: string;
  intervalMs: number;
  pass: () => Promise<T>;
  onError: (error: unknown) => void;
  /** A NOTIFY channel that wakes the job, on every instance listening to the same database. */
  wakeOn?: { database: Pick<Database, "listen">; channel: string } | undefined;
}

export function createJob<T>(options: JobOptions<T>): Job<T> {
  const { intervalMs, pass, onError } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let current: Promise<unknown> | undefined;
  let queued: Promise<T> | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void runNow().catch(onError), delay);
    timer.unref();
  };

  const startPass = (): Promise<T> => {
    clearTimeout(timer);
    const run = pass();
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    current = settled;
    void settled.then(() => {
      if (current === settled) current = undefined;
      // A queued pass starts right away; otherwise the poll takes over again.
      if (!queued) schedule(intervalMs);
    });
    return run;
  };

  function runNow(): Promise<T> {
    if (!current) return startPass();
    queued ??= current.then(() => {
      queued = undefined;
      return startPass();
    });
    return queued;
  }

  const wake = () => {
    if (!stopped) void runNow().catch(onError);
  };

  return {
    name: options.name,
    async start() {
      if (!stopped) return;
      stopped = false;
      const wakeOn = options.wakeOn;
      if (wakeOn) {
        const stop = await wakeOn.database.listen(wakeOn.channel, wake);
        // Stopped while connecting: stop listening at once.
        if (stopped) await stop();
        else unlisten = stop;
      }
      schedule(0);
    },
    wake,
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const stopListening = unlisten;
      unlisten = undefined;
      await Promise.all([stopListening?.(), queued?.catch(() => undefined), current]);
    },
  };
}

// Every job's lock is the pair (JOB_LOCKS, hashtext(name)): the two-key advisory lock space never
// meets the one-key locks (migrations), and a new job needs no number of its own.
const JOB_LOCKS = 7_340_000;

/**
 * Takes the job's lock for the rest of the transaction, so one instance at a time does the job; false
 * when another instance holds it. The lock is released at commit or rollback, and with the connection
 * if the process dies.
 */
export async function tryJobLock(tx: Tx, name: string): Promise<boolean> {
  const result = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${JOB_LOCKS}, hashtext(${name})) as locked`,
  )) as { rows: { locked: boolean }[] };
  return result.rows[0]?.locked === true;
}

/** Runs `work` in a transaction holding the job's lock; undefined, without running it, when it is held. */
export async function withJobLock<R>(
  db: Db,
  name: string,
  work: (tx: Tx) => Promise<R>,
): Promise<R | undefined> {
  return db.transaction(async (tx) => ((await tryJobLock(tx, name)) ? work(tx) : undefined));
}
