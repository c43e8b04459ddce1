import type { Analysis } from "@lab/contracts";

import type { AnalysisView } from "../domain/results";

/** Where a sample's round of results stands: verdicts so far, who entered what and when. */
export function presentAnalysis(view: AnalysisView): Analysis {
  return {
    round: view.round,
    state: view.state,
    judgement: view.judgement,
    enteredBy: view.enteredBy,
    returnedNote: view.returnedNote,
    results: view.results.map((result) => ({
      code: result.code,
      value: result.value,
      qualifier: result.qualifier,
      enteredBy: result.enteredBy,
      enteredAt: result.enteredAt.toISOString(),
    })),
  };
}
