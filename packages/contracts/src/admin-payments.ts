// zod schemas of the console's payments area (`admin.payments.*` and the CSV
// export), shared by the tRPC router, the CSV route and the web forms. Money is
// `{ amountMinor, currency }` (see shop.ts); the list reads only the local
// mirror, so every filter and sort offered here has an index behind it
// (migration 0008-payments-console).
import { z } from "zod";
import { accountFilterSchema } from "./admin-account";
import { DATE_RANGE_KEYS, dateRangeToCreated } from "./date-range";
import { moneySchema } from "./shop";

/** The orders the list can be read in; each is a keyset over (key, provider payment id). */
export const PAYMENT_LIST_SORTS = ["created_desc", "created_asc", "amount_desc", "amount_asc"] as const;
export type PaymentListSort = (typeof PAYMENT_LIST_SORTS)[number];

/** provider: the statuses a payment takes (the mirror keeps any other the provider adds). */
export const PAYMENT_STATUSES = [
  "pending",
  "approved",
  "authorized",
  "in_process",
  "in_mediation",
  "rejected",
  "cancelled",
  "refunded",
  "charged_back",
] as const;

/** The most rows a list page (and a CSV page read) holds. */
export const PAYMENT_LIST_MAX_LIMIT = 100;

/** Keyset cursor: `<sort key>.<provider payment id>` (the key is epoch ms or minor units). Opaque to clients. */
export const paymentCursorSchema = z.string().regex(/^-?\d{1,16}\.\d{1,16}$/, "Invalid cursor");

const providerPaymentIdSchema = z
  .number("Invalid payment id")
  .int("Invalid payment id")
  .positive("Invalid payment id")
  .max(Number.MAX_SAFE_INTEGER, "Invalid payment id");

const minorAmountFilter = (field: string) =>
  z
    .number(`${field} must be a number`)
    .int(`${field} must be whole minor units`)
    .nonnegative(`${field} cannot be negative`)
    .max(Number.MAX_SAFE_INTEGER);

/** The list's filters (also the CSV export's query): every one optional, all combined with AND. */
export const paymentListFiltersSchema = z
  .strictObject({
    status: z
      .array(z.string().min(1).max(40))
      .max(PAYMENT_STATUSES.length + 5)
      .optional(),
    paymentMethod: z.string().trim().min(1).max(40).optional(),
    createdFrom: z.iso.datetime({ offset: true, message: "Invalid date" }).optional(),
    createdTo: z.iso.datetime({ offset: true, message: "Invalid date" }).optional(),
    amountMinMinor: minorAmountFilter("amountMinMinor").optional(),
    amountMaxMinor: minorAmountFilter("amountMaxMinor").optional(),
    payerEmail: z.string().trim().min(1).max(254).optional(),
    externalReference: z.string().trim().min(1).max(256).optional(),
    /** `own` or a connection's id (the shared account filter). */
    account: accountFilterSchema.optional(),
    providerPaymentId: providerPaymentIdSchema.optional(),
    sort: z.enum(PAYMENT_LIST_SORTS).default("created_desc"),
  })
  .superRefine((value, ctx) => {
    if (
      value.amountMinMinor !== undefined &&
      value.amountMaxMinor !== undefined &&
      value.amountMinMinor > value.amountMaxMinor
    ) {
      ctx.addIssue({ code: "custom", path: ["amountMaxMinor"], message: "The maximum is below the minimum" });
    }
    if (value.createdFrom && value.createdTo && Date.parse(value.createdFrom) > Date.parse(value.createdTo)) {
      ctx.addIssue({ code: "custom", path: ["createdTo"], message: "The end is before the start" });
    }
  });
export type PaymentListFilters = z.infer<typeof paymentListFiltersSchema>;
export type PaymentListFiltersInput = z.input<typeof paymentListFiltersSchema>;

export const paymentListInputSchema = z.strictObject({
  filters: paymentListFiltersSchema.default({ sort: "created_desc" }),
  cursor: paymentCursorSchema.nullish(),
  limit: z
    .number()
    .int()
    .min(1, "limit must be at least 1")
    .max(PAYMENT_LIST_MAX_LIMIT, `limit must be at most ${PAYMENT_LIST_MAX_LIMIT}`)
    .default(25),
});
export type PaymentListInput = z.input<typeof paymentListInputSchema>;

/** The URL query keys of the filters (the list page and the CSV export share them). */
const QUERY_KEYS = {
  status: "status",
  paymentMethod: "method",
  createdFrom: "from",
  createdTo: "to",
  amountMinMinor: "amountMin",
  amountMaxMinor: "amountMax",
  payerEmail: "email",
  externalReference: "ref",
  providerPaymentId: "id",
  account: "account",
  sort: "sort",
} as const;

/**
 * Reads the filters out of a URL query (status repeated or comma-separated; numbers as digits). Returns the raw
 * object for `paymentListFiltersSchema` to validate, so a bad value is refused naming its field.
 *
 * @example paymentFiltersFromQuery(new URLSearchParams("status=approved&amountMin=1000&sort=amount_desc"))
 */
