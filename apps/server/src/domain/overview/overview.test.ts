// The overview's figures against seeded mirror rows with a fixed clock: each
// figure equals both the number worked out by hand below and an independent
// SQL query over the same rows; the chart, the lists needing attention and
// the sync state read the same mirror.
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { toJsonb } from "../../db/schema";
import { createTestDatabase } from "../../test/test-database";
import { createTestDeps } from "../../test/test-deps";
import { createTestCaller, signInAs } from "../../test/test-users";

const NOW = new Date("2026-03-10T15:00:00.000Z");
const DAY = 86_400_000;
const daysAgo = (days: number, hour = 15) => new Date(Date.UTC(2026, 2, 10 - days, hour));

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;
const deps = createTestDeps({ db, now: () => NOW });
const viewer = await signInAs({ db, role: "viewer" });
const { caller } = await createTestCaller({ deps, cookie: viewer.cookie });

let nextPaymentId = 5_000_000_001;
async function seedPayment(row: {
  status: string;
  detail?: string;
  amount: number;
  refunded?: number;
  currency?: string;
  createdAt: Date;
}): Promise<string> {
  const inserted = await db
    .insertInto("payments")
    .values({
      provider_payment_id: nextPaymentId++,
      status: row.status,
      status_detail: row.detail ?? null,
      amount_minor: row.amount,
      refunded_minor: row.refunded ?? 0,
      currency: row.currency ?? "ARS",
      snapshot: toJsonb({ status: row.status }),
      created_at: row.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

await seedPayment({ status: "approved", amount: 10_000, createdAt: daysAgo(0, 10) });
await seedPayment({ status: "approved", amount: 5_000, refunded: 2_000, createdAt: daysAgo(2) });
await seedPayment({ status: "refunded", amount: 3_000, refunded: 3_000, createdAt: daysAgo(5) });
await seedPayment({
  status: "rejected",
  detail: "cc_rejected_insufficient_amount",
  amount: 900,
  createdAt: daysAgo(0, 9),
});
await seedPayment({
  status: "rejected",
  detail: "cc_rejected_insufficient_amount",
  amount: 800,
  createdAt: daysAgo(3),
});
await seedPayment({
  status: "rejected",
  detail: "cc_rejected_bad_filled_security_code",
  amount: 700,
  createdAt: daysAgo(10),
});
await seedPayment({ status: "pending", amount: 7_000, createdAt: daysAgo(0, 11) });
await seedPayment({ status: "approved", amount: 20_000, createdAt: daysAgo(20) });
await seedPayment({ status: "approved", amount: 99_999, createdAt: daysAgo(40) });
const lapsing = await seedPayment({ status: "authorized", amount: 4_000, createdAt: daysAgo(4) });
await seedPayment({ status: "authorized", amount: 4_500, createdAt: daysAgo(1) });
await seedPayment({ status: "approved", amount: 1_500, currency: "BRL", createdAt: daysAgo(1) });
await seedPayment({ status: "charged_back", amount: 800, currency: "BRL", createdAt: daysAgo(6) });

/** The figures straight from SQL, written apart from the domain code. */
async function figuresBySql(since: Date) {
  const { rows } = await sql<{ currency: string; n: number; volume: string; refunded: string; rejected: number }>`
    select currency,
           count(*) filter (where status in ('approved','refunded','charged_back','in_mediation'))::int as n,
           coalesce(sum(amount_minor) filter (where status in ('approved','refunded','charged_back','in_mediation')), 0) as volume,
           coalesce(sum(refunded_minor) filter (where status in ('approved','refunded','charged_back','in_mediation')), 0) as refunded,
           count(*) filter (where status = 'rejected')::int as rejected
    from payments where created_at >= ${since} group by currency order by currency`.execute(db);
  return rows
    .map((row) => ({
      currency: row.currency,
      approvedCount: row.n,
      approvedMinor: Number(row.volume),
      refundedMinor: Number(row.refunded),
      rejectedCount: row.rejected,
    }))
    .filter((row) => row.approvedCount + row.rejectedCount + row.refundedMinor > 0);
}

describe("overview figures", () => {
  it("today: since the start of the UTC day", async () => {
    const figures = await caller.admin.overview.figures({ period: "today" });
    expect(figures.since).toBe("2026-03-10T00:00:00.000Z");
    expect(figures.currencies).toEqual([
      { currency: "ARS", approvedCount: 1, approvedMinor: 10_000, refundedMinor: 0, rejectedCount: 1 },
    ]);
    expect(figures.currencies).toEqual(await figuresBySql(new Date(figures.since)));
    expect(figures.approvalRate).toBe(0.5);
    expect(figures.declineReasons).toEqual([{ statusDetail: "cc_rejected_insufficient_amount", count: 1 }]);
  });

  it("7 days: refunds summed, currencies apart, pending and authorized not decided", async () => {
    const figures = await caller.admin.overview.figures({ period: "7d" });
    expect(figures.since).toBe("2026-03-04T00:00:00.000Z");
    expect(figures.currencies).toEqual([
      { currency: "ARS", approvedCount: 3, approvedMinor: 18_000, refundedMinor: 5_000, rejectedCount: 2 },
      { currency: "BRL", approvedCount: 2, approvedMinor: 2_300, refundedMinor: 0, rejectedCount: 0 },
    ]);
    expect(figures.currencies).toEqual(await figuresBySql(new Date(figures.since)));
    expect(figures.approvalRate).toBeCloseTo(5 / 7, 10);
    expect(figures.declineReasons).toEqual([{ statusDetail: "cc_rejected_insufficient_amount", count: 2 }]);
  });

  it("30 days: the top decline reasons, most frequent first", async () => {
    const figures = await caller.admin.overview.figures({ period: "30d" });
    expect(figures.currencies).toEqual([
      { currency: "ARS", approvedCount: 4, approvedMinor: 38_000, refundedMinor: 5_000, rejectedCount: 3 },
      { currency: "BRL", approvedCount: 2, approvedMinor: 2_300, refundedMinor: 0, rejectedCount: 0 },
    ]);
    expect(figures.currencies).toEqual(await figuresBySql(new Date(figures.since)));
    expect(figures.approvalRate).toBeCloseTo(6 / 9, 10);
    expect(figures.declineReasons).toEqual([
      { statusDetail: "cc_rejected_insufficient_amount", count: 2 },
      { statusDetail: "cc_rejected_bad_filled_security_code", count: 1 },
    ]);
  });

  it("refuses an unknown period naming the field", async () => {
    await expect(caller.admin.overview.figures({ period: "year" as never })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("period"),
    });
  });
});

describe("approved volume per day", () => {
  it("30 UTC days, one series per currency, empty days as 0", async () => {
    const volume = await caller.admin.overview.volume({ period: "30d" });
    expect(volume.days).toHaveLength(30);
    expect(volume.days[0]).toBe("2026-02-09");
    expect(volume.days.at(-1)).toBe("2026-03-10");
    const ars = volume.series.find((series) => series.currency === "ARS")?.amountsMinor ?? [];
    const brl = volume.series.find((series) => series.currency === "BRL")?.amountsMinor ?? [];
    expect(ars[29]).toBe(10_000);
    expect(ars[27]).toBe(5_000);
    expect(ars[24]).toBe(3_000);
    expect(ars[9]).toBe(20_000);
    expect(ars.reduce((a, b) => a + b, 0)).toBe(38_000);
    expect(brl[28]).toBe(1_500);
    expect(brl[23]).toBe(800);
    expect(volume.series.map((series) => series.currency)).toEqual(["ARS", "BRL"]);
  });

  it("covers the chosen period: 7 days ends with the same days as 30, today is one day", async () => {
    const month = await caller.admin.overview.volume({ period: "30d" });
    const week = await caller.admin.overview.volume({ period: "7d" });
    const today = await caller.admin.overview.volume({ period: "today" });
    expect(week.days).toEqual(month.days.slice(-7));
    expect(today.days).toEqual(["2026-03-10"]);
    const monthArs = month.series.find((series) => series.currency === "ARS")?.amountsMinor ?? [];
    expect(week.series.find((series) => series.currency === "ARS")?.amountsMinor).toEqual(monthArs.slice(-7));
    expect(today.series.find((series) => series.currency === "ARS")?.amountsMinor).toEqual([10_000]);
    // A day with nothing approved in the period leaves its currency out (BRL's payments are older than today).
    expect(today.series.map((series) => series.currency)).toEqual(["ARS"]);
  });

  it("refuses a period it does not know, naming the field", async () => {
    await expect(caller.admin.overview.volume({ period: "year" } as never)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("period"),
    });
  });
});

describe("needing attention", () => {
  it("lists recent payments, failed webhooks, lapsing authorizations and the sync state", async () => {
    await db
      .insertInto("webhook_events")
      .values({
        dedupe_key: "payment:1:failed",
        topic: "payment",
        data_id: "1",
        signature_valid: true,
        status: "failed",
        last_error: "ProviderServerError: 500",
        payload: toJsonb({}),
      })
      .execute();
    await db
      .insertInto("provider_sync_state")
      .values({ resource: "payments", last_started_at: NOW, last_finished_at: NOW, last_applied: 3, updated_at: NOW })
      .execute();

    const attention = await caller.admin.overview.attention();
    expect(attention.recentPayments).toHaveLength(5);
    expect(attention.recentPayments[0]).toMatchObject({ amountMinor: 7_000, status: "pending" });
    expect(attention.failedWebhooks).toMatchObject({
      count: 1,
      items: [{ dataId: "1", lastError: "ProviderServerError: 500" }],
    });
    expect(attention.lapsingAuthorizations).toEqual([
      expect.objectContaining({
        id: lapsing,
        amountMinor: 4_000,
        captureDeadline: new Date(daysAgo(4).getTime() + 5 * DAY).toISOString(),
      }),
    ]);
    expect(attention.sync).toEqual([
      expect.objectContaining({
        resource: "payments",
        lastApplied: 3,
        lastError: null,
        lastFinishedAt: NOW.toISOString(),
      }),
    ]);
  });
});
