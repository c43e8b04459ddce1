import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createDatabase } from "./client";
import { customers } from "./schema/index";

describe("createDatabase on PGlite", () => {
  it("applies the migrations at start-up and keeps data across a restart", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "lab-db-")), "pg");
    const first = await createDatabase({ dataDir });
    expect(await first.isMigrated()).toBe(false);
    await first.migrate();
    expect(await first.isMigrated()).toBe(true);
    await first.db.insert(customers).values({ email: "ravi@gmail.com", fullName: "Ravi", passwordHash: "x" });
    await first.close();

    const second = await createDatabase({ dataDir });
    await second.migrate();
    const rows = await second.db.select().from(customers).where(eq(customers.email, "ravi@gmail.com"));
    expect(rows).toHaveLength(1);
    await second.close();
  }, 30_000);

  it("keeps e-mails unique whatever their case", async () => {
    const database = await createDatabase({});
    await database.migrate();
    await database.db
      .insert(customers)
      .values({ email: "ravi@gmail.com", fullName: "Ravi", passwordHash: "x" });
    await expect(
      database.db.insert(customers).values({ email: "RAVI@gmail.com", fullName: "Ravi", passwordHash: "x" }),
    ).rejects.toThrow();
    await database.close();
  }, 30_000);
});
