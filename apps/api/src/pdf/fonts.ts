// The Noto fonts every PDF draws with, from npm (@fontsource ships each font cut into unicode-range
// files; each Indic file keeps its script's whole GSUB, so pdfkit's fontkit shapes conjuncts and vowel
// signs). pdfkit embeds only the glyphs a document uses (a subset per font).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";

import * as fontkit from "fontkit";

const require = createRequire(import.meta.url);

export type Weight = "regular" | "bold";

export interface PdfFont {
  /** The name the font is registered under in a document. */
  name: string;
  /** Parsed once and shared by every document: pdfkit takes a fontkit font as a source. */
  readonly font: fontkit.Font;
  covers: (codePoint: number) => boolean;
}

/**
 * A WOFF file as the plain TrueType font inside it. fontkit inflates a WOFF table on every read (each
 * glyph of a subset re-inflates the whole glyf table: a second per certificate); unpacked once here,
 * every document reads glyphs straight from memory.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const headerLength = 12 + 16 * numTables;
  const padded = (length: number) => (length + 3) & ~3;
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), headerLength);
  const sfnt = Buffer.alloc(total);
  const power = 2 ** Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(sfnt, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

// fontkit 2.0.4 crashes on a mark-to-base (or mark-to-ligature, mark-to-mark) record whose anchor
// for the mark's class is NULL, which OpenType allows and Noto's Indic fonts use: Telugu ప్రతి,
// Malayalam റിപ്പോർട്ട്, Gujarati અંતિમ threw "Cannot read properties of null (reading 'xCoordinate')"
// and the whole certificate failed. As HarfBuzz does, such a subtable does not apply to that pair
// (the lookup goes on to its next subtable).
class NoAnchor extends Error {}
// Thrown and caught inside one lookup: one instance serves (no stack trace is built per glyph).
const NO_ANCHOR = new NoAnchor("no anchor");

interface GposProcessorInternals {
  applyLookup: (this: GposProcessorInternals, lookupType: number, table: unknown) => boolean;
  applyAnchor: (
    this: GposProcessorInternals,
    markRecord: { markAnchor: unknown },
    baseAnchor: unknown,
    baseGlyphIndex: number,
  ) => void;
}
interface GlyphInternals {
  codePoints: number[];
}
interface OtLayoutEngineInternals {
  GPOSProcessor?: GposProcessorInternals | null;
  GSUBProcessor?: object | null;
  glyphInfos?: { codePoints: number[] }[];
  substitute: (this: OtLayoutEngineInternals, glyphRun: { glyphs: GlyphInternals[] }) => void;
}
interface FontInternals {
  _layoutEngine?: { engine?: OtLayoutEngineInternals | null };
}
const patched = new WeakSet<object>();

const sameCodePoints = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((codePoint, index) => codePoint === b[index]);

/**
 * fontkit keeps one Glyph object per glyph id with the characters of its first use, and a shaped run
 * hands out those objects: a conjunct part shared by several spellings (Bengali's ba-phala in নম্বর,
 * স্ক্যান, পদ্ধতি) told pdfkit the characters of whichever word the process shaped first, so the
 * PDF's text (copy, search, pdf.js, pdftotext) read নমকর. Each shaped glyph now carries the
 * characters it stands for in this run (a view on the shared glyph: outlines and metrics stay shared).
 */
function keepRunCodePoints(engine: OtLayoutEngineInternals): void {
  const proto = Object.getPrototypeOf(engine) as OtLayoutEngineInternals;
  if (patched.has(proto)) return;
  patched.add(proto);
  const substitute = proto.substitute;
  proto.substitute = function (this: OtLayoutEngineInternals, glyphRun) {
    substitute.call(this, glyphRun);
    const infos = this.glyphInfos;
    if (!this.GSUBProcessor || !infos) return;
    glyphRun.glyphs = glyphRun.glyphs.map((glyph, index) => {
      const codePoints = infos[index]?.codePoints;
      if (!codePoints || sameCodePoints(codePoints, glyph.codePoints)) return glyph;
      return Object.create(glyph, { codePoints: { value: codePoints } }) as GlyphInternals;
    });
  };
}

