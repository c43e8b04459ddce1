import { LOT_CHECK_MAX, LOT_CODE_PATTERN, normaliseLotCode } from "@lab/contracts";

/** The longest text kept of something pasted that is no code (the server answers it `unknown`). */
const JUNK_MAX = 40;

/**
 * Codes typed or pasted at the gate: one per line, or separated by commas, semicolons or spaces. A
 * line that is one code written in groups ("7K3M 9Q2X AB", as the card prints it) stays one code.
 * Codes are normalised as the server reads them (upper case, O→0, I/L→1) and kept once, in order.
 */
export function parseLotCodes(text: string): string[] {
  const codes: string[] = [];
  for (const chunk of text.split(/[\n\r,;]+/)) {
    const whole = normaliseLotCode(chunk);
    if (whole === "") continue;
    const pieces = LOT_CODE_PATTERN.test(whole)
      ? [whole]
      : chunk
          .split(/\s+/)
          .map(normaliseLotCode)
          .filter((piece) => piece !== "");
    for (const piece of pieces) {
      const code = piece.slice(0, JUNK_MAX);
      if (!codes.includes(code)) codes.push(code);
    }
  }
  return codes;
}

export type GateInput =
  { kind: "empty" } | { kind: "tooMany"; count: number } | { kind: "ok"; codes: string[] };

/** What the Check button may send: at least one code, at most LOT_CHECK_MAX. */
export function gateInput(text: string): GateInput {
  const codes = parseLotCodes(text);
  if (codes.length === 0) return { kind: "empty" };
  if (codes.length > LOT_CHECK_MAX) return { kind: "tooMany", count: codes.length };
  return { kind: "ok", codes };
}

export type ScannedCode = "added" | "already" | "full";

/**
 * The list with a scanned code added on its own line, unless the list already has it (as typed in any
 * of the ways the gate reads) or holds as many codes as one check takes.
 */
export function withScannedCode(text: string, code: string): { text: string; result: ScannedCode } {
  const codes = parseLotCodes(text);
  if (codes.includes(code)) return { text, result: "already" };
  if (codes.length >= LOT_CHECK_MAX) return { text, result: "full" };
  const kept = text.replace(/\s+$/, "");
  return { text: kept === "" ? code : `${kept}\n${code}`, result: "added" };
}
