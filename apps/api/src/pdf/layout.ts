// Drawing text that mixes scripts: runs measured and wrapped by hand (pdfkit's own wrapper measures
// in one font), lines on a common baseline, and a table whose cells wrap, long names without spaces
// included.
import { useFont, type PdfFont, type Weight } from "./fonts";
import { textRuns } from "./text-runs";

type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
}

interface Piece {
  text: string;
  font: PdfFont;
  width: number;
}
type Line = Piece[];

// Indic vowel signs and conjuncts reach well above and below Latin letters: lines get room for them.
const LINE_FACTOR = 1.5;
const BASELINE_FACTOR = 1.08;

export const lineHeight = (style: TextStyle): number => style.size * LINE_FACTOR;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

// Measuring shapes the text (fontkit's GSUB/GPOS lookups): the same words ("Not detected", "✓ Pass",
// units, names) recur across a table and across certificates, so their runs and widths are kept.
const MEASURED_MAX = 20_000;
const measured = new Map<string, readonly Piece[]>();

function pieces(doc: Doc, text: string, style: TextStyle): readonly Piece[] {
  const weight = style.weight ?? "regular";
  const key = `${weight}|${style.size}|${text}`;
  const known = measured.get(key);
  if (known) return known;
  const result = textRuns(text, weight).map((run) => ({
    text: run.text,
    font: run.font,
    width: useFont(doc, run.font, style.size).widthOfString(run.text),
  }));
  if (measured.size >= MEASURED_MAX) measured.clear();
  measured.set(key, result);
  return result;
}

const widthOf = (line: readonly Piece[]) => line.reduce((sum, piece) => sum + piece.width, 0);

/** The width of a text on one line (no wrapping). */
export const textWidth = (doc: Doc, text: string, style: TextStyle): number =>
  widthOf(pieces(doc, text, style));

/**
 * The width a label column needs so that none of its words is cut (a Tamil or Malayalam label is
 * longer than the English one), between a floor and a ceiling.
 */
export function labelColumnWidth(
  doc: Doc,
  labels: readonly string[],
  style: TextStyle,
  padding: number,
  min: number,
  max: number,
): number {
  const widest = Math.max(
    0,
    ...labels.flatMap((text) => text.split(/\s+/).map((word) => textWidth(doc, word, style))),
  );
  return Math.min(max, Math.max(min, Math.ceil(widest + 2 * padding + 1)));
}

/** A word wider than the line, cut between graphemes into line-wide parts. */
function breakWord(doc: Doc, word: string, style: TextStyle, width: number): Line[] {
  const parts: Line[] = [];
  let current = "";
  for (const { segment } of graphemes.segment(word)) {
    const next = current + segment;
    if (current !== "" && widthOf(pieces(doc, next, style)) > width) {
      parts.push([...pieces(doc, current, style)]);
      current = segment;
    } else current = next;
  }
  if (current !== "") parts.push([...pieces(doc, current, style)]);
  return parts;
}

/** The text's lines at this width: greedy, at spaces, and inside a word only when it does not fit. */
export function wrap(doc: Doc, text: string, style: TextStyle, width: number): Line[] {
  const lines: Line[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line: Line = [];
    let lineWidth = 0;
    for (const token of paragraph.split(/(\s+)/)) {
      if (token === "") continue;
      if (/^\s+$/.test(token)) {
        if (line.length > 0) {
          const space = pieces(doc, " ", style);
          line.push(...space);
          lineWidth += widthOf(space);
        }
        continue;
      }
      const word = pieces(doc, token, style);
      const wordWidth = widthOf(word);
      if (line.length > 0 && lineWidth + wordWidth > width) {
        lines.push(trimEnd(line));
        line = [];
        lineWidth = 0;
      }
      if (wordWidth > width) {
        const parts = breakWord(doc, token, style, width);
        const last = parts.pop() ?? [];
        lines.push(...parts);
        line = [...last];
        lineWidth = widthOf(last);
      } else {
        line.push(...word);
        lineWidth += wordWidth;
      }
    }
    lines.push(trimEnd(line));
  }
  return lines;
}

function trimEnd(line: Line): Line {
  const copy = [...line];
  while (copy.length > 0 && copy[copy.length - 1]?.text.trim() === "") copy.pop();
  return copy;
}

export type Align = "left" | "right" | "center";

/** Draws lines from the top y; returns the height used. */
export function drawLines(
  doc: Doc,
  lines: readonly Line[],
  x: number,
  y: number,
  style: TextStyle,
  width: number,
  align: Align = "left",
): number {
  const height = lineHeight(style);
  doc.fillColor(style.color ?? "#000000");
  lines.forEach((line, index) => {
    const lineWidth = widthOf(line);
    let cursor =
      align === "right" ? x + width - lineWidth : align === "center" ? x + (width - lineWidth) / 2 : x;
    const baseline = y + index * height + style.size * BASELINE_FACTOR;
    for (const piece of line) {
      useFont(doc, piece.font, style.size).text(piece.text, cursor, baseline, {
        lineBreak: false,
        baseline: "alphabetic",
      });
      cursor += piece.width;
    }
  });
  return lines.length * height;
}

