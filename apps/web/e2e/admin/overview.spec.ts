// The overview in the browser: seeded mirror rows in a currency no other test
// uses, and the page's figures compared with SQL over the whole mirror.
import { sql } from "kysely";
import { toJsonb } from "../../../server/src/db/schema";
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
  await expect(page.getByTestId("decline-reasons")).toContainText("cc_rejected_call_for_authorize");
  // The chart is drawn, and the recent payments link to the payments area.
  await expect(page.locator(".admin-chart canvas").first()).toBeVisible();
  await expect(page.getByTestId("recent-payments").getByRole("link").first()).toHaveAttribute(
    "href",
    /\/admin\/payments\/\d+$/,
  );
});
