// The sentence that tells a shopper how and why the cart changed a quantity.
import type { Translate } from "../../i18n/dictionary";
import { MAX_QUANTITY, MIN_QUANTITY, type QuantityClamp } from "./cart-state";

export function clampMessage(t: Translate, name: string, clamp: QuantityClamp): string {
  const params = { name, quantity: clamp.quantity, requested: clamp.requested, max: MAX_QUANTITY, min: MIN_QUANTITY };
  if (clamp.reason === "max") return t("cart.clamped.max", params);
  if (clamp.reason === "min") return t("cart.clamped.min", params);
  return t("cart.clamped.whole", params);
}
