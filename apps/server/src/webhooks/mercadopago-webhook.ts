// POST /api/webhooks/mercadopago. The order matters:
// 1. verify x-signature (docs/provider-facts.md §9.3) — a bad one is counted, counts
//    against its address's limit (429 once over), is refused with 401, and
//    nothing else is stored. A correctly signed delivery is never rate-limited:
//    a junk flood from the same address (a shared proxy) must not cost us the
//    provider's real notifications;
// 2. store the event (deduplicated) — from here on it cannot be lost;
// 3. queue its processing and answer 200 at once: the provider wants an
//    answer within 22 s (§9.1), and fetching the resource is the job's work.
// The body is stored for the record but never trusted: processing reads the
// resource from the provider's API.

import { verifyWebhookSignature } from "@cobro/provider-client/webhooks";
import type { Context, Handler } from "hono";
import type { JsonValue } from "../db/schema";
import type { AppDeps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { respondWithError } from "../http/error-pages";
import { PROCESS_WEBHOOK_EVENT_JOB, webhookEventJobKey } from "../jobs/workers";
import { consumeRateLimit } from "../rate-limits/limiter";
import { UNSIGNED_WEBHOOKS_PER_IP } from "../rate-limits/rules";
import { incrementCounter, recordWebhookEvent } from "./record-webhook-event";

/**
 * How far a signature's `ts` may be from our clock. The sandbox signs every
 * attempt afresh; five minutes absorbs clock skew while a captured delivery
 * cannot be replayed much later (and a replay would be deduplicated anyway).
 */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;

/** Counter bumped for every refused signature (the only trace a forged notification leaves). */
export const INVALID_SIGNATURE_COUNTER = "webhooks.mercadopago.invalid_signature";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function textOrNull(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** The route handler; deps give the database, the webhook secret, the queue, the clock and the root logger. */
export function mercadoPagoWebhookHandler(
  deps: Pick<AppDeps, "db" | "providerSettings" | "jobs" | "now" | "logger">,
): Handler<AppEnv> {
  return async (c: Context<AppEnv>) => {
    const logger = c.get("logger") ?? deps.logger;
    const dataId = textOrNull(c.req.query("data.id"));
    const requestId = textOrNull(c.req.header("x-request-id"));
    const verification = verifyWebhookSignature({
      secret: deps.providerSettings.webhookSecret,
      xSignature: c.req.header("x-signature"),
      xRequestId: requestId,
      dataId,
      toleranceSeconds: WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
      now: deps.now(),
    });
    if (!verification.ok) {
      await incrementCounter(deps.db, INVALID_SIGNATURE_COUNTER);
      const limit = await consumeRateLimit(deps.db, UNSIGNED_WEBHOOKS_PER_IP, c.get("clientIp") ?? "unknown");
      if (limit.limited) {
        return respondWithError(c, 429, {
          message: "Too many requests. Try again later.",
          headers: { "Retry-After": String(limit.retryAfterSeconds) },
        });
      }
      return respondWithError(c, 401, { message: "Invalid webhook signature." });
    }

    let payload: unknown;
    try {
      payload = await c.req.json();
    } catch {
      return respondWithError(c, 400, { message: "The body must be a JSON object." });
    }
    if (!isRecord(payload)) return respondWithError(c, 400, { message: "The body must be a JSON object." });

    // provider: the query carries `type` (the topic); the body repeats it. The query wins, like data.id.
    const topic = textOrNull(c.req.query("type")) ?? textOrNull(payload.type);
    if (topic === null) return respondWithError(c, 400, { message: "The notification has no type." });

    const event = await recordWebhookEvent(deps.db, {
      topic,
      action: textOrNull(payload.action),
      dataId,
      requestId,
      payload: payload as JsonValue,
    });
    // Processed and ignored events are settled; only a replay from the console runs them again.
    if (event.status !== "processed" && event.status !== "ignored") {
      try {
        await deps.jobs.enqueue(
          PROCESS_WEBHOOK_EVENT_JOB,
          { eventId: event.id },
          { singletonKey: webhookEventJobKey(event.id) },
        );
      } catch (error) {
        // Stored but not queued: a 503 makes the provider deliver again, and that delivery queues it.
        logger.error({ err: error, webhookEventId: event.id }, "webhook stored but its processing could not be queued");
        return respondWithError(c, 503, { message: "Try again later." });
      }
    }
    return c.json({ received: true, duplicate: !event.inserted }, 200);
  };
}
