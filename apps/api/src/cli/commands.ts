// Each `npm run lab` command: the same domain functions the API calls, printed for a shell.
import { readFileSync } from "node:fs";

import {
  addStaffRequestSchema,
  isPasswordValid,
  messages,
  normalizeStatus,
  releaseRequestSchema,
  returnRequestSchema,
  REVOCATION_REASONS,
  revokeRequestSchema,
  type Judgement,
} from "@lab/contracts";

import type { DomainContext } from "../domain/context";
import { inviteAgent } from "../domain/field/agent-accounts";
import { releaseResults } from "../domain/reports/release";
import { enterResults, returnResults } from "../domain/results";
import {
  askRevocation,
  cancelRevocation,
  confirmRevocation,
  listOpenRevocations,
} from "../domain/reports/revocations";
import { listStaffSamples } from "../domain/samples/list";
import { moveSample, type Actor } from "../domain/samples/moves";
import {
  activeStaffByEmail,
  addAgent,
  addStaff,
  deactivateStaffByEmail,
  listAgents,
  setStaffPassword,
  updateAgent,
} from "../domain/staff/staff";
import { notFound } from "../lib/app-error";
import { displayPhone } from "../lib/phone";
import { readResultsFile } from "./results-file";
import { text, UsageError, type CliIo, type Values } from "./cli-io";

// Moves from the shell are audited as the system, with a note naming the CLI.
const CLI_ACTOR: Actor = { kind: "system" };
const NOTE = "via lab CLI";

const id = (value: string | undefined, what: string): number => {
  if (!value || !/^\d{1,10}$/.test(value)) throw new UsageError(`${what} must be a number`);
  return Number(value);
};

/** Results, releases and returns are signed by a person: `--as EMAIL`, an active staff account. */
async function staffActor(ctx: DomainContext, values: Values, command: string): Promise<Actor> {
  const email = text(values, "as");
  if (!email) throw new UsageError(`${command} needs --as EMAIL (the staff member signing it)`);
  const member = await activeStaffByEmail(ctx, email);
  return { kind: "staff", id: member.id };
}

/** The staff member a revocation step is signed by (`--as EMAIL`): the domain checks their role. */
async function staffId(ctx: DomainContext, values: Values, command: string): Promise<number> {
  const email = text(values, "as");
  if (!email) throw new UsageError(`${command} needs --as EMAIL (the reviewer or admin signing it)`);
  return (await activeStaffByEmail(ctx, email)).id;
}

/** The verdict of each judged market, then what still stands in the way of a report. */
function printJudgement(io: CliIo, judgement: Judgement): void {
  io.out(["market", "version", "verdict"].join("\t"));
  for (const market of judgement.markets) {
    io.out([market.code, market.version ?? "-", market.verdict].join("\t"));
  }
  for (const line of judgement.parameters) {
    const failed = line.markets.filter((market) => market.verdict === "fail");
    if (failed.length === 0 || !line.result) continue;
    const limits = failed.map((market) => `${market.code} ${market.limitText}`).join(", ");
    io.out(`${line.code} ${line.result.display}${line.unit ? ` ${line.unit}` : ""} fails ${limits}`);
  }
  if (judgement.missing.length > 0) io.out(`Missing: ${judgement.missing.join(", ")}`);
  if (judgement.confirmationsRequired.length > 0)
    io.out(`Confirmation required: ${judgement.confirmationsRequired.join(", ")}`);
}