/**
 * Teaches this fontkit build's GPOS processor to skip a NULL anchor, and its layout engine to keep
 * each run's characters on its glyphs (once per class).
 */
export function repairFontkit(font: fontkit.Font): void {
  const engine = (font as unknown as FontInternals)._layoutEngine?.engine;
  if (!engine) return;
  keepRunCodePoints(engine);
  const processor = engine.GPOSProcessor;
  if (!processor) return;
  const proto = Object.getPrototypeOf(processor) as GposProcessorInternals;
  if (patched.has(proto)) return;
  patched.add(proto);
  const applyAnchor = proto.applyAnchor;
  const applyLookup = proto.applyLookup;
  proto.applyAnchor = function (this: GposProcessorInternals, markRecord, baseAnchor, baseGlyphIndex) {
    // Nothing is moved before this check: the glyph positions stay as they were.
    if (!baseAnchor || !markRecord.markAnchor) throw NO_ANCHOR;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  proto.applyLookup = function (this: GposProcessorInternals, lookupType, table) {
    try {
      return applyLookup.call(this, lookupType, table);
    } catch (error) {
      if (error === NO_ANCHOR) return false;
      throw error;
    }
  };
}

/** A font read and parsed on first use: a certificate in Latin and Telugu never loads Tamil. */
function load(pkg: string, file: string): PdfFont {
  let font: fontkit.Font | undefined;
  const parsed = () => {
    if (font) return font;
    font = fontkit.create(woffToSfnt(readFileSync(require.resolve(`@fontsource/${pkg}/files/${file}`))));
    repairFontkit(font);
    return font;
  };
  return {
    name: file.replace(/\.woff$/, ""),
    get font() {
      return parsed();
    },
    covers: (codePoint) => parsed().hasGlyphForCodePoint(codePoint),
  };
}

/** A family's regular and bold cut (bold falls back to regular where Noto has none). */
interface Family {
  regular: PdfFont;
  bold: PdfFont;
}

function family(pkg: string, subset: string, bold = true): Family {
  const regular = load(pkg, `${pkg}-${subset}-400-normal.woff`);
  return { regular, bold: bold ? load(pkg, `${pkg}-${subset}-700-normal.woff`) : regular };
}

/** A script of India and the font that shapes it; `pattern` tells its letters (and signs). */
export interface ScriptFont {
  script: string;
  pattern: RegExp;
  family: Family;
}

export const SCRIPT_FONTS: readonly ScriptFont[] = [
  { script: "Telugu", pattern: /\p{Script=Telugu}/u, family: family("noto-sans-telugu", "telugu") },
  {
    script: "Devanagari",
    pattern: /\p{Script=Devanagari}/u,
    family: family("noto-sans-devanagari", "devanagari"),
  },
  { script: "Tamil", pattern: /\p{Script=Tamil}/u, family: family("noto-sans-tamil", "tamil") },
  { script: "Bengali", pattern: /\p{Script=Bengali}/u, family: family("noto-sans-bengali", "bengali") },
  { script: "Gujarati", pattern: /\p{Script=Gujarati}/u, family: family("noto-sans-gujarati", "gujarati") },
  { script: "Oriya", pattern: /\p{Script=Oriya}/u, family: family("noto-sans-oriya", "oriya") },
  {
    script: "Malayalam",
    pattern: /\p{Script=Malayalam}/u,
    family: family("noto-sans-malayalam", "malayalam"),
  },
];

/**
 * Everything else, tried in order by coverage: Latin-1, then Latin Extended (ā, ₹), math (≥ ≤ ✓),
 * symbols and dingbats, and monochrome emoji.
 */
export const FALLBACK_FONTS: readonly Family[] = [
  family("noto-sans", "latin"),
  family("noto-sans", "latin-ext"),
  family("noto-sans-math", "latin", false),
  family("noto-sans-symbols-2", "symbols", false),
  family("noto-emoji", "emoji", false),
];

export const EMOJI_FAMILY = FALLBACK_FONTS[FALLBACK_FONTS.length - 1] as Family;

/** The font of plain Latin text, and of anything no font covers (drawn as a missing-glyph box). */
export const BASE_FAMILY = FALLBACK_FONTS[0] as Family;

/**
 * Makes a font the document's current one. pdfkit embeds it on first use, as a subset of the glyphs
 * drawn; the fontkit font is shared by every document, so its tables (GSUB, GPOS, cmap) are parsed once
 * per process, not once per certificate.
 */
export function useFont(doc: PDFKit.PDFDocument, font: PdfFont, size: number): PDFKit.PDFDocument {
  // @types/pdfkit lists file and byte sources only; pdfkit 0.20 also takes a fontkit font.
  const current = doc.font(font.font as unknown as Buffer, font.name, size);
  shareLayouts(current, font);
  textPerSpelling(current);
  return current;
}

interface EncodedGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}
interface EmbeddedFontEncoding {
  layout: (text: string, features?: unknown) => { glyphs: EncodedGlyph[]; positions: unknown[] };
  encode: (this: EmbeddedFontEncoding, text: string, features?: unknown) => [string[], unknown[]];
  subset: { glyphs: number[]; includeGlyph: (glyph: number) => number };
  widths: (number | undefined)[];
  unicode: (number[] | undefined)[];
  scale: number;
  spellings?: Map<string, number>;
}

