import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { startFakeCloudApi, type FakeCloudApi } from "../../test/fake-cloud-api";
import { ChannelError, type OutgoingWhatsApp, type WhatsAppChannel } from "../channels";
import { createWhatsAppChannel, retryAfterMs } from "./cloud-api-channel";
import { whatsappMessage } from "./whatsapp-templates";

const logger = pino({ level: "silent" });

/** What the lab has approved, written out here as it would be in the lab's WhatsApp Manager. */
const APPROVED = {
  aquatest_report_released: { languages: ["en", "te", "hi"], bodyParameters: 2 },
  aquatest_sample_rejected: { languages: ["en"], bodyParameters: 2 },
  aquatest_code: { languages: ["en"], bodyParameters: 1 },
};

let api: FakeCloudApi;
let channel: WhatsAppChannel;

beforeAll(async () => {
  api = await startFakeCloudApi({ approvedTemplates: APPROVED });
  channel = createWhatsAppChannel({
    apiUrl: api.url,
    token: api.token,
    phoneNumberId: api.phoneNumberId,
    logger,
  });
});
afterAll(async () => {
  await channel.close();
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
  api.messages.length = 0;
});

const released = (overrides: Partial<OutgoingWhatsApp> = {}): OutgoingWhatsApp => {
  const rendered = whatsappMessage("reportReleased", "te", {
    sample: "#1042",
    link: "https://lab.example.in/verify/AQ-7F3K",
  });
  return {
    messageId: 7,
    to: "+919440012345",
    template: rendered.template,
    languageCode: rendered.languageCode,
    parameters: rendered.parameters,
    ...overrides,
  };
};

/** The ChannelError a send is refused with. */
async function refusalOf(send: Promise<unknown>): Promise<ChannelError> {
  const error = await send.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ChannelError)) throw new Error(`expected a ChannelError, got ${String(error)}`);
  return error;
}

