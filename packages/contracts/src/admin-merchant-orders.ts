// zod schemas of the console's merchant orders area (`admin.merchantOrders.*`), shared by the tRPC router and the
// web forms. The list reads the provider's search (`GET /merchant_orders/search`, offset/limit); money is
// `{ amountMinor, currency }` (see shop.ts); item prices are typed in minor units of the store's currency.
import { z } from "zod";
import { accountScopeFields } from "./admin-account-scope";
import { DATE_RANGE_KEYS, dateRangeToCreated } from "./date-range";
import { offsetPageSchema, offsetPagingSchema } from "./offset-paging";
import { moneySchema } from "./shop";

/** provider: a merchant order's `status`. */
export const MERCHANT_ORDER_STATUSES = ["opened", "closed", "expired"] as const;
export type MerchantOrderStatus = (typeof MERCHANT_ORDER_STATUSES)[number];

/** provider: a merchant order's `order_status` (how far its payment got). */
export const MERCHANT_ORDER_PAYMENT_STATUSES = [
  "payment_required",
  "payment_in_process",
  "paid",
  "partially_paid",
  "partially_refunded",
  "pending_cancel",
  "cancelled",
  "refunded",
] as const;

/** The most rows one search page holds. */
export const MERCHANT_ORDER_PAGE_MAX = 50;
/** The most items one merchant order may list here. */
export const MERCHANT_ORDER_MAX_ITEMS = 50;

export const merchantOrderIdSchema = z
  .number("Invalid merchant order id")
  .int("Invalid merchant order id")
  .positive("Invalid merchant order id")
  .max(Number.MAX_SAFE_INTEGER, "Invalid merchant order id");

const idempotencyKeySchema = z.uuid("Invalid idempotency key");
const referenceSchema = z.string().trim().max(256, "The external reference is at most 256 characters");
const preferenceIdSchema = z
  .string()
  .trim()
  .min(1, "Enter the preference id")
  .max(256, "The preference id is at most 256 characters");

/** The search filters: every one optional, combined with AND by the provider. */
export const merchantOrderSearchInputSchema = z
  .strictObject({
    ...accountScopeFields,
    status: z.enum(MERCHANT_ORDER_STATUSES, "Choose a status from the list").optional(),
    preferenceId: preferenceIdSchema.optional(),
    externalReference: referenceSchema.min(1, "Enter the external reference").optional(),
    createdFrom: z.iso.datetime({ offset: true, message: "Invalid date" }).optional(),
    createdTo: z.iso.datetime({ offset: true, message: "Invalid date" }).optional(),
    ...offsetPagingSchema({ maxLimit: MERCHANT_ORDER_PAGE_MAX, defaultLimit: 25 }).shape,
  })
  .superRefine((value, ctx) => {
    if (value.createdFrom && value.createdTo && Date.parse(value.createdFrom) > Date.parse(value.createdTo)) {
      ctx.addIssue({ code: "custom", path: ["createdTo"], message: "The end is before the start" });
    }
  });
export type MerchantOrderSearchInput = z.input<typeof merchantOrderSearchInputSchema>;
export type MerchantOrderSearchFilters = z.output<typeof merchantOrderSearchInputSchema>;

/** The list page's URL keys (the console's list kit keeps them, and the page's `offset`, with useUrlFilters). */
export const MERCHANT_ORDER_URL_KEYS = ["status", "preference", "ref", ...DATE_RANGE_KEYS, "account"] as const;
export type MerchantOrderUrlKey = (typeof MERCHANT_ORDER_URL_KEYS)[number];

/**
 * The list page's URL values as the search's raw input (the date range resolved against `now`), for
 * `merchantOrderSearchInputSchema` to validate so a bad value is refused naming its field.
 *
 * @example merchantOrderFiltersFromUrl({ status: "opened", range: "7d" }, { offset: 25, limit: 25 })
 */
export function merchantOrderFiltersFromUrl(
  values: Partial<Record<MerchantOrderUrlKey, string>>,
  paging: { offset: number; limit: number },
  now: Date = new Date(),
): Record<string, unknown> {
  const raw: Record<string, unknown> = { ...dateRangeToCreated(values, now), ...paging };
  if (values.status) raw.status = values.status;
  if (values.preference) raw.preferenceId = values.preference;
  if (values.ref) raw.externalReference = values.ref;
  if (values.account) raw.account = values.account;
  return raw;
}

export const merchantOrderSummarySchema = z.object({
  id: z.number().int(),
  status: z.string(),
  orderStatus: z.string().nullable(),
  preferenceId: z.string().nullable(),
  externalReference: z.string().nullable(),
  total: moneySchema,
  paid: moneySchema,
  paymentsCount: z.number().int(),
  createdAt: z.iso.datetime().nullable(),
  lastUpdated: z.iso.datetime().nullable(),
});
export type MerchantOrderSummary = z.infer<typeof merchantOrderSummarySchema>;