export function paymentFiltersFromQuery(params: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  const statuses = params
    .getAll(QUERY_KEYS.status)
    .flatMap((value) => value.split(","))
    .filter((value) => value !== "");
  if (statuses.length > 0) raw.status = statuses;
  const text = (key: keyof typeof QUERY_KEYS) => {
    const value = params.get(QUERY_KEYS[key]);
    if (value !== null && value.trim() !== "") raw[key] = value;
  };
  const integer = (key: keyof typeof QUERY_KEYS) => {
    const value = params.get(QUERY_KEYS[key]);
    if (value !== null && value.trim() !== "") raw[key] = /^\d{1,16}$/.test(value) ? Number(value) : value;
  };
  text("paymentMethod");
  text("createdFrom");
  text("createdTo");
  integer("amountMinMinor");
  integer("amountMaxMinor");
  text("payerEmail");
  text("externalReference");
  integer("providerPaymentId");
  text("account");
  text("sort");
  return raw;
}

/** Writes the filters as a URL query (the inverse of `paymentFiltersFromQuery`; the default sort is left out). */
export function paymentFiltersToQuery(filters: PaymentListFiltersInput): URLSearchParams {
  const params = new URLSearchParams();
  for (const status of filters.status ?? []) params.append(QUERY_KEYS.status, status);
  const set = (key: keyof typeof QUERY_KEYS, value: string | number | undefined) => {
    if (value !== undefined && value !== "") params.set(QUERY_KEYS[key], String(value));
  };
  set("paymentMethod", filters.paymentMethod);
  set("createdFrom", filters.createdFrom);
  set("createdTo", filters.createdTo);
  set("amountMinMinor", filters.amountMinMinor);
  set("amountMaxMinor", filters.amountMaxMinor);
  set("payerEmail", filters.payerEmail);
  set("externalReference", filters.externalReference);
  set("providerPaymentId", filters.providerPaymentId);
  set("account", filters.account);
  if (filters.sort && filters.sort !== "created_desc") set("sort", filters.sort);
  return params;
}

/**
 * The list page's URL keys (the console's list kit keeps them with useUrlFilters): the CSV export's, except that the
 * date range is the kit's (a preset by name, or whole days), and the keyset cursor `after`.
 */
export const PAYMENT_URL_KEYS = [
  "status",
  "method",
  ...DATE_RANGE_KEYS,
  "amountMin",
  "amountMax",
  "email",
  "ref",
  "id",
  "account",
  "sort",
  "after",
] as const;
export type PaymentUrlKey = (typeof PAYMENT_URL_KEYS)[number];

/**
 * The list page's URL values as the raw filters (the date range resolved against `now`), read like the CSV's query
 * so `paymentListFiltersSchema` refuses a bad value naming its field.
 *
 * @example paymentFiltersFromUrl({ status: "approved,rejected", range: "today", sort: "amount_desc" })
 */
export function paymentFiltersFromUrl(
  values: Partial<Record<PaymentUrlKey, string>>,
  now: Date = new Date(),
): Record<string, unknown> {
  const query = new URLSearchParams();
  for (const key of ["status", "method", "amountMin", "amountMax", "email", "ref", "id", "account", "sort"] as const) {
    const value = values[key];
    if (value) query.set(key, value);
  }
  const { createdFrom, createdTo } = dateRangeToCreated(values, now);
  if (createdFrom) query.set(QUERY_KEYS.createdFrom, createdFrom);
  if (createdTo) query.set(QUERY_KEYS.createdTo, createdTo);
  return paymentFiltersFromQuery(query);
}

