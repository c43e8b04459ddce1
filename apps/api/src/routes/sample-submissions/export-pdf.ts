// GET /sample-submissions/export.pdf: the summary export of the customer's own samples as a PDF, made
// on the server where fonts that shape Indian scripts live. It takes the list's filters and search,
// and prints in the account's language beside English (or in `lang`, when given).
import {
  MAX_PAGE_SIZE,
  SAMPLE_EXPORT_PDF_MAX_ROWS,
  SAMPLE_READER_ROLES,
  isLanguageCode,
  languageSchema,
  message,
  messages,
  sampleListQuerySchema,
  type LanguageCode,
} from "@lab/contracts";
import type { Request, Response } from "express";
import { z } from "zod";

import { getCustomer } from "../../domain/accounts/accounts";
import type { DomainContext } from "../../domain/context";
import { listSamples } from "../../domain/samples/list";
import { invalidField } from "../../lib/app-error";
import { memberOf } from "../../http/authenticate";
import type { Member } from "../../domain/organisations/access";
import { parse } from "../../http/parse";
import { buildSampleSummaryPdf, zonedDateTime, type SummarySample } from "../../pdf/sample-summary";

const TIME_ZONE_INVALID = messages.timeZoneInvalid;

const validTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const exportQuerySchema = sampleListQuerySchema
  .pick({ q: true, status: true, from: true, to: true, sort: true })
  .extend({
    /** The browser's time zone: dates print as the person sees them on the list. */
    tz: z
      .string({ error: TIME_ZONE_INVALID })
      .trim()
      .max(64, TIME_ZONE_INVALID)
      .default("Asia/Kolkata")
      .refine(validTimeZone, TIME_ZONE_INVALID),
    /** The language printed beside English, instead of the account's (one of the portal's; else 400). */
    lang: languageSchema.optional(),
  });

/** The account's stored language (English for anything the portal does not speak). */
async function accountLanguage(ctx: DomainContext, customerId: number): Promise<LanguageCode> {
  const { language } = await getCustomer(ctx, customerId);
  return isLanguageCode(language) ? language : "en";
}

export const exportTooLarge = (total: number) =>
  message("exportTooLarge", { max: SAMPLE_EXPORT_PDF_MAX_ROWS, total });

/** "all" → All, "pending" → Pending, a status → its name. */
const typeLabel = (status: string) =>
  status === "" ? "All" : status.charAt(0).toUpperCase() + status.slice(1);

/** Every sample of the query, a page of 100 at a time (keyset from the last page), up to the cap. */
async function exportSamples(ctx: DomainContext, member: Member, query: z.output<typeof exportQuerySchema>) {
  const samples: SummarySample[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const result = await listSamples(
      ctx,
      member,
      { ...query, page, size: MAX_PAGE_SIZE, cursor },
      { exact: true },
    );
    if (result.total > SAMPLE_EXPORT_PDF_MAX_ROWS) throw invalidField(exportTooLarge(result.total), "to");
    samples.push(...result.items);
    if (result.items.length === 0 || samples.length >= result.total) return samples;
    cursor = result.cursor ?? undefined;
  }
}

export function exportPdfHandler(ctx: DomainContext) {
  return async (req: Request, res: Response) => {
    const query = parse(exportQuerySchema, req.query, "sampleInvalid");
    const member = memberOf(req, SAMPLE_READER_ROLES);
    const samples = await exportSamples(ctx, member, query);
    const language = query.lang ?? (await accountLanguage(ctx, member.id));
    const day = (value: string | undefined) =>
      value ? zonedDateTime(new Date(value), query.tz).slice(0, 10) : null;
    const from = day(query.from);
    const to = day(query.to);
    const pdf = await buildSampleSummaryPdf(samples, {
      typeLabel: typeLabel(query.status),
      from,
      to,
      search: query.q,
      generatedAt: new Date(),
      timeZone: query.tz,
      status: query.status,
      language,
    });
    const name = `SampleSummary-${typeLabel(query.status)}-${from ?? "start"}-to-${to ?? "today"}.pdf`;
    res
      .type("application/pdf")
      .set("Content-Disposition", `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"`)
      .set("Cache-Control", "private, no-store")
      .send(pdf);
  };
}
