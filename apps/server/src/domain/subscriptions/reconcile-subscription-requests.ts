// How the one reconcile loop (domain/provider-requests) settles the console's subscription requests whose answer
// was never seen: left `unknown` (timeout, dropped connection, 5xx after the retries) or `pending` by a process that
// died mid-call. Both only read the provider, on the account the request went to.
//
// A create: the card token is never kept, so the request cannot be sent again once the operator has left the
// dialog; instead the provider is searched for what it would have made: a subscription of the same payer, reason,
// amount, currency and frequency, made at or after the request was stored, that no other request of ours has
// claimed. Found: it succeeded, with that subscription. Nothing found NO_PAYMENT_AFTER_MS after the request was
// stored: it failed (the provider answers a create in seconds).
//
// A change: the subscription is read. An amount change shows as its amount; a card change as a modification dated
// at or after the request (the card itself cannot be read back). Neither seen NO_PAYMENT_AFTER_MS after the request
// was stored, or the subscription cancelled: it made no change.
import type { Subscription as ProviderSubscription } from "@cobro/provider-client";
import { fromMinorUnits, isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import type { ProviderRequest } from "../../db/schema";
import { providerForAccount } from "../../provider/provider-for-account";
import { noEffectAfterDeadline } from "../provider-requests/no-effect-after";
import type { ProviderRequestDeps, ProviderRequestVerdict } from "../provider-requests/provider-request-kind";

/** Clocks differ: a subscription dated up to this much before our row can still be ours. */
const CLOCK_SKEW_MS = 60_000;
/** The payer's newest subscriptions read per request: a console create is among the latest. */
const SEARCH_LIMIT = 50;

interface StoredCreate {
  payer_email?: unknown;
  reason?: unknown;
  auto_recurring?: { frequency?: unknown; frequency_type?: unknown; currency_id?: unknown };
}

/** Whether `subscription` is what `request` (the stored body) with `amountMinor` would have made. */
function matches(subscription: ProviderSubscription, request: StoredCreate, amountMinor: number | null): boolean {
  const recurring = subscription.auto_recurring;
  const currency = recurring?.currency_id;
  if (!recurring || !currency || !isSupportedCurrency(currency) || typeof recurring.transaction_amount !== "number") {
    return false;
  }
  return (
    subscription.reason === request.reason &&
    currency === request.auto_recurring?.currency_id &&
    recurring.frequency === request.auto_recurring?.frequency &&
    recurring.frequency_type === request.auto_recurring?.frequency_type &&
    toMinorUnits(recurring.transaction_amount, currency) === amountMinor
  );
}

async function requestRowOf(deps: ProviderRequestDeps, request: ProviderRequest) {
  return deps.db
    .selectFrom("subscription_requests")
    .selectAll()
    .where("provider_request_id", "=", request.id)
    .executeTakeFirstOrThrow();
}

export async function reconcileSubscriptionCreate(
  deps: ProviderRequestDeps,
  request: ProviderRequest,
): Promise<ProviderRequestVerdict<ProviderSubscription>> {
  const row = await requestRowOf(deps, request);
  const stored = row.request as StoredCreate;
  if (typeof stored.payer_email !== "string") return null;
  const provider = await providerForAccount(deps, request.provider_account_id);
  const page = await provider.subscriptions.search({
    payer_email: stored.payer_email,
    sort: "date_created:desc",
    limit: SEARCH_LIMIT,
  });
  const candidates = page.results ?? [];
  const claimed = new Set(
    candidates.length === 0
      ? []
      : (
          await deps.db
            .selectFrom("subscription_requests")
            .select("provider_subscription_id")
            .where("kind", "=", "create")
            .where(
              "provider_subscription_id",
              "in",
              candidates.map((candidate) => candidate.id),
            )
            .execute()
        ).map((other) => other.provider_subscription_id),
  );
  const notBefore = row.created_at.getTime() - CLOCK_SKEW_MS;
  const found = candidates.find(
    (candidate) =>
      !claimed.has(candidate.id) &&
      candidate.date_created !== undefined &&
      Date.parse(candidate.date_created) >= notBefore &&
      matches(candidate, stored, row.amount_minor),
  );
  if (found) return { status: "succeeded", answer: found };
  return noEffectAfterDeadline(request, deps.now(), "Mercado Pago shows no subscription made by this request.");
}

export async function reconcileSubscriptionChange(
  deps: ProviderRequestDeps,
  request: ProviderRequest,
): Promise<ProviderRequestVerdict<ProviderSubscription>> {
  const row = await requestRowOf(deps, request);
  const provider = await providerForAccount(deps, request.provider_account_id);
  const subscription = await provider.subscriptions.get(request.resource_id);
  const currency = subscription.auto_recurring?.currency_id;
  const amount = subscription.auto_recurring?.transaction_amount;
  const amountShows =
    row.amount_minor === null ||
    (currency !== undefined && isSupportedCurrency(currency) && amount === fromMinorUnits(row.amount_minor, currency));
  const modified = subscription.last_modified ? Date.parse(subscription.last_modified) : Number.NaN;
  const cardShows = row.card_token_sha256 === null || modified >= row.created_at.getTime() - CLOCK_SKEW_MS;
  if (amountShows && cardShows) return { status: "succeeded", answer: subscription };
  if (subscription.status === "cancelled") {
    return {
      status: "failed",
      error: { type: "not_found", httpStatus: null, code: null, message: "The subscription was cancelled." },
    };
  }
  return noEffectAfterDeadline(request, deps.now(), "Mercado Pago shows the subscription unchanged.");
}
