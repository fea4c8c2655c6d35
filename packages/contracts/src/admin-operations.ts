// zod schemas of the admin console's operations areas (overview, webhook inbox,
// audit log), shared by the server's procedures and the console's URL filters.
import { z } from "zod";
import { accountFilterSchema } from "./admin-account";
import { cursorSchema } from "./shop";

/** A webhook event's processing status; `ignored`: a topic Cobro does not act on yet (replayable once it does). */
export const WEBHOOK_EVENT_STATUSES = ["received", "processing", "processed", "failed", "ignored"] as const;
export type WebhookEventStatusValue = (typeof WEBHOOK_EVENT_STATUSES)[number];

/**
 * Why a notification was kept `ignored` (stored on the event; `admin.webhooks.ignored.<code>` in the console's
 * dictionaries). `unknown_topic`: a topic this version does not know (replay it once a later version does); the
 * others are topics the provider sends that Cobro knowingly does not act on, or a notification of a handled topic
 * that needed nothing.
 */
export const WEBHOOK_IGNORED_REASONS = [
  "unknown_topic",
  "wallet_connect_not_used",
  "card_updater_not_stored",
  "fraud_alert_for_staff",
  "claim_not_mirrored",
  "chargeback_without_payment",
  "seller_authorized_at_callback",
  "seller_not_connected",
  "seller_still_authorized",
] as const;
export type WebhookIgnoredReason = (typeof WEBHOOK_IGNORED_REASONS)[number];

/** Statuses a replay moves back to `received`; `received` itself is re-queued (the job may have been lost). */
export const REPLAYABLE_WEBHOOK_STATUSES = ["failed", "ignored", "received"] as const satisfies readonly string[];

/**
 * A notification still `processing` this long after its last attempt started was left by a process that stopped
 * mid-run (the job itself expires after 2 minutes): staff may replay it.
 */
export const WEBHOOK_STUCK_AFTER_MS = 10 * 60 * 1000;

/** Whether staff may replay an event in `status` whose last attempt started at `lastAttemptStartedAt`. */
export function isWebhookEventReplayable(status: string, lastAttemptStartedAt: Date | null, now: Date): boolean {
  if ((REPLAYABLE_WEBHOOK_STATUSES as readonly string[]).includes(status)) return true;
  return (
    status === "processing" &&
    (lastAttemptStartedAt === null || now.getTime() - lastAttemptStartedAt.getTime() >= WEBHOOK_STUCK_AFTER_MS)
  );
}

const limitSchema = (defaultLimit: number) =>
  z.number().int().min(1, "limit must be at least 1").max(100, "limit must be at most 100").default(defaultLimit);

/** Blank strings (an emptied filter box) mean "no filter". */
const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .transform((value) => (value === "" ? undefined : value))
    .optional();

/**
 * The webhook inbox's filters and page: newest first, keyset on (received_at, id).
 *
 * @example webhookListInputSchema.parse({ status: "failed", receivedFrom: "2026-11-27T03:00:00.000Z" })
 */
export const webhookListInputSchema = z
  .strictObject({
    topic: optionalText(64, "topic"),
    status: z.enum(WEBHOOK_EVENT_STATUSES, "status must be one of the webhook statuses").optional(),
    /** When it was received (the console's date range, resolved to instants): from and to, both included. */
    receivedFrom: z.iso.datetime({ offset: true, message: "receivedFrom must be a date and time" }).optional(),
    receivedTo: z.iso.datetime({ offset: true, message: "receivedTo must be a date and time" }).optional(),
    /** The account a notification was sent for (its `user_id`): the store's own or a connected seller's. */
    account: accountFilterSchema.optional(),
    cursor: cursorSchema.nullish(),
    direction: z.enum(["forward", "backward"]).optional(),
    limit: limitSchema(25),
  })
  .default({ limit: 25 });
export type WebhookListInput = z.input<typeof webhookListInputSchema>;

export const webhookEventIdInputSchema = z.strictObject({ eventId: z.uuid("eventId must be a webhook event id") });

/** A calendar date, `YYYY-MM-DD` (UTC). */
const isoDateSchema = (field: string) =>
  z.iso
    .date(`${field} must be a date (YYYY-MM-DD)`)
    .optional()
    .or(z.literal("").transform(() => undefined));

/**
 * The audit log's search: actor (a user's email or id, or `system`), action, resource (type and id) and a date
 * range of whole UTC days (`from` and `to` included); newest first, keyset on (created_at, id).
 */
export const auditSearchInputSchema = z
  .strictObject({
    actor: optionalText(254, "actor"),
    action: optionalText(100, "action"),
    resourceType: optionalText(64, "resourceType"),
    resourceId: optionalText(200, "resourceId"),
    from: isoDateSchema("from"),
    to: isoDateSchema("to"),
    cursor: cursorSchema.nullish(),
    direction: z.enum(["forward", "backward"]).optional(),
    limit: limitSchema(25),
  })
  .refine((input) => !input.from || !input.to || input.from <= input.to, {
    message: "from must not be after to",
    path: ["from"],
  })
  .default({ limit: 25 });
export type AuditSearchInput = z.input<typeof auditSearchInputSchema>;

/** The overview's periods: since the start of today (UTC), the last 7 and the last 30 days (today included). */
export const OVERVIEW_PERIODS = ["today", "7d", "30d"] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];

/** Days each period covers, today included. */
export const OVERVIEW_PERIOD_DAYS: Readonly<Record<OverviewPeriod, number>> = { today: 1, "7d": 7, "30d": 30 };

export const overviewFiguresInputSchema = z.strictObject({
  period: z.enum(OVERVIEW_PERIODS, "period must be today, 7d or 30d"),
});

/** Statuses of a payment whose money was taken (even if later refunded or disputed): they count as approved. */
export const APPROVED_PAYMENT_STATUSES = ["approved", "refunded", "charged_back", "in_mediation"] as const;

/** An authorization not captured this many days after its creation is shown as about to lapse. */
export const AUTHORIZATION_WARNING_DAYS = 3;
// provider: an authorized card payment is released if not captured within about 5 days.
export const AUTHORIZATION_CAPTURE_DAYS = 5;
