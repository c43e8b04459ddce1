/** Certified results: entering, judging, returning and releasing a sample's results. */
export { enterResults, returnResults, type EnterResultsInput } from "./enter";
export { releaseResults, type ReleaseInput } from "./release";
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
