// GET /sample-submissions/{id}/rejection-notice.pdf: a rejected sample's notice, for the members who
// see the sample, in the requesting member's language beside English.
import { SAMPLE_READER_ROLES } from "@lab/contracts";
import type { RequestHandler } from "express";

import { getCustomer } from "../../domain/accounts/accounts";
import type { DomainContext } from "../../domain/context";
import { rejectionNotice, resubmitUrl } from "../../domain/field/reception";
import { memberOf } from "../../http/authenticate";
import { parseIdParam } from "../../http/parse";
import { rejectionNoticeFileName, renderRejectionNotice } from "../../pdf/rejection-notice";

const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

export function rejectionNoticeHandler(ctx: DomainContext): RequestHandler {
  return async (req, res) => {
    const member = memberOf(req, SAMPLE_READER_ROLES);
    const id = parseIdParam(req.params["id"], "sampleNotFound");
    const notice = await rejectionNotice(ctx, member, id);
    const { language } = await getCustomer(ctx, member.id);
    const { sample, reception } = notice;
    const pdf = await renderRejectionNotice({
      sampleId: sample.id,
      category: sample.shrimpCategory,
      tests: sample.testTypes,
      submittedAt: sample.createdAt,
      collectedAt: notice.collectedAt,
      receivedAt: reception.at,
      agent: notice.agent,
      sealsRecorded: notice.collection?.row.seals ?? null,
      sealsRead: reception.seals,
      temperatureC: numberOrNull(reception.temperatureC),
      reasons: notice.reasons,
      note: reception.note,
      resubmitUrl: resubmitUrl(ctx.publicUrl, sample.id),
      issuedAt: ctx.now(),
      language,
    });
    res
      .type("application/pdf")
      .set("Content-Disposition", `attachment; filename="${rejectionNoticeFileName(sample.id)}"`)
      .set("Cache-Control", "private, no-store")
      .send(pdf);
  };
}
