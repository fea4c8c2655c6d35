// The console's plans area (`admin.plans.*`): the provider's subscription plans
// (`/preapproval_plan`), the templates the shop's subscriptions follow. Amounts
// travel in minor units with their currency; the server converts them to the
// provider's major-unit numbers. The same schemas validate the console's forms
// and the server's procedures.
import { z } from "zod";
import { accountFilterSchema } from "./admin-account";
import { offsetPageSchema, offsetPagingSchema } from "./offset-paging";
import { currencySchema, moneySchema } from "./shop";

/** provider: plan ids are 32 hex characters in its examples; letters, digits and dashes are accepted. */
export const planIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, "Invalid plan id");

export const planStatusSchema = z.enum(["active", "inactive"]);
export type PlanStatus = z.infer<typeof planStatusSchema>;

export const frequencyTypeSchema = z.enum(["days", "months"]);

export const adminPlanSchema = z.object({
  id: z.string(),
  status: z.string(),
  reason: z.string(),
  /** Null when the plan has no fixed amount or a currency Cobro does not handle. */
  amount: moneySchema.nullable(),
  frequency: z.number().int().nullable(),
  frequencyType: z.string().nullable(),
  freeTrial: z.object({ frequency: z.number().int(), frequencyType: z.string() }).nullable(),
  billingDay: z.number().int().nullable(),
  billingDayProportional: z.boolean(),
  repetitions: z.number().int().nullable(),
  backUrl: z.string().nullable(),
  externalReference: z.string().nullable(),
  initPoint: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

/**
 * A connected seller account whose provider resources a console page reads (`?account=<id>` on a detail page);
 * absent: the store's own account. Actions on a connected account's resources are refused (409, field `account`).
 */
export const connectedAccountRefSchema = z.uuid("Invalid account");

export const planSearchInputSchema = z.strictObject({
  /** Which account's plans are searched (the shared account filter); absent: the store's own. */
  account: accountFilterSchema.optional(),
  status: planStatusSchema.optional(),
  /** provider: free text over the reason, the id and the external reference. */
  q: z.string().trim().max(100, "The search is at most 100 characters").optional(),
  ...offsetPagingSchema({ maxLimit: 50, defaultLimit: 20 }).shape,
});
export type PlanSearchInput = z.input<typeof planSearchInputSchema>;

export const planSearchOutputSchema = z.object({
  items: z.array(adminPlanSchema),
  ...offsetPageSchema.shape,
});
export type PlanSearchOutput = z.infer<typeof planSearchOutputSchema>;

export const planIdInputSchema = z.strictObject({
  planId: planIdSchema,
  account: connectedAccountRefSchema.optional(),
});

/** The fields a staff member edits, shared by create and edit. */
export const planFieldsSchema = z
  .strictObject({
    reason: z.string().trim().min(1, "Enter the plan's name").max(200, "The name is at most 200 characters"),
    frequency: z
      .number({ error: "Enter how often it charges" })
      .int("The frequency is a whole number")
      .min(1, "The frequency is at least 1")
      .max(365, "The frequency is at most 365"),
    frequencyType: frequencyTypeSchema,
    amountMinor: z
      .number({ error: "Enter the amount" })
      .int("Invalid amount")
      .min(1, "The amount must be more than zero")
      .max(100_000_000_00, "The amount is too large"),
    currency: currencySchema,
    freeTrial: z
      .strictObject({
        frequency: z.number().int("The trial is a whole number").min(1, "The trial is at least 1").max(365),
        frequencyType: frequencyTypeSchema,
      })
      .nullable()
      .default(null),
    /** Monthly plans only: the day of the month every charge falls on (1–28). */
    billingDay: z
      .number()
      .int("The billing day is a whole number")
      .min(1, "The billing day is between 1 and 28")
      .max(28, "The billing day is between 1 and 28")
      .nullable()
      .default(null),
    /** With a billing day: the first charge is pro-rated up to it. */
    billingDayProportional: z.boolean().default(false),
    /** How many charges; null = until cancelled. */
    repetitions: z
      .number()
      .int("The number of charges is a whole number")
      .min(1, "The number of charges is at least 1")
      .max(1000, "The number of charges is at most 1000")
      .nullable()
      .default(null),
    backUrl: z.url({ protocol: /^https?$/, error: "Enter a web address (https://…)" }).max(500),
    externalReference: z.string().trim().max(100, "The reference is at most 100 characters").optional(),
  })
  .refine((plan) => plan.billingDay === null || plan.frequencyType === "months", {
    path: ["billingDay"],
    message: "A billing day is only for monthly plans",
  });
export type PlanFields = z.infer<typeof planFieldsSchema>;

export const planCreateInputSchema = z.strictObject({
  plan: planFieldsSchema,
  /** One per dialog: a double submit or a retry makes one plan. */
  idempotencyKey: z.uuid("Invalid idempotency key"),
});
export type PlanCreateInput = z.infer<typeof planCreateInputSchema>;

export const planUpdateInputSchema = z.strictObject({
  planId: planIdSchema,
  plan: planFieldsSchema,
  account: connectedAccountRefSchema.optional(),
});
export type PlanUpdateInput = z.infer<typeof planUpdateInputSchema>;

export const planStatusInputSchema = z.strictObject({
  planId: planIdSchema,
  status: planStatusSchema,
  account: connectedAccountRefSchema.optional(),
});
export type PlanStatusInput = z.infer<typeof planStatusInputSchema>;
