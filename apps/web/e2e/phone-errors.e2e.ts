// Errors where the eye is: in Debian's Chromium at 360×740 (isMobile, touch), against the
// real API (nothing stubbed: the server itself refuses the bad values). On /submit-sample (no test
// type; an invalid phone), /customers (an agent with six farmers, the server refusing one farmer's
// phone), /profile (a name over the limit) and the registration form (an empty e-mail, a likely typo)
// each error must be:
//   - visible: the error text and its field lie below the sticky header's bottom and inside the
//     viewport (not scrolled under the 116 px header, not off screen);
//   - on its field: aria-invalid="true", aria-describedby naming the text shown beside it;
//   - focused: the field is document.activeElement;
//   - gone once the field changes.
// Nothing may scroll sideways meanwhile. Screenshots: /tmp/phone-errors-*.png.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { messages } from "@lab/contracts";

import { paths } from "../src/config/paths";

import { PASSWORD, registerVerified, signIn } from "./support/accounts";
import { chromiumAvailable } from "./support/browser";
import { verificationCode, waitForMail } from "./support/mailbox";
import {
  openPage,
  stopAfterFirstFailure,
  useChromium,
  visible,
  waitForPath,
  waitUntil,
  type OpenPage,
} from "./support/page";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");

const PHONE = { name: "phone", viewport: { width: 360, height: 740 }, isMobile: true } as const;
const TELUGU = "లక్ష్మీ దేవి";
const HINDI = "लक्ष्मी देवी";
const LONG_NAME = "Venkatasatyanarayanamurthyvaraprasadaraolakshminarasimharaju";

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

interface Box {
  top: number;
  bottom: number;
}

interface Shown {
  invalid: string | null;
  focused: boolean;
  headerBottom: number;
  viewportHeight: number;
  scrollWidth: number;
  field: Box;
  error: (Box & { text: string }) | null;
}

/** Where the field and the error text naming `message` are, as the page shows them now. */
function measure(field: Locator, message: string): Promise<Shown> {
  return field.evaluate((element, text) => {
    const box = (node: Element) => {
      const rect = node.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom };
    };
    const header = Array.from(document.querySelectorAll("header")).find(
      (candidate) => getComputedStyle(candidate).position === "sticky",
    );
    const described = (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id))
      .find((node): node is HTMLElement => node !== null && (node.textContent ?? "").includes(text));
    return {
      invalid: element.getAttribute("aria-invalid"),
      focused: document.activeElement === element,
      headerBottom: header ? header.getBoundingClientRect().bottom : 0,
      viewportHeight: window.innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
      field: box(element),
      error: described ? { ...box(described), text: described.textContent ?? "" } : null,
    };
  }, message);
}

/**
 * Waits for the error to be shown at `field` (focus moved, smooth scrolling settled), then checks
 * that it is marked, focused and in view below the sticky header.
 */
async function expectErrorAtField(page: Page, field: Locator, message: string, shot: string) {
  try {
    await waitUntil(
      () => field.evaluate((element) => document.activeElement === element),
      `focus on ${shot}`,
    );
  } catch (error) {
    await page.screenshot({ path: `/tmp/phone-errors-${shot}-failed.png` });
    const active = await page.evaluate(
      () =>
        `${document.activeElement?.outerHTML.slice(0, 120) ?? "none"}; invalid: ${Array.from(
          document.querySelectorAll("[aria-invalid=true], [data-error-banner], [role=alert]"),
        )
          .map((element) => element.outerHTML.slice(0, 200))
          .join(" | ")}`,
    );
    const value = await field.evaluate((element) => (element as HTMLInputElement).value.length);
    throw new Error(`${String(error)}; value length ${value}; focus is on ${active}`);
  }
  // Smooth scrolling: wait until the field stops moving.
  let last = Number.NaN;
  await waitUntil(async () => {
    const { top } = (await measure(field, message)).field;
    const settled = top === last;
    last = top;
    return settled;
  }, `${shot} to stop scrolling`);
  const shown = await measure(field, message);
  await page.screenshot({ path: `/tmp/phone-errors-${shot}.png` });
  expect(shown.invalid, `${shot}: aria-invalid`).toBe("true");
  expect(shown.focused, `${shot}: focused`).toBe(true);
  expect(shown.error?.text, `${shot}: text tied by aria-describedby`).toContain(message);
  expect(shown.headerBottom, `${shot}: a sticky header`).toBeGreaterThan(0);
  for (const [what, box] of [
    ["field", shown.field],
    ["error", shown.error],
  ] as const) {
    expect(box, `${shot}: ${what}`).not.toBeNull();
    if (!box) continue;
    expect(box.top, `${shot}: ${what} top below the sticky header`).toBeGreaterThanOrEqual(
      shown.headerBottom,
    );
    expect(box.bottom, `${shot}: ${what} inside the viewport`).toBeLessThanOrEqual(shown.viewportHeight);
  }
  expect(shown.scrollWidth, `${shot}: no sideways scroll`).toBeLessThanOrEqual(360);
}

