// After a decline, another way to pay (a new card, a cash ticket) pays a NEW checkout for the same order: the
// server keeps a declined checkout's one payment as it was (pay-with-card.ts, pay-offline.ts answer it again), and
// the new checkout has its own idempotency key, so it too charges at most once. Only a declined checkout is
// replaced: the payment step offers no second payment while one may still exist (pending, confirming, …).
import { useI18n } from "../i18n/i18n-context";
import { trpc } from "../trpc";
import { type StoredCheckout, writeStoredCheckout } from "./checkout-session";

export interface CheckoutAccess {
  checkoutId: string;
  checkoutToken: string;
}

/** The checkout a payment goes to: `checkout` itself, or after a decline a new one for the same order. */
export function useCheckoutToPay(checkout: StoredCheckout, declined: boolean): () => Promise<CheckoutAccess> {
  const { language } = useI18n();
  const createCheckout = trpc.checkout.create.useMutation();
  return async () => {
    if (!declined) return { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken };
    const created = await createCheckout.mutateAsync({ items: checkout.items, payer: checkout.payer, language });
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