/** Runs one parsed command; a mistake in its use throws UsageError. */
export async function runCommand(
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
    case "results": {
      const sampleId = id(args[0], "sampleId");
      const file = args[1] ?? text(values, "file");
      if (!file) throw new UsageError("results needs a file: results <sampleId> <file.csv|file.json>");
      const actor = await staffActor(ctx, values, "results");
      const read = io.readFile ?? ((path: string) => readFileSync(path === "-" ? 0 : path, "utf8"));
      let content: string;
      try {
        content = read(file);
      } catch {
        throw new UsageError(`${file} cannot be read`);
      }
      const input = readResultsFile(file, content, text(values, "note"));
      const analysis = await enterResults(ctx, sampleId, input, actor);
      io.out(`Sample #${sampleId}, round ${analysis.round}: ${analysis.state.replace(/_/g, " ")}`);
      printJudgement(io, analysis.judgement);
      return;
    }
    case "release": {
      const sampleId = id(args[0], "sampleId");
      const actor = await staffActor(ctx, values, "release");
      const input = releaseRequestSchema.safeParse({ note: text(values, "note") });
      if (!input.success) throw new UsageError(input.error.issues[0]?.message ?? "invalid note");
      const report = await releaseResults(ctx, sampleId, input.data, actor);
      io.out(
        `Report #${report.id} released: ${report.result}${report.certification ? `, ${report.certification}` : ""}`,
      );
      for (const market of report.markets) io.out(`${market.code}\t${market.verdict}`);
      return;
    }
    case "return": {
      const sampleId = id(args[0], "sampleId");
      const input = returnRequestSchema.safeParse({ note: text(values, "note") ?? "" });
      if (!input.success)
        throw new UsageError(`return needs --note: ${input.error.issues[0]?.message ?? ""}`);
      const actor = await staffActor(ctx, values, "return");
      const analysis = await returnResults(ctx, sampleId, input.data.note, actor);
      io.out(`Sample #${sampleId}, round ${analysis.round}: ${analysis.state.replace(/_/g, " ")}`);
      return;
    }
    case "revoke": {
      const reportId = id(args[0], "reportId");
      const reasonCode = text(values, "reason")?.trim();
      if (!reasonCode) throw new UsageError(`revoke needs --reason ${REVOCATION_REASONS.join("|")}`);
      const input = revokeRequestSchema.safeParse({ reasonCode, note: text(values, "note") });
      if (!input.success)
        throw new UsageError(
          `${input.error.issues[0]?.message ?? "invalid reason"}: ${REVOCATION_REASONS.join(", ")}`,
        );
      const outcome = await askRevocation(ctx, reportId, input.data, await staffId(ctx, values, "revoke"));
      if (outcome.kind === "revoked") {
        io.out(`Report #${outcome.report.id} is revoked`);
        return;
      }
      const request = outcome.request.request;
      io.out(
        `Revocation #${request.id} of report #${reportId} asked; the report stands until a different reviewer or admin runs: npm run lab -- confirm-revocation ${request.id} --as EMAIL`,
      );
      return;
    }
    case "confirm-revocation": {
      const requestId = id(args[0], "requestId");
      const view = await confirmRevocation(ctx, requestId, await staffId(ctx, values, "confirm-revocation"));
      io.out(`Report #${view.report.id} is revoked (revocation #${requestId} confirmed)`);
      return;
    }
    case "cancel-revocation": {
      const requestId = id(args[0], "requestId");
      const view = await cancelRevocation(ctx, requestId, await staffId(ctx, values, "cancel-revocation"));
      io.out(`Revocation #${requestId} cancelled; report #${view.report.id} stands`);
      return;
    }
    case "revocations": {
      io.out(
        ["id", "report", "sample", "certification", "reason", "asked by", "asked at", "note"].join("\t"),
      );
      const open = await listOpenRevocations(ctx);
      for (const view of open) {
        io.out(
          [
            view.request.id,
            view.report.id,
            view.report.sampleId,
            view.report.certification ?? "-",
            view.request.reasonCode,
            view.requestedBy.name,
            view.request.requestedAt.toISOString(),
            view.request.note || "-",
          ].join("\t"),
        );
      }
      io.out(`${open.length} open revocation request(s)`);
      return;
    }
    case "agents": {
      const [sub, agentId] = args;
      if (sub === undefined) {
        io.out(["id", "name", "phone", "active", "position", "sign-in"].join("\t"));
        for (const agent of await listAgents(ctx)) {
          io.out(
            [
              agent.id,
              agent.name,
              displayPhone(agent.phone),
              agent.active ? "yes" : "no",
              agent.lat !== null ? `${agent.lat},${agent.lng}` : "-",
              agent.passwordHash !== null ? "yes" : agent.invitationHash !== null ? "invited" : "no",
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
        if (!current) throw notFound("agentNotFound");
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
      if (sub === "invite") {
        const invitation = await inviteAgent(ctx, id(agentId, "agentId"));
        io.out(
          `Invitation for agent #${invitation.agent.id} ${invitation.agent.name}, valid until ${invitation.expiresAt.toISOString()}:`,
        );
        io.out(invitation.url);
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
      const roles = (text(values, "roles") ?? "analyst,reviewer")
        .split(",")
        .map((role) => role.trim().toLowerCase())
        .filter((role) => role !== "");
      const input = addStaffRequestSchema.safeParse({ email, name, password, roles });
      if (!input.success) throw new UsageError(input.error.issues[0]?.message ?? "invalid staff account");
      if (!isPasswordValid(password)) throw new UsageError(messages.passwordWeak);
      const member = await addStaff(ctx, input.data);
      io.out(`Staff #${member.id} ${member.email} added (${member.roles.join(", ")})`);
      return;
    }
    case "deactivate-staff": {
      const email = text(values, "email");
      if (!email) throw new UsageError("deactivate-staff needs --email");
      const member = await deactivateStaffByEmail(ctx, email);
      io.out(`Staff #${member.id} ${member.email} is deactivated; their sessions have ended`);
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
