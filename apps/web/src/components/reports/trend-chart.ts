import type { Limit, Trend } from "@lab/contracts";

export const CHART = { width: 320, height: 170, left: 40, right: 12, top: 14, bottom: 30 } as const;

export interface ChartPoint {
  x: number;
  y: number;
  /** A measured number; otherwise (not detected, < LOQ) the point sits at zero, drawn hollow. */
  measured: boolean;
  fail: boolean;
}

export interface ChartLine {
  y: number;
  /** "max 0.15": a stable key; the screen words it in the reader's language from side and value. */
  label: string;
  side: "max" | "min";
  value: number;
}

/** The limit's numeric bounds a line can be drawn at: max, min, or both ends of a range. */
export function limitValues(limit: Limit | null): { value: number; side: "max" | "min" }[] {
  if (!limit) return [];
  const values: { value: number; side: "max" | "min" }[] = [];
  if ((limit.kind === "max" || limit.kind === "range") && limit.max !== null)
    values.push({ value: limit.max, side: "max" });
  if ((limit.kind === "min" || limit.kind === "range") && limit.min !== null)
    values.push({ value: limit.min, side: "min" });
  return values;
}

/** Whether the parameter's results can be drawn on a number axis (not qualitative, not named grades). */
export const plottable = (trend: Trend): boolean =>
  trend.parameter.kind === "quantitative" ||
  (trend.parameter.kind === "graded" && trend.parameter.grades === null);

/** A rounded top for the axis: 1, 2 or 5 times a power of ten, at least the largest value. */
export function niceTop(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Positions in the SVG's own units: points evenly spaced in time order, the limit lines across. */
export function layout(trend: Trend): { points: ChartPoint[]; lines: ChartLine[]; top: number } {
  const bounds = limitValues(trend.limit);
  const values = trend.points.map((point) => point.value ?? 0);
  const top = niceTop(Math.max(0, ...values, ...bounds.map((bound) => bound.value)) * 1.1);
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const yOf = (value: number) => CHART.top + plotHeight * (1 - value / top);
  const count = trend.points.length;
  const points = trend.points.map((point, index) => ({
    x: CHART.left + (count === 1 ? plotWidth / 2 : (plotWidth * index) / (count - 1)),
    y: yOf(point.value ?? 0),
    measured: point.value !== null,
    fail: point.verdict === "fail",
  }));
  const lines = bounds.map((bound) => ({
    y: yOf(bound.value),
    label: `${bound.side === "max" ? "max" : "min"} ${bound.value}`,
    side: bound.side,
    value: bound.value,
  }));
  return { points, lines, top };
}
