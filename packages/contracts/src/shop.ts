// zod schemas of the shopper API (catalog, checkout, plans, subscriptions,
// account), shared by the tRPC routers and the web forms. This file imports
// nothing but zod and the pure money table, so it bundles into the browser.
//
// Inputs are strict objects: an unknown field is refused (400 naming it), not
// silently dropped. Control characters are refused in every string input by the
// tRPC layer (one check for every procedure), so they are not repeated here.
//
// Money is always `{ amountMinor, currency }`: an integer count of minor units
// (centavos; whole pesos for CLP/COP) and an ISO 4217 code.
import { CURRENCY_DECIMALS, type CurrencyCode } from "@cobro/provider-client/money";
import { z } from "zod";

const CURRENCY_CODES = Object.keys(CURRENCY_DECIMALS) as [CurrencyCode, ...CurrencyCode[]];

export const currencySchema = z.enum(CURRENCY_CODES);

export const moneySchema = z.object({
  amountMinor: z.number().int().nonnegative(),
  currency: currencySchema,
});
export type Money = z.infer<typeof moneySchema>;

const uuidSchema = (what: string) => z.uuid(`Invalid ${what}`);

/** Keyset cursor: the id of the last row of the previous page. */
export const cursorSchema = z.uuid("Invalid cursor");

/** The input of a list read a page at a time: after `cursor` (the last id seen), at most `limit` (1..50) items. */
function pageInputSchema(defaultLimit: number) {
  return z
    .strictObject({
      cursor: cursorSchema.nullish(),
      // tRPC's infinite queries add the direction they page in; lists here only page forward.
      direction: z.enum(["forward", "backward"]).optional(),
      limit: z
        .number()
        .int()
        .min(1, "limit must be at least 1")
        .max(50, "limit must be at most 50")
        .default(defaultLimit),
    })
    .default({ limit: defaultLimit });
}

// ---------------------------------------------------------------------------
// System

export const publicConfigSchema = z.object({
  providerMode: z.enum(["sandbox", "live"]),
  /** The provider API's base URL (sandbox mode: the sandbox's). */
  providerApiUrl: z.string(),
  /** The public key the browser SDK is started with (`new MercadoPago(publicKey)`). */
  publicKey: z.string(),
  /** The browser SDK's script (MercadoPago.js v2): the provider's, or the sandbox's stand-in in sandbox mode. */
  sdkUrl: z.string(),
  /** The store account's site, e.g. MLA. */
  siteId: z.string(),
  /** The site's currency, e.g. ARS. */
  currency: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

// ---------------------------------------------------------------------------
// Catalog

/** The languages the shop speaks; a product's texts may be given in each. */
export const CATALOG_LANGUAGES = ["en", "es", "pt"] as const;
export const catalogLanguageSchema = z.enum(CATALOG_LANGUAGES, "language must be en, es or pt");
export type CatalogLanguage = z.infer<typeof catalogLanguageSchema>;

/** One language's texts of a product; a missing (or empty) text falls back to the product's default one. */
export const productTranslationSchema = z.strictObject({
  title: z.string().trim().max(200, "title must be at most 200 characters").optional(),
  description: z.string().trim().max(5000, "description must be at most 5000 characters").optional(),
  /** What the product's picture shows, for its alt text. */
  imageAlt: z.string().trim().max(300, "imageAlt must be at most 300 characters").optional(),
});
export type ProductTranslation = z.infer<typeof productTranslationSchema>;

export const productTranslationsSchema = z.partialRecord(catalogLanguageSchema, productTranslationSchema);
export type ProductTranslations = z.infer<typeof productTranslationsSchema>;

/**
 * A product's picture as the shop draws it: `src` with a `srcSet` of widths when the server has several (the demo
 * catalog's bundled images), the intrinsic `width`/`height` (so the page keeps room for it), and `alt` in the
 * shopper's language.
 */
export const productImageSchema = z.object({
  src: z.string(),
  /** `url 320w, url 640w, …`; empty when there is one size only. */
  srcSet: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  /** In the language asked for, else the default. */
  name: z.string(),
  /** In the language asked for, else the default. */
  description: z.string(),
  imageUrl: z.string().nullable(),
  image: productImageSchema.nullable(),
  price: moneySchema,
});
export type Product = z.infer<typeof productSchema>;

export const catalogListInputSchema = z
  .strictObject({
    cursor: cursorSchema.nullish(),
    // tRPC's infinite queries add the direction they page in; lists here only page forward.
    direction: z.enum(["forward", "backward"]).optional(),
    limit: z.number().int().min(1, "limit must be at least 1").max(50, "limit must be at most 50").default(24),
    /** The shopper's language for names and descriptions; without it, the default texts. */
    language: catalogLanguageSchema.optional(),
  })
  .default({ limit: 24 });

export const catalogListOutputSchema = z.object({
  items: z.array(productSchema),
  nextCursor: z.string().nullable(),
});

export const catalogGetInputSchema = z.strictObject({
  slug: z
    .string()
    .trim()
    .min(1, "Enter a product slug")
    .max(200, "Slug is too long")
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Invalid product slug"),
  /** The shopper's language for the name and description; without it, the default texts. */
  language: catalogLanguageSchema.optional(),
});

// ---------------------------------------------------------------------------
// Checkout

export const identificationSchema = z.strictObject({
  type: z.string().trim().min(1, "Choose a document type").max(20, "Document type is too long"),
  number: z
    .string()
    .trim()
    .min(1, "Enter your document number")
    .max(30, "Document number is too long")
    .regex(/^[0-9A-Za-z.\-/ ]+$/, "Document number has invalid characters"),
});

export const payerSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email("Enter a valid email address")),
  firstName: z.string().trim().min(1, "Enter your first name").max(100, "First name is too long"),
  lastName: z.string().trim().min(1, "Enter your last name").max(100, "Last name is too long"),
  identification: identificationSchema,
});
export type Payer = z.infer<typeof payerSchema>;

