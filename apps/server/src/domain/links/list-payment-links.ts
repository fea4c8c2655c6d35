// The console's list of payment links: the provider's preference search
// (`GET /checkout/preferences/search`, offset/limit paging), newest first, each
// marked with what Cobro keeps of the links made in the console. A connected
// account's links are searched with that account's credentials (the console
// makes links only on the store's own account, so only those are marked).
import type { LinkListItem, LinkListOutput } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { isExpired, isoOrNull } from "./link-dates";
import { linkProviderError } from "./link-request";

export async function listPaymentLinks(options: {
  deps: Pick<AppDeps, "now"> & AccountProviderDeps;
  /** null or omitted: the store's own account. */
  accountId?: string | null;
  filters: { externalReference?: string | undefined; offset: number; limit: number };
}): Promise<LinkListOutput> {
  const { deps, filters } = options;
  const accountId = options.accountId ?? null;
  const provider = await providerForAccount(deps, accountId);
  let found: Awaited<ReturnType<typeof provider.preferences.search>>;
  try {
    found = await provider.preferences.search({
      ...(filters.externalReference ? { external_reference: filters.externalReference } : {}),
      offset: filters.offset,
      limit: filters.limit,
    });
  } catch (error) {
    throw linkProviderError(error, "list the payment links");
  }
  // The shop's hosted checkouts are preferences too, but they are orders (the Orders area), not payment links: the
  // provider's search cannot tell them apart (no metadata filter), so the ones Cobro made for a checkout are left
  // out here. A page can then hold fewer rows than asked for; `total` drops what this page left out.
  const searched = found.elements ?? [];
  const searchedIds = searched.map((element) => element.id);
  const checkoutPreferences =
    searchedIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await deps.db
              .selectFrom("checkouts")
              .select("provider_preference_id")
              .where("provider_preference_id", "in", searchedIds)
              .execute()
          ).map((row) => row.provider_preference_id),
        );
  const elements = searched.filter((element) => !checkoutPreferences.has(element.id));
  const ids = elements.map((element) => element.id);
  const ours =
    ids.length === 0 || accountId !== null
      ? []
      : await deps.db
          .selectFrom("payment_links")
          .select(["provider_preference_id", "title_summary", "init_point"])
          .where("provider_preference_id", "in", ids)
          .execute();
  const byId = new Map(ours.map((row) => [row.provider_preference_id, row]));
  const now = deps.now();
  const items = elements.map((element): LinkListItem => {
    const local = byId.get(element.id);
    return {
      preferenceId: element.id,
      createdAt: isoOrNull(element.date_created),
      externalReference: element.external_reference || null,
      payerEmail: element.payer_email || null,
      expiresFrom: element.expires ? isoOrNull(element.expiration_date_from) : null,
      expiresTo: element.expires ? isoOrNull(element.expiration_date_to) : null,
      expired: isExpired(element, now),
      console: local ? { title: local.title_summary, initPoint: local.init_point } : null,
    };
  });
  const total = Math.max(items.length, (found.total ?? searched.length) - checkoutPreferences.size);
  return { items, total, offset: filters.offset, limit: filters.limit };
}
