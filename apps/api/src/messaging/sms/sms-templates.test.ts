import { LANGUAGE_CODES, type LanguageCode } from "@lab/contracts";
import { readCatalogue } from "@lab/i18n/node";
import { describe, expect, it } from "vitest";

import { ChannelError } from "../channels";
import { MESSAGE_TEMPLATES, TEMPLATE_KEYS, type TemplateKey } from "../templates";
import dltTemplateIds from "./dlt-templates.json";
import { encodeSms } from "./sms-encoding";
import {
  DLT_VARIABLE,
  DLT_VARIABLE_LENGTH,
  catalogueTemplateSource,
  checkSmsTemplates,
  dltRegisteredText,
  renderSms,
  smsVariables,
  type SmsTemplateSource,
} from "./sms-templates";

const PUBLIC_URL = "https://portal.aquatest.example";

/** Values as the sender gives them: a sample's code, a rejection reason's words, a certificate check link. */
const VALUES: Record<string, string> = {
  code: "482913",
  minutes: "5",
  organisation: "Sri Lakshmi Aqua Farms",
  sample: "#10482",
  reason: "Temperature out of range on arrival",
  link: `${PUBLIC_URL}/verify/AQL-2026-000123`,
};
const valuesOf = (key: TemplateKey) =>
  Object.fromEntries(MESSAGE_TEMPLATES[key].map((name) => [name, VALUES[name] ?? "x"]));

/** DLT's scrubber: the registered text with each {#var#} matching up to 30 characters of anything. */
function scrubberPattern(registered: string): RegExp {
  const escaped = registered
    .split(DLT_VARIABLE)
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(`[\\s\\S]{0,${DLT_VARIABLE_LENGTH}}`);
  return new RegExp(`^${escaped}$`, "u");
}

/** The real catalogue with one language's text of one template replaced. */
function withText(language: LanguageCode, key: TemplateKey, text: string): SmsTemplateSource {
  return {
    ...catalogueTemplateSource,
    texts: (code) => {
      const texts = catalogueTemplateSource.texts(code);
      return code === language ? { ...texts, [key]: text } : texts;
    },
  };
}

