// A mirrored subscription as the shopper sees it.

import type { ShopperSubscription } from "@cobro/contracts";
import { z } from "zod";
import type { Subscription } from "../../db/schema";
import { toMoney } from "../catalog/product-view";

const snapshotSchema = z.object({
  reason: z.string().nullish(),
  auto_recurring: z.object({ frequency: z.number().nullish(), frequency_type: z.string().nullish() }).nullish(),
});

export function toShopperSubscription(row: Subscription): ShopperSubscription {
  const snapshot = snapshotSchema.safeParse(row.snapshot);
  const data = snapshot.success ? snapshot.data : {};
  return {
    id: row.id,
    planId: row.provider_plan_id,
    reason: data.reason ?? null,
    status: row.status,
    amount: toMoney(row.amount_minor, row.currency),
    frequency: data.auto_recurring?.frequency ?? null,
    frequencyType: data.auto_recurring?.frequency_type ?? null,
    nextPaymentDate: row.next_payment_date?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}
