import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";

import { newsletterSubscriptions, type Database, type Tx } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testEnv } from "../env";
import { TEST_JWT_SECRET } from "../test/harness";
import { createDomainContext, type DomainContext } from "./context";
import type { DomainEvent } from "./domain-events";
import type { EffectHandlers, Effects } from "./unit-of-work";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(testEnv.databaseUrl);
});
afterAll(async () => {
  await database.close();
});

/** An event that carries only a label, to tell the published ones apart. */
const labelled = (label: string): DomainEvent => ({
  kind: "sessions-revoked",
  role: "customer",
  subjectId: 0,
  sessionIds: [label],
});

/**
 * A context whose effects write what they are into `ran`; `publish` also counts, on the pool (another
 * connection on Postgres), the rows of `email` it can see: only committed ones are visible there.
 */
function recordingContext(options: { publish?: EffectHandlers["publish"] } = {}) {
  const ran: string[] = [];
  const seen: Promise<number>[] = [];
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  let email = "";
  const ctx = createDomainContext({
    db: database.db,
    jwtSecret: TEST_JWT_SECRET,
    logger: pino({ level: "info" }, sink),
    publish:
      options.publish ??
      ((events) => {
        ran.push(
          ...events.map((event) => (event.kind === "sessions-revoked" ? (event.sessionIds[0] ?? "?") : "?")),
        );
        seen.push(subscriptionsOf(email).then((rows) => rows.length));
      }),
    mailQueued: () => ran.push("mail"),
    samplesSubmitted: () => ran.push("submitted"),
  });
  return {
    ctx,
    ran,
    seen,
    lines,
    /** An address of its own for this test's rows. */
    email: () => (email = `${randomUUID()}@example.com`),
  };
}

const subscriptionsOf = (email: string) =>
  database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

const subscribe = (tx: Tx | DomainContext["db"], email: string) =>
  tx.insert(newsletterSubscriptions).values({ email, tokenHash: "x" });

