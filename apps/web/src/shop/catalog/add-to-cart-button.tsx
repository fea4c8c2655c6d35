import { Button } from "@cobro/ui";
import { useEffect, useState } from "react";
import { useI18n } from "../../i18n/i18n-context";
import type { RouterOutputs } from "../../trpc";
import { useCart } from "../cart/cart-context";
import type { QuantityClamp } from "../cart/cart-state";
import { clampMessage } from "../cart/clamp-message";

type Product = RouterOutputs["catalog"]["get"];

export interface AddToCartButtonProps {
  product: Product;
  quantity?: number;
  block?: boolean;
}

/** Adds a product to the cart and says so next to the button (a polite live region) for a few seconds. */
export function AddToCartButton({ product, quantity = 1, block = false }: AddToCartButtonProps) {
  const { t } = useI18n();
  const cart = useCart();
  const [added, setAdded] = useState(false);
  // Set when the cart could not take the whole quantity (the line would pass the maximum).
  const [clamp, setClamp] = useState<QuantityClamp | null>(null);

  useEffect(() => {
    if (!added) return;
    // A clamp message stays until the next add: it says something the shopper must know.
    if (clamp) return;
    const timer = setTimeout(() => setAdded(false), 4000);
    return () => clearTimeout(timer);
  }, [added, clamp]);

  return (
    <div className="ui-add-to-cart">
      <Button
        block={block}
        // The visible words first, so voice control users can say what they see (WCAG 2.5.3).
        aria-label={`${t("store.add")}: ${product.name}`}
        onClick={() => {
          const clamped = cart.add(
            {
              productId: product.id,
              slug: product.slug,
              name: product.name,
              unitPriceMinor: product.price.amountMinor,
              currency: product.price.currency,
            },
            quantity,
          );
          setClamp(clamped);
          setAdded(true);
        }}
      >
        {t("store.add")}
      </Button>
      <p className="ui-add-to-cart__status" aria-live="polite">
        {added ? (clamp ? clampMessage(t, product.name, clamp) : t("cart.added", { name: product.name })) : ""}
      </p>
    </div>
  );
}
