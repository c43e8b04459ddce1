// Checks of a page in another language: the catalogue's words for the product's English
// texts, text that does not fit its box, and whether a script's conjuncts are drawn shaped.
import { readFileSync } from "node:fs";

import type { Page } from "playwright-core";

type Catalogue = Record<string, Record<string, string>>;

const read = (code: string): Catalogue =>
  JSON.parse(
    readFileSync(new URL(`../../../../packages/i18n/catalogues/${code}.json`, import.meta.url), "utf8"),
  ) as Catalogue;

export interface Words {
  /**
   * The catalogue's translation of one of the spec's English texts (found by its English value, so
   * the journey does not depend on key names); `{name}` placeholders are filled from `values`.
   */
  (english: string, values?: Record<string, string | number>): string;
  /** By key: "auth.signIn.title". */
  key(id: string, values?: Record<string, string | number>): string;
}

const fill = (message: string, values: Record<string, string | number> = {}) =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

export function wordsOf(code: string, preferNamespaces: readonly string[] = []): Words {
  const english = read("en");
  const local = read(code);
  const namespaces = [
    ...preferNamespaces,
    ...Object.keys(english).filter((ns) => !preferNamespaces.includes(ns)),
  ];
  const words = ((text: string, values?: Record<string, string | number>) => {
    for (const ns of namespaces) {
      for (const [key, value] of Object.entries(english[ns] ?? {})) {
        if (value === text) {
          const translated = local[ns]?.[key];
          if (translated) return fill(translated, values);
        }
      }
    }
    throw new Error(`"${text}" is not an English text of the catalogues`);
  }) as Words;
  words.key = (id, values) => {
    const [ns = "", ...rest] = id.split(".");
    const translated = local[ns]?.[rest.join(".")];
    if (!translated) throw new Error(`${code}: no ${id}`);
    return fill(translated, values);
  };
  return words;
}

/** Texts cut off by their box (overflow hidden or ellipsis with more content than room) or running off the screen. */
export function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const viewport = document.documentElement.clientWidth;
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const text = (element.innerText || "").trim();
      if (!text || element.offsetParent === null) continue;
      if (element.closest("[aria-hidden='true'], .sr-only, script, style, svg, select, option")) continue;
      const style = getComputedStyle(element);
      const hides = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
      const ownText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() !== "",
      );
      if (hides && ownText && element.scrollWidth > element.clientWidth + 1) {
        found.push(`cut off: "${text.slice(0, 60)}" (${element.scrollWidth} > ${element.clientWidth} px)`);
      }
      const box = element.getBoundingClientRect();
      if (ownText && box.width > 0 && box.right > viewport + 1) {
        found.push(
          `off screen: "${text.slice(0, 60)}" (right edge ${Math.round(box.right)} > ${viewport} px)`,
        );
      }
    }
    return found;
  });
}

/**
 * Whether the page's font draws a conjunct shaped: a real font with shaping draws "క్ష" narrower
 * than its three letters drawn apart (a missing font draws three boxes, no narrower).
 */
export function conjunctShaped(page: Page, conjunct: string): Promise<{ shaped: boolean; font: string }> {
  return page.evaluate((text) => {
    const font = getComputedStyle(document.body).font;
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d");
    if (!context) return { shaped: false, font };
    context.font = font;
    const whole = context.measureText(text).width;
    const apart = Array.from(text).reduce((sum, letter) => sum + context.measureText(letter).width, 0);
    return { shaped: whole > 0 && whole < apart - 1, font };
  }, conjunct);
}
