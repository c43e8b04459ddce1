import { addStaffRequestSchema, isPasswordValid, updateStaffRequestSchema } from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { addStaff, getStaffMember, listStaff, updateStaff } from "../../domain/staff/staff";
import { requireRole } from "../../domain/staff/staff-roles";
import { authenticate, claimsOf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import { invalidField } from "../../lib/app-error";
import { presentStaffMember } from "../../presenters/staff";

/** /lab/staff: admins add, list and deactivate staff; any staff member reads their own. */
export function labStaffRouter(ctx: DomainContext): Router {
  const router = Router();
  router.use(authenticate(ctx, "lab"));

  const admin = (req: Request) => requireRole(ctx, claimsOf(req).subject, "admin");

  // Before /:id: the console shows or hides actions by the caller's roles.
  router.get("/me", async (req, res) => {
    res.json(presentStaffMember(await getStaffMember(ctx, claimsOf(req).subject)));
  });

  router.get("/", async (req, res) => {
    await admin(req);
    res.json((await listStaff(ctx)).map(presentStaffMember));
  });

  router.post("/", async (req, res) => {
    await admin(req);
    const input = parse(addStaffRequestSchema, req.body, "profileInvalid");
    // The spec's password rule holds for staff too, not only the schema's length.
    if (!isPasswordValid(input.password)) throw invalidField("passwordWeak", "password");
    res.status(201).json(presentStaffMember(await addStaff(ctx, input)));
  });

  router.patch("/:id", async (req, res) => {
    const actor = await admin(req);
    const id = parseIdParam(req.params["id"], "staffMemberNotFound");
    const input = parse(updateStaffRequestSchema, req.body, "profileInvalid");
    res.json(presentStaffMember(await updateStaff(ctx, actor.id, id, input)));
  });

  return router;
}
