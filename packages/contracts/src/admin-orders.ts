// zod schemas of the console's orders area (`admin.orders.*`): the virtual
// terminal on the provider's Orders API. Money is `{ amountMinor, currency }`;
// the list reads only Cobro's own table of the orders it created (the Orders
// API has no search Cobro relies on), with an index behind every filter
// (migration 0014-orders). Every money-moving input carries the dialog's
// idempotency key: one per dialog, reused by every repeat of the same intent.
import { z } from "zod";
import { accountFilterSchema } from "./admin-account";
import { paymentTimelineEntrySchema, REFUND_REASONS } from "./admin-payments";
import { identificationSchema, moneySchema } from "./shop";

/** provider: an order's statuses (docs/provider-facts.md §4.6); the mirror keeps any other the provider adds. */
export const ORDER_STATUSES = [
  "created",
  "processing",
  "action_required",
  "processed",
  "failed",
  "canceled",
  "expired",
  "refunded",
  "charged_back",
] as const;

export const ORDER_PROCESSING_MODES = ["automatic", "manual"] as const;
export type OrderProcessingMode = (typeof ORDER_PROCESSING_MODES)[number];
export const ORDER_CAPTURE_MODES = ["automatic", "manual"] as const;

/** Staff reasons for an order refund (the audit log and the timeline say them). */
export const ORDER_LIST_MAX_LIMIT = 100;

/** Keyset cursor: `<created_at epoch ms>.<order uuid>`. Opaque to clients. */
export const orderCursorSchema = z
  .string()
  .regex(/^\d{1,16}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "Invalid cursor");

const orderIdSchema = z.uuid("Invalid order id");
const idempotencyKeySchema = z.uuid("Invalid idempotency key");
/** provider: payment transaction ids look like `pay_` + a ULID. */
const transactionIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "Invalid transaction id");

export const orderListFiltersSchema = z
  .strictObject({
    status: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
    mode: z.enum(ORDER_PROCESSING_MODES, "Invalid processing mode").optional(),
    createdFrom: z.iso.datetime({ offset: true, message: "Invalid date" }).optional(),
    createdTo: z.iso.datetime({ offset: true, message: "Invalid date" }).optional(),
    /** The start of the external reference or of the payer's e-mail (case-insensitive). */
    text: z.string().trim().min(1).max(254).optional(),
    /** `own` or a connection's id (the shared account filter). */
    account: accountFilterSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.createdFrom && value.createdTo && Date.parse(value.createdFrom) > Date.parse(value.createdTo)) {
      ctx.addIssue({ code: "custom", path: ["createdTo"], message: "The end is before the start" });
    }
  });
export type OrderListFilters = z.infer<typeof orderListFiltersSchema>;

export const orderListInputSchema = z.strictObject({
  filters: orderListFiltersSchema.default({}),
  cursor: orderCursorSchema.nullish(),
  // tRPC's infinite queries add the direction they page in; the console's lists only page forward.
  direction: z.enum(["forward", "backward"]).optional(),
  limit: z
    .number()
    .int()
    .min(1, "limit must be at least 1")
    .max(ORDER_LIST_MAX_LIMIT, `limit must be at most ${ORDER_LIST_MAX_LIMIT}`)
    .default(25),
});
export type OrderListInput = z.input<typeof orderListInputSchema>;

/** pending / unknown: the create's answer was not seen yet ("being confirmed"); failed: refused, no order. */
export const ORDER_CREATE_STATUSES = ["pending", "succeeded", "failed", "unknown"] as const;

