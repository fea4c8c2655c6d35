// The overview in the browser: seeded mirror rows in a currency no other test
// uses, and the page's figures compared with SQL over the whole mirror.

import { toJsonb } from "@cobro/server/testing";
import { sql } from "kysely";
import { expect, test } from "../support/fixtures";
import { signInStaff } from "../support/staff";

test("[admin][overview] the figures equal what SQL over the mirror says", async ({ page, context, db }) => {
  const hourAgo = new Date(Date.now() - 3_600_000);
  let id = 9_100_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  const seed = (status: string, amount: number, refunded = 0, detail: string | null = null) =>
    db
      .insertInto("payments")
      .values({
        provider_payment_id: id++,
        status,
        status_detail: detail,
        amount_minor: amount,
        refunded_minor: refunded,
        currency: "COP",
        snapshot: toJsonb({ status }),
        created_at: hourAgo,
      })
      .execute();
  await seed("approved", 150_000);
  await seed("approved", 50_000, 20_000);
  await seed("rejected", 30_000, 0, "cc_rejected_call_for_authorize");
  await seed("pending", 10_000);
  await signInStaff({ db, context, role: "viewer" });

  // Last 7 UTC days, today included: what the overview's "7d" covers.
  const since = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 6));
  const { rows } = await sql<{
    currency: string;
    volume: string;
    refunded: string;
    approved: number;
    rejected: number;
  }>`
    select currency,
      coalesce(sum(amount_minor) filter (where status in ('approved','refunded','charged_back','in_mediation')), 0) as volume,
      coalesce(sum(refunded_minor) filter (where status in ('approved','refunded','charged_back','in_mediation')), 0) as refunded,
      count(*) filter (where status in ('approved','refunded','charged_back','in_mediation'))::int as approved,
      count(*) filter (where status = 'rejected')::int as rejected
    from payments where created_at >= ${since} group by currency`.execute(db);
  const cop = rows.find((row) => row.currency === "COP");
  expect(cop).toBeDefined();
  const approved = rows.reduce((sum, row) => sum + row.approved, 0);
  const rejected = rows.reduce((sum, row) => sum + row.rejected, 0);

  await page.goto("/admin?period=7d");
  await expect(page.getByTestId("approved-volume-COP")).toHaveAttribute("data-minor", String(Number(cop?.volume)));
  await expect(page.getByTestId("refunds-COP")).toHaveAttribute("data-minor", String(Number(cop?.refunded)));
  await expect(page.getByTestId("approved-count")).toHaveText(String(approved));
  await expect(page.getByTestId("rejected-count")).toHaveText(String(rejected));
  const rate = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 }).format(
    approved / (approved + rejected),
  );
  await expect(page.getByTestId("approval-rate")).toHaveText(rate);
  // Decline reasons are words, the provider's code kept in the title for support.
  await expect(page.getByTestId("decline-reasons")).toContainText(
    "The cardholder must call the issuer to authorize it",
  );
  await expect(page.getByTestId("decline-reasons")).not.toContainText("cc_rejected_call_for_authorize");
  await expect(page.locator('[data-code="cc_rejected_call_for_authorize"]')).toHaveAttribute(
    "title",
    "cc_rejected_call_for_authorize",
  );
  // The chart is drawn, and the recent payments link to the payments area.
  await expect(page.locator(".admin-chart canvas").first()).toBeVisible();
  await expect(page.getByTestId("recent-payments").getByRole("link").first()).toHaveAttribute(
    "href",
    /\/admin\/payments\/\d+$/,
  );
});

test("[admin][overview] the chart follows the chosen period, with a legend and x labels that never overlap", async ({
  page,
  context,
  db,
}) => {
  const now = Date.now();
  // An amount only this test uses, approved ten days ago: outside "7d", inside "30d".
  const oldAmount = 777_777;
  let id = 9_200_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  for (const [amount, at] of [
    [oldAmount, new Date(now - 10 * 86_400_000)],
    [12_345, new Date(now - 3_600_000)],
  ] as const) {
    await db
      .insertInto("payments")
      .values({
        provider_payment_id: id++,
        status: "approved",
        amount_minor: amount,
        refunded_minor: 0,
        currency: "COP",
        snapshot: toJsonb({ status: "approved" }),
        created_at: at,
      })
      .execute();
  }
  await signInStaff({ db, context, role: "viewer" });
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("admin.overview.volume")) requests.push(decodeURIComponent(request.url()));
  });

  await page.goto("/admin?period=7d");
  const block = page.locator(".admin-chart-block", { has: page.getByRole("heading", { name: "COP", level: 3 }) });
  const chart = block.locator(".admin-chart");
  await expect(chart).toHaveAttribute("data-days", "7");
  await expect(block.locator("details tbody tr")).toHaveCount(7);
  await expect(block.locator("details")).not.toContainText("777,777");
  expect(requests.some((url) => url.includes('"period":"7d"'))).toBe(true);

  // The legend names the series and says the period's total: the same figure as the table of the period above.
  const legend = chart.locator(".u-legend");
  await expect(legend.locator(".u-series")).toHaveCount(2);
  await expect(legend).toContainText("Approved volume");
  const weekTotal = (await page.getByTestId("approved-volume-COP").textContent()) ?? "";
  expect(weekTotal).not.toBe("");
  await expect(legend).toContainText(weekTotal);

  await page.getByLabel("Period").selectOption("30d");
  await expect(page).toHaveURL(/period=30d/);
  await expect(chart).toHaveAttribute("data-days", "30");
  await expect(block.locator("details tbody tr")).toHaveCount(30);
  await expect(block.locator("details")).toContainText("777,777");
  expect(requests.some((url) => url.includes('"period":"30d"'))).toBe(true);

  // Thirty days on a narrow chart: fewer labels than days, side by side without touching.
  await page.setViewportSize({ width: 700, height: 900 });
  await expect
    .poll(async () => {
      const boxes = JSON.parse((await chart.getAttribute("data-x-labels")) ?? "[]") as [number, number][];
      return boxes.length;
    })
    .toBeGreaterThan(1);
  const boxes = JSON.parse((await chart.getAttribute("data-x-labels")) ?? "[]") as [number, number][];
  expect(boxes.length).toBeLessThan(30);
  for (let index = 1; index < boxes.length; index++) {
    const previous = boxes[index - 1] as [number, number];
    const current = boxes[index] as [number, number];
    expect(current[0], `label ${index} starts after label ${index - 1} ends`).toBeGreaterThan(previous[1]);
  }
});