describe("whatsappMessage", () => {
  it("report released in Telugu: the approved template's name, te, the sample and link in order, and the Telugu body", () => {
    const message = whatsappMessage("reportReleased", "te", {
      sample: "#1042",
      link: "https://lab.example.in/verify/AQ-7F3K",
    });
    expect(message.template).toBe("aquatest_report_released");
    expect(message.languageCode).toBe("te");
    expect(message.parameters).toEqual(["#1042", "https://lab.example.in/verify/AQ-7F3K"]);
    expect(message.body).toContain("నివేదిక");
    expect(message.body).toContain("#1042");
    expect(message.body).toContain("https://lab.example.in/verify/AQ-7F3K");
  });

  it("each of the eight languages: its own code, Odia's being English (Meta has no Odia), with the body in that language", () => {
    const variables = { sample: "#9", reason: "broken seal" };
    const codes = Object.fromEntries(
      ["en", "hi", "te", "ta", "ml", "bn", "gu", "or"].map((language) => [
        language,
        whatsappMessage("sampleRejected", language, variables).languageCode,
      ]),
    );
    expect(codes).toEqual({ en: "en", hi: "hi", te: "te", ta: "ta", ml: "ml", bn: "bn", gu: "gu", or: "en" });
    expect(whatsappMessage("sampleRejected", "or", variables).body).toBe(
      whatsappMessage("sampleRejected", "en", variables).body,
    );
    expect(whatsappMessage("sampleRejected", "hi", variables).body).toContain("नमूना");
    expect(whatsappMessage("sampleRejected", "xx", variables).languageCode).toBe("en");
  });

  it("a variable with new lines or runs of spaces: sent on one line (Meta refuses them), the body reading the same", () => {
    const message = whatsappMessage("sampleRejected", "en", {
      sample: "#9",
      reason: "seal\n\tbroken      twice",
    });
    expect(message.parameters).toEqual(["#9", "seal broken twice"]);
    expect(message.body).toContain(": seal broken twice.");
  });

  it("a missing variable: a permanent ChannelError naming it, never a half-filled template", () => {
    const error = (() => {
      try {
        whatsappMessage("reportReleased", "en", { sample: "#9" });
        return undefined;
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ permanent: true, reason: "template variable link missing" });
  });

  it("a one-time code: the authentication template takes the code alone (its expiry is fixed at approval)", () => {
    const message = whatsappMessage("code", "en", { code: "482913", minutes: "5" });
    expect(message).toMatchObject({ template: "aquatest_code", parameters: ["482913"] });
    expect(message.body).toBe(
      "482913 is your verification code. For your security, do not share this code. This code expires in 5 minutes.",
    );
  });
});

describe("createWhatsAppChannel against a Cloud API shaped as Meta documents it", () => {
  it("sends the documented template message with the bearer token and answers the wamid the API gave", async () => {
    const { providerId } = await channel.send(released());
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request).toMatchObject({
      method: "POST",
      path: `/v21.0/${api.phoneNumberId}/messages`,
      authorization: `Bearer ${api.token}`,
    });
    expect(request?.contentType).toContain("application/json");
    expect(request?.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919440012345",
      type: "template",
      template: {
        name: "aquatest_report_released",
        language: { code: "te" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "#1042" },
              { type: "text", text: "https://lab.example.in/verify/AQ-7F3K" },
            ],
          },
        ],
      },
    });
    expect(providerId).toMatch(/^wamid\./);
    expect(api.messages.map((message) => message.wamid)).toEqual([providerId]);
  });

  it("a one-time code: the body carries the code and so does the copy-code button", async () => {
    const code = whatsappMessage("code", "en", { code: "482913", minutes: "5" });
    await channel.send({ messageId: 8, to: "+919440012345", ...code });
    expect(api.messages[0]).toMatchObject({ bodyParameters: ["482913"], buttonParameter: "482913" });
  });

  it("429 rate limit (130429) with Retry-After: temporary, waiting what the API asked", async () => {
    api.failNext({ kind: "rateLimit", retryAfterSeconds: 30 });
    const error = await refusalOf(channel.send(released()));
    expect(error).toMatchObject({ permanent: false, retryAfterMs: 30_000 });
    expect(error.reason).toBe("130429 Rate limit hit");
    expect(api.messages).toHaveLength(0);
  });

  it("131026 message undeliverable: permanent, with the code and title as its reason", async () => {
    api.failNext({ kind: "invalidRecipient" });
    const error = await refusalOf(channel.send(released()));
    expect(error).toMatchObject({ permanent: true, reason: "131026 Message Undeliverable." });
  });

  it("500 (131000 something went wrong): temporary", async () => {
    api.failNext({ kind: "serverError" });
    const error = await refusalOf(channel.send(released()));
    expect(error).toMatchObject({ permanent: false, reason: "131000 Something went wrong" });
  });

  it("a template not approved in that language (132001): permanent", async () => {
    const error = await refusalOf(channel.send(released({ languageCode: "ta" })));
    expect(error.permanent).toBe(true);
    expect(error.reason).toBe("132001 Template name does not exist in the translation");
  });

  it("the wrong number of parameters (132000): permanent", async () => {
    const error = await refusalOf(channel.send(released({ parameters: ["#1042"] })));
    expect(error).toMatchObject({ permanent: true });
    expect(error.reason).toMatch(/^132000 /);
  });

  it("an expired or wrong token (401, 190): temporary, as no message can go until the lab fixes it", async () => {
    const wrong = createWhatsAppChannel({
      apiUrl: api.url,
      token: "expired",
      phoneNumberId: api.phoneNumberId,
      logger,
    });
    const error = await refusalOf(wrong.send(released()));
    expect(error).toMatchObject({ permanent: false });
    expect(error.reason).toMatch(/^190 /);
  });

  it("no answer within the timeout: temporary, and the request is abandoned", async () => {
    const quick = createWhatsAppChannel({
      apiUrl: api.url,
      token: api.token,
      phoneNumberId: api.phoneNumberId,
      logger,
      timeoutMs: 200,
    });
    api.failNext({ kind: "hang" });
    const started = Date.now();
    const error = await refusalOf(quick.send(released()));
    expect(error).toMatchObject({ permanent: false, reason: "no answer within 0.2 s" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("nothing listening: temporary (a network error)", async () => {
    const gone = await startFakeCloudApi();
    const url = gone.url;
    await gone.close();
    const error = await refusalOf(
      createWhatsAppChannel({ apiUrl: url, token: "t", phoneNumberId: "1", logger }).send(released()),
    );
    expect(error.permanent).toBe(false);
    expect(error.reason).toMatch(/^network error/);
  });

  it("closed: refuses to send, temporarily", async () => {
    const closing = createWhatsAppChannel({
      apiUrl: api.url,
      token: api.token,
      phoneNumberId: api.phoneNumberId,
      logger,
    });
    await closing.close();
    const error = await refusalOf(closing.send(released()));
    expect(error).toMatchObject({ permanent: false, reason: "channel closed" });
    expect(api.requests).toHaveLength(0);
  });
});

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates, and nothing from a header it cannot read", () => {
    const now = Date.parse("2026-11-28T10:00:00Z");
    expect(retryAfterMs("12", now)).toBe(12_000);
    expect(retryAfterMs("Sat, 28 Nov 2026 10:01:00 GMT", now)).toBe(60_000);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
