// The console's one search box: a query is classified (classify-search-query.ts) and each kind of resource it may
// name is searched, a few results per group, every result a link to its detail page and each group a "see all"
// link into its list filtered by the query where that list has such a filter.
//
// What is read where: payments, the shop's checkouts and the console's orders from PostgreSQL (each lookup has an
// index: migration 0030-console-search and those it names); customers, payment links and subscriptions from the
// provider's searches through the existing domain functions, with the credentials of the account asked for. A
// provider that does not answer marks its group failed; the database groups still show.
import {
  ACCOUNT_FILTER_OWN,
  type AccountFilter,
  type AdminSearchOutput,
  SEARCH_GROUP_KINDS,
  SEARCH_GROUP_LIMIT,
  type SearchGroup,
  type SearchGroupKind,
  type SearchResult,
} from "@cobro/contracts";
import type { Subscription as ProviderSubscription } from "@cobro/provider-client";
import { ProviderNotFoundError } from "@cobro/provider-client";
import { isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { escapeLike } from "../../db/like-pattern";
import type { DB } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { providerForConsoleRead } from "../../provider/account-scope";
import type { AccountProviderDeps } from "../../provider/provider-for-account";
import { searchCustomers } from "../customers/search-customers";
import { listPaymentLinks } from "../links/list-payment-links";
import { createStatusOf } from "../orders/list-orders";
import { searchAdminSubscriptions } from "../subscriptions/admin-subscriptions";
import { type ClassifiedQuery, classifySearchQuery } from "./classify-search-query";

export interface SearchConsoleOptions {
  deps: AccountProviderDeps & Pick<AppDeps, "now">;
  query: string;
  /** Whose resources: `own`, a connection's id, or absent for the database's every account and the own provider. */
  account?: AccountFilter | undefined;
}

/** Fetch one more than shown, to know whether "see all" has more. */
const FETCH = SEARCH_GROUP_LIMIT + 1;
/** PostgreSQL's integer: a larger number cannot be an order number (and must not reach the query as one). */
const MAX_ORDER_NUMBER = 2_147_483_647;

type GroupSearch = () => Promise<{ items: SearchResult[]; more: boolean }>;

function query(params: Record<string, string | undefined>): string {
  const defined = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return new URLSearchParams(defined).toString();
}

/** `?account=<id>` on a provider resource's detail URL when it belongs to a connected account. */
function accountSuffix(account: AccountFilter | undefined, extra: Record<string, string> = {}): string {
  const params = { ...extra, ...(account && account !== ACCOUNT_FILTER_OWN ? { account } : {}) };
  return Object.keys(params).length > 0 ? `?${query(params)}` : "";
}

function trimmed<T>(rows: T[]): { rows: T[]; more: boolean } {
  return { rows: rows.slice(0, SEARCH_GROUP_LIMIT), more: rows.length > SEARCH_GROUP_LIMIT };
}

/** The shared account filter on a mirrored table (absent: every account). */
function byAccount<QB extends SelectQueryBuilder<DB, "payments" | "checkouts" | "orders", object>>(
  builder: QB,
  account: AccountFilter | undefined,
): QB {
  if (account === undefined) return builder;
  if (account === ACCOUNT_FILTER_OWN) return builder.where("provider_account_id", "is", null) as QB;
  return builder.where("provider_account_id", "=", account) as QB;
}

function money(amountMinor: number, currency: string) {
  return { amountMinor, currency: currency.trim() as "ARS" };
}

function providerMoney(amount: number | null | undefined, currency: string | null | undefined) {
  if (amount === null || amount === undefined || !currency || !isSupportedCurrency(currency)) return null;
  try {
    return { amountMinor: toMinorUnits(amount, currency), currency };
  } catch {
    return null;
  }
}

async function searchPayments(db: Kysely<DB>, q: ClassifiedQuery, account: AccountFilter | undefined) {
  let builder = byAccount(
    db
      .selectFrom("payments")
      .select([
        "provider_payment_id",
        "status",
        "amount_minor",
        "currency",
        "payer_email",
        "external_reference",
        "provider_created_at",
        sql<string | null>`snapshot->'card'->>'last_four_digits'`.as("last_four"),
      ]),
    account,
  );
  if (q.kind === "number" || q.kind === "lastFour") {
    const id = q.number ?? -1;
    builder = builder.where((eb) =>
      q.kind === "lastFour"
        ? eb.or([
            eb("provider_payment_id", "=", id),
            // Migration 0030's expression index: the card's last four as the provider reported them.
            eb(sql`snapshot->'card'->>'last_four_digits'`, "=", q.text),
          ])
        : eb("provider_payment_id", "=", id),
    );
  } else if (q.kind === "email") {
    // Stored lower-case (payments_payer_email_idx).
    builder = builder.where("payer_email", "=", q.text);
  } else {
    builder = builder.where(sql<boolean>`lower(external_reference) like ${`${escapeLike(q.text.toLowerCase())}%`}`);
  }
  const { rows, more } = trimmed(
    await builder.orderBy("provider_created_at", "desc").orderBy("provider_payment_id", "desc").limit(FETCH).execute(),
  );
  const items = rows.map(
    (row): SearchResult => ({
      id: String(row.provider_payment_id),
      label: String(row.provider_payment_id),
      amount: money(row.amount_minor, row.currency),
      status: row.status,
      date: row.provider_created_at.toISOString(),
      detail: [row.payer_email, row.last_four ? `•••• ${row.last_four}` : null].filter(Boolean).join(" · ") || null,
      url: `/admin/payments/${row.provider_payment_id}`,
    }),
  );
  return { items, more };
}

async function searchShopOrders(db: Kysely<DB>, q: ClassifiedQuery, account: AccountFilter | undefined) {
  let builder = byAccount(
    db
      .selectFrom("checkouts")
      .select([
        "id",
        "order_number",
        "status",
        "amount_minor",
        "currency",
        "payer_email",
        "external_reference",
        "provider_payment_id",
        "created_at",
      ]),
    account,
  );
  if (q.kind === "number" || q.kind === "lastFour") {
    const number = q.number !== null && q.number <= MAX_ORDER_NUMBER ? q.number : -1;
    builder = builder.where("order_number", "=", number);
  } else if (q.kind === "email") {
    // Migration 0030's index on lower(payer_email): the shop keeps the address as the shopper typed it.
    builder = builder.where(sql<boolean>`lower(payer_email) = ${q.text}`);
  } else if (q.kind === "uuid") {
    builder = builder.where("id", "=", q.text);
  } else {
    builder = builder.where(sql<boolean>`lower(external_reference) like ${`${escapeLike(q.text.toLowerCase())}%`}`);
  }
  const { rows, more } = trimmed(await builder.orderBy("created_at", "desc").orderBy("id").limit(FETCH).execute());
  const items = rows.map(
    (row): SearchResult => ({
      id: row.id,
      label: `#${row.order_number}`,
      amount: money(row.amount_minor, row.currency),
      status: row.status,
      date: row.created_at.toISOString(),
      detail: row.payer_email,
      url: `/admin/store-orders/${row.id}`,
    }),
  );
  return { items, more };
}

async function searchConsoleOrders(db: Kysely<DB>, q: ClassifiedQuery, account: AccountFilter | undefined) {
  let builder = byAccount(
    db
      .selectFrom("orders")
      .select([
        "id",
        "provider_order_id",
        "status",
        createStatusOf,
        "amount_minor",
        "currency",
        "payer_email",
        "external_reference",
        "created_at",
      ]),
    account,
  );
  if (q.kind === "uuid") builder = builder.where("id", "=", q.text);
  else if (q.kind === "orderId") builder = builder.where("provider_order_id", "=", q.text);
  else if (q.kind === "transactionId") {
    // Migration 0030's GIN index on the mirrored transactions.
    builder = builder.where(sql<boolean>`transactions @> ${JSON.stringify({ payments: [{ id: q.text }] })}::jsonb`);
  } else {
    // The orders list's own filter: the start of the reference or of the payer's e-mail (migration 0014's indexes).
    const pattern = `${escapeLike(q.text.toLowerCase())}%`;
    builder = builder.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["external_reference"]), "like", pattern),
        eb(eb.fn("lower", ["payer_email"]), "like", pattern),
      ]),
    );
  }
  const { rows, more } = trimmed(await builder.orderBy("created_at", "desc").orderBy("id").limit(FETCH).execute());
  const items = rows.map(
    (row): SearchResult => ({
      id: row.id,
      label: row.external_reference,
      amount: money(row.amount_minor, row.currency),
      status: row.status ?? row.create_status,
      date: row.created_at.toISOString(),
      detail: [row.provider_order_id, row.payer_email].filter(Boolean).join(" · ") || null,
      url: `/admin/virtual-terminal/${row.id}`,
    }),
  );
  return { items, more };
}

