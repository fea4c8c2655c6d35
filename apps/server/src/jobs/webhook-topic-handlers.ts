// What each notification topic does once its event is stored. Every topic the provider sends (docs/provider-facts.md §9.2,
// Webhooks and IPN names) is either handled here (`WEBHOOK_TOPIC_HANDLERS`) or kept `ignored` with a reason
// (`IGNORED_WEBHOOK_TOPICS`); a topic in neither is ignored as `unknown_topic`, and a replay from the console runs
// it once a later version handles it. Each handler re-reads the resource from the provider (a notification only
// says "something changed") and must be safe to run twice; a handler may itself answer "ignored, because …".
import type { WebhookIgnoredReason } from "@cobro/contracts";
import type { AppDeps } from "../deps";
import { expireCheckoutPreference } from "../domain/checkout/expire-checkout-preference";
import { handleSellerConnectionNotification } from "../domain/connected-sellers/connection-notifications";
import { parseChargebackId, syncChargebackFromProvider } from "../domain/disputes/sync-chargeback-from-provider";
import {
  parseMerchantOrderId,
  syncMerchantOrderFromProvider,
} from "../domain/merchant-orders/sync-merchant-order-from-provider";
import { syncOrderNotification } from "../domain/orders/sync-order-notification";
import { parseProviderPaymentId, syncPaymentFromProvider } from "../domain/payments/sync-payment-from-provider";
import {
  handlePlanNotification,
  parseAuthorizedPaymentId,
  parseSubscriptionId,
  syncAuthorizedPaymentFromProvider,
  syncSubscriptionFromProvider,
} from "../domain/subscriptions/subscription-notifications";
import { syncPointIntentFromNotification } from "../domain/terminals/point-intents";
import { AppError } from "../errors/app-error";
import { accountIdOfProviderUser } from "../provider/provider-for-account";

export type WebhookTopicDeps = Pick<
  AppDeps,
  "db" | "provider" | "providerSettings" | "now" | "jobs" | "tokenEncryptionKey" | "logger"
>;

/** A handler's answer when it had nothing to do: the reason kept on the event (`ignored`). */
export interface WebhookTopicIgnored {
  ignored: WebhookIgnoredReason;
}

export type WebhookTopicHandler = (options: {
  deps: WebhookTopicDeps;
  dataId: string | null;
  /** The notification's `action` (e.g. `payment.updated`, `application.deauthorized`), if it had one. */
  action?: string | null;
  /** The stored body, for topics whose `data.id` is not the resource to re-read. */
  payload?: unknown;
  // Nothing returned: the work was done (`processed`).
  // biome-ignore lint/suspicious/noConfusingVoidType: handlers that only do their work return nothing (Promise<void>)
}) => Promise<WebhookTopicIgnored | void>;

/** Payment statuses that take (or may still take) the money: the checkout must not be payable another way. */
const TAKING_STATUSES: ReadonlySet<string> = new Set(["approved", "authorized", "pending", "in_process"]);

