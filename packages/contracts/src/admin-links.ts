// zod schemas of the console's payment links area (`admin.links.*`: checkout
// preferences) and of the shop's thank-you page a link returns the buyer to.
// Money is `{ amountMinor, currency }` (see shop.ts); prices are typed in
// minor units by the forms, never as floats.
import { z } from "zod";
import { accountScopeFields } from "./admin-account-scope";
import { offsetPageSchema, offsetPagingSchema } from "./offset-paging";
import { currencySchema, moneySchema } from "./shop";

/** The most items one link sells. */
export const LINK_MAX_ITEMS = 20;
/** provider: installments go from 1 to 36. */
export const LINK_MAX_INSTALLMENTS = 36;
/** The most links one search page holds. */
export const LINK_LIST_MAX_LIMIT = 50;

const idempotencyKeySchema = z.uuid("Invalid idempotency key");

/** A provider preference id: `<collector id>-<uuid>` (docs/provider-facts.md §4.3); kept loose, never a path. */
export const preferenceIdSchema = z
  .string("Invalid link id")
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/, "Invalid link id");

export const linkItemInputSchema = z.strictObject({
  title: z.string("Enter a title").trim().min(1, "Enter a title").max(256, "The title is at most 256 characters"),
  quantity: z
    .number("Enter a quantity")
    .int("The quantity must be a whole number")
    .min(1, "The quantity must be at least 1")
    .max(9999, "The quantity is at most 9999"),
  unitPriceMinor: z
    .number("Enter a price")
    .int("Enter the price in the currency's units")
    .positive("The price must be more than zero")
    .max(1_000_000_000_00, "The price is too large"),
  /** A catalog product the item was picked from (its id is sent as the item's id). */
  productId: z.uuid("Invalid product").optional(),
});
export type LinkItemInput = z.infer<typeof linkItemInputSchema>;

const linkItemsSchema = z
  .array(linkItemInputSchema, "Add an item")
  .min(1, "Add at least one item")
  .max(LINK_MAX_ITEMS, `At most ${LINK_MAX_ITEMS} items`);

const isoDateSchema = z.iso.datetime({ offset: true, message: "Invalid date" });

function checkExpiry(
  value: { expiresFrom?: string | null | undefined; expiresTo?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.expiresFrom && value.expiresTo && Date.parse(value.expiresFrom) >= Date.parse(value.expiresTo)) {
    ctx.addIssue({ code: "custom", path: ["expiresTo"], message: "The end must be after the start" });
  }
}

export const createLinkInputSchema = z
  .strictObject({
    items: linkItemsSchema,
    /** The currency of the prices: the store's (the provider refuses one its site does not charge in). */
    currency: currencySchema,
    payerEmail: z.email("Enter a valid e-mail").max(254).optional(),
    expiresFrom: isoDateSchema.optional(),
    expiresTo: isoDateSchema.optional(),
    externalReference: z
      .string()
      .trim()
      .min(1)
      .max(256, "The reference is at most 256 characters")
      .regex(/^[\x20-\x7e]+$/, "Use letters, digits and punctuation only")
      .optional(),
    excludedPaymentMethods: z.array(z.string().trim().min(1).max(40)).max(40).default([]),
    maxInstallments: z
      .number("Enter a number")
      .int("Enter a whole number")
      .min(1, "At least 1")
      .max(LINK_MAX_INSTALLMENTS, `At most ${LINK_MAX_INSTALLMENTS}`)
      .optional(),
    idempotencyKey: idempotencyKeySchema,
  })
  .superRefine(checkExpiry);
export type CreateLinkInput = z.input<typeof createLinkInputSchema>;

/** `created`: the provider made the link; `unknown`: its answer was not seen (send the same dialog again). */
export const createLinkOutputSchema = z.object({
  outcome: z.enum(["created", "unknown"]),
  preferenceId: z.string().nullable(),
  initPoint: z.string().nullable(),
});
export type CreateLinkOutput = z.infer<typeof createLinkOutputSchema>;

