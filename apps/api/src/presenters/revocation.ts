import { revocationReasonOf, type LabSettings, type RevocationRequest } from "@lab/contracts";

import type { LabSettingsView, RevocationRequestView } from "../domain/reports/revocations";

/** A revocation request as staff read it: the internal note included (never sent to customers). */
export function presentRevocationRequest(view: RevocationRequestView): RevocationRequest {
  const { request } = view;
  return {
    id: request.id,
    reportId: view.report.id,
    sampleId: view.report.sampleId,
    certification: view.report.certification,
    reasonCode: revocationReasonOf(request.reasonCode),
    note: request.note,
    requestedBy: view.requestedBy,
    requestedAt: request.requestedAt.toISOString(),
    outcome: request.outcome,
    decidedBy: view.decidedBy,
    decidedAt: request.decidedAt ? request.decidedAt.toISOString() : null,
  };
}

/** The lab's settings with who changed them when, newest first. */
export function presentLabSettings(view: LabSettingsView): LabSettings {
  return {
    onePersonRevocation: view.onePersonRevocation,
    screeningValidDays: view.screeningValidDays,
    collectionRadiusM: view.collectionRadiusM,
    internationalPhones: view.internationalPhones,
    history: view.history.map((change) => ({ ...change, changedAt: change.changedAt.toISOString() })),
  };
}
