import { checkoutCreateInputSchema } from "@cobro/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-database";
import { createTestUser } from "../../test/test-users";
import { hashCheckoutToken } from "./checkout-token";
import { createCheckout } from "./create-checkout";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;
const now = new Date("2026-02-01T12:00:00.000Z");

async function product(priceMinor: number, currency = "ARS", active = true) {
  return db
    .insertInto("products")
    .values({
      slug: `p-${Math.random().toString(36).slice(2, 10)}`,
      name: `Product ${priceMinor}`,
      description: "",
      price_minor: priceMinor,
      currency,
      active,
    })
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
}

const payer = {
  email: "buyer@testuser.com",
  firstName: "Ana",
  lastName: "Pérez",
  identification: { type: "DNI", number: "12345678" },
};

/** A checkout of these cart lines for the test payer, by a guest unless `userId` is given. */
function checkoutOf(items: { productId: string; quantity: number }[], userId: string | null = null) {
  return createCheckout({ db, userId, items, payer, now });
}

describe("createCheckout", () => {
  it("prices the cart from the database and stores a snapshot, the payer and a hashed token", async () => {
    const mate = await product(1_850_000);
    const yerba = await product(745_000);
    const created = await checkoutOf([
      { productId: mate.id, quantity: 2 },
      { productId: yerba.id, quantity: 1 },
    ]);
    expect(created.total).toEqual({ amountMinor: 2 * 1_850_000 + 745_000, currency: "ARS" });
    expect(created.status).toBe("open");
    expect(created.checkoutToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await db
      .selectFrom("checkouts")
      .selectAll()
      .where("id", "=", created.checkoutId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: null,
      amount_minor: 4_445_000,
      currency: "ARS",
      status: "open",
      payer_email: "buyer@testuser.com",
      payer_first_name: "Ana",
      payer_last_name: "Pérez",
      payer_identification: { type: "DNI", number: "12345678" },
      external_reference: created.checkoutId,
      provider_payment_id: null,
    });
    expect(row.items).toEqual([
      { productId: mate.id, name: mate.name, unitPriceMinor: 1_850_000, quantity: 2 },
      { productId: yerba.id, name: yerba.name, unitPriceMinor: 745_000, quantity: 1 },
    ]);
    // Only the hash is kept: the token itself is nowhere in the row.
    expect(row.guest_token_hash).toBe(hashCheckoutToken(created.checkoutToken));
    expect(JSON.stringify(row)).not.toContain(created.checkoutToken);
    expect(row.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("cannot be tampered with: a price sent by the browser is refused by the schema, the database price wins", async () => {
    const mate = await product(1_850_000);
    const tampered = checkoutCreateInputSchema.safeParse({
      items: [{ productId: mate.id, quantity: 1, unitPriceMinor: 1, price: { amountMinor: 1, currency: "ARS" } }],
      payer,
      total: 1,
    });
    expect(tampered.success).toBe(false);
    expect(tampered.error?.issues.map((issue) => [issue.code, issue.path.join(".")])).toEqual([
      ["unrecognized_keys", "items.0"],
      ["unrecognized_keys", ""],
    ]);
    const input = checkoutCreateInputSchema.parse({ items: [{ productId: mate.id, quantity: 1 }], payer });
    const created = await createCheckout({ db, userId: null, ...input, now });
    expect(created.total.amountMinor).toBe(1_850_000);
  });

  it("links the checkout to the signed-in shopper", async () => {
    const user = await createTestUser({ db });
    const mate = await product(1_000);
    const created = await checkoutOf([{ productId: mate.id, quantity: 1 }], user.id);
    const row = await db
      .selectFrom("checkouts")
      .select("user_id")
      .where("id", "=", created.checkoutId)
      .executeTakeFirst();
    expect(row?.user_id).toBe(user.id);
  });

  it("adds up the same product listed twice", async () => {
    const mate = await product(1_000);
    const created = await checkoutOf([
      { productId: mate.id, quantity: 2 },
      { productId: mate.id, quantity: 3 },
    ]);
    expect(created.total.amountMinor).toBe(5_000);
  });

  it("refuses mixed currencies, naming items", async () => {
    const ars = await product(1_000, "ARS");
    const brl = await product(1_000, "BRL");
    await expect(
      checkoutOf([
        { productId: ars.id, quantity: 1 },
        { productId: brl.id, quantity: 1 },
      ]),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "items", reason: "mixed_currencies" });
  });

  it("refuses an inactive or unknown product, naming the item", async () => {
    const ok = await product(1_000);
    const gone = await product(1_000, "ARS", false);
    await expect(
      checkoutOf([
        { productId: ok.id, quantity: 1 },
        { productId: gone.id, quantity: 1 },
      ]),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "items.1.productId", reason: "product_unavailable" });
    await expect(
      checkoutOf([{ productId: "00000000-0000-4000-8000-000000000000", quantity: 1 }]),
    ).rejects.toMatchObject({ field: "items.0.productId" });
  });

  it("refuses a merged quantity above 99 and a zero total", async () => {
    const mate = await product(1_000);
    await expect(
      checkoutOf([
        { productId: mate.id, quantity: 60 },
        { productId: mate.id, quantity: 60 },
      ]),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "items.0.quantity" });
    const free = await product(0);
    await expect(checkoutOf([{ productId: free.id, quantity: 1 }])).rejects.toMatchObject({
      code: "BAD_REQUEST",
      field: "items",
      reason: "total_zero",
    });
  });

  it("names the items in the shopper's language, keeps it, and numbers the orders in sequence", async () => {
    const mate = await product(1_000);
    await db
      .updateTable("products")
      .set({ translations: JSON.stringify({ pt: { title: "Cuia" }, es: { title: " " } }) })
      .where("id", "=", mate.id)
      .execute();
    const items = [{ productId: mate.id, quantity: 1 }];
    const inPortuguese = await createCheckout({ db, userId: null, items, payer, language: "pt", now });
    const inSpanish = await createCheckout({ db, userId: null, items, payer, language: "es", now });
    const rows = await db
      .selectFrom("checkouts")
      .select(["id", "items", "locale", "order_number"])
      .where("id", "in", [inPortuguese.checkoutId, inSpanish.checkoutId])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const pt = byId.get(inPortuguese.checkoutId);
    const es = byId.get(inSpanish.checkoutId);
    expect(pt).toMatchObject({ locale: "pt", items: [expect.objectContaining({ name: "Cuia" })] });
    // A blank translation falls back to the product's own name.
    expect(es).toMatchObject({ locale: "es", items: [expect.objectContaining({ name: mate.name })] });
    expect(es?.order_number).toBe((pt?.order_number ?? 0) + 1);
  });
});
