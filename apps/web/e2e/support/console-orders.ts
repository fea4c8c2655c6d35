// A console order stored as the virtual terminal stores it (imported by tests only): its create's request in the
// provider-request ledger with a key and status, and the order's row pointing to it.
import type { Insertable, Kysely } from "kysely";
import type { DB, OrdersTable } from "../../../server/src/db/schema";
import type { ProviderRequestStatus } from "../../../server/src/domain/provider-requests/provider-request-status";

export async function insertConsoleOrder(
  db: Kysely<DB>,
  createStatus: ProviderRequestStatus,
  values: Omit<Insertable<OrdersTable>, "provider_request_id">,
) {
  const request = await db
    .insertInto("provider_requests")
    .values({
      kind: "order.create",
      idempotency_key: crypto.randomUUID(),
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
