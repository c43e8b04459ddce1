import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

import { isPasswordValid, issueReportRequestSchema, messages, normalizeStatus } from "@lab/contracts";

import type { DomainContext } from "../domain/context";
import { issueReport, revokeReport } from "../domain/reports";
import { listStaffSamples } from "../domain/sample-list";
import { moveSample, type Actor } from "../domain/sample-moves";
import { addAgent, addStaff, listAgents, setStaffPassword, updateAgent } from "../domain/staff";
import { AppError } from "../lib/app-error";
import { displayPhone } from "../lib/phone";

export const LAB_CLI_HELP = `Usage: pnpm lab <command> [options]

Lab staff moves from a shell; the same rules as the staff console.

  list [--status S] [--unassigned] [--search TEXT] [--size N]   samples, newest change first
  assign <sampleId> <agentId>                                     PENDING → COLLECTING, or change agent
  unassign <sampleId>                                             COLLECTING → PENDING
  status <sampleId> COLLECTED|TESTING [--eta ISO-DATETIME]        collected; start testing
  report <sampleId> --file results.json                           issue the report (TESTING → COMPLETED)
  revoke <reportId> --reason TEXT                                 revoke an issued report
  agents                                                          the agent roster
  agents add --name NAME --phone PHONE [--lat N --lng N]          add an agent
  agents activate|deactivate <agentId>                            change an agent's availability
  add-staff --email EMAIL --name NAME --password PASSWORD         add a staff account
  set-password --email EMAIL --password PASSWORD                  set a staff password; ends their sessions

results.json holds {initialInspection, labResults, finalReview, tests: [{testType, value, unit,
limit, method, verdict}]} with one line per requested test type ("-" reads it from standard input).
Exit codes: 0 done, 1 refused (the reason is printed), 2 wrong usage.`;

class UsageError extends Error {}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  readFile?: (path: string) => string;
}

// Moves from the shell are audited as the system, with a note naming the CLI.
const CLI_ACTOR: Actor = { kind: "system" };
const NOTE = "via lab CLI";

