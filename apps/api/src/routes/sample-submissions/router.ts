import {
  SAMPLE_READER_ROLES,
  SAMPLE_WRITER_ROLES,
  sampleListQuerySchema,
  sampleSubmissionSchema,
} from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { countSuccessfulReports } from "../../domain/reports/reports";
import { listSamples } from "../../domain/samples/list";
import {
  getSample,
  getSampleEvents,
  listConsumerSamples,
  sampleSummary,
  submitSample,
} from "../../domain/samples/samples";
import { memberOf, requireSelf } from "../../http/authenticate";
import { idempotencyKeyOf, runIdempotent, sendIdempotent } from "../../http/idempotency";
import { parse, parseIdParam } from "../../http/parse";
import {
  presentSample,
  presentSampleView,
  presentSampleEvent,
  presentSamplePage,
  presentSampleSummary,
} from "../../presenters/sample";
import { exportPdfHandler } from "./export-pdf";
import { rejectionNoticeHandler } from "./rejection-notice";
import { eventActorNames } from "../../domain/samples/event-actors";
import { sampleLinkViews } from "../../domain/farms/sample-links";
import { presentSampleLinks } from "../../presenters/farm";

/** /sample-submissions, behind customer authentication. */
export function sampleSubmissionsRouter(ctx: DomainContext): Router {
  const router = Router();

  router.post("/", async (req, res) => {
    const key = idempotencyKeyOf(req);
    const member = memberOf(req, SAMPLE_WRITER_ROLES);
    const input = parse(sampleSubmissionSchema, req.body, "sampleInvalid");
    const answer = await runIdempotent(
      ctx,
      { customerId: member.id, endpoint: "sample-submissions", key, input },
      async (tx) => {
        const sample = await submitSample(tx, member, input);
        const links = await sampleLinkViews(tx.db, [sample.id]);
        return {
          status: 201,
          body: { ...presentSample(sample, null), ...presentSampleLinks(links.get(sample.id)) },
        };
      },
    );
    sendIdempotent(res, answer);
  });

  router.get("/", async (req, res) => {
    const member = memberOf(req, SAMPLE_READER_ROLES);
    const query = parse(sampleListQuerySchema, req.query, "sampleInvalid");
    res.json(presentSamplePage(await listSamples(ctx, member, query)));
  });

  // Before /:id, which would read "export.pdf" as an id.
  router.get("/export.pdf", exportPdfHandler(ctx));

  router.get("/summary", async (req, res) => {
    const member = memberOf(req, SAMPLE_READER_ROLES);
    const [summary, successful] = await Promise.all([
      sampleSummary(ctx, member),
      countSuccessfulReports(ctx, member),
    ]);
    res.json(presentSampleSummary(summary, successful));
  });

  router.get("/consumer/:consumerId", async (req, res) => {
    const consumerId = parseIdParam(req.params["consumerId"], "customerNotFound");
    requireSelf(req, consumerId);
    const member = memberOf(req, SAMPLE_READER_ROLES);
    res.json((await listConsumerSamples(ctx, member)).map((item) => presentSample(item, item.reportId)));
  });

  router.get("/:id", async (req, res) => {
    const member = memberOf(req, SAMPLE_READER_ROLES);
    const id = parseIdParam(req.params["id"], "sampleNotFound");
    const sample = await getSample(ctx, member, id);
    const links = await sampleLinkViews(ctx.db, [sample.id]);
    res.json({ ...presentSampleView(sample), ...presentSampleLinks(links.get(sample.id)) });
  });

  router.get("/:id/events", async (req, res) => {
    const member = memberOf(req, SAMPLE_READER_ROLES);
    const id = parseIdParam(req.params["id"], "sampleNotFound");
    const events = await getSampleEvents(ctx, member, id);
    const names = await eventActorNames(ctx.db, events);
    res.json(events.map((event) => presentSampleEvent(event, names)));
  });

  // A sample refused at reception: its one-page notice (409 sampleNotRejected for any other).
  router.get("/:id/rejection-notice.pdf", rejectionNoticeHandler(ctx));

  return router;
}
