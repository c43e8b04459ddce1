// The sample providers journey in Debian's Chromium, at desktop and phone sizes: a verified
// customer signs in, opens Sample Providers, adds a Farmer with a place picked from the autocomplete, adds an Agent with
// two farmers, edits the Farmer, expands the Agent's farmers and deletes the Farmer after the
// confirmation. The screen passes an axe check (WCAG 2 A and AA) at each step.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { registerVerified, signIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable, viewports } from "./support/browser";
import {
  openPage,
  pathOf,
  stopAfterFirstFailure,
  useChromium,
  visible,
  waitForPath,
  type OpenPage,
} from "./support/page";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");
const serverLog = inject("serverLog");

const ADDED = "Sample Provider added successfully!";
const UPDATED = "Sample Provider updated successfully!";
const DELETED = "Sample Provider deleted successfully!";

/** Types into a location combobox and picks the suggestion whose text starts with `pick`. */
async function pickPlace(page: Page, combobox: Locator, typed: string, pick: RegExp): Promise<string> {
  await combobox.fill("");
  await combobox.pressSequentially(typed, { delay: 30 });
  const listbox = page.getByRole("listbox", { name: /suggestions/ });
  const option = await visible(listbox.getByRole("option", { name: pick }));
  const address = (await option.textContent()) ?? "";
  await option.click();
  expect(await combobox.inputValue()).toBe(address);
  return address;
}

/** The toast with `text` shows, then it is dismissed so the next one is unambiguous. */
async function expectToast(page: Page, text: string): Promise<void> {
  const toast = await visible(page.getByRole("region", { name: "Status messages" }).getByText(text));
  await toast.locator("xpath=..").getByRole("button", { name: "Dismiss notification" }).click();
}

