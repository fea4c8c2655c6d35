// zod schemas of the console's card terminals area (`admin.terminals.*`, Point's payment-intent API), shared by
// the tRPC router and the web pages. provider: an intent's amount is integer cents of the store's currency, so
// the console sends `amountMinor`; a terminal takes one queued intent at a time.
import { z } from "zod";
import { accountFilterSchema } from "./admin-account";
import { accountScopeFields } from "./admin-account-scope";
import { offsetPageSchema, offsetPagingSchema } from "./offset-paging";
import { moneySchema } from "./shop";

/** provider: a terminal's operating mode (PDV takes intents from the API; STANDALONE is charged on its own). */
export const TERMINAL_OPERATING_MODES = ["PDV", "STANDALONE"] as const;
export type TerminalOperatingMode = (typeof TERMINAL_OPERATING_MODES)[number];

/** provider: every state of a payment intent. */
export const POINT_INTENT_STATES = [
  "OPEN",
  "ON_TERMINAL",
  "PROCESSING",
  "PROCESSED",
  "FINISHED",
  "CONFIRMATION_REQUIRED",
  "CANCELED",
  "ERROR",
  "ABANDONED",
] as const;
export type PointIntentState = (typeof POINT_INTENT_STATES)[number];

/** provider: the states an intent never leaves. */
export const POINT_FINAL_STATES: readonly PointIntentState[] = [
  "FINISHED",
  "CONFIRMATION_REQUIRED",
  "CANCELED",
  "ERROR",
  "ABANDONED",
];

export function isFinalPointState(state: string | null | undefined): boolean {
  return state !== null && state !== undefined && (POINT_FINAL_STATES as readonly string[]).includes(state);
}

/** provider: who pays the installments' interest. */
export const POINT_INSTALLMENTS_COST = ["seller", "buyer"] as const;
/** The most installments the console offers on a terminal. */
export const POINT_MAX_INSTALLMENTS = 72;
export const TERMINAL_PAGE_MAX = 50;
/** provider: the events endpoint takes at most 30 days. */
export const POINT_EVENTS_MAX_DAYS = 30;

const idempotencyKeySchema = z.uuid("Invalid idempotency key");
export const deviceIdSchema = z
  .string("Choose a terminal")
  .trim()
  .min(1, "Choose a terminal")
  .max(128, "The terminal id is at most 128 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid terminal id");
export const pointIntentIdSchema = z.uuid("Invalid payment intent id");

const numericIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,19}$/, "Enter digits only");

export const terminalDeviceListInputSchema = z.strictObject({
  ...accountScopeFields,
  storeId: numericIdSchema.optional(),
  posId: numericIdSchema.optional(),
  ...offsetPagingSchema({ maxLimit: TERMINAL_PAGE_MAX, defaultLimit: 25 }).shape,
});
export type TerminalDeviceListInput = z.input<typeof terminalDeviceListInputSchema>;

export const terminalDeviceSchema = z.object({
  id: z.string(),
  posId: z.string().nullable(),
  storeId: z.string().nullable(),
  externalPosId: z.string().nullable(),
  operatingMode: z.string(),
});
export type TerminalDevice = z.infer<typeof terminalDeviceSchema>;

export const terminalDeviceListOutputSchema = z.object({
  devices: z.array(terminalDeviceSchema),
  ...offsetPageSchema.shape,
});
export type TerminalDeviceList = z.infer<typeof terminalDeviceListOutputSchema>;

export const setTerminalModeInputSchema = z.strictObject({
  deviceId: deviceIdSchema,
  ...accountScopeFields,
  operatingMode: z.enum(TERMINAL_OPERATING_MODES, "Choose PDV or STANDALONE"),
});
export const setTerminalModeOutputSchema = z.object({
  deviceId: z.string(),
  operatingMode: z.string(),
  /** provider: the terminal takes the new mode only after it restarts. */
  restartRequired: z.literal(true),
});

