import type { Page } from "playwright-core";
import { expect } from "vitest";

import { verificationCode, waitForMail } from "./mailbox";
import { visible, waitForPath } from "./page";

/** The password of every customer the journeys create: it meets the spec's rule. */
export const PASSWORD = "Shrimp#Lab2024";

/**
 * Sign-up through the API (the accounts journey covers its screens): register, verify with the mailed
 * code, sign in; answers the token and the customer id.
 */
export async function registerVerified(
  page: Page,
  mailDir: string,
  fullName: string,
  email: string,
): Promise<{ token: string; customerId: number }> {
  const registered = await page.request.post("/api/customers/register", {
    data: { fullName, email, password: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const code = verificationCode(await waitForMail(mailDir, email));
  const verified = await page.request.post("/api/auth/verify-email", { data: { email, code } });
  expect(verified.status(), await verified.text()).toBe(200);
  const login = await page.request.post("/api/customers/login", { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const answer = (await login.json()) as { accessToken: string; customer: { id: number } };
  return { token: answer.accessToken, customerId: answer.customer.id };
}

/** Signs in through the landing page's card and waits for the dashboard. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  const form = await visible(page.getByRole("form", { name: "Sign in" }));
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await waitForPath(page, "/dashboard", 20_000);
}
