// Reads a PDF back as a reader does (pdf.js, legacy build for Node): the text of each page, and the
// fonts it embeds.
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
