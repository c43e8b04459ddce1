import { messages } from "@lab/contracts";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { collectingJob, collectionBody } from "./test/collections";
import { createSignedInAgent } from "./test/field-agent";
import { STRONG_PASSWORD, signedInCustomer, startTestApp, type TestApp } from "./test/harness";
import { completeWithReport, signedInStaff } from "./test/lab";
import { samplePayload, submitSample } from "./test/samples";

/**
 * No input reaches a 500 (docs/security.md). Every hostile input below, against every route family,
 * signed out and signed in as a customer and as staff, must answer a 4xx `{error, code}` and write
 * nothing.
 */

type Method = "get" | "post" | "put" | "delete";
type Who = "anon" | "customer" | "staff" | "admin" | "agent";
interface Case {
  name: string;
  who: Who;
  method: Method;
  path: string;
  /** A JSON body; `raw` sends the text as it is, as application/json. */
  body?: unknown;
  raw?: string;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** The code expected when it is known: text the database cannot store is text_invalid. */
  code?: string;
}

const NUL = "Ravi\u0000Kumar";
const LONE_SURROGATE = "Ravi \ud800";
const OVERLONG = "x".repeat(5_000);
const BAD_BODY_IDS: unknown[] = [
  0,
  -1,
  2_147_483_648,
  9_007_199_254_740_991,
  "1e3",
  "abc",
  1.5,
  true,
  [1],
  {},
];
const BAD_PATH_IDS = [
  "0",
  "-1",
  "2147483648",
  "9007199254740991",
  "99999999999",
  "1e3",
  "abc",
  "1.5",
  "0x10",
  "%00",
  "%F0",
  // Beyond a double (Infinity) and just beyond the safest integer.
  "1e309",
  "9007199254740992",
];
// Out of range for either axis (and a string): latitudes stop at ±90, longitudes at ±180.
const HUGE = [1e308, -1e308, 1000, -1000, "16.5"];

// Fields that take digits or one of a few words rather than text: any other value is validation_failed.
const NOT_TEXT = new Set([
  "consumerId",
  "verdict",
  "value",
  "results",
  "reasonCode",
  "onePersonRevocation",
  "purpose",
  "rememberMe",
  "language",
  "internationalPhones",
]);
// A revocation the staff token may ask for: every case spoils one field of it.
const REVOKE = { reasonCode: "sample_mislabelled", note: "Wrong sample" };

/** Copies `base` with the value at `path` replaced. */
function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(base)) {
    const copy: unknown[] = [...base];
    copy[Number(head)] = withValue(copy[Number(head)], rest, value);
    return copy;
  }
  const record = typeof base === "object" && base !== null ? (base as Record<string, unknown>) : {};
  return { ...record, [head]: withValue(record[head], rest, value) };
}

/** One case per field: NUL in it, a lone surrogate in it, an overlong value, a number, an object. */
function eachString(
  who: Who,
  method: Method,
  path: string,
  base: unknown,
  fields: (string | number)[][],
  values: [string, unknown][] = [
    ["NUL", NUL],
    ["lone surrogate", LONE_SURROGATE],
  ],
): Case[] {
  return fields.flatMap((field) =>
    values.map(([label, value]) => ({
      name: `${label} in ${field.join(".")}`,
      who,
      method,
      path,
      body: withValue(base, field, value),
      ...((value === NUL || value === LONE_SURROGATE) && !NOT_TEXT.has(String(field[field.length - 1]))
        ? { code: "text_invalid" }
        : {}),
    })),
  );
}

const TYPE_VALUES: [string, unknown][] = [
  ["overlong", OVERLONG],
  ["number", 12345],
  ["object", { a: 1 }],
  ["array", ["a", "b"]],
];
// Every wrong kind of value at once, for the newer endpoints: text, the other JSON types, null, 200 KB.
const ANY_VALUES: [string, unknown][] = [
  ["NUL", NUL],
  ["lone surrogate", LONE_SURROGATE],
  ...TYPE_VALUES,
  ["null", null],
  ["true", true],
  ["zero", 0],
  ["empty text", ""],
  ["200 KB text", "x".repeat(200_000)],
];

/** A body without each of `fields` in turn, one with none, one with only unknown keys, and __proto__. */
function shapeCases(who: Who, method: Method, path: string, base: Record<string, unknown>): Case[] {
  return [
    ...Object.keys(base).map((field) => {
      const { [field]: _missing, ...rest } = base;
      return { name: `missing ${field}`, who, method, path, body: rest };
    }),
    { name: "empty object", who, method, path, body: {} },
    { name: "unknown fields only", who, method, path, body: { unknown: "x", Email: "x", admin: true } },
    { name: "fields under __proto__", who, method, path, raw: JSON.stringify({ ["__proto__"]: base }) },
    {
      name: "fields under constructor.prototype",
      who,
      method,
      path,
      body: { constructor: { prototype: base } },
    },
  ];
}

let t: TestApp;
const ids = { customer: 0, other: 0, provider: 0, sample: 0, agent: 0, report: 0, notification: 0 };
const tokens: Record<Who, string | undefined> = {
  anon: undefined,
  customer: undefined,
  staff: undefined,
  admin: undefined,
  agent: undefined,
};

