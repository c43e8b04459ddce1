import {
  acceptInvitationRequestSchema,
  activityQuerySchema,
  createInvitationRequestSchema,
  createShareRequestSchema,
  SAMPLE_READER_ROLES,
  invitationTokenRequestSchema,
  updateMemberRequestSchema,
  updateOrganisationRequestSchema,
} from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { activityPage } from "../../domain/organisations/activity";
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from "../../domain/organisations/invitations";
import {
  getOrganisation,
  listMembers,
  removeMember,
  requireAdmin,
  requireOwnOrganisation,
  updateMember,
  updateOrganisation,
} from "../../domain/organisations/members";
import { createShare, listShares, revokeShare } from "../../domain/organisations/shares";
import { authenticate, memberOf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import { clientIp, type RateLimits } from "../../http/rate-limit";
import {
  presentActivityPage,
  presentInvitation,
  presentInvitationPreview,
  presentMember,
  presentOrganisation,
} from "../../presenters/organisation";
import { presentShare } from "../../presenters/share";
import { sendSignedIn } from "../auth/refresh-cookie";

/** Invitations one admin may send (new or re-sent) in an hour: a team, not a mailing list. */
export const INVITATIONS_PER_MEMBER = { points: 20, durationSeconds: 3600 };
/**
 * Shares one admin may grant in an hour: a farm's buyers, not a search of who has an account (a grant
 * by e-mail tells whether the address belongs to a member).
 */
export const SHARES_PER_MEMBER = { points: 30, durationSeconds: 3600 };
/** Invitation links one client address may try (preview or accept) in 15 minutes. */
export const INVITATION_CHECKS_PER_IP = { points: 30, durationSeconds: 900 };

/**
 * /organisations/{id}: the caller's own organisation only (another id is "not found"); members and
 * settings are managed by its admins.
 */
export function organisationsRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  router.use(authenticate(ctx, "customer"));
  const own = (req: Request) => {
    const member = memberOf(req);
    requireOwnOrganisation(member, parseIdParam(req.params["id"], "organisationNotFound"));
    return member;
  };
  const admin = (req: Request) => {
    const member = own(req);
    requireAdmin(member);
    return member;
  };
  const perAdmin = limits.middleware({
    name: "invitations-sent",
    ...INVITATIONS_PER_MEMBER,
    key: (req) => String(memberOf(req).id),
  });

  router.get("/:id", async (req, res) => {
    res.json(presentOrganisation(await getOrganisation(ctx.db, own(req).organisationId)));
  });
  router.put("/:id", async (req, res) => {
    const member = admin(req);
    const input = parse(updateOrganisationRequestSchema, req.body, "profileInvalid");
    res.json(presentOrganisation(await updateOrganisation(ctx, member, input)));
  });

  router.get("/:id/members", async (req, res) => {
    const member = own(req);
    const rows = await listMembers(ctx.db, member.organisationId);
    res.json(rows.map((row) => presentMember(row, { lastSignIn: member.role === "admin" })));
  });
  router.patch("/:id/members/:memberId", async (req, res) => {
    const member = admin(req);
    const memberId = parseIdParam(req.params["memberId"], "memberNotFound");
    const input = parse(updateMemberRequestSchema, req.body, "profileInvalid");
    res.json(presentMember(await updateMember(ctx, member, memberId, input), { lastSignIn: true }));
  });
  // An admin removes anyone; any member removes themselves (leaves).
  router.delete("/:id/members/:memberId", async (req, res) => {
    const member = own(req);
    const memberId = parseIdParam(req.params["memberId"], "memberNotFound");
    await removeMember(ctx, { member }, member.organisationId, memberId);
    res.status(204).end();
  });

  router.get("/:id/invitations", async (req, res) => {
    const member = admin(req);
    res.json((await listInvitations(ctx.db, member)).map(presentInvitation));
  });
  router.post(
    "/:id/invitations",
    (req, _res, next) => (admin(req), next()),
    perAdmin,
    async (req, res) => {
      const member = admin(req);
      const input = parse(createInvitationRequestSchema, req.body, "invalidEmailAddress");
      res.status(201).json(presentInvitation(await createInvitation(ctx, member, input)));
    },
  );
  router.post(
    "/:id/invitations/:invitationId/resend",
    (req, _res, next) => (admin(req), next()),
    perAdmin,
    async (req, res) => {
      const member = admin(req);
      const invitationId = parseIdParam(req.params["invitationId"], "invitationNotFound");
      res.json(presentInvitation(await resendInvitation(ctx, member, invitationId)));
    },
  );
  router.delete("/:id/invitations/:invitationId", async (req, res) => {
    const member = admin(req);
    const invitationId = parseIdParam(req.params["invitationId"], "invitationNotFound");
    await revokeInvitation(ctx, member, invitationId);
    res.status(204).end();
  });

  // Farms and lots shared with other organisations: members but billing read them, admins grant and revoke.
  const perGrantor = limits.middleware({
    name: "shares-granted",
    ...SHARES_PER_MEMBER,
    key: (req) => String(memberOf(req).id),
  });
  router.get("/:id/shares", async (req, res) => {
    const member = own(req);
    memberOf(req, SAMPLE_READER_ROLES);
    res.json({ items: (await listShares(ctx, member)).map(presentShare) });
  });
  router.post(
    "/:id/shares",
    (req, _res, next) => (admin(req), next()),
    perGrantor,
    async (req, res) => {
      const member = admin(req);
      const input = parse(createShareRequestSchema, req.body, "shareInvalid");
      res.status(201).json(presentShare(await createShare(ctx, member, input)));
    },
  );
  router.delete("/:id/shares/:shareId", async (req, res) => {
    const member = admin(req);
    const shareId = parseIdParam(req.params["shareId"], "shareNotFound");
    await revokeShare(ctx, member, shareId);
    res.status(204).end();
  });

  router.get("/:id/activity", async (req, res) => {
    const member = admin(req);
    const page = parse(activityQuerySchema, req.query, "cursorInvalid");
    res.json(presentActivityPage(await activityPage(ctx.db, member.organisationId, page)));
  });
  return router;
}

/** /invitations: public; the token is the credential, tried a limited number of times per address. */
export function invitationsRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  const perIp = limits.middleware({ name: "invitation-checks", ...INVITATION_CHECKS_PER_IP, key: clientIp });
  router.post("/preview", perIp, async (req, res) => {
    const { token } = parse(invitationTokenRequestSchema, req.body, "invitationInvalid");
    res.set("Cache-Control", "no-store").json(presentInvitationPreview(await previewInvitation(ctx, token)));
  });
  router.post("/accept", perIp, async (req, res) => {
    const input = parse(acceptInvitationRequestSchema, req.body, "invitationInvalid");
    res.status(201);
    sendSignedIn(ctx, req, res, await acceptInvitation(ctx, input));
  });
  return router;
}
