import { activityQuerySchema, labOrganisationQuerySchema } from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { activityPage } from "../../domain/organisations/activity";
import { requireRole } from "../../domain/staff/staff-roles";
import {
  getOrganisation,
  listMembers,
  removeMember,
  searchOrganisations,
} from "../../domain/organisations/members";
import { claimsOf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import {
  presentActivityPage,
  presentLabMember,
  presentLabOrganisationSummary,
  presentOrganisation,
} from "../../presenters/organisation";

/** /lab/organisations, behind staff authentication: the lab's customers, their members and trails. */
export function labOrganisationsRouter(ctx: DomainContext): Router {
  const router = Router();
  const organisationId = (req: Request) => parseIdParam(req.params["id"], "organisationNotFound");

  router.get("/", async (req, res) => {
    const { q } = parse(labOrganisationQuerySchema, req.query, "searchTextInvalid");
    res.json((await searchOrganisations(ctx.db, q)).map(presentLabOrganisationSummary));
  });
  router.get("/:id", async (req, res) => {
    const id = organisationId(req);
    const [organisation, members] = await Promise.all([
      getOrganisation(ctx.db, id),
      listMembers(ctx.db, id, true),
    ]);
    res.json({ organisation: presentOrganisation(organisation), members: members.map(presentLabMember) });
  });
  // Deactivating a member (a lab admin's act) is their removal, done by the lab: sessions end, the trail says the lab did it.
  router.post("/:id/members/:memberId/deactivate", async (req, res) => {
    const id = organisationId(req);
    const memberId = parseIdParam(req.params["memberId"], "memberNotFound");
    const member = await requireRole(ctx, claimsOf(req).subject, "admin");
    const removed = await removeMember(ctx, { staff: member.name }, id, memberId);
    res.json(presentLabMember(removed));
  });
  router.get("/:id/activity", async (req, res) => {
    const id = organisationId(req);
    await getOrganisation(ctx.db, id);
    const page = parse(activityQuerySchema, req.query, "cursorInvalid");
    res.json(presentActivityPage(await activityPage(ctx.db, id, page)));
  });
  return router;
}
