// The page the certificate is drawn on, its colours, and what every part of the drawing shares.
import type { DocumentWords } from "../coa-words";
import { under } from "../coa-words";
import type { Cell, TextStyle } from "../layout";
import type { ReportPdfInput } from "./input";

export const TEAL = "#0f766e";
export const GREY = "#4b5563";
export const PASS = "#15803d";
export const FAIL = "#b91c1c";

// A4 in points, 40 pt margins; the footer sits in the bottom margin.
export const PAGE = { width: 595.28, height: 841.89, margin: 40 };
export const CONTENT = PAGE.width - 2 * PAGE.margin;
export const BOTTOM = PAGE.height - PAGE.margin - 6;
export const QR_SIZE = 92;

export const LABEL_STYLE: TextStyle = { size: 9, weight: "bold" };

/** One document being drawn: the parts draw in turn, each from the `y` the last one reached. */
export interface Sheet {
  doc: PDFKit.PDFDocument;
  /** English always, and the account's language beside it (stored once at release). */
  w: DocumentWords;
  input: ReportPdfInput;
  /** The certificate number; null for a test report (no market passed). */
  number: string | null;
  /** Certified results (a parameter table); reports issued before them have free-text lines. */
  certified: boolean;
  /** Only a report rendered after its revocation (one issued before documents were stored) says so. */
  revoked: boolean;
}

export const label = (text: string): Cell => ({ text, weight: "bold" });

/** A section caption over a table. */
export const caption = (text: string): { text: string; style: TextStyle } => ({
  text,
  style: { size: 11, weight: "bold", color: TEAL },
});

export const day = (date: Date): string =>
  date.toLocaleDateString("en-IN", {
    day: "2-digit",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  });

/** A date and time as the lab's staff read it: India time, 24-hour clock. */
export const indiaTime = (date: Date): string =>
  `${day(date)}, ${date.toLocaleTimeString("en-IN", {
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: "Asia/Kolkata",
  })} IST`;

/** A date as the lab writes it, and in the account's language in brackets (India time both). */
export function bothDates(w: DocumentWords, date: Date, english: string, style: "date" | "dateTime"): string {
  const local = w.date(date, style);
  return local === null ? english : `${english} (${local})`;
}

/** A date in English, and under it in the account's language (narrow table cells). */
export function datesUnder(
  w: DocumentWords,
  date: Date,
  english: string,
  style: "date" | "dateTime",
): string {
  return under(english, w.date(date, style));
}
