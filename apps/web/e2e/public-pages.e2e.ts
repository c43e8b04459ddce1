// The public pages load for anyone, pass the axe check, and each offers Back to Home.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable, viewports } from "./support/browser";
import { openPage, pathOf, useChromium, visible, waitForPath, type OpenPage } from "./support/page";

const baseURL = inject("baseURL");

const pages = [
  { path: "/privacy", heading: /privacy/i },
  { path: "/terms", heading: /terms/i },
  { path: "/careers", heading: /careers|join/i },
  { path: "/blog", heading: /blog|insights|articles/i },
];

describe.skipIf(!baseURL || !chromiumAvailable())("public pages", () => {
  const browser = useChromium();

  describe.each(viewports)("at $name size", (size) => {
    let session: OpenPage;
    beforeAll(async () => {
      session = await openPage(browser(), baseURL, size);
    });
    afterAll(async () => {
      await session?.context.close();
    });

    it.each(pages)("$path loads, passes axe and goes Back to Home", async ({ path, heading }) => {
      const { page } = session;
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await visible(page.getByRole("heading", { level: 1, name: heading }));
      await expectNoAxeViolations(page, path);
      await page
        .getByRole("link", { name: "Back to Home" })
        .or(page.getByRole("button", { name: "Back to Home" }))
        .first()
        .click();
      // "/" is protected: signed out, Home ends on the landing page.
      await waitForPath(page, "/login");
      expect(pathOf(page)).toBe("/login");
    });

    it("raised no uncaught errors in the page", () => {
      expect(session.pageErrors).toEqual([]);
    });
  });
});
