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
});
