// Test fixtures for the virtual terminal's orders (imported by tests only): a valid "new charge" input for the
// test env's store (ARS, a test-user payer and the site's sample document, a fresh APRO card unless told), and an
// order made through the domain, in the state a test needs.
import { randomUUID } from "node:crypto";
import type { CreateOrderInput } from "@cobro/contracts";
import type { Insertable, Kysely } from "kysely";
import type { DB, OrdersTable } from "../db/schema";
import { createOrder } from "../domain/orders/create-order";
import type { ProviderRequestStatus } from "../domain/provider-requests/provider-request-status";
import type { ShopTestEnv } from "./shop-test-env";

export async function orderInput(
  env: ShopTestEnv,
  overrides: Partial<Omit<CreateOrderInput, "card">> & { cardholder?: string; installments?: number } = {},
): Promise<CreateOrderInput> {
  const { cardholder, installments, ...fields } = overrides;
  const payer = env.payer();
  return {
    idempotencyKey: randomUUID(),
    amountMinor: 10_000,
    currency: "ARS",
    description: "Phone order",
    payer: { email: payer.email, identification: payer.identification },
    processingMode: "automatic",
    captureMode: "automatic",
    card: {
      cardToken: await env.cardToken(cardholder ?? "APRO"),
      paymentMethodId: "visa",
      installments: installments ?? 1,
    },
    ...fields,
  };
}

/** An order created through the domain as `actorUserId`; returns our order id. */
export async function createTestOrder(
  env: ShopTestEnv,
  actorUserId: string,
  overrides: Parameters<typeof orderInput>[1] = {},
): Promise<string> {
  const outcome = await createOrder({ deps: env.deps, actorUserId, input: await orderInput(env, overrides) });
  return outcome.orderId;
}

/** The first payment transaction's id of one of our orders, as mirrored. */
export async function firstTransactionId(env: ShopTestEnv, orderId: string): Promise<string> {
  const row = await env.db
    .selectFrom("orders")
    .select("transactions")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const id = (row.transactions as { payments?: { id: string }[] }).payments?.[0]?.id;
  if (!id) throw new Error(`order ${orderId} has no payment transaction`);
  return id;
}

/** A console order stored as the virtual terminal stores it: its create's request in the ledger, the row pointing to it. */
export async function insertConsoleOrder(
  db: Kysely<DB>,
  createStatus: ProviderRequestStatus,
  values: Omit<Insertable<OrdersTable>, "provider_request_id">,
) {
  const request = await db
    .insertInto("provider_requests")
    .values({
      kind: "order.create",
      idempotency_key: randomUUID(),
      status: createStatus,
      resource_type: "order",
      resource_id: "new",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return db
    .insertInto("orders")
    .values({ ...values, provider_request_id: request.id })
    .returning(["id", "external_reference"])
    .executeTakeFirstOrThrow();
}
