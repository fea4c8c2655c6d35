import { randomUUID } from "node:crypto";
import type { Payment } from "@cobro/provider-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toJsonb } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/test-database";
import { applyPaymentSnapshot } from "./apply-payment-snapshot";

let testDb: TestDatabase;
let nextId = 70_000_000_000;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.drop();
});

/** A provider payment body with the fields the mirror reads. */
function providerPayment(overrides: Partial<Payment> & { id: number }): Payment {
  return {
    date_created: "2026-01-10T10:00:00.000-03:00",
    date_last_updated: "2026-01-10T10:00:00.000-03:00",
    payment_method_id: "visa",
    payment_type_id: "credit_card",
    status: "approved",
    status_detail: "accredited",
    currency_id: "ARS",
    transaction_amount: 150.5,
    transaction_amount_refunded: 0,
    installments: 1,
    ...overrides,
  } as Payment;
}

async function createCheckout() {
  return testDb.db
    .insertInto("checkouts")
    .values({
      items: toJsonb([]),
      amount_minor: 15_050,
      currency: "ARS",
      status: "pending",
      idempotency_key: randomUUID(),
      external_reference: `ref-${randomUUID()}`,
    })
    .returning(["id", "external_reference"])
    .executeTakeFirstOrThrow();
}

async function mirror(id: number) {
  return testDb.db.selectFrom("payments").selectAll().where("provider_payment_id", "=", id).executeTakeFirstOrThrow();
}

