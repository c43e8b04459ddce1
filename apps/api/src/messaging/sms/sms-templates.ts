import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguageCode, type LanguageCode } from "@lab/contracts";
import { readCatalogue } from "@lab/i18n/node";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";

import { ChannelError } from "../channels";
import { MESSAGE_TEMPLATES, TEMPLATE_KEYS, type TemplateKey } from "../templates";
import dltTemplateIds from "./dlt-templates.json";

/**
 * SMS texts as TRAI DLT registers them. Each template's words per language are the catalogue entry
 * `sms.<key>`; DLT registers every language's text as a template of its own, whose id is in
 * dlt-templates.json. In the registered text each variable is DLT's `{#var#}`, which holds at most 30
 * characters: a variable that may be longer is registered as several `{#var#}` in a row. DLT's scrubber
 * refuses an SMS that does not match its registered text, and one that carries a URL the sender has not
 * whitelisted: only links to the portal's public checks (certificates at /verify/, harvest lots at /lots/)
 * are, so no other URL may reach an SMS.
 */

/** DLT's variable, and the characters it holds. */
export const DLT_VARIABLE = "{#var#}";
export const DLT_VARIABLE_LENGTH = 30;

/** The portal's public check pages (the web app's /verify/:number and /lots/:code), whitelisted on DLT. */
export const REGISTERED_LINK_PAGES = ["/verify/", "/lots/"] as const;

export const registeredUrlPrefixes = (publicUrl: string): string[] =>
  REGISTERED_LINK_PAGES.map((page) => `${publicUrl.replace(/\/+$/, "")}${page}`);

/**
 * The variables that hold a link, and the page it opens. The invitation's page is not whitelisted (its
 * one-time token makes every link unique), so the invitation SMS leaves its link out and points to the
 * invitation e-mail instead.
 */
const LINK_VARIABLES: { readonly [K in TemplateKey]?: Readonly<Record<string, string>> } = {
  invitation: { link: "/invitation" },
  reportReleased: { link: "/verify/" },
  screeningFailed: { link: "/verify/" },
};

/** How many `{#var#}` each variable is registered as: names and reasons run past 30 characters, links too. */
const VARIABLE_SLOTS: Readonly<Record<string, number>> = { organisation: 2, reason: 2, link: 3 };
const slotsOf = (variable: string) => VARIABLE_SLOTS[variable] ?? 1;

const isLinkVariable = (key: TemplateKey, variable: string) => LINK_VARIABLES[key]?.[variable] !== undefined;
const linkPageRegistered = (key: TemplateKey, variable: string) => {
  const page = LINK_VARIABLES[key]?.[variable];
  return page !== undefined && REGISTERED_LINK_PAGES.some((registered) => registered === page);
};

/** The variables a template's SMS text must hold: all of templates.ts's, less links DLT would refuse. */
export const smsVariables = (key: TemplateKey): string[] =>
  MESSAGE_TEMPLATES[key].filter(
    (variable) => !isLinkVariable(key, variable) || linkPageRegistered(key, variable),
  );

/** Where the texts and the DLT ids come from; tests give their own. */
export interface SmsTemplateSource {
  /** The `sms` namespace of a language's catalogue: template key → text with {variable} placeholders. */
  texts(language: LanguageCode): Readonly<Record<string, string>> | undefined;
  /** template key → language → DLT content template id. */
  dltTemplateIds: Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;
}

const catalogueTexts = new Map<LanguageCode, Readonly<Record<string, string>> | undefined>();

/** The catalogues on disk (each language's file read once) and dlt-templates.json. */
export const catalogueTemplateSource: SmsTemplateSource = {
  texts(language) {
    if (!catalogueTexts.has(language)) catalogueTexts.set(language, readCatalogue(language).sms);
    return catalogueTexts.get(language);
  },
  dltTemplateIds,
};

type Token = string | { variable: string };

/** A URL or a bare domain name, as DLT's scrubber would spot one. */
const URL_PATTERN =
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s]+|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b(?:\/[^\s]*)?/gi;
const LINK_PATH = new RegExp(
  `/(?:${REGISTERED_LINK_PAGES.map((page) => page.slice(1, -1)).join("|")})/[^/?#\\s]+$`,
);

/** Text a variable holds: one line, and no longer than its `{#var#}` take, cut between characters. */
function fitVariable(value: string, slots: number): string {
  const flat = value.replace(/\s+/g, " ").trim();
  const limit = slots * DLT_VARIABLE_LENGTH;
  if ([...flat].length <= limit) return flat;
  const marker = "...";
  let out = "";
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(flat)) {
    if ([...out].length + [...segment].length > limit - marker.length) break;
    out += segment;
  }
  return `${out.trimEnd()}${marker}`;
}

const permanent = (message: string) => new ChannelError(message, true, message);

export interface SmsTemplates {
  renderSms: (key: TemplateKey, language: string, variables: Record<string, string>) => SmsRendered;
  dltRegisteredText: (key: TemplateKey, language: string) => string;
  checkSmsTemplates: (publicUrl: string) => void;
}

export interface SmsRendered {
  text: string;
  dltTemplateId: string;
}

