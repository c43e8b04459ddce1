#!/usr/bin/env node
// docker-compose.yml is checked by Debian's compose parser (`docker-compose config`), which needs no
// engine: an unknown key, a bad type or a broken interpolation fails the test command, so the file
// cannot rot unseen. Without the parser the check is skipped with a notice, except under CI=true
// (.ci/run installs it), where it fails. scripts/docker-check.sh goes further: it builds and runs it.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const file = join(root, "docker-compose.yml");
const result = spawnSync("docker-compose", ["-f", file, "config", "--quiet"], {
  cwd: root,
  encoding: "utf8",
});
if (result.error && "code" in result.error && result.error.code === "ENOENT") {
  const message = "check-compose: docker-compose (Debian's package) is not installed";
  if (process.env.CI) {
    console.error(`${message}; under CI=true it is required (apt-get install docker-compose)`);
    process.exit(1);
  }
  console.warn(`${message}: docker-compose.yml not checked`);
  process.exit(0);
}
if (result.status !== 0) {
  console.error(`check-compose: docker-compose.yml is invalid:\n${result.stderr || result.stdout}`);
  process.exit(1);
}
console.log("check-compose: docker-compose.yml is valid");
