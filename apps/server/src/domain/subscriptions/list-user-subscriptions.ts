// The shopper's own subscriptions, newest first, from the mirror
// (index subscriptions_user_id_created_at_idx).

import type { ShopperSubscription } from "@cobro/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { toShopperSubscription } from "./subscription-view";

/** A shopper has a handful of subscriptions; the cap keeps a runaway account from loading thousands. */
export const MAX_LISTED_SUBSCRIPTIONS = 100;

export async function listUserSubscriptions(options: {
  db: Kysely<DB>;
  userId: string;
}): Promise<ShopperSubscription[]> {
  const rows = await options.db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", options.userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MAX_LISTED_SUBSCRIPTIONS)
    .execute();
  return rows.map(toShopperSubscription);
}