/** The SMS templates of a source: rendering, DLT's registered texts and the start-up check. */
export function createSmsTemplates(source: SmsTemplateSource): SmsTemplates {
  const compiled = new Map<string, Token[]>();

  /** A template's text as tokens; only plain placeholders (DLT registers fixed text, no plural forms). */
  function tokensOf(key: TemplateKey, language: LanguageCode): Token[] {
    const cacheKey = `${language}|${key}`;
    const known = compiled.get(cacheKey);
    if (known) return known;
    const text = source.texts(language)?.[key];
    if (typeof text !== "string" || text.trim() === "") throw new Error(`${language} sms.${key}: no text`);
    const tokens: Token[] = compileMessageOrThrow(text).map((token) => {
      if (typeof token === "string") return token;
      const [variable, format] = token;
      if (format !== undefined)
        throw new Error(
          `${language} sms.${key}: {${variable}} has a ${String(format)} form; DLT needs fixed text`,
        );
      return { variable };
    });
    compiled.set(cacheKey, tokens);
    return tokens;
  }

  const languageOf = (language: string): LanguageCode =>
    isLanguageCode(language) ? language : DEFAULT_LANGUAGE;

  function dltTemplateId(key: TemplateKey, language: LanguageCode): string | undefined {
    return source.dltTemplateIds[key]?.[language];
  }

  function registeredText(key: TemplateKey, language: LanguageCode): string {
    return tokensOf(key, language)
      .map((token) => (typeof token === "string" ? token : DLT_VARIABLE.repeat(slotsOf(token.variable))))
      .join("");
  }

  function renderSms(key: TemplateKey, language: string, variables: Record<string, string>): SmsRendered {
    const code = languageOf(language);
    let tokens: Token[];
    try {
      tokens = tokensOf(key, code);
    } catch (error) {
      throw permanent(
        `SMS template ${key} (${code}) unusable: ${error instanceof Error ? error.message : ""}`,
      );
    }
    const id = dltTemplateId(key, code);
    if (!id) throw permanent(`SMS template ${key} (${code}) has no DLT template id`);
    const parts = tokens.map((token) => {
      if (typeof token === "string") return token;
      const value = variables[token.variable];
      if (typeof value !== "string")
        throw permanent(`SMS template ${key}: variable ${token.variable} missing`);
      const slots = slotsOf(token.variable);
      if (isLinkVariable(key, token.variable)) {
        // A cut or foreign link would be refused by DLT's scrubber: the message fails, it is not altered.
        if (!LINK_PATH.test(value) || !/^https?:\/\/[^\s]+$/.test(value))
          throw permanent(`SMS template ${key}: ${token.variable} is not a link to a DLT-registered page`);
        if ([...value].length > slots * DLT_VARIABLE_LENGTH)
          throw permanent(`SMS template ${key}: ${token.variable} is longer than DLT registered it`);
        return value;
      }
      if (/(?:[a-z][a-z0-9+.-]*:\/\/|www\.)/i.test(value))
        throw permanent(`SMS template ${key}: ${token.variable} holds a URL, which DLT has not registered`);
      return fitVariable(value, slots);
    });
    return { text: parts.join(""), dltTemplateId: id };
  }

  function checkSmsTemplates(publicUrl: string): void {
    const prefixes = registeredUrlPrefixes(publicUrl);
    const problems: string[] = [];
    const seenIds = new Map<string, string>();
    for (const key of TEMPLATE_KEYS) {
      const expected = smsVariables(key).sort();
      for (const language of LANGUAGE_CODES) {
        const where = `${language} sms.${key}`;
        let tokens: Token[];
        try {
          tokens = tokensOf(key, language);
        } catch (error) {
          problems.push(error instanceof Error ? error.message : `${where}: unreadable`);
          continue;
        }
        const used = [
          ...new Set(tokens.flatMap((token) => (typeof token === "string" ? [] : [token.variable]))),
        ];
        for (const variable of used) {
          if (!(MESSAGE_TEMPLATES[key] as readonly string[]).includes(variable))
            problems.push(
              `${where}: {${variable}} is not a variable of the template (${expected.join(", ")})`,
            );
          else if (!expected.includes(variable))
            problems.push(
              `${where}: {${variable}} links to ${LINK_VARIABLES[key]?.[variable] ?? "a page"}, which is not a DLT-registered URL prefix`,
            );
        }
        for (const variable of expected)
          if (!used.includes(variable)) problems.push(`${where}: {${variable}} is missing`);
        for (const match of registeredText(key, language).matchAll(URL_PATTERN)) {
          if (!prefixes.some((prefix) => match[0].startsWith(prefix)))
            problems.push(
              `${where}: URL ${match[0]} is not under a DLT-registered prefix (${prefixes.join(", ")})`,
            );
        }
        const id = dltTemplateId(key, language);
        if (!id || !/^\d{19}$/.test(id))
          problems.push(`${where}: no 19-digit DLT template id in dlt-templates.json`);
        else if (seenIds.has(id))
          problems.push(`${where}: DLT template id ${id} is also ${seenIds.get(id) ?? ""}'s`);
        else seenIds.set(id, where);
      }
    }
    if (problems.length > 0)
      throw new Error(
        `SMS templates refused (TRAI DLT; see docs/operations.md, "SMS"):\n${problems.map((p) => `- ${p}`).join("\n")}`,
      );
  }

  return {
    renderSms,
    dltRegisteredText: (key, language) => registeredText(key, languageOf(language)),
    checkSmsTemplates,
  };
}

const catalogueTemplates = createSmsTemplates(catalogueTemplateSource);

/** An SMS's text in a language (English for an unknown one) and the DLT template it was registered as. */
export const renderSms = catalogueTemplates.renderSms;
/** The text as registered on DLT: each variable as `{#var#}` (several in a row for a long one). */
export const dltRegisteredText = catalogueTemplates.dltRegisteredText;
/**
 * Throws at start-up, naming every problem, when a template in any language would put a URL that is not
 * under `${publicUrl}/verify/` or `${publicUrl}/lots/` into an SMS, lacks its DLT template id, or has
 * other variables than templates.ts gives it.
 */
export const checkSmsTemplates = (publicUrl: string, source?: SmsTemplateSource): void =>
  (source ? createSmsTemplates(source) : catalogueTemplates).checkSmsTemplates(publicUrl);
