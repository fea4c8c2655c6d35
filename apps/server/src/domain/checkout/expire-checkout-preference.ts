// A checkout has one payment. Once it has one (or is about to be paid another
// way), its hosted-checkout preference must stop being payable at the provider,
// or the shopper could pay the same checkout twice: once by card in the shop
// and once on the provider's page.
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";

const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

export interface ExpireCheckoutPreferenceOptions {
  deps: AccountProviderDeps & { now: () => Date };
  checkoutId: string;
  signal?: AbortSignal;
}

/**
 * When a paid checkout's preference stops being payable: minutes before now, but never before the checkout (and so
 * its preference) was made — a checkout paid within the margin would otherwise show a link that "expired before it
 * was created". Exported for its test.
 */
export function expiryInThePast(now: Date, checkoutCreatedAt: Date): Date {
  return new Date(Math.max(now.getTime() - EXPIRY_MARGIN_MS, Math.min(checkoutCreatedAt.getTime(), now.getTime())));
}

/**
 * Makes the checkout's preference unpayable (`expires: true`, `expiration_date_to`: now) unless that was done
 * already, and records when. Provider errors propagate: a caller about to take a card payment must not go on
 * while the hosted page may still take one.
 */
export async function expireCheckoutPreference(options: ExpireCheckoutPreferenceOptions): Promise<void> {
  const { deps, checkoutId } = options;
  const checkout = await deps.db
    .selectFrom("checkouts")
    .select(["provider_preference_id", "preference_expired_at", "idempotency_key", "provider_account_id", "created_at"])
    .where("id", "=", checkoutId)
    .executeTakeFirst();
  if (!checkout?.provider_preference_id || checkout.preference_expired_at !== null) return;
  const now = deps.now();
  // provider: a preference with `expires: true` is payable only until `expiration_date_to`. Minutes in the past,
  // so a provider clock a little behind ours cannot leave the page payable for a moment longer.
  // The preference lives under the checkout's account.
  const provider = await providerForAccount(deps, checkout.provider_account_id);
  await provider.preferences.update(
    checkout.provider_preference_id,
    { expires: true, expiration_date_to: expiryInThePast(now, checkout.created_at).toISOString() },
    {
      idempotencyKey: `${checkout.idempotency_key}:expire-preference`,
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
  await deps.db
    .updateTable("checkouts")
    .set({ preference_expired_at: now })
    .where("id", "=", checkoutId)
    .where("preference_expired_at", "is", null)
    .execute();
}