beforeAll(async () => {
  t = await startTestApp();
  const customer = await signedInCustomer(t, "Hostile Farm");
  const other = await signedInCustomer(t, "Other Farm");
  const staff = await signedInStaff(t);
  tokens.customer = customer.token;
  tokens.staff = staff.token;
  tokens.admin = (await signedInStaff(t, { roles: ["admin"], name: "Lab Admin" })).token;
  ids.customer = customer.id;
  ids.other = other.id;
  const provider = await request(t.app)
    .post(`/api/customers/${customer.id}/sample-providers`)
    .auth(customer.token, { type: "bearer" })
    .send({ samplerName: "Agent Rao", userType: "Agent", phoneNumber: "9848022338", farmers: [] })
    .expect(201);
  ids.provider = (provider.body as { id: number }).id;
  ids.sample = (await submitSample(t.app, customer)).id;
  const reported = await submitSample(t.app, customer);
  ids.report = (await completeWithReport(t, staff.token, reported.id)).id;
  const agents = await request(t.app)
    .get("/api/lab/agents")
    .auth(staff.token, { type: "bearer" })
    .expect(200);
  ids.agent = (agents.body as { id: number }[])[0]?.id ?? 0;
  const notifications = await request(t.app)
    .get("/api/notifications")
    .auth(customer.token, { type: "bearer" })
    .expect(200);
  ids.notification = (notifications.body as { id: number }[])[0]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

// What the calls could write: a digest of each table's rows (updates count too), and how much mail was
// queued (the outbox sender marks rows sent meanwhile, so only their number).
const WATCHED = [
  "customers",
  "sample_providers",
  "samples",
  "sample_events",
  "notifications",
  "agents",
  "reports",
  "staff",
  "verification_codes",
  "revocation_requests",
  "lab_settings",
  "lab_setting_changes",
  "staff_reset_codes",
  "sample_collections",
  "collection_photos",
  "custody_events",
  "sample_labels",
  "sample_receptions",
  "notice_preferences",
  "job_declines",
  "phone_codes",
  "outbox_messages",
];
async function snapshot(): Promise<string> {
  const parts = await Promise.all([
    ...WATCHED.map(async (table) => {
      const result = (await t.database.db.execute(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from ${sql.identifier(table)} t`,
      )) as { rows: { d: string }[] };
      return `${table}:${result.rows[0]?.d ?? ""}`;
    }),
    (async () => {
      const result = (await t.database.db.execute(sql`select count(*)::int as n from outbox_mail`)) as {
        rows: { n: number }[];
      };
      return `outbox_mail:${result.rows[0]?.n ?? ""}`;
    })(),
  ]);
  return parts.join("\n");
}

async function send(c: Case) {
  const agent = request(t.app);
  let req =
    c.method === "get"
      ? agent.get(c.path)
      : c.method === "post"
        ? agent.post(c.path)
        : c.method === "put"
          ? agent.put(c.path)
          : agent.delete(c.path);
  const token = tokens[c.who];
  if (token) req = req.auth(token, { type: "bearer" });
  if (c.headers) req = req.set(c.headers);
  if (c.raw !== undefined) req = req.set("content-type", "application/json").send(c.raw);
  else if (c.body !== undefined) req = req.send(c.body as object);
  return req;
}

/** Runs every case; answers the ones that were not a clean 4xx or that wrote something. */
async function failures(cases: Case[]): Promise<string[]> {
  const failed: string[] = [];
  for (const c of cases) {
    const before = await snapshot();
    const res = await send(c);
    const body = res.body as { error?: unknown; code?: unknown };
    const label = `${c.who} ${c.method.toUpperCase()} ${c.path} (${c.name})`;
    if (res.status < 400 || res.status >= 500) {
      failed.push(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
    } else if (typeof body.error !== "string" || typeof body.code !== "string") {
      failed.push(`${label}: body ${JSON.stringify(res.body)}`);
    } else if (body.error === messages.databaseRefused) {
      // The error handler's net caught it: the request's shape should have refused it first.
      failed.push(`${label}: refused by the database, not by validation`);
    } else if (c.code !== undefined && res.status === 400 && body.code !== c.code) {
      failed.push(`${label}: code ${String(body.code)}, expected ${c.code}`);
    }
    if (c.method !== "get" && (await snapshot()) !== before) failed.push(`${label}: wrote to the database`);
  }
  return failed;
}

const pathIdCases = (who: Who, method: Method, template: (id: string) => string, body?: unknown): Case[] =>
  BAD_PATH_IDS.map((id) => ({ name: `path id ${id}`, who, method, path: template(id), body }));

const structuralCases = (who: Who, method: Method, path: string): Case[] => [
  { name: "array body", who, method, path, body: [] },
  { name: "array of objects body", who, method, path, body: [{ a: 1 }] },
  { name: "string body", who, method, path, raw: '"text"' },
  { name: "number body", who, method, path, raw: "42" },
  { name: "null body", who, method, path, raw: "null" },
  { name: "malformed JSON", who, method, path, raw: '{"a":' },
  { name: "NUL escaped in JSON keys", who, method, path, raw: '{"\\u0000":"x"}' },
  { name: "body over 100 KB", who, method, path, body: { text: "x".repeat(120_000) } },
];

const PHONE = "94400 12345";
const PHONE_CODE = { phone: PHONE, purpose: "register" };
const PHONE_REGISTER = { phone: PHONE, code: "123456", fullName: "Ravi Kumar", password: STRONG_PASSWORD };
const PHONE_SIGN_IN = { phone: PHONE, code: "123456", rememberMe: true };
const PHONE_RESET = { phone: PHONE, code: "123456", password: STRONG_PASSWORD };
const phoneCases: Case[] = [
  ...eachString("anon", "post", "/api/auth/phone/code", PHONE_CODE, [["phone"], ["purpose"], ["language"]]),
  ...eachString("anon", "post", "/api/auth/phone/code", PHONE_CODE, [["phone"], ["purpose"]], ANY_VALUES),
  ...shapeCases("anon", "post", "/api/auth/phone/code", PHONE_CODE),
  ...structuralCases("anon", "post", "/api/auth/phone/code"),
  ...eachString(
    "anon",
    "post",
    "/api/auth/phone/register",
    { ...PHONE_REGISTER, company: "Rao Farms", email: "ravi.phone@gmail.com" },
    [["phone"], ["code"], ["fullName"], ["password"], ["company"], ["email"], ["language"]],
    ANY_VALUES,
  ),
  ...shapeCases("anon", "post", "/api/auth/phone/register", PHONE_REGISTER),
  ...structuralCases("anon", "post", "/api/auth/phone/register"),
  ...eachString(
    "anon",
    "post",
    "/api/auth/phone/sign-in",
    PHONE_SIGN_IN,
    [["phone"], ["code"], ["rememberMe"]],
    ANY_VALUES,
  ),
  ...shapeCases("anon", "post", "/api/auth/phone/sign-in", PHONE_SIGN_IN),
  ...eachString(
    "anon",
    "post",
    "/api/auth/phone/reset-password",
    PHONE_RESET,
    [["phone"], ["code"], ["password"]],
    ANY_VALUES,
  ),
  ...structuralCases("anon", "post", "/api/auth/phone/reset-password"),
  // Signed out, a member's own number is 401 whatever the body.
  {
    name: "me/phone signed out",
    who: "anon",
    method: "post",
    path: "/api/customers/me/phone",
    body: { phone: PHONE },
  },
];

// Hundreds of requests each, with a database snapshot around every one: minutes on a busy machine.
describe("hostile input never answers 500 nor writes", { timeout: 180_000 }, () => {
  it("signed out: sign-in, registration, verification, e-mail check, certificates", async () => {
    const account = { fullName: "Ravi Kumar", email: "ravi.hostile@gmail.com", password: STRONG_PASSWORD };
    const cases: Case[] = [
      ...eachString("anon", "post", "/api/customers/register", account, [
        ["fullName"],
        ["email"],
        ["password"],
      ]),
      ...eachString(
        "anon",
        "post",
        "/api/customers/register",
        account,
        [["fullName"], ["email"]],
        TYPE_VALUES,
      ),
      ...structuralCases("anon", "post", "/api/customers/register"),
      ...eachString("anon", "post", "/api/customers/login", account, [["email"], ["password"]]),
      ...structuralCases("anon", "post", "/api/customers/login"),
      ...eachString("anon", "post", "/api/lab/login", account, [["email"], ["password"]]),
      ...eachString("anon", "post", "/api/auth/send-verification", { email: account.email }, [["email"]]),
      ...eachString("anon", "post", "/api/auth/verify-email", { email: account.email, code: "ABC123" }, [
        ["email"],
        ["code"],
      ]),
      ...eachString("anon", "post", "/api/auth/forgot-password", { email: account.email }, [["email"]]),
      ...eachString(
        "anon",
        "post",
        "/api/auth/reset-password",
        { email: account.email, code: "ABC123", password: STRONG_PASSWORD },
        [["email"], ["code"], ["password"]],
      ),
      ...eachString("anon", "post", "/api/email/verify-email", { email: account.email }, [["email"]]),
      // Sign-up, sign-in and reset by a mobile number's SMS code.
      ...phoneCases,
      ...["%00", "NSP-CERT-2026-%00", "NSP-CERT-99999-99999999999999999999", "%F0%9F"].map((number) => ({
        name: `certificate ${number}`,
        who: "anon" as const,
        method: "get" as const,
        path: `/api/certificates/${number}`,
      })),
      // Protected calls signed out: 401 whatever the input.
      { name: "forged cursor", who: "anon", method: "get", path: "/api/sample-submissions?cursor=abc.def" },
      { name: "NUL q", who: "anon", method: "get", path: "/api/places/autocomplete?q=%00" },
      ...pathIdCases("anon", "get", (id) => `/api/customers/${id}`),
      ...pathIdCases("anon", "post", (id) => `/api/lab/samples/${id}/assign`, { agentId: 1 }),
    ];
    expect(await failures(cases)).toEqual([]);
  });

  it("customer: profile, sample providers and their farmers", async () => {
    const c = ids.customer;
    const providers = `/api/customers/${c}/sample-providers`;
    const provider = {
      samplerName: "Agent Rao",
      userType: "Agent",
      phoneNumber: "9848022338",
      altPhoneNumber: "9848022339",
      location: "Bhimavaram",
      coordinates: { lat: 16.5, lng: 81.5 },
      farmers: [{ name: "Suresh", phoneNumber: "9848022340", altPhoneNumber: null, location: "Nellore" }],
    };
    const stringFields = [
      ["samplerName"],
      ["userType"],
      ["phoneNumber"],
      ["altPhoneNumber"],
      ["location"],
      ["location", "address"],
      ["location", "placeId"],
      ["farmers", 0, "name"],
      ["farmers", 0, "phoneNumber"],
      ["farmers", 0, "altPhoneNumber"],
      ["farmers", 0, "location"],
    ];
    const coordinateCases = (path: string, method: Method, base: unknown, fields: (string | number)[][]) =>
      fields.flatMap((field) =>
        HUGE.map((value) => ({
          name: `${String(value)} in ${field.join(".")}`,
          who: "customer" as const,
          method,
          path,
          body: withValue(base, field, value),
        })),
      );
    const coordinateFields = [
      ["coordinates", "lat"],
      ["coordinates", "lng"],
      ["farmers", 0, "coordinates", "lat"],
      ["coordinates"],
    ];
    const update = `${providers}/id/${ids.provider}`;
    const cases: Case[] = [
      // The member's own mobile number, proven by an SMS code.
      ...eachString("customer", "post", "/api/customers/me/phone", { phone: PHONE }, [["phone"]], ANY_VALUES),
      ...eachString(
        "customer",
        "post",
        "/api/customers/me/phone/verify",
        { phone: PHONE, code: "123456" },
        [["phone"], ["code"]],
        ANY_VALUES,
      ),
      ...shapeCases("customer", "post", "/api/customers/me/phone/verify", { phone: PHONE, code: "123456" }),
      ...eachString("customer", "post", providers, provider, stringFields),
      ...eachString("customer", "post", providers, provider, stringFields.slice(0, 4), TYPE_VALUES),
      ...eachString("customer", "put", update, provider, stringFields),
      ...eachString("customer", "put", `${providers}-simple/${ids.provider}`, provider, [
        ["farmers", 0, "name"],
      ]),
      ...coordinateCases(providers, "post", provider, coordinateFields),
      {
        name: "1e999 (Infinity) latitude",
        who: "customer",
        method: "post",
        path: providers,
        raw: '{"samplerName":"A","phoneNumber":"9848022338","coordinates":{"lat":1e999,"lng":81}}',
      },
      {
        name: "NUL inside the JSON location string",
        who: "customer",
        method: "post",
        path: providers,
        body: {
          ...provider,
          location: JSON.stringify({ address: NUL, coordinates: { lat: 16.5, lng: 81.5 } }),
        },
      },
      {
        name: "lone surrogate inside the JSON location string",
        who: "customer",
        method: "post",
        path: providers,
        body: { ...provider, location: `{"address":"\\ud800"}` },
      },
      {
        name: "farmers as an object",
        who: "customer",
        method: "post",
        path: providers,
        body: { ...provider, farmers: { name: "x" } },
      },
      {
        name: "farmers as a string",
        who: "customer",
        method: "post",
        path: providers,
        body: { ...provider, farmers: "x" },
      },
      {
        name: "201 farmers",
        who: "customer",
        method: "post",
        path: providers,
        body: { ...provider, farmers: Array(201).fill(provider.farmers[0]) },
      },
      ...structuralCases("customer", "post", providers),
      ...structuralCases("customer", "put", update),
      ...pathIdCases("customer", "get", (id) => `/api/customers/${id}/sample-providers`),
      ...pathIdCases("customer", "post", (id) => `/api/customers/${id}/sample-providers`, provider),
      ...pathIdCases("customer", "put", (id) => `${providers}/id/${id}`, provider),
      ...pathIdCases("customer", "put", (id) => `${providers}-simple/${id}`, provider),
      ...pathIdCases("customer", "delete", (id) => `${providers}/id/${id}`),
      ...pathIdCases("customer", "delete", (id) => `${providers}/${id}`),
      ...pathIdCases("customer", "get", (id) => `/api/customers/${id}`),
      ...pathIdCases("customer", "put", (id) => `/api/customers/${id}/profile`, { fullName: "x" }),
      // The profile's own fields (its route is another change's; only "never a 500" is asserted here).
      ...eachString("customer", "put", `/api/customers/${c}/profile`, { fullName: "Ravi" }, [
        ["fullName"],
        ["company"],
        ["phoneNumber"],
        ["address"],
        ["email"],
        ["currentPassword"],
      ]),
      ...eachString(
        "customer",
        "put",
        `/api/customers/${c}/profile`,
        { defaultMarkets: ["EU"] },
        [["defaultMarkets"], ["defaultMarkets", 0]],
        [["unknown", "XX"], ["NUL text", [NUL]], ["lone surrogate text", [LONE_SURROGATE]], ...TYPE_VALUES],
      ),
      ...eachString(
        "customer",
        "put",
        `/api/customers/${c}/profile`,
        { email: "moved.hostile@gmail.com", currentPassword: STRONG_PASSWORD },
        [["email"], ["currentPassword"]],
        TYPE_VALUES,
      ),
      ...eachString(
        "customer",
        "put",
        `/api/customers/${c}/password`,
        { currentPassword: STRONG_PASSWORD, newPassword: "Hostile#Pass9" },
        [["currentPassword"], ["newPassword"]],
        [["NUL", NUL], ["lone surrogate", LONE_SURROGATE], ...TYPE_VALUES],
      ),
      ...structuralCases("customer", "put", `/api/customers/${c}/password`),
      ...pathIdCases("customer", "put", (id) => `/api/customers/${id}/password`, {
        currentPassword: STRONG_PASSWORD,
        newPassword: "Hostile#Pass9",
      }),
      ...pathIdCases("customer", "post", (id) => `/api/customers/${id}/sign-out-all`),
      // Another customer's providers: 403 whatever the input.
      ...eachString("customer", "post", `/api/customers/${ids.other}/sample-providers`, provider, [
        ["samplerName"],
      ]),
    ];
    expect(await failures(cases)).toEqual([]);
  });

  it("customer: sample submissions, the list and its cursor, places, reports, notifications, ledger", async () => {
    const c = ids.customer;
    const submission = samplePayload(c, { samplerId: ids.provider, emailAddress: "pond@gmail.com" });
    const submitStrings = [
      ["samplerName"],
      ["samplerLocation"],
      ["shrimpCategory"],
      ["testTypes", 0],
      ["phoneNumber"],
      ["emailAddress"],
      ["status"],
      ["assigned"],
      ["samplerId"],
      ["consumerId"],
      ["collectorNotes"],
    ];
    const idFieldCases = (path: string, base: unknown, fields: string[]): Case[] =>
      fields.flatMap((field) =>
        BAD_BODY_IDS.map((value) => ({
          name: `${JSON.stringify(value)} as ${field}`,
          who: "customer" as const,
          method: "post" as const,
          path,
          body: withValue(base, [field], value),
        })),
      );
    const list = "/api/sample-submissions";
    const queries = [
      "q=%00",
      "q=a&q=b",
      `q=${"x".repeat(101)}`,
      "status=%00",
      "status=a&status=b",
      "status=unknown",
      "from=%00",
      "from=2026-02-31",
      "to=2026-13-01",
      "from=0000-01-01",
      "from=2026-01-01T25:00",
      "from=a&from=b",
      "page=0",
      "page=-1",
      "page=abc",
      "page=1.5",
      "page=2147483648",
      "page=9007199254740991",
      "page=1e309",
      "page=1&page=2",
      "size=0",
      "size=101",
      "size=1e3",
      "sort=%00",
      "cursor=%00",
      "cursor=abc",
      "cursor=a&cursor=b",
      `cursor=${"a".repeat(500)}`,
      `cursor=${Buffer.from(JSON.stringify({ h: "x", p: 1, f: [0, "2026-02-31T00:00:00.000000", 99999999999], l: [0, "a", 1] })).toString("base64url")}`,
      `cursor=${Buffer.from("{}").toString("base64url")}.${"A".repeat(43)}`,
    ];
    const cases: Case[] = [
      ...eachString("customer", "post", list, submission, submitStrings),
      ...eachString("customer", "post", list, submission, submitStrings.slice(0, 6), TYPE_VALUES),
      ...idFieldCases(list, submission, ["consumerId", "samplerId"]),
      ...["lat", "lng"].flatMap((axis) =>
        HUGE.map((value) => ({
          name: `${String(value)} as coordinate.${axis}`,
          who: "customer" as const,
          method: "post" as const,
          path: list,
          body: withValue(submission, ["coordinate", axis], value),
        })),
      ),
      {
        name: "1e999 latitude",
        who: "customer",
        method: "post",
        path: list,
        raw: JSON.stringify(submission).replace('"lat":16.5', '"lat":1e999'),
      },
      {
        name: "testTypes as a string",
        who: "customer",
        method: "post",
        path: list,
        body: { ...submission, testTypes: "Allergen Testing" },
      },
      {
        name: "coordinate as an array",
        who: "customer",
        method: "post",
        path: list,
        body: { ...submission, coordinate: [16.5, 81.5] },
      },
      ...structuralCases("customer", "post", list),
      ...queries.map((query) => ({
        name: query.slice(0, 60),
        who: "customer" as const,
        method: "get" as const,
        path: `${list}?${query}`,
      })),
      ...queries
        .map((query) => ({
          name: query.slice(0, 60),
          who: "staff" as const,
          method: "get" as const,
          path: `/api/lab/samples?${query}`,
        }))
        .filter((x) => !x.path.includes("cursor")),
      ...pathIdCases("customer", "get", (id) => `${list}/${id}`),
      ...pathIdCases("customer", "get", (id) => `${list}/${id}/events`),
      ...pathIdCases("customer", "get", (id) => `${list}/consumer/${id}`),
      ...["q=%00", "q=a&q=b", `q=${"x".repeat(101)}`].map((query) => ({
        name: query.slice(0, 30),
        who: "customer" as const,
        method: "get" as const,
        path: `/api/places/autocomplete?${query}`,
      })),
      ...pathIdCases("customer", "get", (id) => `/api/reports/${id}`),
      // Destination markets: unknown, not a list, too many, not text.
      ...[
        [NUL],
        [LONE_SURROGATE],
        ["XX"],
        "EU",
        Array.from({ length: 9 }, (_, n) => `M${n}X`),
        [12],
        [null],
        ["LAB"],
        [""],
      ].map((markets) => ({
        name: `markets ${JSON.stringify(markets)}`,
        who: "customer" as const,
        method: "post" as const,
        path: list,
        body: { ...submission, markets },
      })),
      ...[
        "",
        "providerId=abc",
        `providerId=${ids.provider}`,
        `providerId=${ids.provider}&parameter=%00`,
        `providerId=${ids.provider}&parameter=NOPE`,
        `providerId=${ids.provider}&parameter=a&parameter=b`,
        `providerId=${ids.provider}&parameter=HG&market=XX`,
        `providerId=${ids.provider}&parameter=HG&market=%00`,
        `providerId=2147483648&parameter=HG`,
      ].map((query) => ({
        name: `trend ?${query}`,
        who: "customer" as const,
        method: "get" as const,
        path: `/api/reports/trend?${query}`,
      })),
      ...pathIdCases("customer", "get", (id) => `/api/reports/${id}/pdf`),
      ...pathIdCases("customer", "post", (id) => `/api/notifications/${id}/read`),
      ...pathIdCases("customer", "delete", (id) => `/api/notifications/${id}`),
      // The ledger e-mail (its route is another change's; only "never a 500" is asserted here).
      ...BAD_BODY_IDS.map((value) => ({
        name: `sampleIds [${JSON.stringify(value)}]`,
        who: "customer" as const,
        method: "post" as const,
        path: "/api/ledger/email",
        body: { sampleIds: [value] },
      })),
      // A customer on the staff console: 403 whatever the input.
      ...pathIdCases("customer", "post", (id) => `/api/lab/samples/${id}/assign`, { agentId: 2_147_483_648 }),
    ];
    expect(await failures(cases)).toEqual([]);
  });

  it("customer: notice preferences and a sample's messages; staff: a sample's messages", async () => {
    const path = "/api/notice-preferences";
    const choice = {
      channels: {
        sampleCollected: ["email"],
        sampleRejected: ["email"],
        reportReleased: ["email"],
        screeningFailed: ["email"],
        reportRevoked: ["email"],
        invitation: ["email"],
      },
      smsFallback: true,
    };
    // Channels and the fallback are no text, and true is a fallback: every other wrong kind of value.
    const notText = ANY_VALUES.filter(([label]) => !["NUL", "lone surrogate", "true"].includes(label));
    const cases: Case[] = [
      ...structuralCases("customer", "put", path),
      ...shapeCases("customer", "put", path, choice),
      ...eachString(
        "customer",
        "put",
        path,
        choice,
        [["channels"], ["channels", "reportReleased"], ["channels", "reportReleased", 0], ["smsFallback"]],
        notText,
      ),
      ...[NUL, LONE_SURROGATE, "fax", "EMAIL"].map((value) => ({
        name: `${JSON.stringify(value)} as a channel`,
        who: "customer" as const,
        method: "put" as const,
        path,
        body: withValue(choice, ["channels", "reportReleased", 0], value),
      })),
      {
        name: "a kind that does not exist",
        who: "customer",
        method: "put",
        path,
        body: withValue(choice, ["channels", "invoice"], ["email"]),
      },
      {
        name: "a kind under __proto__",
        who: "customer",
        method: "put",
        path,
        raw: `{"channels":{"__proto__":["sms"],${JSON.stringify(choice.channels).slice(1)},"smsFallback":true}`,
      },
      // The account has no mobile number: 422, and nothing saved.
      {
        name: "SMS without a phone number",
        who: "customer",
        method: "put",
        path,
        body: withValue(choice, ["channels", "reportReleased"], ["sms", "whatsapp"]),
      },
      ...pathIdCases("customer", "get", (id) => `/api/samples/${id}/messages`),
      ...pathIdCases("staff", "get", (id) => `/api/lab/samples/${id}/messages`),
    ];
    expect(await failures(cases)).toEqual([]);
  });

  it("staff: agents, assignment, moves, reports and revocation", async () => {
    const s = ids.sample;
    const agent = {
      name: "Suresh",
      phone: "9000000081",
      active: true,
      coordinates: { lat: 16.5, lng: 81.5 },
    };
    const results = { results: [{ code: "PB", value: 0.1, qualifier: "below_loq" }], note: "Fine" };
    const resultStrings = [["results", 0, "code"], ["results", 0, "qualifier"], ["note"]];
    const cases: Case[] = [
      ...eachString("staff", "post", "/api/lab/agents", agent, [["name"], ["phone"]]),
      ...eachString(
        "staff",
        "post",
        "/api/lab/agents",
        agent,
        [["name"], ["phone"], ["active"], ["coordinates"]],
        TYPE_VALUES,
      ),
      ...HUGE.map((value) => ({
        name: `${String(value)} as lat`,
        who: "staff" as const,
        method: "post" as const,
        path: "/api/lab/agents",
        body: withValue(agent, ["coordinates", "lat"], value),
      })),
      ...eachString("staff", "put", `/api/lab/agents/${ids.agent}`, agent, [["name"], ["phone"]]),
      ...pathIdCases("staff", "put", (id) => `/api/lab/agents/${id}`, agent),
      ...structuralCases("staff", "post", "/api/lab/agents"),
      ...BAD_BODY_IDS.map((value) => ({
        name: `agentId ${JSON.stringify(value)}`,
        who: "staff" as const,
        method: "post" as const,
        path: `/api/lab/samples/${s}/assign`,
        body: { agentId: value },
      })),
      ...pathIdCases("staff", "post", (id) => `/api/lab/samples/${id}/assign`, { agentId: ids.agent }),
      ...pathIdCases("staff", "post", (id) => `/api/lab/samples/${id}/unassign`),
      ...pathIdCases("staff", "get", (id) => `/api/lab/samples/${id}`),
      ...eachString("staff", "post", `/api/lab/samples/${s}/status`, { status: "COLLECTED", note: "ok" }, [
        ["status"],
        ["note"],
        ["testingEta"],
      ]),
      ...["2026-02-31T10:00:00Z", "2026-01-01T25:00:00Z", "+275760-09-13T00:00:00Z", "tomorrow", "%00"].map(
        (eta) => ({
          name: `testingEta ${eta}`,
          who: "staff" as const,
          method: "post" as const,
          path: `/api/lab/samples/${s}/status`,
          body: { status: "TESTING", testingEta: eta },
        }),
      ),
      ...pathIdCases("staff", "post", (id) => `/api/lab/samples/${id}/status`, { status: "COLLECTED" }),
      ...eachString("staff", "post", `/api/lab/samples/${s}/results`, results, resultStrings),
      ...eachString(
        "staff",
        "post",
        `/api/lab/samples/${s}/results`,
        results,
        [...resultStrings, ["results", 0, "value"], ["results"]],
        TYPE_VALUES,
      ),
      ...[Number.NaN, -1, "NaN", "1e400", null, [0.1]].map((value) => ({
        name: `result value ${JSON.stringify(value)}`,
        who: "staff" as const,
        method: "post" as const,
        path: `/api/lab/samples/${s}/results`,
        body: { results: [{ code: "PB", value }] },
      })),
      {
        name: "201 results",
        who: "staff",
        method: "post",
        path: `/api/lab/samples/${s}/results`,
        body: { results: Array.from({ length: 201 }, () => ({ code: "PB", value: 1 })) },
      },
      {
        name: "results as an object",
        who: "staff",
        method: "post",
        path: `/api/lab/samples/${s}/results`,
        body: { results: results.results[0] },
      },
      ...structuralCases("staff", "post", `/api/lab/samples/${s}/results`),
      ...pathIdCases("staff", "post", (id) => `/api/lab/samples/${id}/results`, results),
      ...eachString("staff", "post", `/api/lab/samples/${s}/release`, { note: "Fine" }, [["note"]]),
      ...eachString(
        "staff",
        "post",
        `/api/lab/samples/${s}/release`,
        { note: "Fine" },
        [["note"]],
        TYPE_VALUES,
      ),
      ...pathIdCases("staff", "post", (id) => `/api/lab/samples/${id}/release`, {}),
      ...eachString("staff", "post", `/api/lab/samples/${s}/return`, { note: "Check Pb" }, [["note"]]),
      ...eachString(
        "staff",
        "post",
        `/api/lab/samples/${s}/return`,
        { note: "Check Pb" },
        [["note"]],
        TYPE_VALUES,
      ),
      ...pathIdCases("staff", "post", (id) => `/api/lab/samples/${id}/return`, { note: "Check Pb" }),
      ...eachString("staff", "post", `/api/lab/reports/${ids.report}/revoke`, REVOKE, [
        ["reasonCode"],
        ["note"],
      ]),
      ...eachString(
        "staff",
        "post",
        `/api/lab/reports/${ids.report}/revoke`,
        REVOKE,
        [["reasonCode"], ["note"]],
        TYPE_VALUES,
      ),
      ...structuralCases("staff", "post", `/api/lab/reports/${ids.report}/revoke`),
      ...pathIdCases("staff", "post", (id) => `/api/lab/reports/${id}/revoke`, REVOKE),
      ...pathIdCases("staff", "post", (id) => `/api/lab/revocations/${id}/confirm`, {}),
      ...pathIdCases("staff", "post", (id) => `/api/lab/revocations/${id}/cancel`, {}),
      ...BAD_PATH_IDS.map((id) => ({
        name: `sampleId ${id}`,
        who: "staff" as const,
        method: "get" as const,
        path: `/api/lab/revocations?sampleId=${id}`,
      })),
      ...eachString("staff", "put", "/api/lab/settings", { onePersonRevocation: true }, [
        ["onePersonRevocation"],
      ]),
      ...eachString(
        "staff",
        "put",
        "/api/lab/settings",
        { onePersonRevocation: true },
        [["onePersonRevocation"]],
        TYPE_VALUES,
      ),
      ...structuralCases("staff", "put", "/api/lab/settings"),
      ...eachString(
        "staff",
        "put",
        "/api/lab/password",
        { currentPassword: "LabStaff#2026", newPassword: STRONG_PASSWORD },
        [["currentPassword"], ["newPassword"]],
      ),
      // Staff on customer calls: refused whatever the input.
      ...pathIdCases("staff", "get", (id) => `/api/sample-submissions/${id}`),
      ...eachString("staff", "post", "/api/sample-submissions", samplePayload(ids.customer), [
        ["samplerName"],
      ]),
    ];
    expect(await failures(cases)).toEqual([]);
  });

  it("revocation requests, the lab's settings and the staff password reset", async () => {
    // An open request (the lab's two-person rule): only another reviewer may confirm it.
    const reported = await submitSample(t.app, { id: ids.customer, token: tokens.customer ?? "" });
    const report = (await completeWithReport(t, tokens.staff ?? "", reported.id)).id;
    const asked = await request(t.app)
      .post(`/api/lab/reports/${report}/revoke`)
      .auth(tokens.staff ?? "", { type: "bearer" })
      .send(REVOKE)
      .expect(202);
    const open = (asked.body as { id: number }).id;
    const revoke = `/api/lab/reports/${report}/revoke`;
    const settings = { onePersonRevocation: true };
    const account = { email: "priya.hostile@gmail.com", code: "123456", password: STRONG_PASSWORD };
    const cases: Case[] = [
      ...eachString("staff", "post", revoke, REVOKE, [["reasonCode"], ["note"]], ANY_VALUES),
      ...shapeCases("staff", "post", revoke, REVOKE),
      // The requester confirming their own request, whatever the body: refused, still open.
      ...[undefined, {}, { id: 1 }, { staffId: 1, confirmed: true }, [NUL]].map((body) => ({
        name: `own confirm with ${JSON.stringify(body)}`,
        who: "staff" as const,
        method: "post" as const,
        path: `/api/lab/revocations/${open}/confirm`,
        body,
      })),
      ...structuralCases("staff", "post", `/api/lab/revocations/${open}/confirm`),
      ...pathIdCases("admin", "post", (id) => `/api/lab/revocations/${id}/confirm`, {}),
      ...pathIdCases("admin", "post", (id) => `/api/lab/revocations/${id}/cancel`, {}),
      ...pathIdCases("customer", "post", (id) => `/api/lab/revocations/${id}/confirm`),
      ...["1e309", "9007199254740992", "1&sampleId=2", "%00", ""].map((id) => ({
        name: `sampleId ${id}`,
        who: "staff" as const,
        method: "get" as const,
        path: `/api/lab/revocations?sampleId=${id}`,
      })),
      ...eachString(
        "admin",
        "put",
        "/api/lab/settings",
        settings,
        [["onePersonRevocation"]],
        [...ANY_VALUES.filter(([label]) => label !== "true"), ["text true", "true"], ["one", 1]],
      ),
      ...shapeCases("admin", "put", "/api/lab/settings", settings),
      ...structuralCases("admin", "put", "/api/lab/settings"),
      // A reviewer may read the settings, never change them.
      { name: "not an admin", who: "staff", method: "put", path: "/api/lab/settings", body: settings },
      ...eachString(
        "anon",
        "post",
        "/api/lab/forgot-password",
        { email: account.email },
        [["email"]],
        ANY_VALUES,
      ),
      ...shapeCases("anon", "post", "/api/lab/forgot-password", { email: account.email }),
      ...structuralCases("anon", "post", "/api/lab/forgot-password"),
      ...eachString(
        "anon",
        "post",
        "/api/lab/reset-password",
        account,
        [["email"], ["code"], ["password"]],
        ANY_VALUES,
      ),
      ...shapeCases("anon", "post", "/api/lab/reset-password", account),
      ...structuralCases("anon", "post", "/api/lab/reset-password"),
    ];
    expect(await failures(cases)).toEqual([]);
  });

  it("field agents: sign-in and invitation, jobs, collections, the hand-over to a courier, and reception", async () => {
    const agent = await createSignedInAgent(t, { name: "Hostile Agent" });
    tokens.agent = agent.token;
    const customer = { id: ids.customer, token: tokens.customer ?? "" };
    // A sample the agent collected (theirs to hand over); ids.sample is nobody's job, so a body that
    // passes its schema there is refused as not found or not at reception.
    const collected = await collectingJob(t, customer, agent.agentId);
    await request(t.app)
      .post("/api/field/collections")
      .auth(agent.token, { type: "bearer" })
      .set("Idempotency-Key", crypto.randomUUID())
      .send(collectionBody(t, collected.id))
      .expect(201);
    const key = () => ({ "Idempotency-Key": crypto.randomUUID() });
    // Fields that take numbers, booleans, lists or fixed words: NUL in them is any validation error.
    const anyCode = (list: Case[]): Case[] => list.map(({ code: _code, ...rest }) => rest);
    const signIn = { phone: "+919000000999", password: "Wrong#2026", keepSignedIn: false };
    const join = { token: "x".repeat(43), password: STRONG_PASSWORD };
    const now = t.clock.now().toISOString();
    const handover = {
      courier: "Blue Dart",
      reference: "AWB 1",
      handedAt: now,
      sentAt: now,
      sealIntact: true,
      temperatureC: 4,
      position: { lat: 16.5, lng: 81.5, accuracyM: 10 },
    };
    const own = `/api/field/jobs/${collected.id}/handover`;
    const nobodys = `/api/field/jobs/${ids.sample}/handover`;
    const collection = collectionBody(t, ids.sample, {
      labels: ["0123456789AB"],
      photos: [{ kind: "seal", data: "AAAA" }],
    });
    const reception = {
      decision: "reject",
      reasons: ["seal_broken"],
      note: "Seal cut",
      seals: ["S-1"],
      temperatureC: 4,
      sealIntact: false,
    };
    const atReception = `/api/lab/reception/${ids.sample}`;
    const codes = [
      "%00",
      "%F0",
      "x".repeat(300),
      "0",
      "-1",
      "1e3",
      "2147483648",
      "99999999999",
      "ZZZZZZZZZZZZ",
    ];
    const cases: Case[] = [
      ...eachString("anon", "post", "/api/field/auth/sign-in", signIn, [["phone"], ["password"]], ANY_VALUES),
      ...eachString("anon", "post", "/api/field/auth/sign-in", signIn, [["keepSignedIn"]], TYPE_VALUES),
      ...shapeCases("anon", "post", "/api/field/auth/sign-in", signIn),
      ...structuralCases("anon", "post", "/api/field/auth/sign-in"),
      ...eachString("anon", "post", "/api/field/auth/join", join, [["token"], ["password"]], ANY_VALUES),
      ...shapeCases("anon", "post", "/api/field/auth/join", join),
      ...structuralCases("anon", "post", "/api/field/auth/join"),
      { name: "refresh without a cookie", who: "anon", method: "post", path: "/api/field/auth/refresh" },
      {
        name: "refresh without a cookie, same-origin header",
        who: "anon",
        method: "post",
        path: "/api/field/auth/refresh",
        headers: { "X-Requested-With": "XMLHttpRequest" },
      },
      { name: "sign-out without a session", who: "anon", method: "post", path: "/api/field/auth/sign-out" },
      ...pathIdCases("agent", "post", (id) => `/api/field/jobs/${id}/accept`),
      ...pathIdCases("agent", "post", (id) => `/api/field/jobs/${id}/decline`, { reason: "Bike" }),
      ...eachString(
        "agent",
        "post",
        `/api/field/jobs/${ids.sample}/decline`,
        { reason: "Bike" },
        [["reason"]],
        ANY_VALUES,
      ),
      ...structuralCases("agent", "post", `/api/field/jobs/${ids.sample}/decline`),
      // The hand-over of the agent's own sample: every value below is wrong, so none is recorded.
      ...eachString("agent", "post", own, handover, [["courier"], ["handedAt"], ["sentAt"]], ANY_VALUES),
      ...anyCode(
        eachString(
          "agent",
          "post",
          own,
          handover,
          [["sealIntact"]],
          ANY_VALUES.filter(([label]) => label !== "true"),
        ),
      ),
      ...[
        ["position", "lat"],
        ["position", "lng"],
      ].flatMap((field) =>
        HUGE.map((value) => ({
          name: `${String(value)} in ${field.join(".")}`,
          who: "agent" as const,
          method: "post" as const,
          path: own,
          body: withValue(handover, field, value),
        })),
      ),
      ...structuralCases("agent", "post", own),
      ...eachString("agent", "post", nobodys, handover, [["reference"]], ANY_VALUES),
      ...anyCode(
        eachString(
          "agent",
          "post",
          nobodys,
          handover,
          [["temperatureC"], ["position"], ["position", "accuracyM"]],
          ANY_VALUES,
        ),
      ),
      ...shapeCases("agent", "post", nobodys, handover),
      ...pathIdCases("agent", "post", (id) => `/api/field/jobs/${id}/handover`, handover),
      {
        name: "collection without a key",
        who: "agent",
        method: "post",
        path: "/api/field/collections",
        body: collection,
      },
      ...["", "x".repeat(300), "tab\tkey", "clé"].map((value) => ({
        name: `collection key ${value.slice(0, 10)}`,
        who: "agent" as const,
        method: "post" as const,
        path: "/api/field/collections",
        body: collection,
        headers: { "Idempotency-Key": value },
      })),
      ...eachString(
        "agent",
        "post",
        "/api/field/collections",
        collection,
        [["collectedAt"], ["seals", 0], ["farmerName"], ["note"], ["distanceReason"], ["labels", 0]],
        ANY_VALUES,
      ).map((c) => ({ ...c, headers: key() })),
      ...anyCode(
        eachString(
          "agent",
          "post",
          "/api/field/collections",
          collection,
          [["sampleId"], ["photos", 0, "data"], ["photos"]],
          ANY_VALUES,
        ),
      ).map((c) => ({ ...c, headers: key() })),
      ...shapeCases("agent", "post", "/api/field/collections", collection).map((c) => ({
        ...c,
        headers: key(),
      })),
      ...structuralCases("agent", "post", "/api/field/collections").map((c) => ({ ...c, headers: key() })),
      // An agent's token opens neither reception nor a customer's calls.
      { name: "agent at reception", who: "agent", method: "post", path: atReception, body: reception },
      {
        name: "agent submitting",
        who: "agent",
        method: "post",
        path: "/api/sample-submissions",
        body: samplePayload(ids.customer),
      },
      { name: "customer at reception", who: "customer", method: "post", path: atReception, body: reception },
      { name: "customer on a job", who: "customer", method: "post", path: own, body: handover },
      { name: "staff on a job", who: "staff", method: "post", path: own, body: handover },
      ...codes.flatMap((code) => [
        {
          name: `lookup ${code.slice(0, 12)}`,
          who: "staff" as const,
          method: "get" as const,
          path: `/api/lab/reception/${code}`,
        },
        {
          name: `reception ${code.slice(0, 12)}`,
          who: "staff" as const,
          method: "post" as const,
          path: `/api/lab/reception/${code}`,
          body: { decision: "accept" },
        },
      ]),
      ...eachString("staff", "post", atReception, reception, [["note"], ["seals", 0]], ANY_VALUES),
      ...anyCode(
        eachString(
          "staff",
          "post",
          atReception,
          reception,
          [["decision"], ["reasons"], ["reasons", 0], ["seals"], ["temperatureC"], ["sealIntact"]],
          ANY_VALUES,
        ),
      ),
      ...shapeCases("staff", "post", atReception, reception),
      ...structuralCases("staff", "post", atReception),
      ...[
        "format=%00",
        "format=zebra",
        "format=a4&format=thermal",
        "containers=0",
        "containers=21",
        "containers=1e3",
        "containers=%00",
      ].map((query) => ({
        name: `labels ?${query}`,
        who: "staff" as const,
        method: "get" as const,
        path: `/api/lab/samples/${ids.sample}/labels.pdf?${query}`,
      })),
      ...pathIdCases("staff", "get", (id) => `/api/lab/samples/${id}/labels.pdf`),
      ...["count=0", "count=101", "count=abc", "count=%00", "format=zebra"].map((query) => ({
        name: `blank labels ?${query}`,
        who: "staff" as const,
        method: "get" as const,
        path: `/api/lab/labels/blank.pdf?${query}`,
      })),
      ...pathIdCases("customer", "get", (id) => `/api/samples/${id}/custody`),
      ...pathIdCases("agent", "get", (id) => `/api/samples/${id}/custody`),
      ...pathIdCases("agent", "get", (id) => `/api/samples/${id}/photos/1`),
    ];
    expect(await failures(cases)).toEqual([]);
  });
});