describe.skipIf(!baseURL || !chromiumAvailable())("sample providers journey", () => {
  const browser = useChromium();

  describe.each(viewports)("at $name size ($viewport.width×$viewport.height)", (size) => {
    const phone = size.name === "phone";
    const fullName = `Lakshmi ${phone ? "Phone" : "Desktop"} Rao`;
    const email = `lakshmi.providers.${size.name}.${Date.now()}@aquafarms.in`;
    const farmerName = `Ravi Kumar ${size.name}`;
    const agentName = `Suresh Agencies ${size.name}`;
    let session: OpenPage;
    let farmerAddress = "";
    stopAfterFirstFailure(beforeEach);

    beforeAll(async () => {
      session = await openPage(browser(), baseURL, size);
    });
    afterAll(async () => {
      await session?.context.close();
    });

    it("signs up and signs in", async () => {
      const { page } = session;
      await registerVerified(page, mailDir, fullName, email);
      await signIn(page, email);
      await visible(page.getByRole("heading", { level: 1, name: `Welcome, ${fullName}!` }));
    });

    it("opens Sample Providers from the navigation: the empty list", async () => {
      const { page } = session;
      if (phone) {
        const mobileNav = page.getByRole("navigation", { name: "Main mobile" });
        await mobileNav.getByRole("button").click();
        await (await visible(mobileNav.getByRole("link", { name: "Sample Providers" }))).click();
      } else {
        await page
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: "Sample Providers" })
          .click();
      }
      await waitForPath(page, "/customers");
      await visible(page.getByRole("heading", { level: 1, name: "My Sample Providers" }));
      await visible(page.getByText("You haven't added any sample providers yet."));
      await visible(page.getByRole("heading", { name: "Your Sample Providers" }));
      await expectNoAxeViolations(page, "/customers (empty)");
    });

    it("adds a Farmer with a place picked from the autocomplete", async () => {
      const { page } = session;
      await page.getByRole("button", { name: "Add Sample Provider" }).click();
      const form = await visible(page.getByRole("form", { name: "Add Sample Provider" }));
      await visible(page.getByRole("button", { name: "Cancel", exact: true }));

      // Required fields first.
      await form.getByRole("button", { name: "Save Provider" }).click();
      await visible(form.getByText("Sample provider name is required"));
      await visible(form.getByText("Phone number is required"));

      await form.getByLabel("Provider Name").fill(farmerName);
      await form.getByLabel(/^WhatsApp Number/).fill("98480 22338");
      const location = form.getByRole("combobox", { name: "Location", exact: true });
      await location.pressSequentially("Bhimav", { delay: 30 });
      await visible(page.getByRole("option", { name: /^Bhimavaram/ }));
      expect(await location.getAttribute("aria-expanded")).toBe("true");
      await expectNoAxeViolations(page, "/customers (add form, suggestions open)");
      farmerAddress = await pickPlace(page, location, "Bhimav", /^Bhimavaram/);
      await visible(form.getByText(/^Coordinates: 16\.\d+, 81\.\d+$/));

      await form.getByRole("button", { name: "Save Provider" }).click();
      await expectToast(page, ADDED);
      await page.getByRole("form").waitFor({ state: "detached" });
      const row = await visible(page.getByRole("article", { name: farmerName }));
      await visible(row.getByText("Farmer", { exact: true }));
      await visible(row.getByText(farmerAddress));
      await visible(row.getByText("+91 98480 22338"));
      const map = row.getByRole("link", { name: /View on map/ });
      expect(await map.getAttribute("href")).toMatch(
        /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=16\.\d+,81\.\d+$/,
      );
      expect(await map.getAttribute("target")).toBe("_blank");
      expect(await map.getAttribute("rel")).toContain("noopener");
    });

    it("adds an Agent with two farmers", async () => {
      const { page } = session;
      await page.getByRole("button", { name: "Add Sample Provider" }).click();
      const form = await visible(page.getByRole("form", { name: "Add Sample Provider" }));
      await form.getByLabel("Provider Name").fill(agentName);
      await form.getByLabel("User Type").selectOption("Agent");
      await form.getByLabel(/^WhatsApp Number/).fill("+91 98480 44444");
      await form.getByLabel("Alternative Phone Number").fill("98480 55555");
      await form.getByRole("combobox", { name: "Location", exact: true }).fill("16.9891, 82.2475");
      await visible(form.getByText("Coordinates: 16.98910, 82.24750"));

      const farmers = form.getByRole("group", { name: "Farmers" });
      expect(await farmers.getByRole("button", { name: /Remove Farmer/ }).count()).toBe(0);
      await farmers.getByRole("button", { name: "Add Another Farmer" }).click();
      await farmers.getByRole("button", { name: "Add Another Farmer" }).click();
      expect(await farmers.getByRole("group", { name: /^Farmer \d$/ }).count()).toBe(3);
      await farmers.getByRole("button", { name: "Remove Farmer 3" }).click();
      expect(await farmers.getByRole("group", { name: /^Farmer \d$/ }).count()).toBe(2);

      const first = farmers.getByRole("group", { name: "Farmer 1" });
      await first.getByLabel("Farmer Name").fill("Ramu");
      await first.getByLabel("Farmer WhatsApp Number").fill("98480 66666");
      await pickPlace(page, first.getByRole("combobox", { name: "Farmer Location" }), "Nello", /^Nellore/);
      const second = farmers.getByRole("group", { name: "Farmer 2" });
      await second.getByLabel("Farmer Name").fill("Padma");
      await second.getByLabel("Farmer WhatsApp Number").fill("98480 77777");
      await second.getByLabel("Farmer Alternative Phone").fill("98480 88888");
      await expectNoAxeViolations(page, "/customers (agent form)");

      await form.getByRole("button", { name: "Save Provider" }).click();
      await expectToast(page, ADDED);
      const row = await visible(page.getByRole("article", { name: agentName }));
      await visible(row.getByText("Agent", { exact: true }));
      await visible(row.getByRole("button", { name: "Farmers (2)" }));
      // Newest first.
      const names = await page
        .getByRole("article")
        .evaluateAll((nodes) => nodes.map((node) => node.querySelector("h3")?.textContent));
      expect(names).toEqual([agentName, farmerName]);
    });

    it("edits the Farmer: the form is filled (and in view), the change is saved", async () => {
      const { page } = session;
      await page.getByRole("button", { name: `Edit ${farmerName}` }).click();
      const form = await visible(page.getByRole("form", { name: "Edit Sample Provider" }));
      expect(await form.getByLabel("Provider Name").inputValue()).toBe(farmerName);
      expect(await form.getByRole("combobox", { name: "Location", exact: true }).inputValue()).toBe(
        farmerAddress,
      );
      if (phone) {
        // Scrolled into view on narrow screens.
        await page.waitForFunction(() => {
          const heading = Array.from(document.querySelectorAll("h2")).find(
            (node) => node.textContent === "Edit Sample Provider",
          );
          const top = heading?.getBoundingClientRect().top ?? -1;
          return top >= 0 && top < window.innerHeight;
        });
      }
      await form.getByLabel("Alternative Phone Number").fill("98480 99999");
      await expectNoAxeViolations(page, "/customers (edit form)");
      await form.getByRole("button", { name: "Update Provider" }).click();
      await expectToast(page, UPDATED);
      const row = await visible(page.getByRole("article", { name: farmerName }));
      await visible(row.getByRole("link", { name: "+91 98480 99999" }));
      await visible(row.getByText(farmerAddress));
    });

    it("expands the Agent's 'Farmers (2)'", async () => {
      const { page } = session;
      const row = page.getByRole("article", { name: agentName });
      const toggle = row.getByRole("button", { name: "Farmers (2)" });
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      const farmers = await visible(row.getByRole("list", { name: `Farmers of ${agentName}` }));
      await visible(farmers.getByText("Ramu"));
      await visible(farmers.getByText(/^Nellore/));
      await visible(farmers.getByRole("link", { name: /View on map for Ramu/ }));
      await visible(farmers.getByText("Padma"));
      await visible(farmers.getByText("+91 98480 88888"));
      expect(await farmers.getByText("No location specified").count()).toBe(1);
      await expectNoAxeViolations(page, "/customers (farmers expanded)");
    });

    it("deletes the Farmer after the confirmation; the Agent stays, also after a reload", async () => {
      const { page } = session;
      await page.getByRole("button", { name: `Delete ${farmerName}` }).click();
      let dialog = await visible(page.getByRole("dialog", { name: "Delete Sample Provider" }));
      await visible(dialog.getByText(farmerName));
      await expectNoAxeViolations(page, "delete confirmation");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      await visible(page.getByRole("article", { name: farmerName }));

      await page.getByRole("button", { name: `Delete ${farmerName}` }).click();
      dialog = await visible(page.getByRole("dialog", { name: "Delete Sample Provider" }));
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await expectToast(page, DELETED);
      await page.getByRole("article", { name: farmerName }).waitFor({ state: "detached" });
      await visible(page.getByRole("article", { name: agentName }));

      await page.reload();
      await visible(page.getByRole("article", { name: agentName }));
      expect(await page.getByRole("article").count()).toBe(1);
      expect(pathOf(page)).toBe("/customers");
      await expectNoAxeViolations(page, "/customers (after reload)");
    });

    it("raised no uncaught errors in the page", () => {
      expect(session.pageErrors, `page errors (server log: ${serverLog})`).toEqual([]);
    });
  });
});
