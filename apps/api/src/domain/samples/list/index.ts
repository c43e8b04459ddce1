/**
 * Sample lists: the customer's list (list.ts: filters, keyset walk, cursor, filtered search) and the
 * staff console's (staff.ts), over the shared row views.
 */
export { countsByStatus, listSamples } from "./list";
export { statusesOf, type SampleListQuery } from "./filters";
export { getStaffSample, listStaffSamples, type StaffSampleDetail, type StaffSampleQuery } from "./staff";
export { selectSampleViews, type SampleView, type StaffSampleView } from "./views";
