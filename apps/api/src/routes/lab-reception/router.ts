import { CONTAINERS_MAX, LABEL_FORMATS, messages, receptionInputSchema } from "@lab/contracts";
import { Router, type Response } from "express";
import { z } from "zod";

import type { DomainContext } from "../../domain/context";
import { BLANK_LABELS_MAX, blankLabels, sampleLabelSet } from "../../domain/field/labels";
import { lookupReception, receiveSample } from "../../domain/field/reception";
import { claimsOf } from "../../http/authenticate";
import { parse } from "../../http/parse";
import { renderLabels, type LabelFace } from "../../pdf/labels";
import { presentReceptionLookup } from "../../presenters/reception";
import { labSampleId } from "../lab-samples/staff-request";

/** A sheet's worth of blank labels unless the caller asks for another count. */
const BLANK_LABELS_DEFAULT = 10;
const format = z.enum(LABEL_FORMATS, { error: messages.labelFormatInvalid }).default("thermal");
// Query values arrive as text: digits only, then a whole number in range.
const countOf = (max: number, error: string) =>
  z
    .string({ error })
    .regex(/^\d{1,3}$/, error)
    .transform(Number)
    .pipe(z.number().int().min(1, error).max(max, error));

const sampleLabelsQuerySchema = z.object({
  format,
  containers: countOf(CONTAINERS_MAX, messages.containersInvalid).optional(),
});
const blankLabelsQuerySchema = z.object({
  format,
  count: countOf(BLANK_LABELS_MAX, messages.labelCountInvalid).default(BLANK_LABELS_DEFAULT),
});

const sendPdf = (res: Response, pdf: Buffer, fileName: string) =>
  res
    .type("application/pdf")
    .set("Content-Disposition", `attachment; filename="${fileName}"`)
    .set("Cache-Control", "private, no-store")
    .send(pdf);

/** /lab: container labels and reception, behind staff authentication. */
export function labReceptionRouter(ctx: DomainContext): Router {
  const router = Router();

  // The sample's labels for containers 1..N (made where missing), thermal or A4.
  router.get("/samples/:id/labels.pdf", async (req, res) => {
    const sampleId = labSampleId(req);
    const query = parse(sampleLabelsQuerySchema, req.query, "labelFormatInvalid");
    const labels = await sampleLabelSet(ctx, sampleId, query.containers);
    const faces: LabelFace[] = labels.map((label) => ({
      code: label.code,
      sampleId,
      container: label.container,
      containers: labels.length,
    }));
    sendPdf(res, await renderLabels(faces, query.format), `sample-${sampleId}-labels.pdf`);
  });

  // Fresh codes linked to no sample, for agents' pre-printed stock.
  router.get("/labels/blank.pdf", async (req, res) => {
    const query = parse(blankLabelsQuerySchema, req.query, "labelFormatInvalid");
    const codes = await blankLabels(ctx, query.count);
    const faces = codes.map((code) => ({ code, sampleId: null, container: null, containers: null }));
    sendPdf(res, await renderLabels(faces, query.format), "blank-labels.pdf");
  });

  router.get("/reception/:code", async (req, res) => {
    res.json(presentReceptionLookup(await lookupReception(ctx, String(req.params["code"]))));
  });

  router.post("/reception/:code", async (req, res) => {
    const input = parse(receptionInputSchema, req.body, "receptionInvalid");
    const staffId = claimsOf(req).subject;
    res.json(presentReceptionLookup(await receiveSample(ctx, staffId, String(req.params["code"]), input)));
  });

  return router;
}