// A PDF font maps each glyph to one text. pdfkit keeps the text of a glyph's first use in the
// document, so a conjunct part shared by two spellings (Bengali's স্ক্যান and নম্বর) made the second
// word read back wrong (নমকর) when copied or searched. A glyph used for other characters is embedded
// once more, under a code of its own with its own text (the same outline; a few bytes).
function textPerSpelling(doc: PDFKit.PDFDocument): void {
  const embedded = (doc as unknown as { _font?: EmbeddedFontEncoding })._font;
  if (!embedded || typeof embedded.encode !== "function" || !embedded.subset) return;
  const proto = Object.getPrototypeOf(embedded) as EmbeddedFontEncoding;
  if (patched.has(proto)) return;
  patched.add(proto);
  proto.encode = function (this: EmbeddedFontEncoding, text, features) {
    const { glyphs, positions } = this.layout(text, features);
    const codes: string[] = [];
    for (const glyph of glyphs) {
      let gid = this.subset.includeGlyph(glyph.id);
      const known = this.unicode[gid];
      if (known && glyph.codePoints.length > 0 && !sameCodePoints(known, glyph.codePoints)) {
        this.spellings ??= new Map();
        const key = `${glyph.id}:${glyph.codePoints.join(",")}`;
        let variant = this.spellings.get(key);
        if (variant === undefined) {
          this.subset.glyphs.push(glyph.id);
          variant = this.subset.glyphs.length - 1;
          this.spellings.set(key, variant);
        }
        gid = variant;
      }
      codes.push(`0000${gid.toString(16)}`.slice(-4));
      this.widths[gid] ??= glyph.advanceWidth * this.scale;
      this.unicode[gid] ??= glyph.codePoints;
    }
    return [codes, positions];
  };
}

// pdfkit shapes each word once per document (its embedded font's layoutCache): the same words shaped
// again for every certificate were a third of a render. A shaped run depends only on the fontkit font
// (shared) and the text, and pdfkit copies what it changes, so one cache per font serves every
// document. Bounded: past the limit a fresh cache starts (documents holding the old one keep it).
const LAYOUTS_MAX = 20_000;
const layouts = new Map<string, { cache: Record<string, unknown>; uses: number }>();

interface EmbeddedFontInternals {
  layoutCache?: Record<string, unknown>;
}

function shareLayouts(doc: PDFKit.PDFDocument, font: PdfFont): void {
  const embedded = (doc as unknown as { _font?: EmbeddedFontInternals })._font;
  if (!embedded || embedded.layoutCache === undefined) return;
  let shared = layouts.get(font.name);
  if (embedded.layoutCache === shared?.cache) return;
  if (!shared || (shared.uses % 100 === 99 && Object.keys(shared.cache).length > LAYOUTS_MAX)) {
    shared = { cache: Object.create(null) as Record<string, unknown>, uses: 0 };
    layouts.set(font.name, shared);
  }
  shared.uses += 1;
  // Keep what this document shaped already.
  Object.assign(shared.cache, embedded.layoutCache);
  embedded.layoutCache = shared.cache;
}