async function expectErrorGone(page: Page, message: string) {
  await waitUntil(
    async () => (await page.getByText(message, { exact: true }).count()) === 0,
    `"${message}" to go`,
  );
}

describe.skipIf(!chromiumAvailable())("errors where the eye is, on a 360×740 phone", () => {
  const browser = useChromium();
  let open: OpenPage;
  let page: Page;
  const email = unique("phone-errors");

  beforeAll(async () => {
    open = await openPage(browser(), baseURL, PHONE);
    page = open.page;
    await registerVerified(page, mailDir, `${LONG_NAME} ${TELUGU}`, email);
    await signIn(page, email);
  });
  afterAll(async () => {
    await open.context.close();
  });
  stopAfterFirstFailure(beforeEach);
  beforeEach((context) => {
    context.onTestFailed(async () => {
      await page.screenshot({ path: "/tmp/phone-errors-failed.png" }).catch(() => undefined);
    });
  });

  it("/submit-sample, no test type: the category (the fix) is marked, focused and in view with the text; choosing one clears it", async () => {
    await page.goto(paths.submitSample.href());
    const form = await visible(page.getByRole("form", { name: "Submit sample" }));
    await form.getByRole("combobox", { name: /Sample Provider Name/ }).fill(`${HINDI} ${LONG_NAME}`);
    await form.getByLabel(/Phone Number/).fill("+91 98480 22338");
    await form.getByRole("button", { name: "Submit Sample" }).click();
    const category = form.getByLabel(/Shrimp Category/);
    await expectErrorAtField(page, category, messages.sampleTestTypesRequired, "submit-no-test-type");
    await category.selectOption("Tiger Shrimp");
    await expectErrorGone(page, messages.sampleTestTypesRequired);
    expect(await category.getAttribute("aria-invalid")).toBeNull();
  });

  it("/submit-sample, an invalid phone: the server's refusal stands at the phone field, focused and in view; typing clears it", async () => {
    const form = page.getByRole("form", { name: "Submit sample" });
    const phone = form.getByLabel(/Phone Number/);
    await phone.fill("12345");
    await form.getByRole("combobox", { name: /Sample Location/ }).fill("16.5449, 81.5212");
    await form.getByLabel("Allergen Testing").check();
    await form.getByRole("button", { name: "Submit Sample" }).click();
    // A new name: the form asks whether to save it; not saving sends the sample as it is.
    await (await visible(page.getByRole("button", { name: "No, just submit" }))).click();
    await expectErrorAtField(page, phone, messages.phoneInvalid, "submit-invalid-phone");
    // No banner repeats it at the top of the form.
    expect(await form.getByText(messages.phoneInvalid).count()).toBe(1);
    await phone.pressSequentially("6");
    await expectErrorGone(page, messages.phoneInvalid);
  });

  it("/submit-sample, sent: the focus is on the Sample Processing heading", async () => {
    const form = page.getByRole("form", { name: "Submit sample" });
    const phone = form.getByLabel(/Phone Number/);
    await phone.fill("98480 22338");
    await form.getByRole("button", { name: "Submit Sample" }).click();
    await (await visible(page.getByRole("button", { name: "No, just submit" }))).click();
    const heading = await visible(page.getByRole("heading", { name: "Sample Processing", level: 1 }));
    await waitUntil(
      () => heading.evaluate((element) => document.activeElement === element),
      "focus on the Sample Processing heading",
    );
  });

  it("/customers, an agent with six farmers: the server's refusal of farmer 3's phone stands at that phone, focused and in view", async () => {
    await page.goto(paths.customers.href());
    await (await visible(page.getByRole("button", { name: "Add Sample Provider" }))).click();
    const form = await visible(page.getByRole("form", { name: "Add Sample Provider" }));
    await form.locator("#provider-new-name").fill(`${TELUGU} Agencies`);
    await form.locator("#provider-new-phone").fill("98480 22338");
    await form.locator("#provider-new-type").selectOption("Agent");
    for (let row = 1; row < 6; row += 1) {
      await form.getByRole("button", { name: "Add Another Farmer" }).click();
    }
    const names = [TELUGU, HINDI, LONG_NAME, "Ramu", "Sita", "Gopal"];
    for (const [row, name] of names.entries()) {
      await form.locator(`#provider-new-farmer-${row}-name`).fill(name);
      // Farmer 3 (row index 2) gets a number no country has.
      await form.locator(`#provider-new-farmer-${row}-phone`).fill(row === 2 ? "12345" : `98480 3333${row}`);
    }
    await form.getByRole("button", { name: "Save Provider" }).click();
    const phone = form.locator("#provider-new-farmer-2-phone");
    await expectErrorAtField(page, phone, messages.phoneInvalid, "customers-farmer-3-phone");
    expect(await form.getByText(messages.phoneInvalid).count()).toBe(1);
    await phone.fill("98480 33332");
    await expectErrorGone(page, messages.phoneInvalid);
    // Fixed, it saves.
    await form.getByRole("button", { name: "Save Provider" }).click();
    await visible(page.getByText(messages.providerAdded));
  });

  it("/profile, a name over 120 characters: the plain limit text (not 'Too big…') at the name, focused and in view", async () => {
    await page.goto(paths.profile.href());
    await (await visible(page.getByRole("button", { name: "Edit" }))).click();
    const name = page.getByLabel("Full Name", { exact: true });
    expect(await name.getAttribute("maxlength")).toBe("120");
    // The input stops at 120; a value from elsewhere (an older browser, a script) may still be longer.
    await name.evaluate((element) => element.removeAttribute("maxlength"));
    await name.fill("ల".repeat(200));
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectErrorAtField(page, name, "Name must be 120 characters or fewer.", "profile-long-name");
    expect(await page.getByText(/Too big/).count()).toBe(0);
    await name.fill(`${TELUGU}`);
    await expectErrorGone(page, "Name must be 120 characters or fewer.");
  });

  it("register: a likely typo is an amber warning, an empty e-mail says it is required (marked, focused, in view)", async () => {
    const fresh = await openPage(browser(), baseURL, PHONE);
    try {
      const signUp = fresh.page;
      await signUp.goto("/login");
      await (await visible(signUp.getByRole("button", { name: "Create Account" }))).click();
      const form = await visible(signUp.getByRole("form", { name: "Create account" }));
      await form.getByLabel("Full Name").fill(HINDI);
      const emailField = form.getByLabel("Email", { exact: true });
      await emailField.fill("user@gmial.com");
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await visible(form.getByText(/Did you mean/));
      expect(await form.getByRole("button", { name: "user@gmail.com" }).count()).toBe(1);
      expect(await form.getByText(messages.emailVerifiedOk).count()).toBe(0);
      await signUp.screenshot({ path: "/tmp/phone-errors-register-typo.png" });

      await emailField.fill("");
      await form.getByRole("button", { name: "Create Account" }).click();
      await expectErrorAtField(signUp, emailField, messages.emailRequired, "register-empty-email");
      await emailField.pressSequentially("a");
      await expectErrorGone(signUp, messages.emailRequired);
    } finally {
      await fresh.context.close();
    }
  });

  it("focus after Create Account is on the code entry, and after verifying on the sign-in password", async () => {
    const fresh = await openPage(browser(), baseURL, PHONE);
    try {
      const signUp = fresh.page;
      const address = unique("phone-errors-new");
      await signUp.goto("/login");
      await (await visible(signUp.getByRole("button", { name: "Create Account" }))).click();
      const form = await visible(signUp.getByRole("form", { name: "Create account" }));
      await form.getByLabel("Full Name").fill(TELUGU);
      await form.getByLabel("Email", { exact: true }).fill(address);
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByRole("button", { name: "Create Account" }).click();
      const code = await visible(signUp.getByLabel("Verification Code"));
      await waitUntil(
        () => code.evaluate((element) => document.activeElement === element),
        "focus on the code",
      );
      await code.fill(verificationCode(await waitForMail(mailDir, address)));
      await signUp.getByRole("button", { name: "Verify Email" }).click();
      const password = (await visible(signUp.getByRole("form", { name: "Sign in" }))).getByLabel("Password", {
        exact: true,
      });
      await waitUntil(
        () => password.evaluate((element) => document.activeElement === element),
        "focus on the sign-in password",
      );
      await password.fill(PASSWORD);
      await signUp.getByRole("button", { name: "Sign In" }).click();
      await waitForPath(signUp, "/dashboard", 20_000);
    } finally {
      await fresh.context.close();
    }
  });

  it("no uncaught errors in the page", () => {
    expect(open.pageErrors).toEqual([]);
  });
});
