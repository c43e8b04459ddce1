import { readdirSync, readFileSync } from "node:fs";

import { LANGUAGE_CODES, englishText, languages, messages, type MessageKey } from "@lab/contracts";
import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";

import { readCatalogue, translator } from "./node";

const english = readCatalogue("en");
const others = LANGUAGE_CODES.filter((code) => code !== "en");

/** The {placeholders} of a compiled message, plural and select arguments included. */
function argumentsOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === "string") continue;
    const [name, , format] = token;
    into.add(name);
    if (format && typeof format === "object" && !Array.isArray(format)) {
      for (const [choice, branch] of Object.entries(format)) {
        if (choice !== "offset" && Array.isArray(branch)) argumentsOf(branch as CompiledMessage, into);
      }
    }
  }
  return into;
}

describe("catalogues", () => {
  it("catalogues: one file per language of contracts' list, and no other", () => {
    const files = readdirSync(new URL("../catalogues/", import.meta.url))
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.slice(0, -5))
      .sort();
    expect(files).toEqual([...LANGUAGE_CODES].sort());
  });

  it("english: every message is valid ICU and none is empty", () => {
    for (const [ns, entries] of Object.entries(english)) {
      for (const [key, message] of Object.entries(entries)) {
        expect(message.trim(), `${ns}.${key}`).not.toBe("");
        expect(() => compileMessageOrThrow(message), `${ns}.${key}`).not.toThrow();
      }
    }
  });

  it.each(others)(
    "%s: every English key is there, no other, valid ICU with the same placeholders",
    (code) => {
      const catalogue = readCatalogue(code);
      const problems: string[] = [];
      for (const [ns, entries] of Object.entries(english)) {
        const translated = catalogue[ns] ?? {};
        for (const [key, message] of Object.entries(entries)) {
          const id = `${ns}.${key}`;
          const value = translated[key];
          if (typeof value !== "string" || value.trim() === "") {
            problems.push(`${id}: missing`);
            continue;
          }
          let compiled: CompiledMessage;
          try {
            compiled = compileMessageOrThrow(value);
          } catch (error) {
            problems.push(`${id}: invalid ICU (${String(error)})`);
            continue;
          }
          const want = [...argumentsOf(compileMessageOrThrow(message))].sort();
          const have = [...argumentsOf(compiled)].sort();
          if (want.join() !== have.join())
            problems.push(`${id}: placeholders ${have.join()} ≠ English ${want.join()}`);
        }
        for (const key of Object.keys(translated))
          if (!(key in entries)) problems.push(`${ns}.${key}: not in English`);
      }
      for (const ns of Object.keys(catalogue))
        if (!(ns in english)) problems.push(`${ns}: namespace not in English`);
      expect(problems).toEqual([]);
    },
  );

  it("errors: every message of contracts has its English text, word for word, and no other", () => {
    const t = translator("en").t;
    for (const key of Object.keys(messages) as MessageKey[]) {
      const id = `errors.${key}` as Parameters<typeof t>[0];
      const params = Object.fromEntries(
        [...argumentsOf(compileMessageOrThrow(messages[key]))].map((name) => [name, `<${name}>`]),
      );
      expect(t(id, params), key).toBe(englishText(key, params));
    }
    expect(Object.keys(english.errors ?? {}).sort()).toEqual(Object.keys(messages).sort());
  });

  it.each(LANGUAGE_CODES)(
    "%s: every message of contracts reads, with the placeholders of its English",
    (code) => {
      const errors = readCatalogue(code).errors ?? {};
      const problems: string[] = [];
      for (const key of Object.keys(messages) as MessageKey[]) {
        const text = errors[key];
        if (typeof text !== "string" || text.trim() === "") {
          problems.push(`${key}: missing`);
          continue;
        }
        const want = [...argumentsOf(compileMessageOrThrow(messages[key]))].sort().join();
        const have = [...argumentsOf(compileMessageOrThrow(text))].sort().join();
        if (want !== have) problems.push(`${key}: placeholders ${have} ≠ ${want}`);
      }
      expect(problems).toEqual([]);
    },
  );

  it("errors: English texts hold plain {placeholders} only, the formatting contracts does itself", () => {
    for (const [key, text] of Object.entries(messages)) {
      const tokens = compileMessageOrThrow(text);
      for (const token of tokens) {
        if (typeof token !== "string") expect(token.length, `${key}: ${JSON.stringify(token)}`).toBe(1);
      }
    }
  });

  it("plurals: a count reads by each language's rules", () => {
    expect(translator("en").t("common.time.minutesAgo", { count: 1 })).toBe("1 minute ago");
    expect(translator("en").t("common.time.minutesAgo", { count: 5 })).toBe("5 minutes ago");
    for (const code of others) {
      const five = translator(code).t("common.time.minutesAgo", { count: 5 });
      expect(five, code).toContain("5");
      expect(five, code).not.toBe("5 minutes ago");
    }
  });

  it("glossary: docs/i18n.md has a column for every language but English", () => {
    const doc = readFileSync(new URL("../../../docs/i18n.md", import.meta.url), "utf8");
    const header = doc.split("\n").find((line) => /^\| Term\s+\|/.test(line)) ?? "";
    for (const language of languages) {
      if (language.code !== "en") expect(header, language.code).toContain(`(${language.code})`);
    }
  });
});
