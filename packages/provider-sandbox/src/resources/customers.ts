// /v1/customers (docs/provider-facts.md §4.4): the customers that own saved cards,
// one per e-mail per seller. Answers always carry the customer's current
// saved cards (`cards[]`), read from the cards collection.

import { randomBytes } from "node:crypto";
import type { RegisterRoutes, SandboxContext, Seller } from "../context";
import { ownApplicationId } from "../core/credentials";
import { badField, classicError, notFound } from "../core/errors";
import type { Schemas } from "../schemas";
import { cardsOfCustomer, customersOf, type StoredCustomer, savedCardsOf, toCustomerResource } from "./wallet-store";

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** provider: customer ids look like `<collector id>-<14 letters and digits>`. */
function customerId(seller: Seller): string {
  let tail = "";
  for (const byte of randomBytes(14)) tail += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${seller.userId}-${tail}`;
}

function emailTaken(ctx: SandboxContext, seller: Seller, email: string, exceptId: string | null): boolean {
  const wanted = email.trim().toLowerCase();
  return customersOf(ctx, seller.userId)
    .list()
    .some((customer) => customer.id !== exceptId && customer.email.toLowerCase() === wanted);
}

function alreadyExists(email: string): never {
  // provider: 400 "the customer already exist" with cause code 101.
  throw classicError(400, "the customer already exist", {
    cause: [{ code: "101", description: "the customer already exist", data: email }],
  });
}

function addressOf(address: Schemas["CustomerUpdateRequest"]["address"]): StoredCustomer["address"] {
  return {
    ...address,
    id: address?.id ?? null,
    zip_code: address?.zip_code ?? null,
    street_name: address?.street_name ?? null,
    street_number: address?.street_number ?? null,
  };
}

/** Finds a seller's customer or throws the provider's 404. */
export function requireCustomer(ctx: SandboxContext, seller: Seller, id: string): StoredCustomer {
  const customer = customersOf(ctx, seller.userId).get(id);
  if (!customer) throw notFound("customer", id);
  return customer;
}

/**
 * Creates a customer; 400 (cause 101) when the seller already has one with
 * that e-mail. `applicationId` is the application the access token was issued to.
 */
export function createCustomer(
  ctx: SandboxContext,
  seller: Seller,
  body: Schemas["CustomerRequest"],
  applicationId: number = ownApplicationId(seller),
): Schemas["Customer"] {
  const email = body.email.trim();
  if (email === "") throw badField("email", "email is required", "106");
  if (emailTaken(ctx, seller, email, null)) alreadyExists(email);
  const now = ctx.clock.nowIso();
  const customer: StoredCustomer = {
    id: customerId(seller),
    email,
    first_name: body.first_name ?? null,
    last_name: body.last_name ?? null,
    phone: { area_code: body.phone?.area_code ?? null, number: body.phone?.number ?? null },
    identification: { type: body.identification?.type ?? null, number: body.identification?.number ?? null },
    address: addressOf(body.address),
    default_address: body.default_address ?? null,
    default_card: null,
    description: body.description ?? null,
    date_registered: body.date_registered ?? null,
    date_created: now,
    date_last_updated: now,
    metadata: { source_sync: "source_ws", ...(body.metadata ?? {}) },
    addresses: [],
    live_mode: false,
    // provider: a customer answers its status and whose it is: user_id and merchant_id (the seller) and
    // client_id (the application), all numbers (sdk-nodejs e2e/customer/create.spec.ts, remove.spec.ts).
    status: "active",
    user_id: seller.userId,
    merchant_id: seller.userId,
    client_id: applicationId,
  };
  customersOf(ctx, seller.userId).put(customer.id, customer);
  return toCustomerResource(ctx, seller.userId, customer);
}

function updateCustomer(
  ctx: SandboxContext,
  seller: Seller,
  id: string,
  body: Schemas["CustomerUpdateRequest"],
): Schemas["Customer"] {
  const customer = requireCustomer(ctx, seller, id);
  if (body.email !== undefined) {
    if (emailTaken(ctx, seller, body.email, id)) alreadyExists(body.email);
    customer.email = body.email.trim();
  }
  if (
    body.default_card !== undefined &&
    !cardsOfCustomer(ctx, seller.userId, id).some((card) => card.id === body.default_card)
  ) {
    throw badField("default_card", `default_card ${body.default_card} is not a card of this customer`, "122");
  }
  if (body.first_name !== undefined) customer.first_name = body.first_name;
  if (body.last_name !== undefined) customer.last_name = body.last_name;
  if (body.phone !== undefined) customer.phone = { ...customer.phone, ...body.phone };
  if (body.identification !== undefined)
    customer.identification = { ...customer.identification, ...body.identification };
  if (body.address !== undefined) customer.address = addressOf({ ...customer.address, ...body.address });
  if (body.default_address !== undefined) customer.default_address = body.default_address;
  if (body.default_card !== undefined) customer.default_card = body.default_card;
  if (body.description !== undefined) customer.description = body.description;
  if (body.date_registered !== undefined) customer.date_registered = body.date_registered;
  if (body.metadata !== undefined) customer.metadata = { ...customer.metadata, ...body.metadata };
  customer.date_last_updated = ctx.clock.nowIso();
  customersOf(ctx, seller.userId).put(id, customer);
  return toCustomerResource(ctx, seller.userId, customer);
}

function deleteCustomer(ctx: SandboxContext, seller: Seller, id: string): Schemas["Customer"] {
  const customer = requireCustomer(ctx, seller, id);
  // provider: the deleted customer comes back with status `deactive` (sdk-nodejs e2e/customer/remove.spec.ts).
  const answer: Schemas["Customer"] = { ...toCustomerResource(ctx, seller.userId, customer), status: "deactive" };
  const cards = savedCardsOf(ctx, seller.userId);
  for (const card of answer.cards ?? []) cards.delete(card.id);
  customersOf(ctx, seller.userId).delete(id);
  return answer;
}

function searchCustomers(ctx: SandboxContext, seller: Seller, query: URLSearchParams): Schemas["CustomerSearchResult"] {
  const email = query.get("email")?.trim().toLowerCase();
  const matches = customersOf(ctx, seller.userId)
    .list()
    .filter((customer) => email === undefined || customer.email.toLowerCase() === email);
  const limit = Math.min(Math.max(Number(query.get("limit") ?? 30) || 30, 1), 100);
  const offset = Math.max(Number(query.get("offset") ?? 0) || 0, 0);
  return {
    paging: { total: matches.length, limit, offset },
    results: matches.slice(offset, offset + limit).map((customer) => toCustomerResource(ctx, seller.userId, customer)),
  };
}

/** Routes of the `customers` group: create, search, get, update, delete. */
export const registerCustomersRoutes: RegisterRoutes = (app, ctx) => {
  app.post("/v1/customers", (c) =>
    c.json(
      createCustomer(ctx, c.get("seller"), c.get("jsonBody") as Schemas["CustomerRequest"], c.get("applicationId")),
      201,
    ),
  );

  // Registered before `/:customerId` so that "search" is not taken for an id.
  app.get("/v1/customers/search", (c) =>
    c.json(searchCustomers(ctx, c.get("seller"), new URL(c.req.url).searchParams), 200),
  );

  app.get("/v1/customers/:customerId", (c) => {
    const seller = c.get("seller");
    return c.json(toCustomerResource(ctx, seller.userId, requireCustomer(ctx, seller, c.req.param("customerId"))), 200);
  });

  app.put("/v1/customers/:customerId", (c) =>
    c.json(
      updateCustomer(
        ctx,
        c.get("seller"),
        c.req.param("customerId"),
        c.get("jsonBody") as Schemas["CustomerUpdateRequest"],
      ),
      200,
    ),
  );

  app.delete("/v1/customers/:customerId", (c) =>
    c.json(deleteCustomer(ctx, c.get("seller"), c.req.param("customerId")), 200),
  );
};