export const merchantOrderSearchOutputSchema = z.object({
  items: z.array(merchantOrderSummarySchema),
  ...offsetPageSchema.shape,
  /** The next page's offset, or null on the last page. */
  nextOffset: z.number().int().nullable(),
});
export type MerchantOrderSearchOutput = z.infer<typeof merchantOrderSearchOutputSchema>;

export const merchantOrderIdInputSchema = z.strictObject({
  merchantOrderId: merchantOrderIdSchema,
  ...accountScopeFields,
});

export const merchantOrderDetailSchema = merchantOrderSummarySchema.extend({
  refunded: moneySchema,
  siteId: z.string().nullable(),
  notificationUrl: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  payerId: z.number().int().nullable(),
  isTest: z.boolean(),
  items: z.array(
    z.object({
      id: z.string().nullable(),
      title: z.string(),
      quantity: z.number().int(),
      unitPrice: moneySchema,
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      statusDetail: z.string().nullable(),
      amount: moneySchema,
      refunded: moneySchema,
      createdAt: z.iso.datetime().nullable(),
      approvedAt: z.iso.datetime().nullable(),
    }),
  ),
  shipments: z.array(
    z.object({
      id: z.string().nullable(),
      status: z.string().nullable(),
      shippingMode: z.string().nullable(),
    }),
  ),
  /** When Cobro last wrote its mirror from a provider answer. */
  syncedAt: z.iso.datetime(),
  /** True when the provider could not be reached and this is the mirror's last copy. */
  stale: z.boolean(),
  requests: z.array(
    z.object({
      kind: z.enum(["create", "update"]),
      status: z.string(),
      actorEmail: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type MerchantOrderDetail = z.infer<typeof merchantOrderDetailSchema>;

/** One line of a merchant order the merchant records itself; the price in minor units of the store's currency. */
export const merchantOrderItemInputSchema = z.strictObject({
  title: z.string().trim().min(1, "Enter the item's title").max(256, "The title is at most 256 characters"),
  quantity: z
    .number("Enter a quantity")
    .int("The quantity must be a whole number")
    .min(1, "The quantity must be at least 1")
    .max(99_999, "The quantity must be at most 99999"),
  unitPriceMinor: z
    .number("Enter a unit price")
    .int("Enter the price in the currency's units")
    .positive("The unit price must be more than zero")
    .max(1_000_000_000_00, "The unit price is too large"),
});
export type MerchantOrderItemInput = z.infer<typeof merchantOrderItemInputSchema>;

const itemsSchema = z
  .array(merchantOrderItemInputSchema)
  .min(1, "Add at least one item")
  .max(MERCHANT_ORDER_MAX_ITEMS, `At most ${MERCHANT_ORDER_MAX_ITEMS} items`);
const notificationUrlSchema = z
  .url({ protocol: /^https?$/, message: "Enter a web address (http or https)" })
  .max(500, "The address is at most 500 characters");
const additionalInfoSchema = z.string().trim().max(600, "The additional info is at most 600 characters");

export const createMerchantOrderInputSchema = z
  .strictObject({
    idempotencyKey: idempotencyKeySchema,
    /** Omitted with a preference: the provider copies the preference's items. */
    items: itemsSchema.optional(),
    externalReference: referenceSchema.optional(),
    preferenceId: preferenceIdSchema.optional(),
    /** Omitted: Cobro's own webhook. */
    notificationUrl: notificationUrlSchema.optional(),
    additionalInfo: additionalInfoSchema.optional(),
  })
  .refine((value) => value.items !== undefined || value.preferenceId !== undefined, {
    message: "Add at least one item, or give a preference id",
    path: ["items"],
  });
export type CreateMerchantOrderInput = z.infer<typeof createMerchantOrderInputSchema>;

export const updateMerchantOrderInputSchema = z
  .strictObject({
    merchantOrderId: merchantOrderIdSchema,
    ...accountScopeFields,
    idempotencyKey: idempotencyKeySchema,
    externalReference: referenceSchema.optional(),
    notificationUrl: notificationUrlSchema.optional(),
    items: itemsSchema.optional(),
    additionalInfo: additionalInfoSchema.optional(),
  })
  .refine(
    (value) =>
      value.externalReference !== undefined ||
      value.notificationUrl !== undefined ||
      value.items !== undefined ||
      value.additionalInfo !== undefined,
    { message: "Change at least one field", path: ["externalReference"] },
  );
export type UpdateMerchantOrderInput = z.infer<typeof updateMerchantOrderInputSchema>;

/** A create or update: done (with the order), or unknown (no answer seen; repeating with the same key is safe). */
export const merchantOrderWriteResultSchema = z.object({
  outcome: z.enum(["done", "unknown"]),
  merchantOrderId: z.number().int().nullable(),
});
export type MerchantOrderWriteResult = z.infer<typeof merchantOrderWriteResultSchema>;
