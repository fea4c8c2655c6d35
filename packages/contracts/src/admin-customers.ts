// The console's customers area (`admin.customers.*`): the provider's customers
// (the payer records saved cards hang off) and their saved cards, and the Cobro
// user each one belongs to. The same schemas validate the console's forms and
// the server's procedures.
import { z } from "zod";
import { userRoleSchema } from "./account";
import { accountScopeFields } from "./admin-account-scope";
import { offsetPageSchema, offsetPagingSchema } from "./offset-paging";
import { cardTokenSchema, savedCardSchema } from "./shop";

/** provider: customer ids look like `<collector id>-<letters and digits>`. */
export const customerIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, "Invalid customer id");

/** provider: saved card ids are digit strings; letters and dashes are allowed so other forms are not refused. */
export const customerCardIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, "Invalid card id");

const customerIdempotencyKeySchema = z.uuid("Invalid idempotency key");

/** Free text a staff member types: trimmed, empty means "not given". */
function optionalText(max: number, message: string) {
  return z.string().trim().max(max, message).optional();
}

export const customerPhoneSchema = z.strictObject({
  areaCode: z
    .string()
    .trim()
    .regex(/^\d{0,5}$/, "The area code is up to 5 digits"),
  number: z
    .string()
    .trim()
    .regex(/^[\d -]{0,20}$/, "The phone number is digits, spaces and dashes (up to 20)"),
});

export const customerIdentificationSchema = z.strictObject({
  type: z
    .string()
    .trim()
    .regex(/^[A-Za-z_]{0,20}$/, "Invalid document type"),
  number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{0,20}$/, "The document number is letters and digits (up to 20)"),
});

/** The fields a staff member edits, shared by create and update. */
const customerEditableShape = {
  firstName: optionalText(100, "The first name is at most 100 characters"),
  lastName: optionalText(100, "The last name is at most 100 characters"),
  phone: customerPhoneSchema.optional(),
  identification: customerIdentificationSchema.optional(),
  description: optionalText(500, "The description is at most 500 characters"),
};

export const customerEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "The e-mail is at most 254 characters")
  .pipe(z.email("Enter a valid e-mail address"));

export const customerSearchInputSchema = z.strictObject({
  ...accountScopeFields,
  /** provider: the search filters by the customer's exact e-mail (its only documented filter). */
  email: customerEmailSchema.optional(),
  ...offsetPagingSchema({ maxLimit: 50, defaultLimit: 20 }).shape,
});
export type CustomerSearchInput = z.input<typeof customerSearchInputSchema>;

export const customerCreateInputSchema = z.strictObject({
  email: customerEmailSchema,
  ...customerEditableShape,
  /** One per dialog: a double submit or a retry makes one customer. */
  idempotencyKey: customerIdempotencyKeySchema,
});
export type CustomerCreateInput = z.infer<typeof customerCreateInputSchema>;

export const customerUpdateInputSchema = z.strictObject({
  customerId: customerIdSchema,
  ...accountScopeFields,
  ...customerEditableShape,
  /** The saved card offered first; must be one of the customer's cards. */
  defaultCardId: customerCardIdSchema.optional(),
});
export type CustomerUpdateInput = z.infer<typeof customerUpdateInputSchema>;

export const customerIdInputSchema = z.strictObject({ customerId: customerIdSchema, ...accountScopeFields });

export const customerCardAddInputSchema = z.strictObject({
  customerId: customerIdSchema,
  ...accountScopeFields,
  /** Made by the provider's secure fields in the staff member's browser; never card data. */
  cardToken: cardTokenSchema,
  idempotencyKey: customerIdempotencyKeySchema,
});

export const customerCardUpdateInputSchema = z.strictObject({
  customerId: customerIdSchema,
  ...accountScopeFields,
  cardId: customerCardIdSchema,
  expirationMonth: z
    .number("Choose the expiry month")
    .int("Choose the expiry month")
    .min(1, "The month is 1 to 12")
    .max(12, "The month is 1 to 12"),
  expirationYear: z
    .number("Enter the expiry year")
    .int("Enter the expiry year")
    .min(2000, "Enter the year with four digits")
    .max(2100, "Enter the year with four digits"),
  holderName: optionalText(100, "The holder's name is at most 100 characters"),
});
export type CustomerCardUpdateInput = z.infer<typeof customerCardUpdateInputSchema>;

export const customerCardIdInputSchema = z.strictObject({
  customerId: customerIdSchema,
  cardId: customerCardIdSchema,
  ...accountScopeFields,
});

/** The Cobro user whose saved cards live under this customer (`users.provider_customer_id`). */
export const customerLinkedUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
});

export const adminCustomerSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.object({ areaCode: z.string(), number: z.string() }),
  identification: z.object({ type: z.string(), number: z.string() }),
  description: z.string().nullable(),
  defaultCardId: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  cardCount: z.number().int(),
  linkedUser: customerLinkedUserSchema.nullable(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const customerSearchOutputSchema = z.object({
  items: z.array(adminCustomerSchema),
  ...offsetPageSchema.shape,
});

export const adminCustomerDetailSchema = adminCustomerSchema.extend({ cards: z.array(savedCardSchema) });
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

export const customerDeleteOutputSchema = z.object({
  customerId: z.string(),
  /** Saved cards the provider deleted with the customer. */
  cardsDeleted: z.number().int(),
  /** The Cobro user whose link to this customer was cleared, if any. */
  unlinkedUserId: z.string().nullable(),
});
