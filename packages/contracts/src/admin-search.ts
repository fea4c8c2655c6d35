// The console's one search box (issue 18): one query over payments, shop orders, console orders, customers,
// payment links and subscriptions, answered as groups of a few results each, every result a console link.
import { z } from "zod";
import { accountFilterSchema } from "./admin-account";
import { moneySchema } from "./shop";

/** How many results each group shows; the group's "see all" link opens the filtered list for the rest. */
export const SEARCH_GROUP_LIMIT = 5;
export const SEARCH_QUERY_MAX = 200;

export const adminSearchInputSchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, "Type something to search for")
    .max(SEARCH_QUERY_MAX, `The search is at most ${SEARCH_QUERY_MAX} characters`),
  /** `own` or a connection's id: whose provider resources (customers, links, subscriptions) are searched. */
  account: accountFilterSchema.optional(),
});
export type AdminSearchInput = z.input<typeof adminSearchInputSchema>;

/** The groups, in the order the page shows them. `shopOrders` are the shop's checkouts; `orders` the console's. */
export const SEARCH_GROUP_KINDS = ["payments", "shopOrders", "orders", "customers", "links", "subscriptions"] as const;
export type SearchGroupKind = (typeof SEARCH_GROUP_KINDS)[number];

/** What the query looked like, which decides what is searched (shown so staff know why a group is absent). */
export const SEARCH_QUERY_KINDS = [
  "number",
  "lastFour",
  "email",
  "uuid",
  "orderId",
  "transactionId",
  "subscriptionId",
  "text",
] as const;
export type SearchQueryKind = (typeof SEARCH_QUERY_KINDS)[number];

export const searchResultSchema = z.object({
  /** The resource's id as its detail page names it. */
  id: z.string(),
  /** The main line: a payment id, "#1042", an e-mail, a link's reference… */
  label: z.string(),
  /** The secondary line: what it is for and how it stands (each part may be unknown). */
  amount: moneySchema.nullable(),
  status: z.string().nullable(),
  date: z.string().nullable(),
  /** A word of context: the payer's e-mail, the card's last four, the reference. */
  detail: z.string().nullable(),
  /** The console URL of its detail page. */
  url: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchGroupSchema = z.object({
  kind: z.enum(SEARCH_GROUP_KINDS),
  items: z.array(searchResultSchema),
  /** True when more matched than shown. */
  more: z.boolean(),
  /** The list of this kind filtered by the query, where the list has such a filter. */
  seeAllUrl: z.string().nullable(),
  /** True when this group could not be searched (the provider did not answer); the other groups still show. */
  failed: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const adminSearchOutputSchema = z.object({
  query: z.string(),
  queryKind: z.enum(SEARCH_QUERY_KINDS),
  /** Only the groups this kind of query searches, in SEARCH_GROUP_KINDS order. */
  groups: z.array(searchGroupSchema),
});
export type AdminSearchOutput = z.infer<typeof adminSearchOutputSchema>;
