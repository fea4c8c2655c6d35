// The console's subscriptions area (`admin.subscriptions.*`): the provider's
// subscriptions (`/preapproval`) with their plan, payer and charges
// (`/authorized_payments`), and pause / resume / cancel.
import { z } from "zod";
import { accountFilterSchema } from "./admin-account";
import { adminPlanSchema, connectedAccountRefSchema } from "./admin-plans";
import { offsetPageSchema, offsetPagingSchema } from "./offset-paging";
import { cardTokenSchema, currencySchema, moneySchema } from "./shop";

export const subscriptionIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, "Invalid subscription id");

export const subscriptionStatusSchema = z.enum(["pending", "authorized", "paused", "cancelled"]);

export const adminSubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  reason: z.string(),
  payerEmail: z.string().nullable(),
  payerId: z.number().nullable(),
  planId: z.string().nullable(),
  externalReference: z.string().nullable(),
  amount: moneySchema.nullable(),
  nextPaymentDate: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** The Cobro shopper it belongs to, when the shop knows. */
  shopperEmail: z.string().nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

export const adminChargeSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  amount: moneySchema.nullable(),
  debitDate: z.string().nullable(),
  retryAttempt: z.number().int(),
  nextRetryDate: z.string().nullable(),
  payment: z
    .object({ id: z.number().int(), status: z.string().nullable(), statusDetail: z.string().nullable() })
    .nullable(),
});
export type AdminCharge = z.infer<typeof adminChargeSchema>;

export const adminSubscriptionDetailSchema = adminSubscriptionSchema.extend({
  plan: adminPlanSchema.nullable(),
  charges: z.array(adminChargeSchema),
  summary: z.object({ chargedQuantity: z.number().int(), chargedAmount: moneySchema.nullable() }).nullable(),
  /** Changes sent from the console whose answer was not seen yet: shown as "being confirmed". */
  pendingChanges: z.array(
    z.object({ id: z.string(), createdAt: z.string(), amountMinor: z.number().int().nullable(), newCard: z.boolean() }),
  ),
});
export type AdminSubscriptionDetail = z.infer<typeof adminSubscriptionDetailSchema>;

export const subscriptionSearchInputSchema = z.strictObject({
  /** Which account's subscriptions are searched (the shared account filter); absent: the store's own. */
  account: accountFilterSchema.optional(),
  status: subscriptionStatusSchema.optional(),
  payerEmail: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid e-mail address")).optional(),
  planId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "Invalid plan id")
    .optional(),
  /** provider: free text over the id, reason, external reference and payer e-mail. */
  q: z.string().trim().max(100, "The search is at most 100 characters").optional(),
  ...offsetPagingSchema({ maxLimit: 50, defaultLimit: 20 }).shape,
});
export type SubscriptionSearchInput = z.input<typeof subscriptionSearchInputSchema>;

export const subscriptionSearchOutputSchema = z.object({
  items: z.array(adminSubscriptionSchema),
  ...offsetPageSchema.shape,
});

export const adminSubscriptionIdInputSchema = z.strictObject({
  subscriptionId: subscriptionIdSchema,
  account: connectedAccountRefSchema.optional(),
});

export const subscriptionActionSchema = z.enum(["pause", "resume", "cancel"]);
export type SubscriptionAction = z.infer<typeof subscriptionActionSchema>;

export const subscriptionActionInputSchema = z.strictObject({
  subscriptionId: subscriptionIdSchema,
  action: subscriptionActionSchema,
  account: connectedAccountRefSchema.optional(),
});

/** A charge in the charges search: the charge and the subscription it belongs to. */
export const adminChargeListItemSchema = adminChargeSchema.extend({
  subscriptionId: z.string(),
  reason: z.string(),
});
export type AdminChargeListItem = z.infer<typeof adminChargeListItemSchema>;

export const chargeSearchInputSchema = z.strictObject({
  /** Which account's charges are searched (the shared account filter); absent: the store's own. */
  account: accountFilterSchema.optional(),
  subscriptionId: subscriptionIdSchema.optional(),
  paymentId: z.number().int().positive().optional(),
  ...offsetPagingSchema({ maxLimit: 50, defaultLimit: 20 }).shape,
});
export type ChargeSearchInput = z.input<typeof chargeSearchInputSchema>;

export const chargeSearchOutputSchema = z.object({
  items: z.array(adminChargeListItemSchema),
  ...offsetPageSchema.shape,
});

const idempotencyKeySchema = z.uuid("Invalid idempotency key");
const amountMinorSchema = z
  .number({ error: "Enter the amount" })
  .int("Invalid amount")
  .min(1, "The amount must be more than zero")
  .max(100_000_000_00, "The amount is too large");

/**
 * Change what a subscription charges (`PUT /preapproval/{id}`). provider: only the amount
 * (`auto_recurring.transaction_amount`, in the subscription's own currency) and the card on file (`card_token_id`,
 * a new card, e.g. with a new expiry date) can change; the frequency and the charge dates cannot.
 */
export const subscriptionChangeInputSchema = z
  .strictObject({
    subscriptionId: subscriptionIdSchema,
    account: connectedAccountRefSchema.optional(),
    /** One per dialog: every retry of the same change carries it. */
    idempotencyKey: idempotencyKeySchema,
    amountMinor: amountMinorSchema.optional(),
    cardToken: cardTokenSchema.optional(),
  })
  .refine((input) => input.amountMinor !== undefined || input.cardToken !== undefined, {
    message: "Enter the new amount or a new card",
    path: ["amountMinor"],
  });
export type SubscriptionChangeInput = z.infer<typeof subscriptionChangeInputSchema>;

/** A console request that changes money at the provider: done, or "unknown" while its answer is being confirmed. */
export const subscriptionRequestOutcomeSchema = z.object({
  requestId: z.string(),
  /** done: the provider answered; unknown: the answer was not seen (being confirmed; "Try again" is safe). */
  outcome: z.enum(["done", "unknown"]),
  subscriptionId: z.string().nullable(),
});
export type SubscriptionRequestOutcome = z.infer<typeof subscriptionRequestOutcomeSchema>;

const isoDateTimeSchema = z.iso.datetime({ offset: true, error: "Enter a valid date" });

/**
 * A subscription without a plan (`POST /preapproval` with `status: authorized`): the payer's card token is charged
 * every period from the start date. provider: `card_token_id` is required for an authorized subscription.
 */
export const adminSubscriptionCreateInputSchema = z
  .strictObject({
    idempotencyKey: idempotencyKeySchema,
    payerEmail: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid e-mail address")),
    reason: z
      .string()
      .trim()
      .min(1, "Enter what the subscription is for")
      .max(200, "The reason is at most 200 characters"),
    amountMinor: amountMinorSchema,
    currency: currencySchema,
    frequency: z
      .number({ error: "Enter how often it charges" })
      .int("The frequency is a whole number")
      .min(1, "The frequency is at least 1")
      .max(365, "The frequency is at most 365"),
    frequencyType: z.enum(["days", "months"]),
    startDate: isoDateTimeSchema.optional(),
    endDate: isoDateTimeSchema.optional(),
    externalReference: z.string().trim().max(64, "The external reference is at most 64 characters").optional(),
    cardToken: cardTokenSchema,
  })
  .refine((input) => !input.startDate || !input.endDate || Date.parse(input.endDate) > Date.parse(input.startDate), {
    message: "The end date must be after the start date",
    path: ["endDate"],
  });
export type AdminSubscriptionCreateInput = z.infer<typeof adminSubscriptionCreateInputSchema>;