describe("unitOfWork", () => {
  it("runs the recorded effects once, after the commit (another connection sees the row), in the order recorded", async () => {
    const { ctx, ran, seen, email } = recordingContext();
    const address = email();
    const answer = await ctx.unitOfWork(async (tx, effects) => {
      await subscribe(tx, address);
      effects.add("publish", [labelled("first")]);
      effects.add("mailQueued");
      effects.add("publish", [labelled("second"), labelled("third")]);
      effects.add("samplesSubmitted");
      expect(ran).toEqual([]);
      return "answer";
    });
    expect(answer).toBe("answer");
    expect(ran).toEqual(["first", "mail", "second", "third", "submitted"]);
    expect(await Promise.all(seen)).toEqual([1, 1]);
  });

  it("runs a wake-up recorded several times once, at its first place", async () => {
    const { ctx, ran } = recordingContext();
    await ctx.unitOfWork(async (_tx, effects) => {
      effects.add("mailQueued");
      effects.add("publish", [labelled("event")]);
      effects.add("mailQueued");
      effects.add("mailQueued");
      return Promise.resolve();
    });
    expect(ran).toEqual(["mail", "event"]);
  });

  it("runs none of the effects of a unit that rolls back, and passes its error on", async () => {
    const { ctx, ran, email } = recordingContext();
    const address = email();
    const failing = ctx.unitOfWork(async (tx, effects) => {
      await subscribe(tx, address);
      effects.add("publish", [labelled("never")]);
      effects.add("mailQueued");
      throw new Error("refused");
    });
    await expect(failing).rejects.toThrow("refused");
    expect(ran).toEqual([]);
    expect(await subscriptionsOf(address)).toEqual([]);
  });

  it("joins a unit opened on the context it hands out: the inner effects run once, at the outer commit", async () => {
    const { ctx, ran, seen, email } = recordingContext();
    const address = email();
    await ctx.unitOfWork(async (tx, effects, inner) => {
      effects.add("publish", [labelled("outer before")]);
      await inner.unitOfWork(async (innerTx, innerEffects, innermost) => {
        await subscribe(innerTx, address);
        innerEffects.add("publish", [labelled("inner")]);
        innerEffects.add("mailQueued");
        // A third level joins as well.
        await innermost.unitOfWork(async (_deepest, deepEffects) => {
          deepEffects.add("mailQueued");
          return Promise.resolve();
        });
      });
      expect(ran).toEqual([]);
      // Not committed yet: another connection does not see the inner unit's row.
      if (database.kind === "postgres") expect(await subscriptionsOf(address)).toEqual([]);
      expect(await subscribe(tx, `${address}.outer`)).toBeDefined();
      effects.add("publish", [labelled("outer after")]);
    });
    expect(ran).toEqual(["outer before", "inner", "mail", "outer after"]);
    expect(await Promise.all(seen)).toEqual([1, 1, 1]);
  });

  it("runs nothing of a joined unit when the outer one rolls back", async () => {
    const { ctx, ran, email } = recordingContext();
    const address = email();
    const failing = ctx.unitOfWork(async (_tx, effects, inner) => {
      effects.add("mailQueued");
      await inner.unitOfWork(async (tx, innerEffects) => {
        await subscribe(tx, address);
        innerEffects.add("publish", [labelled("inner")]);
      });
      throw new Error("outer refused");
    });
    await expect(failing).rejects.toThrow("outer refused");
    expect(ran).toEqual([]);
    expect(await subscriptionsOf(address)).toEqual([]);
  });

  it("drops the writes and effects of a joined unit that failed, and keeps the outer unit's when it carries on", async () => {
    const { ctx, ran, email } = recordingContext();
    const address = email();
    await ctx.unitOfWork(async (tx, effects, inner) => {
      await subscribe(tx, address);
      effects.add("publish", [labelled("outer")]);
      const failed = inner.unitOfWork(async (innerTx, innerEffects) => {
        await subscribe(innerTx, `${address}.inner`);
        innerEffects.add("publish", [labelled("inner")]);
        innerEffects.add("samplesSubmitted");
        throw new Error("inner refused");
      });
      await expect(failed).rejects.toThrow("inner refused");
    });
    expect(ran).toEqual(["outer"]);
    expect(await subscriptionsOf(address)).toHaveLength(1);
    expect(await subscriptionsOf(`${address}.inner`)).toEqual([]);
  });

  it("refuses an effect recorded after its unit ended, rather than dropping it unseen", async () => {
    const { ctx, ran } = recordingContext();
    let kept: Effects | undefined;
    await ctx.unitOfWork(async (_tx, effects, inner) => {
      await inner.unitOfWork(async (_savepoint, innerEffects) => {
        kept = innerEffects;
        return Promise.resolve();
      });
      expect(() => kept?.add("mailQueued")).toThrow(
        'effect "mailQueued" recorded after its unit of work ended',
      );
      kept = effects;
    });
    expect(() => kept?.add("samplesSubmitted")).toThrow("after its unit of work ended");
    expect(ran).toEqual([]);
  });

  it("logs an effect that throws, keeps the commit and still runs the effects after it", async () => {
    const ran: string[] = [];
    const { ctx, lines, email } = recordingContext({
      publish: (events) => {
        if (events[0]?.kind === "sessions-revoked" && events[0].sessionIds[0] === "broken") {
          throw new Error("socket layer down");
        }
        ran.push("published");
      },
    });
    const address = email();
    const answer = await ctx.unitOfWork(async (tx, effects) => {
      await subscribe(tx, address);
      effects.add("publish", [labelled("broken")]);
      effects.add("publish", [labelled("fine")]);
      return "committed";
    });
    expect(answer).toBe("committed");
    expect(ran).toEqual(["published"]);
    expect(await subscriptionsOf(address)).toHaveLength(1);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        effect: "publish",
        msg: "effect after commit failed",
        err: expect.objectContaining({ message: "socket layer down" }) as unknown,
      }),
    ]);
  });

  it("logs an asynchronous effect that rejects, without the unit waiting for it or failing", async () => {
    let settle: () => void = () => undefined;
    const { ctx, lines } = recordingContext({
      // An async function is a valid handler: what it returns is not awaited, its failure is logged.
      publish: async () => {
        await new Promise<void>((resolve) => {
          settle = resolve;
        });
        throw new Error("late failure");
      },
    });
    const answer = await ctx.unitOfWork(async (_tx, effects) => {
      effects.add("publish", [labelled("slow")]);
      return Promise.resolve("answered");
    });
    expect(answer).toBe("answered");
    expect(lines).toEqual([]);
    settle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      expect.objectContaining({
        effect: "publish",
        err: expect.objectContaining({ message: "late failure" }) as unknown,
      }),
    ]);
  });
});