export const checkoutItemInputSchema = z.strictObject({
  productId: uuidSchema("product id"),
  quantity: z
    .number()
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(99, "Quantity must be at most 99"),
});

/** The browser sends product ids and quantities only: prices always come from the database. */
export const checkoutCreateInputSchema = z.strictObject({
  items: z.array(checkoutItemInputSchema).min(1, "Add at least one item").max(50, "At most 50 different items"),
  payer: payerSchema,
  /** The language the shopper is using: the checkout's item names and e-mails are in it (else the store's). */
  language: catalogLanguageSchema.optional(),
});
export type CheckoutCreateInput = z.infer<typeof checkoutCreateInputSchema>;

/** What the browser keeps of a checkout: its id and the secret that lets it come back (guests). */
export const checkoutTokenSchema = z
  .string()
  .min(43, "Invalid checkout token")
  .max(64, "Invalid checkout token")
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid checkout token");

/**
 * What the shopper is told about a checkout: `open` (not paid yet), `confirming` (a payment was sent to the
 * provider and its answer is being confirmed: never pay again meanwhile), then the payment's own status.
 */
export const CHECKOUT_RESULT_STATUSES = [
  "open",
  "confirming",
  "pending",
  "in_process",
  "authorized",
  "approved",
  "rejected",
  "cancelled",
  "refunded",
] as const;
export const checkoutResultStatusSchema = z.enum(CHECKOUT_RESULT_STATUSES);
export type CheckoutResultStatus = z.infer<typeof checkoutResultStatusSchema>;

export const checkoutCreateOutputSchema = z.object({
  checkoutId: z.uuid(),
  /** Shown once; only its SHA-256 is stored. */
  checkoutToken: z.string(),
  total: moneySchema,
  status: checkoutResultStatusSchema,
});

const checkoutAccessSchema = z.strictObject({
  checkoutId: uuidSchema("checkout id"),
  checkoutToken: checkoutTokenSchema,
});

export const cardTokenSchema = z
  .string()
  .trim()
  .min(8, "Invalid card token")
  .max(128, "Invalid card token")
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid card token");

const paymentMethodIdSchema = z
  .string()
  .trim()
  .min(1, "Choose a payment method")
  .max(50, "Invalid payment method")
  .regex(/^[a-z0-9_]+$/, "Invalid payment method");

export const payWithCardInputSchema = checkoutAccessSchema
  .extend({
    cardToken: cardTokenSchema,
    /**
     * Pays with one of the signed-in shopper's saved cards: `cardToken` was made in the browser from this card id
     * and the security code typed into a secure field. The server checks the card is the shopper's.
     */
    savedCardId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "Invalid saved card")
      .optional(),
    paymentMethodId: paymentMethodIdSchema,
    issuerId: z
      .union([
        z
          .string()
          .trim()
          .regex(/^\d{1,12}$/, "Invalid issuer"),
        z.number().int().positive(),
      ])
      .optional(),
    installments: z
      .number()
      .int("Installments must be a whole number")
      .min(1, "At least 1 installment")
      .max(48, "At most 48 installments"),
    /** Save the card to the signed-in shopper's account after an approved payment. */
    saveCard: z.boolean().optional(),
    /**
     * provider: card tokens are single use, and `cardToken` is spent by the
     * payment. Saving the card needs a second token made from the same card
     * data in the browser; required when `saveCard` is true.
     */
    saveCardToken: cardTokenSchema.optional(),
  })
  .refine((input) => !input.saveCard || input.saveCardToken !== undefined, {
    message: "A second card token is needed to save the card",
    path: ["saveCardToken"],
  })
  .refine((input) => !(input.saveCard && input.savedCardId !== undefined), {
    message: "A saved card is saved already",
    path: ["saveCard"],
  });
