// The console's test controls, for trying the product on the sandbox only (the server refuses them with a 403
// `sandbox_only` when it runs with real Mercado Pago credentials): a card tapped on a terminal, and a test
// notification of any topic, both through the sandbox's control API.
import { z } from "zod";

/** The notification topics a test notification may have (the provider's webhook topics the sandbox sends). */
export const TEST_NOTIFICATION_TOPICS = [
  "payment",
  "order",
  "merchant_order",
  "subscription_preapproval",
  "subscription_preapproval_plan",
  "subscription_authorized_payment",
  "point_integration_wh",
  "mp-connect",
] as const;
export type TestNotificationTopic = (typeof TEST_NOTIFICATION_TOPICS)[number];

export const sendTestNotificationInputSchema = z.strictObject({
  topic: z.enum(TEST_NOTIFICATION_TOPICS, "Choose a topic"),
  /** The resource id the notification names; empty: an id no resource has (the inbox shows what Cobro does with it). */
  dataId: z
    .string()
    .trim()
    .max(64, "dataId must be at most 64 characters")
    .regex(/^[A-Za-z0-9_-]*$/, "dataId may hold letters, digits, - and _ only")
    .optional(),
});
export type SendTestNotificationInput = z.infer<typeof sendTestNotificationInputSchema>;

export const sendTestNotificationOutputSchema = z.object({ topic: z.string(), dataId: z.string() });

/** "Simulate: tap card on terminal": the card approves (`approve`) or is declined (`decline`). */
export const simulateTerminalTapInputSchema = z.strictObject({
  id: z.uuid("Invalid charge id"),
  outcome: z.enum(["approve", "decline"], "outcome must be approve or decline"),
});
export type SimulateTerminalTapInput = z.infer<typeof simulateTerminalTapInputSchema>;
