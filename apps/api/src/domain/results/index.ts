/** Certified results: entering, judging and returning a sample's results (releasing them makes a report: domain/reports/release.ts). */
export { enterResults, returnResults, type EnterResultsInput } from "./enter";
export { sampleAnalysis, currentReport, type AnalysisView } from "./round";
export {
  checkedMarkets,
  choosableMarkets,
  currentSpecs,
  parameterCatalogue,
  samplePanel,
  labDate,
} from "./catalogue";
export { reportTrend, type TrendView } from "./trend";
