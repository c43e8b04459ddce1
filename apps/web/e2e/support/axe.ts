// Accessibility check of the page as it is now: WCAG 2 A and AA rules; any violation fails the test
// with a readable list.
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];

export function formatViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `      - ${node.target.join(" ")}\n        ${node.failureSummary?.replace(/\n/g, "\n        ") ?? ""}`,
        )
        .join("\n");
      const more = violation.nodes.length > 5 ? `\n      … and ${violation.nodes.length - 5} more` : "";
      return `  [${violation.impact ?? "?"}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join("\n");
}

/**
 * Waits until no finite CSS transition or animation is running: axe reads colours as they are drawn,
 * and a button caught half-way from disabled to enabled fails the contrast rule.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
}

export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await transitionsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  if (results.violations.length > 0) {
    throw new Error(
      `Accessibility violations on ${label} (${page.url()}):\n${formatViolations(results.violations)}`,
    );
  }
}
