// The `order` notification topic: the provider says an order changed; Cobro re-reads it
// (`GET /v1/orders/{id}`) into its table. Orders Cobro did not create are not mirrored (the virtual terminal
// keeps only its own). Safe to run twice: the mirror ignores a snapshot it already has.
import type { AppDeps } from "../../deps";
import { applyOrderSnapshot } from "./order-mirror";

/** provider: Orders ids are `ORD` + a ULID-like string. */
const ORDER_ID = /^ORD[0-9A-Za-z]{1,60}$/;

export async function syncOrderNotification(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  dataId: string | null;
}): Promise<{ mirrored: boolean }> {
  const { deps } = options;
  // provider: the notification's data.id is the order id; the signature check lower-cases it, the API does not.
  const id = options.dataId?.trim().toUpperCase() ?? "";
  if (!ORDER_ID.test(id)) throw new Error(`order notification without a valid order id (${options.dataId ?? "none"})`);
  const ours = await deps.db.selectFrom("orders").select("id").where("provider_order_id", "=", id).executeTakeFirst();
  if (!ours) return { mirrored: false };
  const order = await deps.provider.orders.get(id);
  const applied = await applyOrderSnapshot({ db: deps.db, order, now: deps.now() });
  return { mirrored: applied.applied };
}