function subscriptionResult(subscription: ProviderSubscription, account: AccountFilter | undefined): SearchResult {
  return {
    id: subscription.id,
    label: subscription.reason || subscription.id,
    amount: providerMoney(subscription.auto_recurring?.transaction_amount, subscription.auto_recurring?.currency_id),
    status: subscription.status,
    date: subscription.date_created ?? null,
    detail: subscription.payer_email ?? null,
    url: `/admin/subscriptions/${encodeURIComponent(subscription.id)}${accountSuffix(account)}`,
  };
}

/** The groups a kind of query searches, each with its "see all" list URL (null: that list has no such filter). */
function plan(
  deps: SearchConsoleOptions["deps"],
  q: ClassifiedQuery,
  account: AccountFilter | undefined,
): Partial<Record<SearchGroupKind, { run: GroupSearch; seeAll: string | null }>> {
  const { db } = deps;
  const accountParam = account ? { account } : {};
  const groups: Partial<Record<SearchGroupKind, { run: GroupSearch; seeAll: string | null }>> = {};
  const payments = (seeAll: string | null) => {
    groups.payments = { run: () => searchPayments(db, q, account), seeAll };
  };
  const shopOrders = () => {
    groups.shopOrders = { run: () => searchShopOrders(db, q, account), seeAll: null };
  };
  const orders = (seeAll: string | null) => {
    groups.orders = { run: () => searchConsoleOrders(db, q, account), seeAll };
  };
  const subscriptionsBy = (filter: { payerEmail: string } | { q: string }) => {
    groups.subscriptions = {
      run: async () => {
        const found = await searchAdminSubscriptions({ deps, account, ...filter, offset: 0, limit: FETCH });
        const { rows, more } = trimmed(found.items);
        return {
          more: more || found.total > SEARCH_GROUP_LIMIT,
          items: rows.map(
            (item): SearchResult => ({
              id: item.id,
              label: item.reason || item.id,
              amount: item.amount,
              status: item.status,
              date: item.createdAt,
              detail: item.payerEmail,
              url: `/admin/subscriptions/${encodeURIComponent(item.id)}${accountSuffix(account)}`,
            }),
          ),
        };
      },
      seeAll: `/admin/subscriptions?${query({ ...filter, ...accountParam })}`,
    };
  };
  switch (q.kind) {
    case "number":
    case "lastFour": {
      // The payments list filters by payment id, not by the card's last four.
      payments(q.kind === "number" && q.number !== null ? `/admin/payments?${query({ id: q.text })}` : null);
      shopOrders();
      break;
    }
    case "email": {
      payments(`/admin/payments?${query({ email: q.text, ...accountParam })}`);
      shopOrders();
      orders(`/admin/virtual-terminal?${query({ q: q.text, ...accountParam })}`);
      groups.customers = {
        run: async () => {
          const found = await searchCustomers({
            deps,
            accountId: account === undefined || account === ACCOUNT_FILTER_OWN ? null : account,
            email: q.text,
            offset: 0,
            limit: FETCH,
          });
          const { rows, more } = trimmed(found.items);
          return {
            more: more || found.total > SEARCH_GROUP_LIMIT,
            items: rows.map(
              (customer): SearchResult => ({
                id: customer.id,
                label: customer.email,
                amount: null,
                status: null,
                date: customer.createdAt,
                detail: [customer.firstName, customer.lastName].filter(Boolean).join(" ") || null,
                url: `/admin/customers/${encodeURIComponent(customer.id)}${accountSuffix(account)}`,
              }),
            ),
          };
        },
        seeAll: `/admin/customers?${query({ email: q.text, ...accountParam })}`,
      };
      subscriptionsBy({ payerEmail: q.text });
      break;
    }
    case "uuid": {
      shopOrders();
      orders(null);
      break;
    }
    case "orderId":
    case "transactionId": {
      orders(null);
      break;
    }
    case "subscriptionId": {
      groups.subscriptions = {
        run: async () => {
          const provider = await providerForConsoleRead(deps, account);
          const found = await provider.subscriptions.get(q.text).then(
            (subscription) => [subscription],
            (error: unknown) => {
              if (error instanceof ProviderNotFoundError) return [];
              throw error;
            },
          );
          return { items: found.map((subscription) => subscriptionResult(subscription, account)), more: false };
        },
        seeAll: null,
      };
      break;
    }
    case "text": {
      payments(`/admin/payments?${query({ ref: q.text, ...accountParam })}`);
      shopOrders();
      orders(`/admin/virtual-terminal?${query({ q: q.text, ...accountParam })}`);
      groups.links = {
        run: async () => {
          // provider: the preference search filters by the exact external_reference.
          const found = await listPaymentLinks({
            deps,
            accountId: account === undefined || account === ACCOUNT_FILTER_OWN ? null : account,
            filters: { externalReference: q.text, offset: 0, limit: FETCH },
          });
          const { rows, more } = trimmed(found.items);
          return {
            more: more || found.total > SEARCH_GROUP_LIMIT,
            items: rows.map(
              (link): SearchResult => ({
                id: link.preferenceId,
                label: link.console?.title || link.externalReference || link.preferenceId,
                amount: null,
                status: link.expired ? "expired" : "active",
                date: link.createdAt,
                detail: link.externalReference,
                url: `/admin/links/${encodeURIComponent(link.preferenceId)}${accountSuffix(account)}`,
              }),
            ),
          };
        },
        seeAll: `/admin/links?${query({ ref: q.text, ...accountParam })}`,
      };
      subscriptionsBy({ q: q.text });
      break;
    }
  }
  return groups;
}

/** Searches everything the query may name; groups in SEARCH_GROUP_KINDS order, only those this kind searches. */
export async function searchConsole(options: SearchConsoleOptions): Promise<AdminSearchOutput> {
  const { deps, account } = options;
  const q = classifySearchQuery(options.query);
  const planned = plan(deps, q, account);
  // An unknown connection is the caller's mistake (a 4xx naming `account`), not a group that failed.
  if (account !== undefined && account !== ACCOUNT_FILTER_OWN) await providerForConsoleRead(deps, account);
  const groups = await Promise.all(
    SEARCH_GROUP_KINDS.flatMap((kind) => {
      const group = planned[kind];
      if (!group) return [];
      return [
        group.run().then(
          ({ items, more }): SearchGroup => ({ kind, items, more, seeAllUrl: group.seeAll, failed: false }),
          (error: unknown): SearchGroup => {
            deps.logger?.warn({ err: error, group: kind }, "console search: a group could not be searched");
            return { kind, items: [], more: false, seeAllUrl: group.seeAll, failed: true };
          },
        ),
      ];
    }),
  );
  return { query: q.text, queryKind: q.kind, groups };
}
