// admin.webhooks.*: the webhook inbox (viewers read) and replay (operators).
import {
  sendTestNotificationInputSchema,
  sendTestNotificationOutputSchema,
  WEBHOOK_EVENT_STATUSES,
  webhookEventIdInputSchema,
  webhookListInputSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { sendTestNotification } from "../../domain/sandbox-test-controls/send-test-notification";
import { getWebhookEvent } from "../../domain/webhooks/get-webhook-event";
import { type ListedWebhookEvent, listWebhookEvents } from "../../domain/webhooks/list-webhook-events";
import { replayWebhookEvent } from "../../domain/webhooks/replay-webhook-event";
import { operatorProcedure, router, viewerProcedure } from "../trpc";

const statusSchema = z.enum(WEBHOOK_EVENT_STATUSES);

const listedEventSchema = z.object({
  id: z.uuid(),
  topic: z.string(),
  action: z.string().nullable(),
  dataId: z.string().nullable(),
  signatureValid: z.boolean(),
  status: statusSchema,
  attempts: z.number().int(),
  deliveries: z.number().int(),
  lastError: z.string().nullable(),
  /** Why an `ignored` event was kept without effect (words in the console per code). */
  ignoredReason: z.string().nullable(),
  receivedAt: z.iso.datetime(),
  processedAt: z.iso.datetime().nullable(),
});

function toListedEvent(event: ListedWebhookEvent): z.infer<typeof listedEventSchema> {
  return {
    ...event,
    receivedAt: event.receivedAt.toISOString(),
    processedAt: event.processedAt?.toISOString() ?? null,
  };
}

export const adminWebhooksRouter = router({
  /** Sandbox only (403 `sandbox_only` in live mode): a signed notification of any topic, as Stripe CLI's `trigger`. */
  sendTestNotification: operatorProcedure
    .input(sendTestNotificationInputSchema)
    .output(sendTestNotificationOutputSchema)
    .mutation(({ ctx, input }) => sendTestNotification({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),

  list: viewerProcedure
    .input(webhookListInputSchema)
    .output(z.object({ items: z.array(listedEventSchema), nextCursor: z.uuid().nullable() }))
    .query(async ({ ctx, input }) => {
      const page = await listWebhookEvents({
        db: ctx.deps.db,
        topic: input.topic,
        status: input.status,
        receivedFrom: input.receivedFrom ? new Date(input.receivedFrom) : undefined,
        receivedTo: input.receivedTo ? new Date(input.receivedTo) : undefined,
        account: input.account,
        limit: input.limit,
        cursor: input.cursor,
      });
      return { items: page.items.map(toListedEvent), nextCursor: page.nextCursor };
    }),

  get: viewerProcedure
    .input(webhookEventIdInputSchema)
    .output(
      listedEventSchema.extend({
        requestId: z.string().nullable(),
        dedupeKey: z.string(),
        lastDeliveredAt: z.iso.datetime().nullable(),
        payload: z.json(),
        attemptLog: z.array(
          z.object({
            id: z.uuid(),
            startedAt: z.iso.datetime(),
            finishedAt: z.iso.datetime().nullable(),
            outcome: z.enum(["processed", "ignored", "failed"]).nullable(),
            error: z.string().nullable(),
          }),
        ),
      }),
    )
    .query(async ({ ctx, input }) => {
      const event = await getWebhookEvent({ db: ctx.deps.db, eventId: input.eventId });
      return {
        ...toListedEvent(event),
        requestId: event.requestId,
        dedupeKey: event.dedupeKey,
        lastDeliveredAt: event.lastDeliveredAt?.toISOString() ?? null,
        payload: event.payload,
        attemptLog: event.attemptLog.map((attempt) => ({
          ...attempt,
          startedAt: attempt.startedAt.toISOString(),
          finishedAt: attempt.finishedAt?.toISOString() ?? null,
        })),
      };
    }),

  replay: operatorProcedure
    .input(webhookEventIdInputSchema)
    .output(z.object({ queued: z.boolean(), status: statusSchema }))
    .mutation(({ ctx, input }) =>
      replayWebhookEvent({ deps: ctx.deps, eventId: input.eventId, actorUserId: ctx.user.id }),
    ),
});
