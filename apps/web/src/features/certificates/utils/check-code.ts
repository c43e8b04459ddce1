import { CHECK_CODE_PATTERN, normalizeCheckCode } from "@lab/contracts";

/**
 * The check code a certificate's QR code carries in its link's fragment (`#c=…`): browsers never
 * send a fragment, so the code reaches no server log on the way to this page. Undefined when absent.
 */
export function checkCodeFromHash(hash: string): string | undefined {
  const code = new URLSearchParams(hash.replace(/^#/, "")).get("c");
  return code === null || code.trim() === "" ? undefined : normalizeCheckCode(code);
}

/** The fragment that carries a check code (empty without one). */
export const checkCodeHash = (code: string | undefined): string =>
  code ? `#c=${encodeURIComponent(code)}` : "";

/** Whether typed text is a check code: 16 of 0-9 and A-F, dashes, spaces and case aside. */
export const isCheckCode = (typed: string): boolean => CHECK_CODE_PATTERN.test(normalizeCheckCode(typed));
