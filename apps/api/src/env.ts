// The only reader of process.env: parsed once, failing fast with a readable message.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { z } from "zod";

const onOff = z
  .enum(["on", "off", "true", "false", "1", "0"])
  .transform((value) => value === "on" || value === "true" || value === "1");

/** Where the contact form's enquiries go when LAB_ENQUIRY_EMAIL is unset: the address the site shows. */
export const DEFAULT_LAB_ENQUIRY_EMAIL = "info@aquatest-lab.example";

/**
 * Which peers may tell the client's address (X-Forwarded-For) and scheme (X-Forwarded-Proto):
 * none, the last N hops, or only these proxy addresses. Never "all": anyone could then pick the
 * address the per-IP limits count.
 */
export type TrustProxy = false | number | readonly string[];

const TRUST_PROXY_HELP =
  "TRUST_PROXY is off, a hop count from 1 to 10, or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1)";

function isAddressOrCidr(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value === "" || value === "off" || value === "false" || value === "0") return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    } else {
      const entries = value.split(",").map((entry) => entry.trim());
      if (entries.every(isAddressOrCidr)) return entries;
    }
    ctx.addIssue({ code: "custom", message: `${TRUST_PROXY_HELP}; got "${value}"` });
    return z.NEVER;
  });

const blankIsUnset = (value: unknown) => (value === "" ? undefined : value);

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(join(repoRoot, "data")),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("AquaTest Laboratory <no-reply@aquatest.local>"),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  PUBLIC_URL: z.string().url().optional(),
  EMAIL_CHECK_DNS: onOff.default(true),
  RATE_LIMIT: onOff.default(true),
  WEB_DIST_DIR: z.string().default(join(repoRoot, "apps", "web", "dist")),
  LAB_SIMULATOR: onOff.default(false),
  LAB_SIMULATOR_PACE: z
    .string()
    .regex(/^\d+,\d+,\d+$/, "LAB_SIMULATOR_PACE is collect,deliver,test in seconds, e.g. 20,15,45")
    .default("20,15,45"),
  LAB_ADMIN_EMAIL: z.string().email().optional(),
  LAB_ADMIN_PASSWORD: z.string().min(8).optional(),
  LAB_ENQUIRY_EMAIL: z
    .string()
    .email("LAB_ENQUIRY_EMAIL must be an e-mail address")
    .default(DEFAULT_LAB_ENQUIRY_EMAIL),
  REALTIME_SESSIONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(20),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // SMS over SMPP 3.4 to an SMSC, with TRAI DLT's fields on every message. Unset: the dev outbox.
  SMPP_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^smpps?:\/\/[^:@/]+:[^@/]*@[^:/]+:\d+\/?$/, "SMPP_URL is smpp://system_id:password@host:port")
      .optional(),
  ),
  DLT_ENTITY_ID: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^\d{10,25}$/, "DLT_ENTITY_ID is the principal entity id DLT issued (digits)")
      .optional(),
  ),
  SMS_SENDER: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[A-Z]{6}$/, "SMS_SENDER is the 6-letter header registered on DLT, e.g. AQUATL")
      .default("AQUATL"),
  ),
  SMS_RATE: z.coerce.number().int().min(1).max(1000).default(100),
  SMS_WINDOW: z.coerce.number().int().min(1).max(100).default(10),
  // WhatsApp Business Cloud API. Unset token or number id: the dev outbox.
  WHATSAPP_TOKEN: z.preprocess(blankIsUnset, z.string().min(1).optional()),
  WHATSAPP_PHONE_NUMBER_ID: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^\d+$/, "WHATSAPP_PHONE_NUMBER_ID is the Cloud API's phone number id (digits)")
      .optional(),
  ),
  WHATSAPP_APP_SECRET: z.preprocess(blankIsUnset, z.string().min(1).optional()),
  WHATSAPP_VERIFY_TOKEN: z.preprocess(blankIsUnset, z.string().min(8).optional()),
  WHATSAPP_API_URL: z.preprocess(
    blankIsUnset,
    z.string().url("WHATSAPP_API_URL must be a URL").default("https://graph.facebook.com/v21.0"),
  ),
  // Empty (a compose file's `${METRICS_TOKEN:-}`) means unset.
  METRICS_TOKEN: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  ),
});

