// Where a certificate is checked, and the QR code that leads there.
import QRCode from "qrcode";

export const verifyUrl = (publicUrl: string, number: string): string =>
  `${publicUrl.replace(/\/+$/, "")}/verify/${encodeURIComponent(number)}`;

/**
 * What the QR code opens: the public check with the certificate's check code, which opens the full
 * results. The code rides in the fragment, which browsers never send: no server or proxy logs it.
 */
export const verifyQrUrl = (publicUrl: string, number: string, checkCode: string): string =>
  `${verifyUrl(publicUrl, number)}#c=${encodeURIComponent(checkCode)}`;

/** The QR code printed on a certificate, pointing at the public certificate check: its dark modules. */
export function certificateQr(url: string): { size: number; dark: (row: number, column: number) => boolean } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  return { size: modules.size, dark: (row, column) => modules.data[row * modules.size + column] === 1 };
}

/** The QR code as vector squares: sharp at any print size, and no PNG to encode and decode each time. */
export function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const qr = certificateQr(url);
  // One module of quiet zone on each side.
  const cell = size / (qr.size + 2);
  doc.rect(x, y, size, size).fill("#ffffff");
  for (let row = 0; row < qr.size; row += 1) {
    // A run of dark modules in a row is one rectangle: a third of the path to write.
    let column = 0;
    while (column < qr.size) {
      if (!qr.dark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < qr.size && qr.dark(row, column)) column += 1;
      doc.rect(x + (start + 1) * cell, y + (row + 1) * cell, (column - start) * cell, cell);
    }
  }
  doc.fill("#000000");
}
