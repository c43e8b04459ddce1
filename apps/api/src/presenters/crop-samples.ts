import type { CropSamples } from "@lab/contracts";

import type { CropSamplesView } from "../domain/farms/crop-samples";

/** GET /crops/{id}/samples: each sample with its latest report's verdict per market. */
export function presentCropSamples(view: CropSamplesView): CropSamples {
  return {
    items: view.items.map(({ sample, lotCode, report }) => ({
      id: sample.id,
      createdAt: sample.createdAt.toISOString(),
      purpose: sample.purpose,
      status: sample.status,
      lotCode,
      report: report
        ? {
            id: report.id,
            certification: report.certification,
            status: report.status,
            verdicts: report.markets.map((market) => ({ market: market.code, verdict: market.verdict })),
          }
        : null,
    })),
    parameters: view.parameters,
  };
}
