// Webhook notifications as the provider sends them (docs/provider-facts.md §9): POST to
// the resource's notification_url (or the sandbox default) with
// `?data.id=<id>&type=<topic>`, a JSON body, `x-signature` and `x-request-id`.
// Delivery runs in the background; a non-2xx answer or a network error is
// retried after the configured delays, and every attempt is recorded.

import { randomUUID } from "node:crypto";
import { signWebhook } from "@cobro/provider-client/webhooks";
import type { SandboxConfig, StateStore, WebhookDelivery, WebhookDispatcher, WebhookNotice } from "../context";
import type { SandboxClockController } from "./clock";
import { QUIET_LOGGER, type SandboxLogger } from "./logger";

const MINUTE = 60_000;

/**
 * provider: unanswered notifications are retried every 15 minutes, and after
 * the third attempt the interval grows (the exact schedule is not published).
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [15, 15, 15, 30, 60, 120, 240].map((m) => m * MINUTE);

/** provider: the receiver must answer within 22 seconds. */
export const WEBHOOK_TIMEOUT_MS = 22_000;

export interface WebhookDispatcherOptions {
  config: SandboxConfig;
  clock: SandboxClockController;
  store: StateStore;
  retryDelaysMs?: readonly number[];
  /** The fetch used to deliver (tests may inject one). */
  fetch?: typeof fetch;
  logger?: SandboxLogger;
}

export interface SandboxWebhookDispatcher extends WebhookDispatcher {
  /** Forgets every delivery and cancels pending retries (control API reset). */
  reset(): void;
  /** Cancels pending retries and in-flight requests; `idle()` waiters resolve. */
  close(): void;
}

interface DeliveryState {
  record: WebhookDelivery;
  /** Sandbox-clock time (ms) of the next attempt, or null. */
  dueAt: number | null;
  timer: NodeJS.Timeout | null;
  inFlight: boolean;
}

/** The notification URL with the provider's query (`data.id`, `type`), keeping the URL's own query. */
export function buildNotificationUrl(base: string, dataId: string, topic: string): string {
  const url = new URL(base);
  url.searchParams.set("data.id", dataId);
  url.searchParams.set("type", topic);
  return url.toString();
}

/** Creates the dispatcher; it registers a clock ticker so that advancing the clock delivers due retries. */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): SandboxWebhookDispatcher {
  const { config, clock, store } = options;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS;
  const fetchImpl = options.fetch ?? fetch;
  const logger = options.logger ?? QUIET_LOGGER;
  let deliveries: DeliveryState[] = [];
  let waiters: (() => void)[] = [];
  let closed = false;
  let abort = new AbortController();

  function isBusy(): boolean {
    return deliveries.some((d) => d.record.state === "pending");
  }

  function settleWaiters(): void {
    if (isBusy() && !closed) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  }

  function schedule(delivery: DeliveryState, delayMs: number): void {
    delivery.dueAt = clock.now().getTime() + delayMs;
    delivery.record.nextAttemptAt = new Date(delivery.dueAt).toISOString();
    delivery.timer = setTimeout(() => {
      delivery.timer = null;
      void attempt(delivery);
    }, delayMs);
    delivery.timer.unref();
  }

  async function attempt(delivery: DeliveryState): Promise<void> {
    if (closed || delivery.inFlight || delivery.record.state !== "pending") return;
    if (delivery.timer) clearTimeout(delivery.timer);
    delivery.timer = null;
    delivery.dueAt = null;
    delivery.record.nextAttemptAt = null;
    delivery.inFlight = true;
    const { record } = delivery;
    // The signature's ts is real time, not sandbox time: receivers compare it with their own clock.
    const { xSignature } = signWebhook({
      secret: config.webhookSecret,
      dataId: record.dataId,
      xRequestId: record.requestId,
    });
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetchImpl(record.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-signature": xSignature,
          "x-request-id": record.requestId,
          "user-agent": "MercadoPago WebHook v1.0 (cobro sandbox)",
        },
        body: JSON.stringify(record.body),
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
      });
      status = response.status;
      await response.body?.cancel().catch(() => {});
    } catch (caught) {
      error =
        caught instanceof Error
          ? caught.cause instanceof Error
            ? `${caught.message}: ${caught.cause.message}`
            : caught.message
          : String(caught);
    }
    delivery.inFlight = false;
    // Reset or close while in flight: this delivery is forgotten, record nothing and retry nothing.
    if (closed || !deliveries.includes(delivery)) {
      settleWaiters();
      return;
    }
    record.attempts.push({ at: clock.nowIso(), status, error });
    if (status !== null && status >= 200 && status < 300) {
      record.state = "delivered";
    } else {
      const delay = retryDelays[record.attempts.length - 1];
      if (delay === undefined) {
        record.state = "failed";
        logger.warn(
          `webhook ${record.topic} ${record.dataId} to ${record.url} failed after ${record.attempts.length} attempts`,
        );
      } else {
        schedule(delivery, delay);
      }
    }
    settleWaiters();
  }

  clock.onTick((now) => {
    for (const delivery of deliveries) {
      if (delivery.dueAt !== null && delivery.dueAt <= now.getTime() && !delivery.inFlight) void attempt(delivery);
    }
  });

  return {
    notify(notice: WebhookNotice): void {
      if (closed) return;
      const target = notice.notificationUrl || config.defaultNotificationUrl;
      const notificationId = store.nextId("webhook_notification", 1_000_000_001);
      const body: Record<string, unknown> = {
        action: notice.action,
        api_version: "v1",
        data: { id: notice.dataId },
        date_created: clock.nowIso(),
        id: notificationId,
        live_mode: false,
        type: notice.topic,
        user_id: notice.sellerUserId,
      };
      let url = "";
      let invalid: string | null = target ? null : "no notification_url and no default notification URL configured";
      if (target) {
        try {
          url = buildNotificationUrl(target, notice.dataId, notice.topic);
        } catch {
          invalid = `invalid notification URL ${target}`;
        }
      }
      const record: WebhookDelivery = {
        id: randomUUID(),
        notificationId,
        url,
        topic: notice.topic,
        action: notice.action,
        dataId: notice.dataId,
        sellerUserId: notice.sellerUserId,
        requestId: randomUUID(),
        attempts: [],
        state: invalid ? "failed" : "pending",
        body,
        nextAttemptAt: null,
      };
      if (invalid) record.attempts.push({ at: clock.nowIso(), status: null, error: invalid });
      const delivery: DeliveryState = { record, dueAt: null, timer: null, inFlight: false };
      deliveries.push(delivery);
      // Deliver after the current request has answered, as the provider does.
      if (!invalid) setImmediate(() => void attempt(delivery));
    },
    deliveries: () => deliveries.map((d) => ({ ...d.record, attempts: [...d.record.attempts] })),
    idle(): Promise<void> {
      if (!isBusy() || closed) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    reset(): void {
      for (const delivery of deliveries) if (delivery.timer) clearTimeout(delivery.timer);
      abort.abort();
      abort = new AbortController();
      deliveries = [];
      settleWaiters();
    },
    close(): void {
      closed = true;
      for (const delivery of deliveries) if (delivery.timer) clearTimeout(delivery.timer);
      abort.abort();
      settleWaiters();
    },
  };
}
