import type { ToastType } from "@/components/ui/toast";

// Events that take something away from the customer (an agent withdrawn, a certificate revoked, a
// harvest lot's screening failed, a sample refused at reception) are warnings; the rest report progress.
const WARNING_TYPES: ReadonlySet<string> = new Set([
  "sample_unassigned",
  "report_revoked",
  "screening_failed",
  "sample_rejected",
]);

/** The toast tone of a live notification, by its type. */
export function notificationTone(type: string): ToastType {
  return WARNING_TYPES.has(type) ? "warning" : "success";
}
