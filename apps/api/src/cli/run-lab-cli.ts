// `npm run lab`: its arguments parsed, its help, and exit codes for what went wrong (commands.ts runs them).
import { parseArgs } from "node:util";

import { REVOCATION_REASONS } from "@lab/contracts";

import type { DomainContext } from "../domain/context";
import { AppError } from "../lib/app-error";
import { ResultsFileError } from "./results-file";
import { UsageError, type CliIo } from "./cli-io";
import { runCommand } from "./commands";

export type { CliIo } from "./cli-io";

export const LAB_CLI_HELP = `Usage: npm run lab -- <command> [options]

Lab staff moves from a shell; the same rules as the staff console.

  list [--status S] [--unassigned] [--search TEXT] [--size N]   samples, newest change first
  assign <sampleId> <agentId>                                     PENDING → COLLECTING, or change agent
  unassign <sampleId>                                             COLLECTING → PENDING
  status <sampleId> COLLECTED|TESTING [--eta ISO-DATETIME]        collected; start testing
  results <sampleId> <file.csv|file.json> --as EMAIL [--note TEXT]
                                                                  enter results as an analyst; prints verdicts
  release <sampleId> --as EMAIL [--note TEXT]                     a second person releases: issues the report
  return <sampleId> --note TEXT --as EMAIL                        send the results back to the analyst
  revoke <reportId> --reason CODE [--note TEXT] --as EMAIL       ask to revoke an issued report (a reviewer
                                                                  or admin); a second one confirms it, unless
                                                                  the lab allows one-person revocation
  confirm-revocation <requestId> --as EMAIL                       a different reviewer or admin confirms:
                                                                  the report is revoked (opens a new round)
  cancel-revocation <requestId> --as EMAIL                        withdraw or turn down a revocation request
  revocations                                                     the open revocation requests
  agents                                                          the agent roster
  agents add --name NAME --phone PHONE [--lat N --lng N]          add an agent
  agents activate|deactivate <agentId>                            change an agent's availability
  agents invite <agentId>                                         print a link (valid 7 days) for the agent to
                                                                  set a password and sign in to the field app
  add-staff --email EMAIL --name NAME --password PASSWORD [--roles analyst,reviewer,admin]
                                                                  add a staff account (default analyst,reviewer)
  deactivate-staff --email EMAIL                                  switch an account off; ends its sessions
  set-password --email EMAIL --password PASSWORD                  set a staff password; ends their sessions

Revocation reasons (customers read their wording; the note stays with staff): ${REVOCATION_REASONS.join(", ")}.
A results file is CSV with the header code,value,qualifier (one row per parameter; value in the
parameter's unit, or a qualifier such as not_detected, below_loq, absent, or a grade) or JSON:
{"results": [{"code", "value"?, "qualifier"?}], "note"?} or just the array ("-" reads standard input).
Exit codes: 0 done, 1 refused (the reason is printed), 2 wrong usage or an unreadable file.`;

/** Runs one CLI command; answers the exit code. */
export async function runLabCli(ctx: DomainContext, argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        help: { type: "boolean", short: "h" },
        status: { type: "string" },
        unassigned: { type: "boolean" },
        search: { type: "string" },
        size: { type: "string" },
        eta: { type: "string" },
        file: { type: "string" },
        reason: { type: "string" },
        name: { type: "string" },
        phone: { type: "string" },
        lat: { type: "string" },
        lng: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        roles: { type: "string" },
        as: { type: "string" },
        note: { type: "string" },
      },
    });
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    io.err("Run with --help for usage.");
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...args] = positionals;
  if (values.help || !command) {
    io.out(LAB_CLI_HELP);
    return command || values.help ? 0 : 2;
  }
  try {
    await runCommand(ctx, command, args, values, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ResultsFileError) {
      io.err(error.message);
      io.err("Run with --help for usage.");
      return 2;
    }
    if (error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
