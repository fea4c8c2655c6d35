// The console's customers against the real sandbox over HTTP and the test
// database: search, create (one per dialog key, a duplicate e-mail refused in
// words), edit, delete (with and without cards, unlinking the shopper), the
// saved cards, and the link between a Cobro user and their provider customer.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors/app-error";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser, uniqueEmail } from "../../test/test-users";
import { addSavedCard } from "../shopper-account/add-saved-card";
import { createCustomer } from "./create-customer";
import { addCustomerCard, deleteCustomerCard, updateCustomerCard } from "./customer-cards";
import { deleteCustomer } from "./delete-customer";
import { getCustomer } from "./get-customer";
import { searchCustomers } from "./search-customers";
import { updateCustomer } from "./update-customer";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider, sandbox } = env;
const staff = await createTestUser({ db, role: "operator" });

function create(email: string, extra: Record<string, unknown> = {}, idempotencyKey = randomUUID()) {
  return createCustomer({ deps, actorUserId: staff.id, input: { email, idempotencyKey, ...extra } });
}

async function auditActions(resourceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_id", "=", resourceId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.action);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("createCustomer", () => {
  it("creates a customer with its fields and audits it; the dialog's key makes a double submit one customer", async () => {
    const email = uniqueEmail("create");
    const key = randomUUID();
    const fields = {
      firstName: "Ana",
      lastName: "Paz",
      phone: { areaCode: "11", number: "5555-1234" },
      identification: { type: "DNI", number: "12345678" },
      description: "VIP",
    };
    const [first, second] = await Promise.all([create(email, fields, key), create(email, fields, key)]);
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({
      email,
      firstName: "Ana",
      lastName: "Paz",
      phone: { areaCode: "11", number: "5555-1234" },
      identification: { type: "DNI", number: "12345678" },
      description: "VIP",
      cards: [],
      linkedUser: null,
    });
    const atProvider = await provider.customers.search({ email });
    expect(atProvider.results.map((customer) => customer.id)).toEqual([first.id]);
    expect(await auditActions(first.id)).toContain("customer.created");
    const requested = await db
      .selectFrom("audit_log")
      .select("idempotency_key")
      .where("action", "=", "customer.create_requested")
      .where("idempotency_key", "=", key)
      .execute();
    expect(requested.length).toBeGreaterThanOrEqual(1);
  });

  it("refuses a second customer with the same e-mail in words, naming the field", async () => {
    const email = uniqueEmail("dup");
    await create(email);
    const error = await rejection(create(email.toUpperCase()));
    expect(error).toMatchObject({ code: "CONFLICT", reason: "customer_email_taken", field: "email" });
    expect((await provider.customers.search({ email })).paging?.total).toBe(1);
  });

  it("finds the customer by e-mail when the provider's answer was lost after it committed", async () => {
    const email = uniqueEmail("lost");
    sandbox.control.addFault({
      method: "POST",
      path: "/v1/customers",
      count: 10,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "status", status: 500 },
    });
    try {
      const created = await create(email);
      expect(created.email).toBe(email);
      expect((await provider.customers.search({ email })).results.map((c) => c.id)).toEqual([created.id]);
    } finally {
      sandbox.control.clearFaults();
    }
  });

  it("links a Cobro user with the same e-mail and no customer yet", async () => {
    const user = await createTestUser({ db, name: "Shopper Link" });
    const created = await create(user.email);
    expect(created.linkedUser).toMatchObject({ id: user.id, email: user.email, role: "shopper" });
    const row = await db
      .selectFrom("users")
      .select("provider_customer_id")
      .where("id", "=", user.id)
      .executeTakeFirst();
    expect(row?.provider_customer_id).toBe(created.id);
  });
});

describe("searchCustomers", () => {
  it("filters by e-mail and pages with offset and limit", async () => {
    const email = uniqueEmail("search");
    const created = await create(email, { firstName: "Searchable" });
    const byEmail = await searchCustomers({ deps, email, offset: 0, limit: 10 });
    expect(byEmail.total).toBe(1);
    expect(byEmail.items.map((item) => item.id)).toEqual([created.id]);
    expect(byEmail.items[0]).toMatchObject({ firstName: "Searchable", cardCount: 0 });
    expect((await searchCustomers({ deps, email: uniqueEmail("nobody"), offset: 0, limit: 10 })).items).toEqual([]);

    await create(uniqueEmail("page"));
    await create(uniqueEmail("page"));
    const all = await searchCustomers({ deps, offset: 0, limit: 2 });
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const next = await searchCustomers({ deps, offset: 2, limit: 2 });
    expect(next.offset).toBe(2);
    expect(next.items.map((item) => item.id)).not.toContain(all.items[0]?.id);
  });
});

