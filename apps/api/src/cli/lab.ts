// `npm run lab -- …`: staff moves from a shell, on the database the server uses (DATABASE_URL or DATA_DIR).
// With the embedded database, stop the server first: PGlite belongs to one process at a time.
import { join } from "node:path";

import { createDatabase } from "@lab/db";

import { createDomainContext } from "../domain/context";
import { loadConfig } from "../env";
import { runLabCli } from "./run-lab-cli";

const config = loadConfig();
const database = await createDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, "pg") });
let code = 1;
try {
  await database.migrate();
  const ctx = createDomainContext({
    db: database.db,
    jwtSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
  });
  code = await runLabCli(ctx, process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
} finally {
  await database.close();
}
process.exit(code);
