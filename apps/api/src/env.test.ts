import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { loadConfig } from "./env";

describe("loadConfig", () => {
  it("refuses to start in production without JWT_SECRET", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/JWT_SECRET is required/);
  });

  it("generates a development secret once into DATA_DIR and reuses it", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "lab-env-"));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toHaveLength(64);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(join(dataDir, "jwt-secret"), "utf8")).toBe(first.jwtSecret);
  });

  it("applies the documented defaults and reads on/off switches", () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "lab-env-")), EMAIL_CHECK_DNS: "off" });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: "http://localhost:3000",
      emailCheckDns: false,
      rateLimit: true,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it("SMS: unset means the dev outbox; SMPP_URL needs the DLT entity id; the sender header is 6 letters", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "lab-env-"));
    expect(loadConfig({ DATA_DIR: dataDir }).sms).toBeUndefined();
    const url = "smpp://aquatest:s3cret@127.0.0.1:2775";
    expect(() => loadConfig({ DATA_DIR: dataDir, SMPP_URL: url })).toThrow(/DLT_ENTITY_ID is required/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SMPP_URL: "http://example.com" })).toThrow(/SMPP_URL/);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        SMPP_URL: url,
        DLT_ENTITY_ID: "1101234567890123456",
        SMS_SENDER: "AQUA",
      }),
    ).toThrow(/SMS_SENDER/);
    expect(
      loadConfig({ DATA_DIR: dataDir, SMPP_URL: url, DLT_ENTITY_ID: "1101234567890123456", SMS_RATE: "50" })
        .sms,
    ).toEqual({ url, dltEntityId: "1101234567890123456", sender: "AQUATL", ratePerSecond: 50, window: 10 });
  });

  it("WhatsApp: unset means the dev outbox; token, number id and app secret come together", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "lab-env-"));
    expect(loadConfig({ DATA_DIR: dataDir, WHATSAPP_TOKEN: "" }).whatsapp).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir, WHATSAPP_TOKEN: "EAAG" })).toThrow(/together/);
    const whatsapp = loadConfig({
      DATA_DIR: dataDir,
      WHATSAPP_TOKEN: "EAAG",
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
      WHATSAPP_APP_SECRET: "app-secret",
      WHATSAPP_API_URL: "http://127.0.0.1:9999/v21.0/",
    }).whatsapp;
    expect(whatsapp).toEqual({
      apiUrl: "http://127.0.0.1:9999/v21.0",
      token: "EAAG",
      phoneNumberId: "106540352242922",
      appSecret: "app-secret",
      verifyToken: undefined,
    });
  });

  it("names every invalid variable", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "nope" })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it("METRICS_TOKEN: unset or empty leaves /metrics off, a short one is refused, a long one is kept", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "lab-env-"));
    expect(loadConfig({ DATA_DIR: dataDir }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN must be at least 16/,
    );
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: "0123456789abcdef" }).metricsToken).toBe(
      "0123456789abcdef",
    );
  });

  it("TRUST_PROXY: off by default, even in production; a hop count or a list of proxy addresses and CIDRs", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "lab-env-"));
    const secret = "0123456789abcdef0123456789abcdef";
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "production", JWT_SECRET: secret }).trustProxy).toBe(
      false,
    );
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,fd00::/8" }).trustProxy,
    ).toEqual(["10.0.0.0/8", "127.0.0.1", "fd00::/8"]);
  });

  it.each([
    "true",
    "all",
    "yes",
    "11",
    "-1",
    "1.5",
    "10.0.0.0/33",
    "fd00::/129",
    "10.0.0.1,",
    "proxy.example",
    "10.0.0.0/8/1",
  ])("TRUST_PROXY=%s is refused at start with a message naming the variable", (value) => {
    expect(() =>
      loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "lab-env-")), TRUST_PROXY: value }),
    ).toThrow(/TRUST_PROXY: TRUST_PROXY is off, a hop count/);
  });
});
