// Processing one stored notification (the job behind the webhook route). Each
// attempt is counted on the event row with its error, so an admin can see
// what is stuck and why. Errors worth retrying (provider 5xx, timeouts, our
// database) are rethrown for pg-boss to retry with backoff; errors that no
// retry can fix (an id that is not a payment's, a payment the provider does
// not know) fail the event at once. Every run is also written to
// webhook_event_attempts (started, finished, outcome, error) for the console.
import { ProviderBadRequestError, redactSecrets } from "@cobro/provider-client";
import { sql } from "kysely";
import { AppError } from "../errors/app-error";
import { ignoredReasonOfTopic, WEBHOOK_TOPIC_HANDLERS, type WebhookTopicDeps } from "./webhook-topic-handlers";

export type ProcessWebhookEventOutcome =
  | "processed"
  | "ignored"
  | "already-processed"
  | "not-found"
  | "failed-permanently";

/** Upper bound of `last_error`, so a huge provider message cannot bloat the table. */
const MAX_ERROR_LENGTH = 500;

function describeError(error: unknown, secrets: readonly string[]): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return redactSecrets(text, secrets).slice(0, MAX_ERROR_LENGTH);
}

function isPermanent(error: unknown): boolean {
  // 400/404/422 from the provider, or our own validation: the same call will fail the same way.
  return error instanceof ProviderBadRequestError || (error instanceof AppError && error.code === "BAD_REQUEST");
}

/**
 * Processes the event `eventId` once: a payment notification re-reads the
 * payment from the provider into the mirror; a topic Cobro does not act on is
 * kept `ignored` with its reason (`ignored_reason`; `unknown_topic` for a topic
 * this version does not know). An already processed (or ignored) event is a no-op, so a job run
 * twice has one effect; the console's replay moves it back to `received` first.
 */
export async function processWebhookEvent(options: {
  deps: WebhookTopicDeps;
  eventId: string;
}): Promise<ProcessWebhookEventOutcome> {
  const { deps, eventId } = options;
  const event = await deps.db
    .updateTable("webhook_events")
    .set({ status: "processing", attempts: sql`attempts + 1` })
    .where("id", "=", eventId)
    .where("status", "not in", ["processed", "ignored"])
    .returning(["id", "topic", "action", "data_id", "payload"])
    .executeTakeFirst();
  if (!event) {
    const exists = await deps.db.selectFrom("webhook_events").select("id").where("id", "=", eventId).executeTakeFirst();
    return exists ? "already-processed" : "not-found";
  }
  const attempt = await deps.db
    .insertInto("webhook_event_attempts")
    .values({ webhook_event_id: event.id, started_at: deps.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  const finishAttempt = (outcome: "processed" | "ignored" | "failed", error: string | null) =>
    deps.db
      .updateTable("webhook_event_attempts")
      .set({ finished_at: deps.now(), outcome, error })
      .where("id", "=", attempt.id)
      .execute();

  const keepIgnored = async (reason: string) => {
    await deps.db
      .updateTable("webhook_events")
      .set({ status: "ignored", ignored_reason: reason })
      .where("id", "=", event.id)
      .execute();
    await finishAttempt("ignored", null);
    return "ignored" as const;
  };
  try {
    const handler = Object.hasOwn(WEBHOOK_TOPIC_HANDLERS, event.topic)
      ? WEBHOOK_TOPIC_HANDLERS[event.topic]
      : undefined;
    if (!handler) return await keepIgnored(ignoredReasonOfTopic(event.topic) ?? "unknown_topic");
    const outcome = await handler({ deps, dataId: event.data_id, action: event.action, payload: event.payload });
    if (outcome) return await keepIgnored(outcome.ignored);
    await deps.db
      .updateTable("webhook_events")
      // last_error stays: "processed after 3 attempts, the last failure was …" is worth keeping.
      .set({ status: "processed", processed_at: deps.now(), ignored_reason: null })
      .where("id", "=", event.id)
      .execute();
    await finishAttempt("processed", null);
    return "processed";
  } catch (error) {
    const described = describeError(error, [deps.providerSettings.webhookSecret]);
    await deps.db
      .updateTable("webhook_events")
      .set({ status: "failed", last_error: described })
      .where("id", "=", event.id)
      .execute();
    await finishAttempt("failed", described);
    if (isPermanent(error)) return "failed-permanently";
    throw error;
  }
}
