// After a declined (or cancelled) payment, another way to pay (a new card, a cash ticket) pays a NEW checkout for the
// same order: the server keeps a checkout's one payment as it was (pay-with-card.ts and pay-offline.ts answer it
// again), and makes the new one only once the old one can take no money (replace-checkout.ts). The new checkout
// has its own idempotency key, so it too charges at most once.
import { useI18n } from "../../i18n/i18n-context";
import { trpc } from "../../trpc";
import { type StoredCheckout, writeStoredCheckout } from "./checkout-session";

export interface CheckoutAccess {
  checkoutId: string;
  checkoutToken: string;
}

/** The checkout a payment goes to: `checkout` itself, or once its payment ended a new one for the same order. */
export function useCheckoutToPay(checkout: StoredCheckout, ended: boolean): () => Promise<CheckoutAccess> {
  const { language } = useI18n();
  const replace = trpc.checkout.replace.useMutation();
  return async () => {
    const current = { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken };
    if (!ended) return current;
    const created = await replace.mutateAsync({ ...current, language });
    // Kept for the result page and a reload; the payment step is left right after, so its state stays as it is.
    writeStoredCheckout({
      ...checkout,
      checkoutId: created.checkoutId,
      checkoutToken: created.checkoutToken,
      total: created.total,
    });
    return { checkoutId: created.checkoutId, checkoutToken: created.checkoutToken };
  };
}
