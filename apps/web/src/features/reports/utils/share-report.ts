import type { Report } from "@lab/contracts";

import { paths } from "@/config/paths";
import { translate } from "@/lib/i18n/i18n";

type ShareableReport = Pick<Report, "id" | "sampleId" | "status" | "details">;

/** How a report is shared from this browser; "none" hides Share. */
export type ShareMode = "files" | "whatsapp" | "none";

/** Web Share with files (phones, some desktops): asked with a PDF, since support depends on the type. */
export function canShareFiles(nav: Navigator | undefined = globalThis.navigator): boolean {
  if (!nav || typeof nav.share !== "function" || typeof nav.canShare !== "function") return false;
  try {
    return nav.canShare({ files: [new File([], "report.pdf", { type: "application/pdf" })] });
  } catch {
    return false;
  }
}

/**
 * A revoked report is never shared: its PDF and certificate no longer stand. A failed report has no
 * certificate, so nothing to verify: where files can be shared it goes as its PDF alone, elsewhere
 * Share is hidden (a chat message without a verify link says nothing the PDF download does not).
 */
export function shareModeOf(report: ShareableReport, filesSupported: boolean): ShareMode {
  if (report.status === "revoked") return "none";
  if (filesSupported) return "files";
  return report.details.certification ? "whatsapp" : "none";
}

/** The public check of a certificate: `${origin}/verify/{number}`. */
export const verifyUrlOf = (certification: string, origin: string): string =>
  `${origin}${paths.verify.href(certification)}`;

/**
 * The short text sent beside the PDF or in the WhatsApp message, in the sharer's language (the
 * "reports" namespace is loaded: ShareReport renders with it).
 */
export function shareTextOf(report: ShareableReport, origin: string): string {
  const certification = report.details.certification;
  if (!certification)
    return translate("reports.share.textReport", { id: report.id, sampleId: report.sampleId });
  return translate("reports.share.textCertificate", {
    certification,
    sampleId: report.sampleId,
    url: verifyUrlOf(certification, origin),
  });
}

/** WhatsApp's click-to-chat link with a prefilled message; the person picks the chat. */
export const whatsAppHrefOf = (text: string): string => `https://wa.me/?text=${encodeURIComponent(text)}`;
