import { agentInputSchema } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { inviteAgent } from "../../domain/field/agent-accounts";
import { addAgent, listAgents, updateAgent } from "../../domain/staff/staff";
import { parse, parseIdParam } from "../../http/parse";
import { presentAgent, presentAgentInvitation } from "../../presenters/agent";

/** /lab/agents: the collection agents' roster. */
export function labAgentsRouter(ctx: DomainContext): Router {
  const router = Router();

  router.get("/agents", async (_req, res) => {
    res.json((await listAgents(ctx)).map(presentAgent));
  });
  router.post("/agents", async (req, res) => {
    const input = parse(agentInputSchema, req.body, "profileInvalid");
    res.status(201).json(presentAgent(await addAgent(ctx, input)));
  });
  router.put("/agents/:agentId", async (req, res) => {
    const id = parseIdParam(req.params["agentId"], "agentNotFound");
    const input = parse(agentInputSchema, req.body, "profileInvalid");
    res.json(presentAgent(await updateAgent(ctx, id, input)));
  });
  // A link for the agent to set a password and sign in to the field app; it replaces any earlier one.
  router.post("/agents/:agentId/invitation", async (req, res) => {
    const id = parseIdParam(req.params["agentId"], "agentNotFound");
    res.status(201).json(presentAgentInvitation(await inviteAgent(ctx, id)));
  });

  return router;
}