/** The seller a notification is about (`user_id`: whose credentials can read the resource), when it says. */
export function providerUserIdOf(payload: unknown): number | null {
  if (typeof payload !== "object" || payload === null || !("user_id" in payload)) return null;
  const value = Number((payload as { user_id: unknown }).user_id);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

const handlePaymentNotification: WebhookTopicHandler = async ({ deps, dataId, payload }) => {
  const providerPaymentId = parseProviderPaymentId(dataId);
  // A connected seller's payment is read with that seller's credentials and mirrored under its account; any other
  // user id (the store's own) reads with the store's own credentials.
  const providerAccountId = await accountIdOfProviderUser(deps, providerUserIdOf(payload));
  const applied = await syncPaymentFromProvider({ deps, providerPaymentId, providerAccountId });
  if (applied.checkoutId !== null && TAKING_STATUSES.has(applied.status)) {
    // The checkout has its payment (say, made on the hosted page): no second one through its preference.
    await expireCheckoutPreference({ deps, checkoutId: applied.checkoutId });
  }
};

/** provider: `order` (Orders API) — re-read the order when it is one the virtual terminal created. */
const handleOrderNotification: WebhookTopicHandler = async ({ deps, dataId }) => {
  await syncOrderNotification({ deps, dataId });
};

/** A merchant order changed: re-read it into the mirror (the console's merchant orders area). */
const handleMerchantOrderNotification: WebhookTopicHandler = async ({ deps, dataId }) => {
  await syncMerchantOrderFromProvider({ deps, merchantOrderId: parseMerchantOrderId(dataId) });
};

/** A subscription changed (created, paused, resumed, cancelled, charged): re-read it into the mirror. */
const handleSubscriptionNotification: WebhookTopicHandler = async ({ deps, dataId }) => {
  await syncSubscriptionFromProvider({ deps, subscriptionId: parseSubscriptionId(dataId) });
};

/** A subscription plan was created or changed: the shop drops its cached plan list. */
const handlePlanChange: WebhookTopicHandler = async ({ deps, dataId }) => {
  await handlePlanNotification({ deps, planId: parseSubscriptionId(dataId) });
};

/** A subscription charge was made or retried: mirror the payment it produced and re-read its subscription. */
const handleAuthorizedPaymentNotification: WebhookTopicHandler = async ({ deps, dataId }) => {
  await syncAuthorizedPaymentFromProvider({ deps, authorizedPaymentId: parseAuthorizedPaymentId(dataId) });
};

/** A Point payment intent moved (`point_integration_wh`, data.id = the intent's UUID): re-read it into its row. */
const handlePointIntentNotification: WebhookTopicHandler = async ({ deps, dataId }) => {
  if (dataId === null || !/^[0-9a-fA-F-]{36}$/.test(dataId)) {
    throw new AppError("BAD_REQUEST", `"${dataId ?? ""}" is not a payment intent id.`, { field: "data.id" });
  }
  await syncPointIntentFromNotification({ deps, intentId: dataId });
};

/**
 * `mp-connect`: a seller linked or unlinked Cobro's application (OAuth). The notification is not trusted for what
 * it says: the connected account's own token is tried (`GET /users/me`); refused, the connection ends as
 * `deauthorized` (tokens wiped, audited, shown on the account page). provider: the seller is the body's `user_id`.
 */
const handleSellerConnection: WebhookTopicHandler = async ({ deps, dataId, action, payload }) => {
  return handleSellerConnectionNotification({ deps, dataId, action: action ?? null, payload });
};

/**
 * A chargeback was opened or moved (`topic_chargebacks_wh`, IPN `chargebacks`; data.id = the chargeback's id): the
 * chargeback is re-read (GET /v1/chargebacks/{id}) into the Disputes mirror, and the payments it names are re-read
 * into the payment mirror (their status becomes `charged_back`).
 */
const handleChargebackNotification: WebhookTopicHandler = async ({ deps, dataId }) => {
  await syncChargebackFromProvider({ deps, chargebackId: parseChargebackId(dataId), syncPayments: true });
};

/** The topics this version acts on, by the provider's topic name (`type`, or the IPN `topic`). */
export const WEBHOOK_TOPIC_HANDLERS: Readonly<Record<string, WebhookTopicHandler>> = {
  payment: handlePaymentNotification,
  order: handleOrderNotification,
  // provider: Webhooks name it `topic_merchant_order_wh`, IPN `merchant_order` (the sandbox sends the latter).
  merchant_order: handleMerchantOrderNotification,
  topic_merchant_order_wh: handleMerchantOrderNotification,
  subscription_preapproval: handleSubscriptionNotification,
  subscription_preapproval_plan: handlePlanChange,
  subscription_authorized_payment: handleAuthorizedPaymentNotification,
  point_integration_wh: handlePointIntentNotification,
  // provider: the IPN name of the same Point notification (its id is the intent's, too).
  point_integration_ipn: handlePointIntentNotification,
  "mp-connect": handleSellerConnection,
  topic_chargebacks_wh: handleChargebackNotification,
  chargebacks: handleChargebackNotification,
};

/**
 * Topics the provider sends that Cobro knowingly does not act on, each with the reason kept on the event (in words
 * in the console's webhook inbox).
 */
export const IGNORED_WEBHOOK_TOPICS: Readonly<Record<string, WebhookIgnoredReason>> = {
  // Payments through a buyer's linked wallet arrive as `payment` notifications; the link itself changes nothing here.
  wallet_connect: "wallet_connect_not_used",
  // Card updater: saved cards are read from the provider each time, nothing of the card is stored to update.
  topic_card_id_wh: "card_updater_not_stored",
  // Fraud alerts ask not to deliver an order: Cobro keeps them for staff to hold the order (no automatic stop).
  stop_delivery_op_wh: "fraud_alert_for_staff",
  delivery_cancellation: "fraud_alert_for_staff",
  // Claims: the Disputes area reads them from the provider's search each time (nothing mirrored to update); a refund
  // a claim leads to arrives as a `payment` notification.
  topic_claims_integration_wh: "claim_not_mirrored",
  claims: "claim_not_mirrored",
};

/** Why an event of `topic` is ignored without running anything: a known ignored topic, or an unknown one. */
export function ignoredReasonOfTopic(topic: string): WebhookIgnoredReason | null {
  if (Object.hasOwn(WEBHOOK_TOPIC_HANDLERS, topic)) return null;
  return Object.hasOwn(IGNORED_WEBHOOK_TOPICS, topic) ? (IGNORED_WEBHOOK_TOPICS[topic] ?? null) : "unknown_topic";
}
