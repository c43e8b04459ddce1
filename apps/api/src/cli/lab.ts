// `npm run lab -- …`: staff moves from a shell, on the database the server uses (DATABASE_URL or DATA_DIR).
// With the embedded database, stop the server first: PGlite belongs to one process at a time.
import { buildParts } from "../composition";
import { loadConfig } from "../env";
import { runLabCli } from "./run-lab-cli";

const config = loadConfig();
// The server's parts, less its Redis and real-time endpoint (the CLI keeps no sockets); the mail it
// queues waits for the server's outbox, its own never starting.
const parts = await buildParts(config, { redis: null, realtime: null });
let code = 1;
try {
  code = await runLabCli(parts.jobsContext, process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
} finally {
  await parts.close();
}
process.exit(code);
