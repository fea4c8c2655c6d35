// How the one reconcile loop settles a console link whose create answer was never seen: the provider's newest
// preferences (those of the link's external reference when it has one) made at or after the link was stored are
// read, and the one carrying the link's id in its metadata (linkPreferenceRequest puts it there) is the link. Not
// found NO_PAYMENT_AFTER_MS after the link was stored: no link was made. This only reads the provider.
import type { Preference, PreferenceRequest } from "@cobro/provider-client";
import type { ProviderRequest } from "../../db/schema";
import { providerForAccount } from "../../provider/provider-for-account";
import { noEffectAfterDeadline } from "../provider-requests/no-effect-after";
import type { ProviderRequestDeps, ProviderRequestVerdict } from "../provider-requests/provider-request-kind";

/** Clocks differ: a preference dated up to this much before our row can still be ours. */
const CLOCK_SKEW_MS = 60_000;
/** The newest preferences searched per link; a console link is among the latest. */
const SEARCH_LIMIT = 50;
/** At most this many candidates are read one by one (the search does not return metadata). */
const READ_LIMIT = 10;

export async function reconcilePaymentLink(
  deps: ProviderRequestDeps,
  request: ProviderRequest,
): Promise<ProviderRequestVerdict<Preference>> {
  const link = await deps.db
    .selectFrom("payment_links")
    .select(["id", "request", "created_at"])
    .where("provider_request_id", "=", request.id)
    .executeTakeFirstOrThrow();
  const reference = (link.request as PreferenceRequest).external_reference;
  const provider = await providerForAccount(deps, request.provider_account_id);
  const found = await provider.preferences.search({
    ...(reference ? { external_reference: reference } : {}),
    limit: SEARCH_LIMIT,
  });
  const notBefore = link.created_at.getTime() - CLOCK_SKEW_MS;
  const candidates = found.elements
    .filter((element) => element.date_created !== undefined && Date.parse(element.date_created) >= notBefore)
    .slice(0, READ_LIMIT);
  for (const candidate of candidates) {
    const preference = await provider.preferences.get(candidate.id);
    if ((preference.metadata as { cobro_link_id?: unknown } | undefined)?.cobro_link_id === link.id) {
      return { status: "succeeded", answer: preference };
    }
  }
  return noEffectAfterDeadline(request, deps.now(), "Mercado Pago shows no link made by this request.");
}
