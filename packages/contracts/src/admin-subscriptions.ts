// The console's subscriptions area (`admin.subscriptions.*`): the provider's
// subscriptions (`/preapproval`) with their plan, payer and charges
// (`/authorized_payments`), and pause / resume / cancel.
import { z } from "zod";
import { adminPlanSchema } from "./admin-plans";
import { offsetPageFields, offsetPagingFields } from "./offset-paging";
import { moneySchema } from "./shop";

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
});
export type AdminSubscriptionDetail = z.infer<typeof adminSubscriptionDetailSchema>;

export const subscriptionSearchInputSchema = z.strictObject({
  status: subscriptionStatusSchema.optional(),
  payerEmail: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid e-mail address")).optional(),
  planId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "Invalid plan id")
    .optional(),
  /** provider: free text over the id, reason, external reference and payer e-mail. */
  q: z.string().trim().max(100, "The search is at most 100 characters").optional(),
  ...offsetPagingFields({ maxLimit: 50, defaultLimit: 20 }),
});
export type SubscriptionSearchInput = z.input<typeof subscriptionSearchInputSchema>;

export const subscriptionSearchOutputSchema = z.object({
  items: z.array(adminSubscriptionSchema),
  ...offsetPageFields,
});

export const adminSubscriptionIdInputSchema = z.strictObject({ subscriptionId: subscriptionIdSchema });

export const subscriptionActionSchema = z.enum(["pause", "resume", "cancel"]);
export type SubscriptionAction = z.infer<typeof subscriptionActionSchema>;

export const subscriptionActionInputSchema = z.strictObject({
  subscriptionId: subscriptionIdSchema,
  action: subscriptionActionSchema,
});

/** A charge in the charges search: the charge and the subscription it belongs to. */
export const adminChargeListItemSchema = adminChargeSchema.extend({
  subscriptionId: z.string(),
  reason: z.string(),
});
export type AdminChargeListItem = z.infer<typeof adminChargeListItemSchema>;

export const chargeSearchInputSchema = z.strictObject({
  subscriptionId: subscriptionIdSchema.optional(),
  paymentId: z.number().int().positive().optional(),
  ...offsetPagingFields({ maxLimit: 50, defaultLimit: 20 }),
});
export type ChargeSearchInput = z.input<typeof chargeSearchInputSchema>;

export const chargeSearchOutputSchema = z.object({
  items: z.array(adminChargeListItemSchema),
  ...offsetPageFields,
});
