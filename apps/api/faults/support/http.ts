// Talking to an instance as its clients do: JSON over fetch, bearer tokens, codes read from the catcher.
import { STAFF } from "./api";
import { waitUntil } from "./ports";
import type { SmtpCatcher } from "./smtp";

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** Like call(), but anything else than the expected status throws with the answer in the message. */
export async function expectStatus(status: number, ...args: Parameters<typeof call>): Promise<Answer> {
  const answer = await call(...args);
  if (answer.status !== status)
    throw new Error(
      `${args[1]} ${args[2]}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 300)}`,
    );
  return answer;
}

export const PASSWORD = "Shrimp#2024";
let counter = 0;
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@gmail.com`;

const CODE = /(?:verification|password reset) code: ([A-Z0-9]{6})$/;
export const codeOf = (subject: string) => CODE.exec(subject)?.[1];

/** The newest code mailed to an address, waiting up to ms for one. */
export async function codeFor(smtp: SmtpCatcher, email: string, ms = 15_000): Promise<string> {
  let code: string | undefined;
  await waitUntil(
    `a code mail for ${email}`,
    () => {
      const mine = smtp.mails.filter((mail) => mail.to.includes(email) && codeOf(mail.subject));
      code = codeOf(mine[mine.length - 1]?.subject ?? "");
      return code !== undefined;
    },
    ms,
  );
  return code ?? "";
}

export interface Customer {
  id: number;
  email: string;
  token: string;
}

/** Registers, verifies (with the mailed code) and signs in a customer through one instance. */
export async function signedInCustomer(
  base: string,
  smtp: SmtpCatcher,
  fullName = "Ravi Kumar",
): Promise<Customer> {
  const email = uniqueEmail("farmer");
  const registered = await expectStatus(201, base, "POST", "/customers/register", {
    body: { fullName, email, password: PASSWORD },
  });
  const code = await codeFor(smtp, email);
  await expectStatus(200, base, "POST", "/auth/verify-email", { body: { email, code } });
  const login = await expectStatus(200, base, "POST", "/customers/login", {
    body: { email, password: PASSWORD },
  });
  return {
    id: (registered.body as { id: number }).id,
    email,
    token: (login.body as { accessToken: string }).accessToken,
  };
}

export async function staffToken(base: string): Promise<string> {
  const login = await expectStatus(200, base, "POST", "/lab/login", { body: STAFF });
  return (login.body as { accessToken: string }).accessToken;
}

/** The spec's submission payload, with a plausible default sample. */
export const samplePayload = (consumerId: number, samplerName = "Pond") => ({
  consumerId,
  samplerName,
  samplerLocation: "Bhimavaram",
  coordinate: { lat: 16.5, lng: 81.5 },
  shrimpCategory: "Tiger Shrimp",
  testTypes: ["Allergen Testing"],
  phoneNumber: "9848022338",
});