async function checkoutStatus(id: string) {
  return testDb.db
    .selectFrom("checkouts")
    .select(["status", "provider_payment_id"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

const now = new Date("2026-01-10T13:05:00.000Z");

describe("applyPaymentSnapshot", () => {
  it("creates the mirror in minor units and links the checkout by external_reference", async () => {
    const checkout = await createCheckout();
    const id = nextId++;
    const result = await applyPaymentSnapshot({
      db: testDb.db,
      payment: providerPayment({ id, external_reference: checkout.external_reference }),
      now,
    });
    expect(result).toMatchObject({ outcome: "created", checkoutId: checkout.id, status: "approved" });
    expect(await mirror(id)).toMatchObject({
      amount_minor: 15_050,
      refunded_minor: 0,
      currency: "ARS",
      checkout_id: checkout.id,
    });
    expect(await checkoutStatus(checkout.id)).toEqual({ status: "paid", provider_payment_id: id });
  });

  it("ignores an older snapshot that arrives late", async () => {
    const id = nextId++;
    await applyPaymentSnapshot({
      db: testDb.db,
      payment: providerPayment({
        id,
        status: "refunded",
        transaction_amount_refunded: 150.5,
        date_last_updated: "2026-01-10T12:00:00.000Z",
      }),
      now,
    });
    const stale = await applyPaymentSnapshot({
      db: testDb.db,
      payment: providerPayment({
        id,
        status: "refunded",
        transaction_amount_refunded: 50,
        date_last_updated: "2026-01-10T11:00:00.000Z",
      }),
      now,
    });
    expect(stale.outcome).toBe("stale");
    expect(await mirror(id)).toMatchObject({ status: "refunded", refunded_minor: 15_050 });
  });

  it("never moves a status backwards, even with a newer date", async () => {
    const id = nextId++;
    await applyPaymentSnapshot({ db: testDb.db, payment: providerPayment({ id, status: "approved" }), now });
    const result = await applyPaymentSnapshot({
      db: testDb.db,
      payment: providerPayment({
        id,
        status: "pending",
        status_detail: "pending_waiting_payment",
        date_last_updated: "2026-01-11T00:00:00.000Z",
      }),
      now,
    });
    expect(result.outcome).toBe("stale");
    expect(await mirror(id)).toMatchObject({ status: "approved", status_detail: "accredited" });
  });

  it("applies a partial refund (same status rank, newer date)", async () => {
    const id = nextId++;
    await applyPaymentSnapshot({ db: testDb.db, payment: providerPayment({ id }), now });
    const result = await applyPaymentSnapshot({
      db: testDb.db,
      payment: providerPayment({
        id,
        transaction_amount_refunded: 50.25,
        date_last_updated: "2026-01-11T00:00:00.000Z",
      }),
      now,
    });
    expect(result.outcome).toBe("updated");
    expect(await mirror(id)).toMatchObject({ status: "approved", refunded_minor: 5_025 });
  });

  it("keeps a checkout paid when a later declined attempt for it arrives", async () => {
    const checkout = await createCheckout();
    const approved = nextId++;
    const declined = nextId++;
    await applyPaymentSnapshot({
      db: testDb.db,
      payment: providerPayment({ id: approved, external_reference: checkout.external_reference }),
      now,
    });
    await applyPaymentSnapshot({
      db: testDb.db,
      payment: providerPayment({
        id: declined,
        status: "rejected",
        status_detail: "cc_rejected_other_reason",
        external_reference: checkout.external_reference,
      }),
      now,
    });
    expect(await checkoutStatus(checkout.id)).toEqual({ status: "paid", provider_payment_id: approved });
    expect((await mirror(declined)).checkout_id).toBe(checkout.id);
  });

  it("serialises concurrent snapshots of one payment: the newest status wins whatever the order", async () => {
    const id = nextId++;
    const snapshots = [
      providerPayment({
        id,
        status: "pending",
        status_detail: "pending_contingency",
        date_last_updated: "2026-01-10T10:00:00.000Z",
      }),
      providerPayment({ id, status: "approved", date_last_updated: "2026-01-10T10:05:00.000Z" }),
      providerPayment({
        id,
        status: "refunded",
        transaction_amount_refunded: 150.5,
        date_last_updated: "2026-01-10T10:10:00.000Z",
      }),
    ];
    await Promise.all([...snapshots].reverse().map((payment) => applyPaymentSnapshot({ db: testDb.db, payment, now })));
    expect(await mirror(id)).toMatchObject({ status: "refunded", refunded_minor: 15_050 });
    const rows = await testDb.db.selectFrom("payments").select("id").where("provider_payment_id", "=", id).execute();
    expect(rows).toHaveLength(1);
  });

  it("records each state the mirror takes (created, updated), never a stale or unchanged one; copies the filter columns", async () => {
    const id = nextId++;
    const now = new Date("2026-01-10T13:00:00.000Z");
    const first = providerPayment({
      id,
      status: "authorized",
      status_detail: "pending_capture",
      external_reference: "ref-states",
      payer: { email: " Buyer@Example.COM " } as Payment["payer"],
    });
    await applyPaymentSnapshot({ db: testDb.db, payment: first, now });
    await applyPaymentSnapshot({ db: testDb.db, payment: first, now }); // unchanged
    await applyPaymentSnapshot({
      db: testDb.db,
      payment: {
        ...first,
        status: "approved",
        status_detail: "accredited",
        date_last_updated: "2026-01-11T10:00:00.000-03:00",
      },
      now,
    });
    await applyPaymentSnapshot({ db: testDb.db, payment: first, now }); // stale
    const states = await testDb.db
      .selectFrom("payment_state_changes")
      .select(["status", "status_detail", "refunded_minor", "at"])
      .where("provider_payment_id", "=", id)
      .orderBy("at")
      .execute();
    expect(states).toEqual([
      {
        status: "authorized",
        status_detail: "pending_capture",
        refunded_minor: 0,
        at: new Date("2026-01-10T13:00:00.000Z"),
      },
      { status: "approved", status_detail: "accredited", refunded_minor: 0, at: new Date("2026-01-11T13:00:00.000Z") },
    ]);
    const row = await testDb.db
      .selectFrom("payments")
      .select(["payer_email", "external_reference", "provider_created_at"])
      .where("provider_payment_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      payer_email: "buyer@example.com",
      external_reference: "ref-states",
      provider_created_at: new Date("2026-01-10T13:00:00.000Z"),
    });
  });

  it("refuses a currency the shop cannot hold exactly", async () => {
    await expect(
      applyPaymentSnapshot({ db: testDb.db, payment: providerPayment({ id: nextId++, currency_id: "VES" }), now }),
    ).rejects.toThrow(/VES/);
  });
});
