// The console's list of payment links: the provider's preference search
// (`GET /checkout/preferences/search`, offset/limit paging), newest first, each
// marked with what Cobro keeps of the links made in the console.
import type { LinkListItem, LinkListOutput } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { isExpired, isoOrNull } from "./link-dates";
import { linkProviderError } from "./link-request";

export async function listPaymentLinks(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  filters: { externalReference?: string | undefined; offset: number; limit: number };
}): Promise<LinkListOutput> {
  const { deps, filters } = options;
  let found: Awaited<ReturnType<typeof deps.provider.preferences.search>>;
  try {
    found = await deps.provider.preferences.search({
      ...(filters.externalReference ? { external_reference: filters.externalReference } : {}),
      offset: filters.offset,
      limit: filters.limit,
    });
  } catch (error) {
    throw linkProviderError(error, "list the payment links");
  }
  const elements = found.elements ?? [];
  const ids = elements.map((element) => element.id);
  const ours =
    ids.length === 0
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
  return { items, total: found.total ?? items.length, offset: filters.offset, limit: filters.limit };
}