describe("updateCustomer", () => {
  it("changes the name, phone, document, description and default card, and audits the fields", async () => {
    const created = await create(uniqueEmail("edit"), { firstName: "Old" });
    const first = await addCustomerCard({
      deps,
      actorUserId: staff.id,
      customerId: created.id,
      cardToken: await env.cardToken("APRO"),
      idempotencyKey: randomUUID(),
    });
    const token = await provider.cardTokens.create({
      card_number: "5031755734530604",
      expiration_month: 11,
      expiration_year: 2030,
      security_code: "123",
      cardholder: { name: "APRO", identification: { type: "DNI", number: "12345678" } },
    });
    const second = await addCustomerCard({
      deps,
      actorUserId: staff.id,
      customerId: created.id,
      cardToken: token.id,
      idempotencyKey: randomUUID(),
    });
    expect(second.id).not.toBe(first.id);
    const updated = await updateCustomer({
      deps,
      actorUserId: staff.id,
      input: {
        customerId: created.id,
        firstName: "New",
        lastName: "Name",
        phone: { areaCode: "351", number: "4444" },
        identification: { type: "DNI", number: "87654321" },
        description: "changed",
        defaultCardId: second.id,
      },
    });
    expect(updated).toMatchObject({
      firstName: "New",
      lastName: "Name",
      phone: { areaCode: "351", number: "4444" },
      identification: { type: "DNI", number: "87654321" },
      description: "changed",
      defaultCardId: second.id,
    });
    expect((await provider.customers.get(created.id)).default_card).toBe(second.id);
    expect(await auditActions(created.id)).toContain("customer.updated");
  });

  it("refuses a default card the customer does not have, naming the field", async () => {
    const created = await create(uniqueEmail("bad-default"));
    const error = await rejection(
      updateCustomer({ deps, actorUserId: staff.id, input: { customerId: created.id, defaultCardId: "999" } }),
    );
    expect(error).toMatchObject({ code: "BAD_REQUEST", field: "defaultCardId", reason: "card_not_found" });
  });

  it("says NOT_FOUND for a customer the provider does not have", async () => {
    const error = await rejection(getCustomer({ deps, customerId: "1-doesnotexist" }));
    expect(error.code).toBe("NOT_FOUND");
  });
});

describe("saved cards", () => {
  it("adds a card once per dialog key, lists it, changes its expiry and holder, and deletes it", async () => {
    const created = await create(uniqueEmail("cards"));
    const token = await env.cardToken("APRO");
    const key = randomUUID();
    const add = () =>
      addCustomerCard({ deps, actorUserId: staff.id, customerId: created.id, cardToken: token, idempotencyKey: key });
    const card = await add();
    expect((await add()).id).toBe(card.id);
    const detail = await getCustomer({ deps, customerId: created.id });
    expect(detail.cards).toHaveLength(1);
    expect(detail.cards[0]).toMatchObject({ id: card.id, brand: "Visa", lastFour: "3704", holder: "APRO" });
    expect(detail.defaultCardId).toBe(card.id);

    const changed = await updateCustomerCard({
      deps,
      actorUserId: staff.id,
      input: {
        customerId: created.id,
        cardId: card.id,
        expirationMonth: 3,
        expirationYear: 2041,
        holderName: "ANA PAZ",
      },
    });
    expect(changed).toMatchObject({ expirationMonth: 3, expirationYear: 2041, holder: "ANA PAZ" });
    expect(await provider.cards.get(created.id, card.id)).toMatchObject({ expiration_month: 3, expiration_year: 2041 });

    await deleteCustomerCard({ deps, actorUserId: staff.id, customerId: created.id, cardId: card.id });
    expect(await provider.cards.list(created.id)).toEqual([]);
    expect(await auditActions(created.id)).toEqual(
      expect.arrayContaining(["customer.card_added", "customer.card_updated", "customer.card_deleted"]),
    );
  });

  it("refuses an expired expiry and a spent token in words, naming the field", async () => {
    const created = await create(uniqueEmail("card-refusals"));
    const card = await addCustomerCard({
      deps,
      actorUserId: staff.id,
      customerId: created.id,
      cardToken: await env.cardToken("APRO"),
      idempotencyKey: randomUUID(),
    });
    const expired = await rejection(
      updateCustomerCard({
        deps,
        actorUserId: staff.id,
        input: { customerId: created.id, cardId: card.id, expirationMonth: 1, expirationYear: 2001 },
      }),
    );
    expect(expired).toMatchObject({ code: "BAD_REQUEST", reason: "invalid_card_expiry", field: "expirationYear" });

    const spent = await env.cardToken("APRO");
    await provider.cards.create(created.id, { token: spent });
    const reused = await rejection(
      addCustomerCard({
        deps,
        actorUserId: staff.id,
        customerId: created.id,
        cardToken: spent,
        idempotencyKey: randomUUID(),
      }),
    );
    expect(reused).toMatchObject({ code: "BAD_REQUEST", field: "cardToken", reason: "invalid_card_token" });

    const missing = await rejection(
      deleteCustomerCard({ deps, actorUserId: staff.id, customerId: created.id, cardId: "424242" }),
    );
    expect(missing.code).toBe("NOT_FOUND");
  });
});