export const paymentListItemSchema = z.object({
  providerPaymentId: z.number().int(),
  status: z.string(),
  statusDetail: z.string().nullable(),
  amount: moneySchema,
  refunded: moneySchema,
  paymentMethodId: z.string().nullable(),
  paymentTypeId: z.string().nullable(),
  installments: z.number().int().nullable(),
  payerEmail: z.string().nullable(),
  externalReference: z.string().nullable(),
  checkoutId: z.string().nullable(),
  /** The connected account that holds the payment; null: the store's own account. */
  accountId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;

export const paymentListOutputSchema = z.object({
  items: z.array(paymentListItemSchema),
  nextCursor: paymentCursorSchema.nullable(),
});
export type PaymentListOutput = z.infer<typeof paymentListOutputSchema>;

export const paymentIdInputSchema = z.strictObject({ providerPaymentId: providerPaymentIdSchema });

const timelineBase = { at: z.iso.datetime() };

/** One line of a payment's timeline; the detail sorts them by `at`. */
export const paymentTimelineEntrySchema = z.discriminatedUnion("kind", [
  z.object({
    ...timelineBase,
    kind: z.literal("state"),
    status: z.string(),
    statusDetail: z.string().nullable(),
    refunded: moneySchema,
  }),
  z.object({
    ...timelineBase,
    kind: z.literal("provider_call"),
    method: z.string(),
    path: z.string(),
    status: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number().int(),
    attempts: z.number().int(),
    idempotencyKey: z.string().nullable(),
  }),
  z.object({
    ...timelineBase,
    kind: z.literal("webhook"),
    action: z.string().nullable(),
    signatureValid: z.boolean(),
    /** An earlier notification with the same topic, id and action was already received. */
    duplicate: z.boolean(),
    status: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    processedAt: z.iso.datetime().nullable(),
  }),
  z.object({
    ...timelineBase,
    kind: z.literal("staff"),
    action: z.string(),
    actorEmail: z.string().nullable(),
    reason: z.string().nullable(),
    amount: moneySchema.nullable(),
    idempotencyKey: z.string().nullable(),
  }),
]);
export type PaymentTimelineEntry = z.infer<typeof paymentTimelineEntrySchema>;

export const paymentRefundSchema = z.object({
  id: z.string(),
  providerRefundId: z.number().int().nullable(),
  amount: moneySchema,
  status: z.string(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  error: z.string().nullable(),
  createdByEmail: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const paymentDetailSchema = paymentListItemSchema.extend({
  netReceived: moneySchema.nullable(),
  fees: moneySchema.nullable(),
  /** The card as the provider reports it (brand is the payment method id); null for a payment without a card. */
  card: z
    .object({ brand: z.string().nullable(), lastFour: z.string().nullable(), holderName: z.string().nullable() })
    .nullable(),
  /** What was captured: the amount once approved, zero while only authorized. */
  captured: moneySchema,
  /** The amount held while `authorized`, else null. */
  authorized: moneySchema.nullable(),
  /** provider: an authorization must be captured within ~5-7 days of creation; 5 counted conservatively. */
  captureDeadline: z.iso.datetime().nullable(),
  /** Refundable now, in minor units (amount − refunded, our open refunds included). */
  refundable: moneySchema,
  payer: z.object({
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    identification: z.string().nullable(),
  }),
  items: z.array(z.object({ title: z.string(), quantity: z.number().int(), unitPrice: moneySchema.nullable() })),
  checkout: z
    .object({
      id: z.string(),
      orderNumber: z.string(),
      status: z.string(),
      externalReference: z.string(),
      createdAt: z.iso.datetime(),
    })
    .nullable(),
  /** The payment link (checkout preference) the payment paid, if any. */
  preferenceId: z.string().nullable(),
  refunds: z.array(paymentRefundSchema),
  timeline: z.array(paymentTimelineEntrySchema),
  mirroredAt: z.iso.datetime(),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/** Why staff refund; the select in the refund dialog offers these. */
export const REFUND_REASONS = [
  "requested_by_customer",
  "duplicate",
  "fraudulent",
  "product_not_delivered",
  "other",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

const idempotencyKeySchema = z.uuid("Invalid idempotency key");
const noteSchema = z.string().trim().max(500, "The note is at most 500 characters").optional();

export const refundPaymentInputSchema = z.strictObject({
  providerPaymentId: providerPaymentIdSchema,
  /** Minor units; omitted: everything left. */
  amountMinor: z
    .number("Enter an amount")
    .int("Enter an amount in the currency's units")
    .positive("The amount must be more than zero")
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  reason: z.enum(REFUND_REASONS, "Choose a reason"),
  note: noteSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type RefundPaymentInput = z.infer<typeof refundPaymentInputSchema>;

export const capturePaymentInputSchema = z.strictObject({
  providerPaymentId: providerPaymentIdSchema,
  amountMinor: z
    .number("Enter an amount")
    .int("Enter an amount in the currency's units")
    .positive("The amount must be more than zero")
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  idempotencyKey: idempotencyKeySchema,
});

export const cancelPaymentInputSchema = z.strictObject({
  providerPaymentId: providerPaymentIdSchema,
  note: noteSchema,
  idempotencyKey: idempotencyKeySchema,
});

/**
 * What a money action came to: `done` (the provider did it), `refused` (it did not; a repeat of the same dialog
 * answers the same), or `unknown` (its answer was not seen: we are confirming it; repeat with the same key).
 */
export const paymentActionResultSchema = z.object({
  status: z.string(),
  outcome: z.enum(["done", "refused", "unknown"]),
  paymentStatus: z.string().nullable(),
});
export type PaymentActionResult = z.infer<typeof paymentActionResultSchema>;

export const paymentSyncStatusSchema = z.object({
  cursor: z.iso.datetime().nullable(),
  lastStartedAt: z.iso.datetime().nullable(),
  lastFinishedAt: z.iso.datetime().nullable(),
  lastApplied: z.number().int(),
  lastError: z.string().nullable(),
});
export type PaymentSyncStatus = z.infer<typeof paymentSyncStatusSchema>;