/** Wraps and draws a text in a box of this width from the top y; returns the height used. */
export function drawText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  style: TextStyle,
  width: number,
  align: Align = "left",
): number {
  return drawLines(doc, wrap(doc, text, style, width), x, y, style, width, align);
}

export interface Column {
  header: string;
  width: number;
  align?: Align;
}

export interface Cell {
  text: string;
  weight?: Weight;
  color?: string;
  fill?: string;
}

export interface TableOptions {
  x: number;
  y: number;
  columns: readonly Column[];
  rows: readonly (readonly (Cell | string)[])[];
  size?: number;
  padding?: number;
  /** Header row colours; no header row when `header` is false. */
  header?: { fill: string; color: string } | false;
  /** Lines between rows. */
  rules?: boolean;
  /** Where a page ends: a row that would cross it starts a new page (with the header again). */
  bottom: number;
  /** The top of the table on a new page. */
  top: number;
  /** A title above the table, kept on the page with its header and first row. */
  caption?: { text: string; style: TextStyle; gap?: number };
}

// A long table yields to the event loop every so many rows: other requests are served meanwhile.
const ROWS_BETWEEN_YIELDS = 50;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Draws a table whose cells wrap; resolves to the y below it. */
export async function drawTable(doc: Doc, options: TableOptions): Promise<number> {
  const size = options.size ?? 9;
  const padding = options.padding ?? 3;
  const width = options.columns.reduce((sum, column) => sum + column.width, 0);
  let y = options.y;

  const layOut = (cells: readonly Cell[], isHeader: boolean) => {
    const defaultWeight: Weight = isHeader ? "bold" : "regular";
    const laidOut = cells.map((cell, index) => {
      const style: TextStyle = { size, weight: cell.weight ?? defaultWeight, color: cell.color ?? "#111827" };
      const inner = (options.columns[index]?.width ?? 0) - 2 * padding;
      return { cell, style, lines: wrap(doc, cell.text, style, inner) };
    });
    const height =
      Math.max(...laidOut.map(({ lines, style }) => lines.length * lineHeight(style))) + 2 * padding;
    return { laidOut, height };
  };
  const headerCells = (): Cell[] =>
    options.header
      ? options.columns.map((column) => ({
          text: column.header,
          color: options.header ? options.header.color : undefined,
        }))
      : [];
  const headerHeight = () => (options.header ? layOut(headerCells(), true).height : 0);

  const drawRow = (cells: readonly Cell[], fill: string | undefined, isHeader: boolean) => {
    const { laidOut, height } = layOut(cells, isHeader);
    if (y + height > options.bottom && y > options.top) {
      doc.addPage();
      y = options.top;
      // The header again at the top of each new page.
      if (!isHeader) drawHeader();
    }
    let x = options.x;
    laidOut.forEach(({ cell, style, lines }, index) => {
      const column = options.columns[index];
      const columnWidth = column?.width ?? 0;
      const background = cell.fill ?? fill;
      if (background) doc.rect(x, y, columnWidth, height).fill(background);
      drawLines(doc, lines, x + padding, y + padding, style, columnWidth - 2 * padding, column?.align);
      x += columnWidth;
    });
    if (options.rules) {
      doc
        .moveTo(options.x, y + height)
        .lineTo(options.x + width, y + height)
        .lineWidth(0.5)
        .strokeColor("#d1d5db")
        .stroke();
    }
    y += height;
  };

  const drawHeader = () => {
    if (!options.header) return;
    drawRow(headerCells(), options.header.fill, true);
  };

  const cellsOf = (row: readonly (Cell | string)[]): Cell[] =>
    row.map((cell) => (typeof cell === "string" ? { text: cell } : cell));
  // A caption or header never ends a page: with no room for them and the first row, the table starts
  // on the next page.
  const { caption } = options;
  const captionLines = caption ? wrap(doc, caption.text, caption.style, width) : [];
  const captionHeight = caption ? captionLines.length * lineHeight(caption.style) + (caption.gap ?? 4) : 0;
  const first = options.rows[0];
  const firstHeight = first ? layOut(cellsOf(first), false).height : 0;
  if (y + captionHeight + headerHeight() + firstHeight > options.bottom && y > options.top) {
    doc.addPage();
    y = options.top;
  }
  if (caption) {
    drawLines(doc, captionLines, options.x, y, caption.style, width);
    y += captionHeight;
  }
  drawHeader();
  for (const [index, row] of options.rows.entries()) {
    if (index > 0 && index % ROWS_BETWEEN_YIELDS === 0) await yieldToEventLoop();
    drawRow(cellsOf(row), undefined, false);
  }
  return y;
}
