import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "@lab/contracts";
import { translator } from "@lab/i18n/node";

import { ChannelError } from "../channels";
import { MESSAGE_TEMPLATES, type TemplateKey } from "../templates";

/**
 * The name each template is approved under in the lab's WhatsApp Business account (Meta allows
 * lowercase letters, digits and underscores). docs/operations.md lists them with their English bodies.
 */
export const WHATSAPP_TEMPLATE_NAMES: Readonly<Record<TemplateKey, string>> = {
  code: "aquatest_code",
  invitation: "aquatest_invitation",
  sampleCollected: "aquatest_sample_collected",
  sampleRejected: "aquatest_sample_rejected",
  reportReleased: "aquatest_report_released",
  screeningFailed: "aquatest_screening_failed",
  reportRevoked: "aquatest_report_revoked",
};

/**
 * The Cloud API's template language code of each portal language. Meta's list of template languages
 * has no Odia, so an Odia reader gets the English template (and reads its English body).
 */
export const WHATSAPP_LANGUAGE_CODES: Readonly<Record<LanguageCode, string | undefined>> = {
  en: "en",
  hi: "hi",
  te: "te",
  ta: "ta",
  ml: "ml",
  bn: "bn",
  gu: "gu",
  or: undefined,
};

/**
 * One-time codes go out as an Authentication template: Meta fixes its words per language, takes the
 * code as its only body parameter (the expiry is set when the template is approved) and requires the
 * copy-code button to carry the code too.
 */
const AUTHENTICATION_TEMPLATES: ReadonlySet<string> = new Set([WHATSAPP_TEMPLATE_NAMES.code]);

export const isAuthenticationTemplate = (name: string): boolean => AUTHENTICATION_TEMPLATES.has(name);

/** The variables each template's body takes, as {{1}}, {{2}}, … in this order. */
const BODY_VARIABLES: Readonly<Record<TemplateKey, readonly string[]>> = {
  ...MESSAGE_TEMPLATES,
  code: ["code"],
};

/**
 * Meta refuses a parameter holding a new line, a tab or more than four spaces in a row, or an empty
 * one: each is sent (and shown in the body) on one line, and a blank becomes a dash.
 */
const parameterText = (value: string): string => value.replace(/\s+/g, " ").trim() || "-";

export interface WhatsAppMessage {
  /** The approved template's name. */
  template: string;
  /** The Cloud API's language code the template is approved in. */
  languageCode: string;
  /** The body's {{1}}, {{2}}, … */
  parameters: string[];
  /** What the member reads: the template's words in that language with the parameters in place. */
  body: string;
}

/**
 * A template message in a reader's language: the template's name and language code, its body's
 * parameters and the rendered body (for the dev outbox and the message's record). A variable the
 * template needs and the message lacks makes it one that can never be sent.
 */
export function whatsappMessage(
  key: TemplateKey,
  language: string,
  variables: Record<string, string>,
): WhatsAppMessage {
  const wanted = isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
  const languageCode = WHATSAPP_LANGUAGE_CODES[wanted];
  const bodyLanguage = languageCode === undefined ? DEFAULT_LANGUAGE : wanted;
  const values: Record<string, string> = {};
  for (const name of MESSAGE_TEMPLATES[key]) {
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (typeof value !== "string") {
      throw new ChannelError(
        `WhatsApp template ${key} lacks its variable "${name}"`,
        true,
        `template variable ${name} missing`,
      );
    }
    values[name] = parameterText(value);
  }
  return {
    template: WHATSAPP_TEMPLATE_NAMES[key],
    languageCode: languageCode ?? "en",
    parameters: BODY_VARIABLES[key].map((name) => values[name] ?? "-"),
    body: translator(bodyLanguage).t(`whatsapp.${key}`, values),
  };
}