export const linkListInputSchema = z.strictObject({
  ...accountScopeFields,
  externalReference: z.string().trim().min(1).max(256).optional(),
  ...offsetPagingSchema({ maxLimit: LINK_LIST_MAX_LIMIT, defaultLimit: 20 }).shape,
});
export type LinkListInput = z.input<typeof linkListInputSchema>;

export const linkListItemSchema = z.object({
  preferenceId: z.string(),
  createdAt: z.iso.datetime().nullable(),
  externalReference: z.string().nullable(),
  payerEmail: z.string().nullable(),
  expiresFrom: z.iso.datetime().nullable(),
  expiresTo: z.iso.datetime().nullable(),
  /** Payable no longer (its expiry end has passed). */
  expired: z.boolean(),
  /** What Cobro keeps of a link made in the console (null: made elsewhere). */
  console: z.object({ title: z.string(), initPoint: z.string().nullable() }).nullable(),
});
export type LinkListItem = z.infer<typeof linkListItemSchema>;

export const linkListOutputSchema = z.object({
  items: z.array(linkListItemSchema),
  ...offsetPageSchema.shape,
});
export type LinkListOutput = z.infer<typeof linkListOutputSchema>;

export const linkIdInputSchema = z.strictObject({ preferenceId: preferenceIdSchema, ...accountScopeFields });

export const linkDetailSchema = z.object({
  preferenceId: z.string(),
  initPoint: z.string(),
  createdAt: z.iso.datetime().nullable(),
  lastUpdated: z.iso.datetime().nullable(),
  externalReference: z.string().nullable(),
  payerEmail: z.string().nullable(),
  items: z.array(
    z.object({ id: z.string().nullable(), title: z.string(), quantity: z.number().int(), unitPrice: moneySchema }),
  ),
  total: moneySchema,
  expiresFrom: z.iso.datetime().nullable(),
  expiresTo: z.iso.datetime().nullable(),
  expired: z.boolean(),
  backUrls: z.object({ success: z.string(), pending: z.string(), failure: z.string() }),
  autoReturn: z.string().nullable(),
  excludedPaymentMethods: z.array(z.string()),
  maxInstallments: z.number().int().nullable(),
  console: z.object({ createdByEmail: z.string().nullable(), createdAt: z.iso.datetime() }).nullable(),
  payments: z.array(
    z.object({
      providerPaymentId: z.number().int(),
      status: z.string(),
      statusDetail: z.string().nullable(),
      amount: moneySchema,
      payerEmail: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  merchantOrders: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      orderStatus: z.string().nullable(),
      paid: moneySchema.nullable(),
      total: moneySchema.nullable(),
    }),
  ),
});
export type LinkDetail = z.infer<typeof linkDetailSchema>;

const backUrlSchema = z.url({ protocol: /^https?$/, message: "Enter an http(s) address" }).max(2000);

export const updateLinkInputSchema = z
  .strictObject({
    preferenceId: preferenceIdSchema,
    ...accountScopeFields,
    items: linkItemsSchema.optional(),
    currency: currencySchema,
    /** null: payable from now (no start). */
    expiresFrom: isoDateSchema.nullable().optional(),
    /** null: never expires. */
    expiresTo: isoDateSchema.nullable().optional(),
    backUrls: z.strictObject({ success: backUrlSchema, pending: backUrlSchema, failure: backUrlSchema }).optional(),
    idempotencyKey: idempotencyKeySchema,
  })
  .superRefine(checkExpiry);
export type UpdateLinkInput = z.input<typeof updateLinkInputSchema>;

export const expireLinkInputSchema = z.strictObject({
  preferenceId: preferenceIdSchema,
  ...accountScopeFields,
  idempotencyKey: idempotencyKeySchema,
});

export const linkActionOutputSchema = z.object({ outcome: z.enum(["done", "unknown"]) });

/** What the thank-you page may say about a link's payment, after re-reading it from the provider. */
export const LINK_RESULT_STATES = ["approved", "pending", "rejected", "unknown"] as const;

export const linkResultInputSchema = z.strictObject({
  preferenceId: preferenceIdSchema,
  paymentId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const linkResultSchema = z.object({
  state: z.enum(LINK_RESULT_STATES),
  amount: moneySchema.nullable(),
});
export type LinkResult = z.infer<typeof linkResultSchema>;
