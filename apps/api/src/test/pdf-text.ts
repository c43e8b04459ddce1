// Reads a PDF back as a reader does (pdf.js, legacy build for Node): the text of each page, and the
// fonts it embeds; and as poppler renders it (pdftoppm), as pixels.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The document's title (its Info dictionary). */
export async function pdfTitle(pdf: Buffer): Promise<string | undefined> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const { info } = await document.getMetadata();
  await document.destroy();
  const title = (info as { Title?: unknown }).Title;
  return typeof title === "string" ? title : undefined;
}

/** Each page's text: pdf.js's items joined, a new line where it sees one. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
        .join("")
        // A glyph that stands for no character (Bengali's headline joining ব্র) has an empty entry in
        // pdfkit's ToUnicode map, which pdf.js reads as a control character; readers show nothing.
        .replace(/(?!\n)\p{Cc}/gu, "")
        .normalize("NFC"),
    );
  }
  await document.destroy();
  return pages;
}

/** The /BaseFont names of the embedded fonts (a subset's name starts with six letters and a +). */
export function embeddedFontNames(pdf: Buffer): string[] {
  return [...pdf.toString("latin1").matchAll(/\/BaseFont \/([A-Za-z0-9+-]+)/g)].map(
    (match) => match[1] ?? "",
  );
}

/** A page rendered by poppler: 8-bit grey pixels, one byte a pixel, rows top to bottom. */
export interface RenderedPage {
  width: number;
  height: number;
  gray: Uint8Array;
}

/** Whether poppler's pdftoppm can be run here. */
export function hasPdftoppm(): boolean {
  return spawnSync("pdftoppm", ["-v"]).error === undefined;
}

/** Reads a binary PGM (P5, maxval 255) as pdftoppm writes it. */
function readPgm(bytes: Buffer): RenderedPage {
  // Header: "P5", width, height, maxval, each after whitespace, then one whitespace byte.
  const fields: string[] = [];
  let offset = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[offset] ?? 32))) offset += 1;
    let field = "";
    while (!/\s/.test(String.fromCharCode(bytes[offset] ?? 32)))
      field += String.fromCharCode(bytes[offset++] ?? 32);
    fields.push(field);
  }
  const [magic, width, height, maxval] = fields;
  if (magic !== "P5" || maxval !== "255") throw new Error(`unexpected PGM header ${fields.join(" ")}`);
  const w = Number(width);
  const h = Number(height);
  return { width: w, height: h, gray: new Uint8Array(bytes.subarray(offset + 1, offset + 1 + w * h)) };
}

/** Renders every page of a PDF with pdftoppm at this resolution (grey), as a printer or viewer would. */
export function renderPages(pdf: Buffer, dpi = 100): RenderedPage[] {
  const dir = mkdtempSync(join(tmpdir(), "pdf-pages-"));
  try {
    const file = join(dir, "document.pdf");
    writeFileSync(file, pdf);
    const run = spawnSync("pdftoppm", ["-gray", "-r", String(dpi), file, join(dir, "page")]);
    if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr.toString()}`);
    return readdirSync(dir)
      .filter((name) => name.endsWith(".pgm"))
      .sort((a, b) => Number(/(\d+)\.pgm$/.exec(a)?.[1]) - Number(/(\d+)\.pgm$/.exec(b)?.[1]))
      .map((name) => readPgm(readFileSync(join(dir, name))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The page's pixels as RGBA (what jsQR reads). */
export function rgba(page: RenderedPage): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(page.width * page.height * 4);
  page.gray.forEach((value, index) => {
    pixels.fill(value, index * 4, index * 4 + 3);
    pixels[index * 4 + 3] = 255;
  });
  return pixels;
}