export type PayWithCardInput = z.infer<typeof payWithCardInputSchema>;

export const createPreferenceInputSchema = checkoutAccessSchema;

/** `checkout.paymentAccount`: the checkout's charging account as its payment step sees it (never a secret). */
export const checkoutPaymentAccountInputSchema = checkoutAccessSchema;
export const checkoutPaymentAccountSchema = z.object({
  /** The public key the secure fields make the card token with (the account that charges this checkout). */
  publicKey: z.string(),
  /** Saved cards belong to the store's own account: offered (and saved) only when it charges the checkout. */
  savedCards: z.boolean(),
});
export type CheckoutPaymentAccount = z.infer<typeof checkoutPaymentAccountSchema>;

export const createPreferenceOutputSchema = z.object({ initPoint: z.string() });

/**
 * `checkout.replace`: after a checkout's payment was declined or cancelled, a new checkout for the same order (its
 * items re-priced, its payer), so another card or a cash ticket can pay it. The old one stays as it was.
 */
export const checkoutReplaceInputSchema = checkoutAccessSchema.extend({ language: catalogLanguageSchema.optional() });
export type CheckoutReplaceInput = z.infer<typeof checkoutReplaceInputSchema>;

export const payOfflineInputSchema = checkoutAccessSchema.extend({ paymentMethodId: paymentMethodIdSchema });
export type PayOfflineInput = z.infer<typeof payOfflineInputSchema>;

export const checkoutResultInputSchema = z.union([
  z.strictObject({
    checkoutId: uuidSchema("checkout id"),
    checkoutToken: checkoutTokenSchema.optional(),
  }),
  z.strictObject({
    /** The `external_reference` the provider's redirect carries (our checkout id). */
    externalReference: z.string().trim().min(1, "Missing external reference").max(256, "Invalid external reference"),
    /** The `payment_id` the provider's redirect carries. */
    paymentId: z.coerce
      .number({ error: "Invalid payment id" })
      .int("Invalid payment id")
      .positive("Invalid payment id")
      .max(Number.MAX_SAFE_INTEGER, "Invalid payment id"),
    checkoutToken: checkoutTokenSchema.optional(),
  }),
]);
export type CheckoutResultInput = z.infer<typeof checkoutResultInputSchema>;

/**
 * What the shopper pays with the installments chosen: the provider's `installments`,
 * `transaction_details.installment_amount` and `total_paid_amount` (the price plus any financing cost).
 */
