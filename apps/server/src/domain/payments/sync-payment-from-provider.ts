// Brings the local mirror of one payment up to date with the provider. This is
// what a payment notification triggers: the notification only says "payment
// 123 changed"; what changed is read from GET /v1/payments/123 (provider-facts
// §9.1: receivers must fetch the resource), so a forged or stale body cannot
// set a status.
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { type AccountProviderDeps, accountIdOfPayment, providerForAccount } from "../../provider/provider-for-account";
import { type ApplyPaymentResult, applyPaymentSnapshot } from "./apply-payment-snapshot";

/** Parses a payment id from a notification's `data.id` (payment ids are positive integers). */
export function parseProviderPaymentId(dataId: string | null): number {
  const id = dataId !== null && /^\d{1,15}$/.test(dataId) ? Number(dataId) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new AppError("BAD_REQUEST", `"${dataId ?? ""}" is not a payment id.`, { field: "data.id" });
  }
  return id;
}

/**
 * Fetches the payment from the provider and applies it to the mirror. Provider
 * errors propagate (the job retries 5xx and timeouts); the result says whether
 * the mirror changed or the snapshot was stale.
 */
export async function syncPaymentFromProvider(options: {
  deps: AccountProviderDeps & Pick<AppDeps, "now" | "jobs">;
  providerPaymentId: number;
  /**
   * The account whose credentials read the payment (a notification's `user_id`); undefined: the account the mirror
   * already holds it under, else the store's own. The sandbox, like the provider, shows a payment only to its seller.
   */
  providerAccountId?: string | null;
}): Promise<ApplyPaymentResult> {
  const { deps, providerPaymentId } = options;
  const providerAccountId =
    options.providerAccountId !== undefined
      ? options.providerAccountId
      : await accountIdOfPayment(deps, providerPaymentId);
  const provider = await providerForAccount(deps, providerAccountId);
  const payment = await provider.payments.get(providerPaymentId);
  return applyPaymentSnapshot({ db: deps.db, payment, now: deps.now(), jobs: deps.jobs, providerAccountId });
}