export interface Config {
  production: boolean;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  publicUrl: string;
  emailCheckDns: boolean;
  rateLimit: boolean;
  webDistDir: string;
  logLevel: string;
  /** TRUST_PROXY: set only when a reverse proxy is the sole way in; never implied by NODE_ENV. */
  trustProxy: TrustProxy;
  /** Bearer token Prometheus sends to GET /metrics; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  /** Live STOMP sessions one account may hold on one instance (benches raise it). */
  realtimeSessionsPerAccount: number;
  /** The demo lab: seconds for collection, delivery and testing, or undefined when off. */
  labSimulator: { collectMs: number; deliverMs: number; testMs: number } | undefined;
  /** The first staff account; in development a demo account is used when unset. */
  labAdmin: { email: string; password: string; demo: boolean } | undefined;
  /** Receives the contact form's enquiries (Reply-To the person who wrote). */
  labEnquiryEmail: string;
  /** SMS over SMPP with TRAI DLT's fields; undefined: messages wait in the dev outbox. */
  sms:
    | {
        url: string;
        dltEntityId: string;
        sender: string;
        /** Messages per second the SMSC allows this account. */
        ratePerSecond: number;
        /** submit_sm PDUs in flight before a response. */
        window: number;
      }
    | undefined;
  /** WhatsApp Business Cloud API; undefined: messages wait in the dev outbox. */
  whatsapp:
    | {
        apiUrl: string;
        token: string;
        phoneNumberId: string;
        appSecret: string;
        verifyToken: string | undefined;
      }
    | undefined;
}

/** A dev secret generated once into DATA_DIR, so tokens survive restarts without configuration. */
function devSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

type Env = z.infer<typeof envSchema>;

function smsConfig(env: Env): Config["sms"] {
  if (!env.SMPP_URL) return undefined;
  if (!env.DLT_ENTITY_ID) throw new Error("SMPP_URL is set: DLT_ENTITY_ID is required (TRAI DLT)");
  return {
    url: env.SMPP_URL,
    dltEntityId: env.DLT_ENTITY_ID,
    sender: env.SMS_SENDER,
    ratePerSecond: env.SMS_RATE,
    window: env.SMS_WINDOW,
  };
}

function whatsappConfig(env: Env): Config["whatsapp"] {
  if (!env.WHATSAPP_TOKEN && !env.WHATSAPP_PHONE_NUMBER_ID) return undefined;
  if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID || !env.WHATSAPP_APP_SECRET) {
    throw new Error(
      "WhatsApp needs WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET together",
    );
  }
  return {
    apiUrl: env.WHATSAPP_API_URL.replace(/\/+$/, ""),
    token: env.WHATSAPP_TOKEN,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
    appSecret: env.WHATSAPP_APP_SECRET,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  if (production && !env.JWT_SECRET) throw new Error("JWT_SECRET is required in production");
  if (production && env.LAB_SIMULATOR) throw new Error("LAB_SIMULATOR must be off in production");
  const [collect = 20, deliver = 15, test = 45] = env.LAB_SIMULATOR_PACE.split(",").map(Number);
  const dataDir = resolve(env.DATA_DIR);
  return {
    production,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    jwtSecret: env.JWT_SECRET ?? devSecret(dataDir),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    emailCheckDns: env.EMAIL_CHECK_DNS,
    rateLimit: env.RATE_LIMIT,
    webDistDir: resolve(env.WEB_DIST_DIR),
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    trustProxy: env.TRUST_PROXY,
    realtimeSessionsPerAccount: env.REALTIME_SESSIONS_PER_ACCOUNT,
    labEnquiryEmail: env.LAB_ENQUIRY_EMAIL,
    sms: smsConfig(env),
    whatsapp: whatsappConfig(env),
    labSimulator: env.LAB_SIMULATOR
      ? { collectMs: collect * 1000, deliverMs: deliver * 1000, testMs: test * 1000 }
      : undefined,
    labAdmin:
      env.LAB_ADMIN_EMAIL && env.LAB_ADMIN_PASSWORD
        ? { email: env.LAB_ADMIN_EMAIL, password: env.LAB_ADMIN_PASSWORD, demo: false }
        : production
          ? undefined
          : { email: "lab@aquatest.local", password: "LabAdmin#2026", demo: true },
  };
}

/** Test-only settings, read here so no other file touches process.env. */
export const testEnv = {
  databaseUrl: process.env.TEST_DATABASE_URL || undefined,
  redisUrl: process.env.TEST_REDIS_URL || undefined,
  ci: process.env.CI === "true" || process.env.CI === "1",
};