export const createPointIntentInputSchema = z
  .strictObject({
    idempotencyKey: idempotencyKeySchema,
    deviceId: deviceIdSchema,
    /** A shop checkout charged on the terminal: its total is the amount and its external reference goes along. */
    checkoutId: z.uuid("Enter the order's checkout id").optional(),
    /** Required unless a checkout is charged (then its total is used). */
    amountMinor: z
      .number("Enter the amount")
      .int("Enter the amount in whole cents")
      .min(100, "The amount is at least 1.00")
      .max(100_000_000, "The amount is too large")
      .optional(),
    description: z.string().trim().max(200, "The description is at most 200 characters").optional(),
    installments: z
      .number("Choose the installments")
      .int("Choose the installments")
      .min(1, "At least 1 installment")
      .max(POINT_MAX_INSTALLMENTS, `At most ${POINT_MAX_INSTALLMENTS} installments`)
      .default(1),
    installmentsCost: z.enum(POINT_INSTALLMENTS_COST, "Choose who pays the installments").default("seller"),
    printOnTerminal: z.boolean().default(true),
    externalReference: z
      .string()
      .trim()
      .max(64, "The external reference is at most 64 characters")
      .regex(/^[A-Za-z0-9_-]*$/, "Use letters, digits, - and _ only")
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.checkoutId === undefined && value.amountMinor === undefined) {
      ctx.addIssue({ code: "custom", path: ["amountMinor"], message: "Enter the amount" });
    }
  });
export type CreatePointIntentInput = z.input<typeof createPointIntentInputSchema>;

export const pointIntentSchema = z.object({
  /** Cobro's row id. */
  id: z.string(),
  deviceId: z.string(),
  /** The provider's intent id, once its answer was seen. */
  intentId: z.string().nullable(),
  /** pending / succeeded / failed / unknown: how the create call went. */
  requestStatus: z.string(),
  /** The provider's state (OPEN … FINISHED), once known. */
  state: z.string().nullable(),
  final: z.boolean(),
  amount: moneySchema,
  description: z.string().nullable(),
  installments: z.number().int(),
  installmentsCost: z.string(),
  printOnTerminal: z.boolean(),
  externalReference: z.string().nullable(),
  /** The shop checkout charged, when there is one. */
  checkoutId: z.string().nullable(),
  checkoutStatus: z.string().nullable(),
  paymentId: z.number().int().nullable(),
  paymentStatus: z.string().nullable(),
  error: z.string().nullable(),
  /** The account the intent was sent with; null: the store's own. */
  accountId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PointIntentView = z.infer<typeof pointIntentSchema>;

export const pointIntentRefInputSchema = z.strictObject({ id: z.uuid("Invalid intent") });
export const listPointIntentsInputSchema = z.strictObject({
  deviceId: deviceIdSchema.optional(),
  /** The shared account filter (`own` or a connection's id); absent: every account. */
  account: accountFilterSchema.optional(),
  ...offsetPagingSchema({ maxLimit: TERMINAL_PAGE_MAX, defaultLimit: 25 }).shape,
});
export const listPointIntentsOutputSchema = z.object({
  intents: z.array(pointIntentSchema),
  total: z.number().int(),
});

const dateSchema = z.iso.date("Enter a date (YYYY-MM-DD)");
export const pointEventsInputSchema = z
  .strictObject({ startDate: dateSchema, endDate: dateSchema })
  .superRefine((value, ctx) => {
    const from = Date.parse(value.startDate);
    const to = Date.parse(value.endDate);
    if (to < from) ctx.addIssue({ code: "custom", path: ["endDate"], message: "The end is before the start" });
    else if (to - from > POINT_EVENTS_MAX_DAYS * 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: `At most ${POINT_EVENTS_MAX_DAYS} days` });
    }
  });
export const pointEventSchema = z.object({
  intentId: z.string(),
  status: z.string(),
  createdOn: z.string().nullable(),
  /** Cobro's row when the intent was made here. */
  localId: z.string().nullable(),
  deviceId: z.string().nullable(),
});
export const pointEventsOutputSchema = z.object({ events: z.array(pointEventSchema) });
export const pointIntentStatusOutputSchema = z.object({ status: z.string(), createdOn: z.string().nullable() });
