// Accessibility checks for browser tests: the serious and critical WCAG 2.1 A/AA violations axe finds on a page.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** One line per serious or critical violation (rule, help and the nodes at fault); empty when there is none. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
}