const id = (value: string | undefined, what: string): number => {
  if (!value || !/^\d{1,10}$/.test(value)) throw new UsageError(`${what} must be a number`);
  return Number(value);
};

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
    await run(ctx, command, args, values, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
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

type Values = Record<string, string | boolean | undefined>;
const text = (values: Values, key: string): string | undefined => {
  const value = values[key];
  return typeof value === "string" ? value : undefined;
};

async function run(
  ctx: DomainContext,
  command: string,
  args: string[],
  values: Values,
  io: CliIo,
): Promise<void> {
  switch (command) {
    case "list": {
      const size = Math.min(500, Number(text(values, "size") ?? 50) || 50);
      // The staff console's list and search, first page.
      const { items: shown } = await listStaffSamples(ctx, {
        status: text(values, "status")?.toLowerCase() ?? "all",
        unassigned: values["unassigned"] === true,
        q: text(values, "search") ?? "",
        page: 1,
        size,
      });
      io.out(["id", "status", "customer", "category", "sampler", "agent", "updated"].join("\t"));
      for (const row of shown) {
        io.out(
          [
            row.id,
            row.status,
            row.customerId,
            row.shrimpCategory,
            row.samplerName,
            row.assigned || "-",
            row.updatedAt.toISOString(),
          ].join("\t"),
        );
      }
      io.out(`${shown.length} sample(s)`);
      return;
    }
    case "assign": {
      const sample = await moveSample(
        ctx,
        id(args[0], "sampleId"),
        { type: "assign", agentId: id(args[1], "agentId") },
        CLI_ACTOR,
        NOTE,
      );
      io.out(`Sample #${sample.id} is ${sample.status}, assigned to ${sample.assigned}`);
      return;
    }
    case "unassign": {
      const sample = await moveSample(ctx, id(args[0], "sampleId"), { type: "unassign" }, CLI_ACTOR, NOTE);
      io.out(`Sample #${sample.id} is ${sample.status}`);
      return;
    }
    case "status": {
      const sampleId = id(args[0], "sampleId");
      const target = normalizeStatus(args[1] ?? "");
      const eta = text(values, "eta");
      if (eta !== undefined && Number.isNaN(Date.parse(eta)))
        throw new UsageError("--eta must be an ISO date-time");
      if (target !== "COLLECTED" && target !== "TESTING")
        throw new UsageError("status must be COLLECTED or TESTING");
      const sample = await moveSample(
        ctx,
        sampleId,
        target === "COLLECTED"
          ? { type: "collected" }
          : { type: "start-testing", testingEta: eta ? new Date(eta) : undefined },
        CLI_ACTOR,
        NOTE,
      );
      io.out(`Sample #${sample.id} is ${sample.status}`);
      return;
    }
    case "report": {
      const sampleId = id(args[0], "sampleId");
      const file = text(values, "file");
      if (!file) throw new UsageError("report needs --file results.json");
      const read = io.readFile ?? ((path: string) => readFileSync(path === "-" ? 0 : path, "utf8"));
      let json: unknown;
      try {
        json = JSON.parse(read(file));
      } catch {
        throw new UsageError(`${file} is not readable JSON`);
      }
      const input = issueReportRequestSchema.safeParse(json);
      if (!input.success) throw new UsageError(input.error.issues[0]?.message ?? "invalid results file");
      const report = await issueReport(ctx, sampleId, input.data, CLI_ACTOR);
      io.out(
        `Report #${report.id} issued: ${report.result}${report.certification ? `, ${report.certification}` : ""}`,
      );
      return;
    }
    case "revoke": {
      const reason = text(values, "reason")?.trim();
      if (!reason) throw new UsageError("revoke needs --reason TEXT");
      const report = await revokeReport(ctx, id(args[0], "reportId"), reason, CLI_ACTOR);
      io.out(`Report #${report.id} is revoked`);
      return;
    }
    case "agents": {
      const [sub, agentId] = args;
      if (sub === undefined) {
        io.out(["id", "name", "phone", "active", "position"].join("\t"));
        for (const agent of await listAgents(ctx)) {
          io.out(
            [
              agent.id,
              agent.name,
              displayPhone(agent.phone),
              agent.active ? "yes" : "no",
              agent.lat !== null ? `${agent.lat},${agent.lng}` : "-",
            ].join("\t"),
          );
        }
        return;
      }
      if (sub === "add") {
        const name = text(values, "name");
        const phone = text(values, "phone");
        if (!name || !phone) throw new UsageError("agents add needs --name and --phone");
        const lat = text(values, "lat");
        const lng = text(values, "lng");
        const coordinates =
          lat !== undefined && lng !== undefined ? { lat: Number(lat), lng: Number(lng) } : null;
        if (coordinates && (!(Math.abs(coordinates.lat) <= 90) || !(Math.abs(coordinates.lng) <= 180))) {
          throw new UsageError("--lat must be within -90..90 and --lng within -180..180");
        }
        const agent = await addAgent(ctx, { name, phone, active: true, coordinates });
        io.out(`Agent #${agent.id} ${agent.name} added`);
        return;
      }
      if (sub === "activate" || sub === "deactivate") {
        const current = (await listAgents(ctx)).find((agent) => agent.id === id(agentId, "agentId"));
        if (!current) throw new AppError(404, "not_found", "Agent not found");
        const coordinates =
          current.lat !== null && current.lng !== null ? { lat: current.lat, lng: current.lng } : null;
        await updateAgent(ctx, current.id, {
          name: current.name,
          phone: current.phone,
          active: sub === "activate",
          coordinates,
        });
        io.out(`Agent #${current.id} is ${sub === "activate" ? "active" : "inactive"}`);
        return;
      }
      throw new UsageError(`unknown agents command "${sub}"`);
    }
    case "add-staff": {
      const email = text(values, "email");
      const name = text(values, "name");
      const password = text(values, "password");
      if (!email || !name || !password)
        throw new UsageError("add-staff needs --email, --name and --password");
      if (password.length < 8) throw new UsageError("the password needs at least 8 characters");
      const member = await addStaff(ctx, { email, name, password });
      io.out(`Staff #${member.id} ${member.email} added`);
      return;
    }
    case "set-password": {
      const email = text(values, "email");
      const password = text(values, "password");
      if (!email || !password) throw new UsageError("set-password needs --email and --password");
      if (!isPasswordValid(password)) throw new UsageError(messages.passwordWeak);
      const ended = await setStaffPassword(ctx, email, password);
      io.out(`Password of ${email.toLowerCase()} set; ${ended} signed-in session(s) ended`);
      return;
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}
