// What each notification topic does once its event is stored. A topic missing here is kept `ignored` (not
// `processed`), so a replay from the console runs it once a later version handles it. Each handler re-reads the
// resource from the provider (a notification only says "something changed") and must be safe to run twice.
import type { AppDeps } from "../deps";
import { expireCheckoutPreference } from "../domain/checkout/expire-checkout-preference";
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

export type WebhookTopicHandler = (options: {
  deps: WebhookTopicDeps;
  dataId: string | null;
  /** The notification's `user_id`: the seller whose credentials read the resource (null when it does not say). */
  providerUserId?: number | null;
}) => Promise<void>;

/** Payment statuses that take (or may still take) the money: the checkout must not be payable another way. */
const TAKING_STATUSES: ReadonlySet<string> = new Set(["approved", "authorized", "pending", "in_process"]);

const handlePaymentNotification: WebhookTopicHandler = async ({ deps, dataId, providerUserId = null }) => {
  const providerPaymentId = parseProviderPaymentId(dataId);
  // A connected seller's payment is read with that seller's credentials and mirrored under its account; any other
  // user id (the store's own) reads with the store's own credentials.
  const providerAccountId = await accountIdOfProviderUser(deps, providerUserId);
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

/** The topics this version acts on, by the provider's topic name (`type`). */
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
};