describe("SMS templates (TRAI DLT)", () => {
  it("checkSmsTemplates: the catalogue's texts and dlt-templates.json pass in all 8 languages", () => {
    expect(() => checkSmsTemplates(PUBLIC_URL)).not.toThrow();
    expect(() => checkSmsTemplates(`${PUBLIC_URL}/`)).not.toThrow();
  });

  it.each(LANGUAGE_CODES)(
    "%s: every rendered SMS matches its registered text, as DLT's scrubber checks",
    (language) => {
      for (const key of TEMPLATE_KEYS) {
        const registered = dltRegisteredText(key, language);
        expect(registered.replaceAll(DLT_VARIABLE, ""), `${language} ${key}`).not.toMatch(/[{}]/);
        const { text, dltTemplateId } = renderSms(key, language, valuesOf(key));
        expect(text, `${language} ${key}: ${registered}`).toMatch(scrubberPattern(registered));
        expect(dltTemplateId).toBe(dltTemplateIds[key][language]);
        // Every variable's value is in the text, and nothing of ICU's syntax is.
        for (const name of smsVariables(key)) expect(text).toContain(VALUES[name]);
        expect(text).not.toMatch(/[{}]/);
      }
    },
  );

  it("dltRegisteredText: one {#var#} a variable, several in a row for one that may pass 30 characters", () => {
    expect(dltRegisteredText("code", "en")).toBe(
      "{#var#} is your AquaTest Lab code. It expires in {#var#} minutes. Do not share it with anyone.",
    );
    expect(dltRegisteredText("reportReleased", "en")).toBe(
      "AquaTest Lab: the report for sample {#var#} is released. Check it at {#var#}{#var#}{#var#}",
    );
    expect(dltRegisteredText("sampleRejected", "te")).toContain("{#var#}{#var#}");
  });

  it("lengths: English is one GSM-7 SMS of at most 160 characters; Indian scripts are UCS-2", () => {
    for (const key of TEMPLATE_KEYS) {
      const english = encodeSms(renderSms(key, "en", valuesOf(key)).text, 1);
      expect(english.coding, key).toBe("gsm7");
      expect(english.units, key).toBeLessThanOrEqual(160);
      expect(english.parts, key).toHaveLength(1);
      for (const language of LANGUAGE_CODES.filter((code) => code !== "en")) {
        const encoded = encodeSms(renderSms(key, language, valuesOf(key)).text, 1);
        expect(encoded.coding, `${language} ${key}`).toBe("ucs2");
        // A few parts at most: each part is billed as one SMS.
        expect(encoded.parts.length, `${language} ${key}`).toBeLessThanOrEqual(3);
      }
    }
  });

  it("checkSmsTemplates: a foreign URL in one language's text is refused at start-up, naming it", () => {
    const source = withText(
      "te",
      "reportReleased",
      "AquaTest Lab: నమూనా {sample} నివేదిక: https://evil.example/x {link}",
    );
    expect(() => checkSmsTemplates(PUBLIC_URL, source)).toThrow(
      /te sms\.reportReleased: URL https:\/\/evil\.example\/x is not under a DLT-registered prefix/,
    );
    // A bare domain is a URL to DLT too; so is the portal's own host outside /verify/ and /lots/.
    expect(() =>
      checkSmsTemplates(
        PUBLIC_URL,
        withText("en", "sampleCollected", "Sample {sample} collected. Visit evil.example.in"),
      ),
    ).toThrow(/en sms\.sampleCollected: URL evil\.example\.in/);
    expect(() =>
      checkSmsTemplates(
        PUBLIC_URL,
        withText("hi", "sampleCollected", `नमूना {sample}: ${PUBLIC_URL}/timeline/{sample}`),
      ),
    ).toThrow(/hi sms\.sampleCollected: URL https:\/\/portal\.aquatest\.example\/timeline\//);
    // Under a registered prefix, a literal link passes.
    expect(() =>
      checkSmsTemplates(
        PUBLIC_URL,
        withText("en", "sampleCollected", `Sample {sample} collected. Lots: ${PUBLIC_URL}/lots/`),
      ),
    ).not.toThrow();
  });

  it("checkSmsTemplates: the invitation's link (its page is not registered on DLT) may not be in its SMS", () => {
    expect(smsVariables("invitation")).toEqual(["organisation"]);
    expect(() =>
      checkSmsTemplates(PUBLIC_URL, withText("ml", "invitation", "{organisation} ക്ഷണിച്ചു: {link}")),
    ).toThrow(/ml sms\.invitation: \{link\} links to \/invitation, which is not a DLT-registered URL prefix/);
  });

  it("checkSmsTemplates: variables other than templates.ts's, a missing one, or a plural form are refused", () => {
    expect(() =>
      checkSmsTemplates(PUBLIC_URL, withText("ta", "sampleRejected", "மாதிரி {sample}: {reason} {note}")),
    ).toThrow(/ta sms\.sampleRejected: \{note\} is not a variable of the template/);
    expect(() =>
      checkSmsTemplates(PUBLIC_URL, withText("gu", "reportRevoked", "AquaTest Lab: રિપોર્ટ રદ")),
    ).toThrow(/gu sms\.reportRevoked: \{sample\} is missing/);
    expect(() =>
      checkSmsTemplates(
        PUBLIC_URL,
        withText(
          "en",
          "code",
          "{code} is your code. It expires in {minutes, plural, one {# minute} other {# minutes}}.",
        ),
      ),
    ).toThrow(/en sms\.code: \{minutes\} has a plural form; DLT needs fixed text/);
  });

  it("checkSmsTemplates: a template without its DLT id in any language, or two languages sharing one, is refused", () => {
    const { or: _dropped, ...withoutOdia } = dltTemplateIds.screeningFailed;
    const missing: SmsTemplateSource = {
      ...catalogueTemplateSource,
      dltTemplateIds: { ...dltTemplateIds, screeningFailed: withoutOdia },
    };
    expect(() => checkSmsTemplates(PUBLIC_URL, missing)).toThrow(
      /or sms\.screeningFailed: no 19-digit DLT template id/,
    );
    const shared: SmsTemplateSource = {
      ...catalogueTemplateSource,
      dltTemplateIds: { ...dltTemplateIds, code: { ...dltTemplateIds.code, bn: dltTemplateIds.code.hi } },
    };
    expect(() => checkSmsTemplates(PUBLIC_URL, shared)).toThrow(
      /bn sms\.code: DLT template id \d{19} is also hi sms\.code's/,
    );
  });

  it("renderSms: a link outside the registered pages or a URL in another variable fails the message for good", () => {
    const refused = (key: TemplateKey, variables: Record<string, string>) => {
      try {
        renderSms(key, "en", variables);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refused("reportReleased", { sample: "#1", link: `${PUBLIC_URL}/verify/AQL-1` })).toBeUndefined();
    const otherPage = refused("reportReleased", { sample: "#1", link: `${PUBLIC_URL}/timeline/1` });
    expect(otherPage).toBeInstanceOf(ChannelError);
    expect(otherPage).toMatchObject({ permanent: true });
    const urlInName = refused("sampleCollected", { sample: "see https://evil.example" });
    expect(urlInName).toMatchObject({ permanent: true, reason: expect.stringContaining("URL") });
    expect(refused("sampleCollected", {})).toMatchObject({
      permanent: true,
      reason: expect.stringContaining("sample"),
    });
  });

  it("renderSms: a long variable is cut to what its {#var#} hold; an unknown language reads English", () => {
    const reason = "Label unreadable or not matching the sample, and the seal was broken on arrival";
    const { text } = renderSms("sampleRejected", "en", { sample: "#7", reason });
    const held = text.slice(text.indexOf(": ", 20) + 2, text.lastIndexOf(". Please"));
    expect(held.endsWith("...")).toBe(true);
    expect([...held].length).toBeLessThanOrEqual(2 * DLT_VARIABLE_LENGTH);
    expect(reason.startsWith(held.slice(0, -3))).toBe(true);
    expect(renderSms("sampleCollected", "xx", { sample: "#7" }).text).toBe(
      renderSms("sampleCollected", "en", { sample: "#7" }).text,
    );
  });

  it("catalogues: each language's sms texts are its own (not English copied)", () => {
    const english = readCatalogue("en").sms ?? {};
    for (const language of LANGUAGE_CODES.filter((code) => code !== "en")) {
      const texts = readCatalogue(language).sms ?? {};
      for (const key of TEMPLATE_KEYS) expect(texts[key], `${language} ${key}`).not.toBe(english[key]);
    }
  });
});