export const paymentPlanSchema = z.object({
  installments: z.number().int().min(1),
  installmentAmount: moneySchema,
  totalPaid: moneySchema,
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

export const checkoutResultSchema = z.object({
  checkoutId: z.uuid(),
  /** The human order number, shown as "#1042". */
  orderNumber: z.number().int().positive(),
  status: checkoutResultStatusSchema,
  statusDetail: z.string().nullable(),
  /** A translatable code (the provider's `status_detail` of a declined or cancelled payment), else null. */
  reason: z.string().nullable(),
  total: moneySchema,
  paymentId: z.number().int().nullable(),
  paymentMethodId: z.string().nullable(),
  refunded: moneySchema,
  pix: z
    .object({
      /** The "copia e cola" text. */
      qrCode: z.string(),
      /** The QR code as a base64 PNG. */
      qrCodeBase64: z.string(),
      expiresAt: z.iso.datetime({ offset: true }).nullable(),
    })
    .optional(),
  ticket: z
    .object({
      url: z.string(),
      barcode: z.string().nullable(),
      digitableLine: z.string().nullable(),
      expiresAt: z.iso.datetime({ offset: true }).nullable(),
    })
    .optional(),
  /** Present when saving the card was asked for: whether it was saved. */
  cardSaved: z.boolean().optional(),
  /** A card payment's installments and total paid, once the provider reported them; else null. */
  plan: paymentPlanSchema.nullable().optional(),
  updatedAt: z.iso.datetime(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const identificationTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
});
export type IdentificationType = z.infer<typeof identificationTypeSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  paymentTypeId: z.string(),
  thumbnail: z.string().nullable(),
  minAmountMinor: z.number().int().optional(),
  maxAmountMinor: z.number().int().optional(),
  /** Cards only: the most installments to offer (the issuer may allow fewer; the provider then refuses the payment). */
  installments: z.object({ max: z.number().int().positive() }).optional(),
  /** Cards only: a regular expression the first digits of the card number match. */
  binPattern: z.string().optional(),
  /** Cards only: numbers matching `binPattern` that belong to another method (e.g. debit BINs). */
  binExclusionPattern: z.string().optional(),
  cardNumberLength: z.number().int().optional(),
  securityCodeLength: z.number().int().optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

// ---------------------------------------------------------------------------
// Plans and subscriptions

export const planSchema = z.object({
  id: z.string(),
  reason: z.string(),
  amount: moneySchema,
  frequency: z.number().int(),
  frequencyType: z.enum(["days", "months"]),
  freeTrial: z.object({ frequency: z.number().int(), frequencyType: z.enum(["days", "months"]) }).optional(),
});
export type Plan = z.infer<typeof planSchema>;

const providerIdSchema = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Invalid ${what}`)
    .max(64, `Invalid ${what}`)
    .regex(/^[A-Za-z0-9_-]+$/, `Invalid ${what}`);

export const planGetInputSchema = z.strictObject({ id: providerIdSchema("plan id") });

export const subscriptionCreateInputSchema = z.strictObject({
  planId: providerIdSchema("plan id"),
  cardToken: cardTokenSchema,
  /** provider: must be the e-mail the payer uses with Mercado Pago. */
  payerEmail: payerSchema.shape.email,
});

export const subscriptionCreateOutputSchema = z.object({
  subscriptionId: z.uuid(),
  status: z.string(),
  firstCharge: z.object({ status: z.string(), statusDetail: z.string().nullable() }).nullable(),
});

export const subscriptionSchema = z.object({
  id: z.uuid(),
  planId: z.string().nullable(),
  reason: z.string().nullable(),
  /** pending, authorized, paused or cancelled (provider statuses). */
  status: z.string(),
  amount: moneySchema,
  frequency: z.number().int().nullable(),
  frequencyType: z.string().nullable(),
  nextPaymentDate: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type ShopperSubscription = z.infer<typeof subscriptionSchema>;

export const subscriptionIdInputSchema = z.strictObject({ id: uuidSchema("subscription id") });

/** One charge of the shopper's subscription (`/authorized_payments`) and the payment it produced. */
export const subscriptionChargeSchema = z.object({
  id: z.number().int(),
  /** scheduled, processed, recycling (failed, being retried) or cancelled (provider statuses). */
  status: z.string(),
  date: z.string().nullable(),
  amount: moneySchema.nullable(),
  retryAttempt: z.number().int(),
  /** The payment the charge produced: a failed one carries the provider's reason (its status_detail). */
  payment: z
    .object({ id: z.number().int(), status: z.string().nullable(), statusDetail: z.string().nullable() })
    .nullable(),
});
export type SubscriptionCharge = z.infer<typeof subscriptionChargeSchema>;

// ---------------------------------------------------------------------------
// Account

export const ordersInputSchema = pageInputSchema(20);

export const orderSchema = z.object({
  checkoutId: z.uuid(),
  /** The human order number, shown as "#1042". */
  orderNumber: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  total: moneySchema,
  status: checkoutResultStatusSchema,
  statusDetail: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  refunded: moneySchema,
  /** A card payment's installments and total paid (with any financing cost), else null. */
  plan: paymentPlanSchema.nullable(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), unitPrice: moneySchema })),
});
export type Order = z.infer<typeof orderSchema>;

export const ordersOutputSchema = z.object({ items: z.array(orderSchema), nextCursor: z.string().nullable() });

export const savedCardSchema = z.object({
  id: z.string(),
  /** Display name of the brand, e.g. "Visa". */
  brand: z.string(),
  /** The provider's payment method id, e.g. "visa". */
  paymentMethodId: z.string().nullable(),
  lastFour: z.string(),
  /** The card's first six digits (its BIN), for the installments of a payment with it; null when unknown. */
  bin: z.string().nullable(),
  expirationMonth: z.number().int().nullable(),
  expirationYear: z.number().int().nullable(),
  holder: z.string().nullable(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** "Add a card" in the account: a card token the secure fields made in the browser (never card data). */
export const cardAddInputSchema = z.strictObject({ cardToken: cardTokenSchema });
export type CardAddInput = z.infer<typeof cardAddInputSchema>;

export const cardRemoveInputSchema = z.strictObject({
  cardId: z
    .string()
    .trim()
    .min(1, "Invalid card id")
    .max(64, "Invalid card id")
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid card id"),
});
