// A pdfkit document, and its bytes once finished.
import PDFDocument from "pdfkit";

export interface DocumentOptions {
  title: string;
  author: string;
  layout?: "portrait" | "landscape";
  margin?: number;
  /** Keep pages in memory until the end, to write on each once the count is known ("Page 1 of 2"). */
  bufferPages?: boolean;
}

export function createDocument(options: DocumentOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: "A4",
    layout: options.layout ?? "portrait",
    margin: options.margin ?? 40,
    bufferPages: options.bufferPages ?? false,
    info: { Title: options.title, Author: options.author },
    displayTitle: true,
    lang: "en-IN",
    // No Helvetica: every text names its Noto font (and the AFM file is not parsed per document).
    font: "",
  });
  return doc;
}

/** Ends the document and collects what pdfkit writes. */
export function documentBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}
