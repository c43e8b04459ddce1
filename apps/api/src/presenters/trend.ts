import type { Trend } from "@lab/contracts";

import type { TrendView } from "../domain/results";

/** GET /reports/trend: one parameter over time, with the chosen market's current limit. */
export function presentTrend(view: TrendView): Trend {
  return {
    parameter: view.parameter,
    market: view.market,
    limit: view.limit,
    points: view.points.map((point) => ({ ...point, at: point.at.toISOString() })),
  };
}