export const orderListItemSchema = z.object({
  id: z.string(),
  providerOrderId: z.string().nullable(),
  createStatus: z.enum(ORDER_CREATE_STATUSES),
  status: z.string().nullable(),
  statusDetail: z.string().nullable(),
  processingMode: z.enum(ORDER_PROCESSING_MODES),
  captureMode: z.enum(ORDER_CAPTURE_MODES),
  amount: moneySchema,
  refunded: moneySchema,
  payerEmail: z.string(),
  externalReference: z.string(),
  description: z.string().nullable(),
  /** The connected account the order charges on; null: the store's own account. */
  accountId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderListOutputSchema = z.object({
  items: z.array(orderListItemSchema),
  nextCursor: orderCursorSchema.nullable(),
});

export const orderIdInputSchema = z.strictObject({ orderId: orderIdSchema });

export const orderTransactionSchema = z.object({
  id: z.string(),
  status: z.string(),
  statusDetail: z.string().nullable(),
  amount: moneySchema,
  paid: moneySchema,
  refunded: moneySchema,
  /** What may still be refunded of it now (our refunds in flight counted). */
  refundable: moneySchema,
  paymentMethodId: z.string().nullable(),
  paymentType: z.string().nullable(),
  installments: z.number().int().nullable(),
  /** The underlying `/v1/payments` id. */
  referenceId: z.string().nullable(),
  /** That payment's id when Cobro's payments mirror has it (the console links to it), else null. */
  mirroredPaymentId: z.number().int().nullable(),
});
export type OrderTransaction = z.infer<typeof orderTransactionSchema>;

export const orderRefundSchema = z.object({
  id: z.string(),
  transactionId: z.string().nullable(),
  amount: moneySchema,
  status: z.string().nullable(),
});

export const orderActionSchema = z.object({
  id: z.string(),
  kind: z.string(),
  transactionId: z.string().nullable(),
  amount: moneySchema.nullable(),
  status: z.enum(ORDER_CREATE_STATUSES),
  reason: z.string().nullable(),
  error: z.string().nullable(),
  createdByEmail: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const orderDetailSchema = orderListItemSchema.extend({
  payerIdentification: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  installments: z.number().int().nullable(),
  /** Why the create was refused or declined (a reason code or the decline's status detail). */
  error: z.string().nullable(),
  createdByEmail: z.string().nullable(),
  transactions: z.array(orderTransactionSchema),
  refunds: z.array(orderRefundSchema),
  actions: z.array(orderActionSchema),
  /** What the order's state allows now (the buttons the console offers). */
  allowed: z.object({
    process: z.boolean(),
    capture: z.boolean(),
    cancel: z.boolean(),
    refund: z.boolean(),
    editTransactions: z.boolean(),
  }),
  refundable: moneySchema,
  timeline: z.array(paymentTimelineEntrySchema),
  mirroredAt: z.iso.datetime(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A card as the secure fields hand it over: a single-use token, never card data. */
export const orderCardInputSchema = z.strictObject({
  cardToken: z.string().trim().min(8, "Invalid card token").max(128, "Invalid card token"),
  paymentMethodId: z.string().trim().min(1, "Choose a payment method").max(50, "Invalid payment method"),
  installments: z
    .number()
    .int("Installments must be a whole number")
    .min(1, "At least 1 installment")
    .max(48, "At most 48 installments"),
});
export type OrderCardInput = z.infer<typeof orderCardInputSchema>;

export const createOrderInputSchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  amountMinor: z
    .number("Enter an amount")
    .int("The amount must be whole minor units")
    .positive("The amount must be more than zero")
    .max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Z]{3}$/, "Invalid currency"),
  description: z.string().trim().min(1, "Enter a description").max(200, "The description is at most 200 characters"),
  /** provider: letters, digits, `-` and `_`; Cobro makes one when empty. */
  externalReference: z
    .string()
    .trim()
    .max(64, "The reference is at most 64 characters")
    .regex(/^[A-Za-z0-9_-]*$/, "Use letters, digits, - and _ only")
    .optional(),
  payer: z.strictObject({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, "Email must be at most 254 characters")
      .pipe(z.email("Enter a valid email address")),
    identification: identificationSchema,
  }),
  processingMode: z.enum(ORDER_PROCESSING_MODES, "Choose a processing mode"),
  /** manual: authorize now, capture later. */
  captureMode: z.enum(ORDER_CAPTURE_MODES, "Choose a capture mode"),
  card: orderCardInputSchema,
});
export type CreateOrderInput = z.infer<typeof createOrderInputSchema>;

/** done: the provider answered; declined: the card was declined (402); unknown: no answer seen, being confirmed. */
export const orderOutcomeSchema = z.object({
  orderId: z.string(),
  outcome: z.enum(["done", "declined", "refused", "unknown"]),
  status: z.string().nullable(),
  statusDetail: z.string().nullable(),
});
export type OrderOutcome = z.infer<typeof orderOutcomeSchema>;

export const orderActionInputSchema = z.strictObject({ orderId: orderIdSchema, idempotencyKey: idempotencyKeySchema });

export const refundOrderInputSchema = orderActionInputSchema.extend({
  /** One payment transaction, in part; omitted: the whole order. */
  transactionId: transactionIdSchema.optional(),
  amountMinor: z
    .number("Enter an amount")
    .int("The amount must be whole minor units")
    .positive("The amount must be more than zero")
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  // One list of refund reasons for payments and orders (the same words in both dialogs).
  reason: z.enum(REFUND_REASONS, "Choose a reason"),
});
export type RefundOrderInput = z.infer<typeof refundOrderInputSchema>;

export const addOrderTransactionInputSchema = orderActionInputSchema.extend({ card: orderCardInputSchema });
export const updateOrderTransactionInputSchema = orderActionInputSchema.extend({
  transactionId: transactionIdSchema,
  card: orderCardInputSchema,
});
export const deleteOrderTransactionInputSchema = orderActionInputSchema.extend({ transactionId: transactionIdSchema });