describe("deleteCustomer", () => {
  it("deletes a customer without cards", async () => {
    const created = await create(uniqueEmail("delete-empty"));
    const result = await deleteCustomer({ deps, actorUserId: staff.id, customerId: created.id });
    expect(result).toEqual({ customerId: created.id, cardsDeleted: 0, unlinkedUserId: null });
    expect((await rejection(getCustomer({ deps, customerId: created.id }))).code).toBe("NOT_FOUND");
    expect(await auditActions(created.id)).toContain("customer.deleted");
  });

  it("deletes a shopper's customer with its cards, and the shopper's next saved card makes a new customer", async () => {
    const user = await createTestUser({ db, name: "Card Shopper" });
    await addSavedCard({ deps, userId: user.id, cardToken: await env.cardToken("APRO") });
    const linkedId = (
      await db.selectFrom("users").select("provider_customer_id").where("id", "=", user.id).executeTakeFirstOrThrow()
    ).provider_customer_id;
    expect(linkedId).not.toBeNull();
    const detail = await getCustomer({ deps, customerId: linkedId ?? "" });
    expect(detail.linkedUser).toMatchObject({ id: user.id, email: user.email, name: "Card Shopper" });
    expect(detail.cards).toHaveLength(1);
    const cardId = detail.cards[0]?.id ?? "";

    const result = await deleteCustomer({ deps, actorUserId: staff.id, customerId: linkedId ?? "" });
    expect(result).toEqual({ customerId: linkedId, cardsDeleted: 1, unlinkedUserId: user.id });
    // provider: the delete takes the saved cards with it.
    expect((await rejection(getCustomer({ deps, customerId: linkedId ?? "" }))).code).toBe("NOT_FOUND");
    const cardGone = await provider.cards.get(linkedId ?? "", cardId).then(
      () => false,
      () => true,
    );
    expect(cardGone).toBe(true);
    const row = await db
      .selectFrom("users")
      .select("provider_customer_id")
      .where("id", "=", user.id)
      .executeTakeFirst();
    expect(row?.provider_customer_id).toBeNull();

    await addSavedCard({ deps, userId: user.id, cardToken: await env.cardToken("APRO") });
    const relinked = await db
      .selectFrom("users")
      .select("provider_customer_id")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(relinked.provider_customer_id).not.toBeNull();
    expect(relinked.provider_customer_id).not.toBe(linkedId);
  });

  it("says NOT_FOUND for a customer that is already gone", async () => {
    const created = await create(uniqueEmail("delete-twice"));
    await deleteCustomer({ deps, actorUserId: staff.id, customerId: created.id });
    const error = await rejection(deleteCustomer({ deps, actorUserId: staff.id, customerId: created.id }));
    expect(error.code).toBe("NOT_FOUND");
  });
});
