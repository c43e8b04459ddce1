import type { Request } from "express";

import type { Actor } from "../../domain/samples/moves";
import { claimsOf } from "../../http/authenticate";
import { parseIdParam } from "../../http/parse";

/** The sample a /lab/samples/{id}/… call names. */
export const labSampleId = (req: Request): number => parseIdParam(req.params["id"], "sampleNotFound");

/** The signed-in staff member, as the actor the sample's timeline records. */
export const staffActor = (req: Request): Actor => ({ kind: "staff", id: claimsOf(req).subject });
