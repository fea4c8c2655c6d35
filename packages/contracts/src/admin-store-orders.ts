// zod schemas of the console's store orders (`admin.storeOrders.*`): every checkout the shop made, read from
// Cobro's own tables (checkouts + the payment mirror). Not to be confused with the virtual terminal's orders
// (`admin.orders.*`, the provider's Orders API) nor the provider's merchant orders.
import { z } from "zod";
import { moneySchema } from "./shop";

/** A checkout's states, as the checkout and payment mirror write them (apply-payment-snapshot). */
export const STORE_ORDER_STATES = [
  "open",
  "pending",
  "authorized",
  "paid",
  "disputed",
  "failed",
  "cancelled",
  "refunded",
  "charged_back",
] as const;
export type StoreOrderState = (typeof STORE_ORDER_STATES)[number];

export const STORE_ORDER_LIST_MAX_LIMIT = 100;

/** Keyset cursor: the last order's checkout id (compared in SQL on its (created_at, id), microseconds and all). */
export const storeOrderCursorSchema = z.uuid("Invalid cursor");

export const storeOrderListFiltersSchema = z
  .strictObject({
    state: z.enum(STORE_ORDER_STATES, "Invalid state").optional(),
    createdFrom: z.iso.datetime({ offset: true, message: "Invalid date" }).optional(),
    createdTo: z.iso.datetime({ offset: true, message: "Invalid date" }).optional(),
    /** The start of the payer's e-mail (case-insensitive). */
    payerEmail: z.string().trim().min(1).max(254).optional(),
    /** One account's orders (a signed-in shopper's), for the customer view. */
    userId: z.uuid("Invalid user id").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.createdFrom && value.createdTo && Date.parse(value.createdFrom) > Date.parse(value.createdTo)) {
      ctx.addIssue({ code: "custom", path: ["createdTo"], message: "The end is before the start" });
    }
  });
export type StoreOrderListFilters = z.infer<typeof storeOrderListFiltersSchema>;

export const storeOrderListInputSchema = z.strictObject({
  filters: storeOrderListFiltersSchema.default({}),
  cursor: storeOrderCursorSchema.nullish(),
  // tRPC's infinite queries add the direction they page in; the console's lists only page forward.
  direction: z.enum(["forward", "backward"]).optional(),
  limit: z
    .number()
    .int()
    .min(1, "limit must be at least 1")
    .max(STORE_ORDER_LIST_MAX_LIMIT, `limit must be at most ${STORE_ORDER_LIST_MAX_LIMIT}`)
    .default(25),
});
export type StoreOrderListInput = z.input<typeof storeOrderListInputSchema>;

const storeOrderItemSchema = z.object({ name: z.string(), quantity: z.number().int(), unitPrice: moneySchema });

const storeOrderPayerSchema = z.object({
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** The shopper's account; null for a guest checkout. */
  userId: z.string().nullable(),
});

export const storeOrderPaymentSchema = z.object({
  providerPaymentId: z.number().int(),
  status: z.string(),
  statusDetail: z.string().nullable(),
  amount: moneySchema,
  refunded: moneySchema,
  paymentMethodId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const storeOrderListItemSchema = z.object({
  checkoutId: z.string(),
  /** What the shopper and staff call the order (see `orderNumberOf` on the server). */
  orderNumber: z.string(),
  state: z.string(),
  total: moneySchema,
  items: z.array(storeOrderItemSchema),
  payer: storeOrderPayerSchema,
  /** The payment that owns the order (the checkout's), if any. */
  providerPaymentId: z.number().int().nullable(),
  paymentCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type StoreOrderListItem = z.infer<typeof storeOrderListItemSchema>;

export const storeOrderListOutputSchema = z.object({
  items: z.array(storeOrderListItemSchema),
  nextCursor: storeOrderCursorSchema.nullable(),
});

export const storeOrderIdInputSchema = z.strictObject({ checkoutId: z.uuid("Invalid order id") });

/** One line of an order's human timeline, oldest first. */
export const storeOrderTimelineEntrySchema = z.object({
  at: z.iso.datetime(),
  /** created: the checkout was made; payment: a payment reached a status; email: a message to the shopper went out. */
  kind: z.enum(["created", "payment", "email"]),
  /** The payment status, or the e-mail's kind. */
  what: z.string().nullable(),
  providerPaymentId: z.number().int().nullable(),
});

export const storeOrderDetailSchema = storeOrderListItemSchema.extend({
  paymentMethod: z.string().nullable(),
  externalReference: z.string(),
  payments: z.array(storeOrderPaymentSchema),
  timeline: z.array(storeOrderTimelineEntrySchema),
});
export type StoreOrderDetail = z.infer<typeof storeOrderDetailSchema>;

/** A buyer by e-mail (a customer's, or a guest's who never made an account). */
export const storeBuyerInputSchema = z.strictObject({ email: z.email("Invalid e-mail").max(254) });

export const storeBuyerSummarySchema = z.object({
  email: z.string(),
  orderCount: z.number().int(),
  paidOrderCount: z.number().int(),
  /** What the buyer paid in all, refunds taken off, one amount per currency. */
  lifetimeValue: z.array(moneySchema),
  firstOrderAt: z.iso.datetime().nullable(),
  lastOrderAt: z.iso.datetime().nullable(),
});
export type StoreBuyerSummary = z.infer<typeof storeBuyerSummarySchema>;

/** Buyers who never made an account, by e-mail, alphabetically; the cursor is the last e-mail of the page. */
export const storeGuestListInputSchema = z.strictObject({
  cursor: z.string().max(254).nullish(),
  direction: z.enum(["forward", "backward"]).optional(),
  limit: z.number().int().min(1).max(STORE_ORDER_LIST_MAX_LIMIT).default(25),
});

export const storeGuestListOutputSchema = z.object({
  items: z.array(
    z.object({
      email: z.string(),
      orderCount: z.number().int(),
      /** What they paid in all, refunds taken off, in the store's currency. */
      lifetimeValue: moneySchema,
      lastOrderAt: z.iso.datetime(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
