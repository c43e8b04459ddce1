import type { MarketJudgement, ParameterLine } from "@lab/contracts";
import { crops, customers, farms, harvestLots, organisations, ponds, type Executor } from "@lab/db";
import { and, eq, inArray, isNotNull } from "drizzle-orm";

import { enqueueMail } from "../../mail/outbox";
import { screeningFailedMail } from "../../mail/screening-mails";
import { notifySample, type ReaderNotification } from "../notifications/notifications";
import { choosingEmail } from "../notifications/preferences";

import type { ScreeningFacts } from "../../pdf/report/input";
import { addDays, caaStatusOf, indiaDay } from "../farms/calendar";
import { sampledAt } from "../farms/sampling";
import { labSettingsRow } from "./lab-settings";

/** The sample fields that decide whether its report is a pre-harvest screening report. */
export interface ScreenedSample {
  id: number;
  purpose: string | null;
  lotId: number | null;
  createdAt: Date;
}

export const isScreening = (sample: Pick<ScreenedSample, "purpose" | "lotId">): boolean =>
  sample.purpose === "pre_harvest" && sample.lotId !== null;

/**
 * The farm, pond, crop, lot and validity a pre-harvest screening report prints; null for any other
 * sample. The validity is the gate's rule (India's day of sampling plus the lab's setting), and the
 * CAA status is read on the report's issue day.
 */
export async function screeningFacts(
  executor: Executor,
  sample: ScreenedSample,
  issuedAt: Date,
): Promise<ScreeningFacts | null> {
  if (!isScreening(sample) || sample.lotId === null) return null;
  const [row] = await executor
    .select({ lot: harvestLots, crop: crops, pondCode: ponds.code, farm: farms, buyer: organisations.name })
    .from(harvestLots)
    .innerJoin(crops, eq(crops.id, harvestLots.cropId))
    .innerJoin(ponds, eq(ponds.id, crops.pondId))
    .innerJoin(farms, eq(farms.id, ponds.farmId))
    .leftJoin(organisations, eq(organisations.id, harvestLots.buyerOrganisationId))
    .where(eq(harvestLots.id, sample.lotId));
  if (!row) return null;
  const [at, settings] = await Promise.all([sampledAt(executor, sample), labSettingsRow(executor)]);
  const sampledOn = indiaDay(at);
  const { lot, crop, farm } = row;
  const buyerName = lot.buyerName ?? row.buyer;
  return {
    farm: {
      name: farm.name,
      mpedaEnrolment: farm.mpedaEnrolment,
      caaRegistration: farm.caaRegistration,
      caaExpiresOn: farm.caaExpiresOn,
      caaStatus: caaStatusOf(farm.caaExpiresOn, indiaDay(issuedAt)),
      stateLicence: farm.stateLicence,
    },
    pondCode: row.pondCode,
    crop: {
      species: crop.species,
      stockedOn: crop.stockedOn,
      hatcheryName: crop.hatcheryName,
      hatcheryRegistration: crop.hatcheryRegistration,
      noTreatments: crop.noTreatments,
      treatments: crop.treatments,
    },
    lot: { code: lot.code, expectedOn: lot.expectedOn, phtCertificate: lot.phtCertificate },
    buyer: buyerName === null ? null : { name: buyerName, eic: lot.buyerEic },
    sampledOn,
    validUntil: addDays(sampledOn, settings.screeningValidDays),
  };
}

/** Submit Sample with the lot and the purpose chosen: a retest is a new sample of the same lot. */
export const retestUrl = (publicUrl: string, lotId: number): string =>
  `${publicUrl.replace(/\/+$/, "")}/submit-sample?${new URLSearchParams({ lot: String(lotId), purpose: "pre_harvest" }).toString()}`;

/**
 * A released screening that failed any market tells the organisation's members who see the sample at
 * once, in the caller's transaction: a notice (bell and push) naming the lot, the failed markets and
 * the parameters outside a limit, and a mail with the retest link to each of them whose address is
 * proven (the others read it when they sign in). Nothing for another purpose or when every market
 * passed. Answers the notices for the caller to publish after commit; `mailed` says whether any mail
 * was queued.
 */
export async function noticeFailedScreening(
  tx: Executor,
  input: {
    sample: ScreenedSample;
    reportId: number;
    certification: string | null;
    markets: readonly MarketJudgement[];
    parameters: readonly ParameterLine[];
    publicUrl: string;
    now: Date;
  },
): Promise<{ notices: ReaderNotification[]; mailed: boolean }> {
  const { sample } = input;
  const failedMarkets = input.markets
    .filter((market) => market.verdict === "fail")
    .map((market) => market.code);
  if (!isScreening(sample) || sample.lotId === null || failedMarkets.length === 0)
    return { notices: [], mailed: false };
  const [lot] = await tx
    .select({ code: harvestLots.code })
    .from(harvestLots)
    .where(eq(harvestLots.id, sample.lotId));
  if (!lot) return { notices: [], mailed: false };
  const parameters = input.parameters
    .filter((line) => line.markets.some((market) => market.verdict === "fail"))
    .map((line) => ({ code: line.code, name: line.name }));
  const notices = await notifySample(tx, {
    sampleId: sample.id,
    type: "screening_failed",
    data: {
      notice: "screeningFailed",
      stage: "completed",
      reportId: input.reportId,
      lotId: sample.lotId,
      lotCode: lot.code,
      markets: failedMarkets,
      parameters,
      ...(input.certification ? { certification: input.certification } : {}),
    },
    createdAt: input.now,
  });
  if (notices.length === 0) return { notices, mailed: false };
  const readers = await tx
    .select()
    .from(customers)
    .where(
      and(
        inArray(
          customers.id,
          notices.map((notice) => notice.customerId),
        ),
        isNotNull(customers.emailVerifiedAt),
      ),
    );
  const failed = {
    sampleId: sample.id,
    lotCode: lot.code,
    markets: failedMarkets,
    parameters,
    retestUrl: retestUrl(input.publicUrl, sample.lotId),
  };
  // Those who unticked e-mail for failed screenings read it by the bell (and their phone) only.
  const mailed = await choosingEmail(tx, readers, "screeningFailed");
  for (const reader of mailed) await enqueueMail(tx, screeningFailedMail(reader, failed));
  return { notices, mailed: mailed.length > 0 };
}
