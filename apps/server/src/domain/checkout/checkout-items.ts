// The items snapshot stored on a checkout (`checkouts.items`): what was bought
// at which price when the checkout was made. Later price changes do not touch it.
import { z } from "zod";
import type { JsonValue } from "../../db/schema";
import { AppError } from "../../errors/app-error";

export const checkoutItemSnapshotSchema = z.object({
  productId: z.string(),
  name: z.string(),
  unitPriceMinor: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
});
export type CheckoutItemSnapshot = z.infer<typeof checkoutItemSnapshotSchema>;

const snapshotListSchema = z.array(checkoutItemSnapshotSchema);

export function parseCheckoutItems(value: JsonValue): CheckoutItemSnapshot[] {
  const parsed = snapshotListSchema.safeParse(value);
  if (!parsed.success) throw new AppError("INTERNAL", "A checkout's items could not be read.", { cause: parsed.error });
  return parsed.data;
}

/** "Mate x2, Bombilla" — for the provider's `description`, cut to `max` characters. */
export function describeItems(items: readonly CheckoutItemSnapshot[], max = 250): string {
  const text = items.map((item) => (item.quantity > 1 ? `${item.name} x${item.quantity}` : item.name)).join(", ");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
