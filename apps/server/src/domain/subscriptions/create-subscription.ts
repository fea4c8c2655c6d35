// Subscribes the signed-in shopper to a plan with a card token made in the
// browser (`status: "authorized"`: the provider charges the card now, or when
// the plan's free trial ends, and then every period). The subscription is
// mirrored and its first charge's outcome returned when the provider has one.
import { createHash } from "node:crypto";
import type { AuthorizedPayment } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { type ProviderFieldMapping, toShopperError } from "../../provider/provider-failure";
import { recordAudit } from "../audit/record-audit";
import { getPlan } from "./get-plan";
import { mirrorSubscription } from "./mirror-subscription";

/** Provider fields of a subscription request → our inputs. */
export const SUBSCRIPTION_FIELD_MAPPINGS: Readonly<Record<string, ProviderFieldMapping>> = {
  card_token_id: { field: "cardToken", reason: "invalid_card_token" },
  token: { field: "cardToken", reason: "invalid_card_token" },
  payer_email: { field: "payerEmail", reason: "invalid_payer_email" },
  "payer.email": { field: "payerEmail", reason: "invalid_payer_email" },
  preapproval_plan_id: { field: "planId", reason: "plan_not_found" },
};

export interface CreatedSubscription {
  subscriptionId: string;
  status: string;
  firstCharge: { status: string; statusDetail: string | null } | null;
}

/**
 * One key per (shopper, plan, card token): a double submit with the same
 * single-use token is one subscription. The token is hashed into the key, never
 * stored or logged as such.
 */
function subscriptionIdempotencyKey(userId: string, planId: string, cardToken: string): string {
  const digest = createHash("sha256").update(`${userId}\n${planId}\n${cardToken}`).digest("hex");
  return `subscription-${digest}`;
}

async function firstChargeOf(
  deps: Pick<AppDeps, "provider">,
  subscriptionId: string,
): Promise<CreatedSubscription["firstCharge"]> {
  let charges: AuthorizedPayment[];
  try {
    charges = (await deps.provider.authorizedPayments.search({ preapproval_id: subscriptionId })).results;
  } catch {
    // The subscription exists either way; its charges show up later.
    return null;
  }
  const first = [...charges]
    .filter((charge) => charge.payment?.status)
    .sort((a, b) => (a.date_created ?? "").localeCompare(b.date_created ?? ""))[0];
  if (!first?.payment?.status) return null;
  return { status: first.payment.status, statusDetail: first.payment.status_detail ?? null };
}

export async function createSubscription(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  userId: string;
  input: { planId: string; cardToken: string; payerEmail: string };
}): Promise<CreatedSubscription> {
  const { deps, userId, input } = options;
  const plan = await getPlan({ deps, planId: input.planId });
  const idempotencyKey = subscriptionIdempotencyKey(userId, plan.id, input.cardToken);
  let subscription: Awaited<ReturnType<typeof deps.provider.subscriptions.create>>;
  try {
    subscription = await deps.provider.subscriptions.create(
      {
        preapproval_plan_id: plan.id,
        payer_email: input.payerEmail,
        card_token_id: input.cardToken,
        status: "authorized",
      },
      { idempotencyKey },
    );
  } catch (error) {
    throw toShopperError(error, { action: "start the subscription", fields: SUBSCRIPTION_FIELD_MAPPINGS });
  }
  const now = deps.now();
  const mirror = await mirrorSubscription({
    db: deps.db,
    subscription,
    userId,
    fallbackCurrency: plan.amount.currency,
    now,
  });
  await recordAudit({
    db: deps.db,
    actorUserId: userId,
    action: "subscription.created",
    resourceType: "subscription",
    resourceId: mirror.id,
    idempotencyKey,
    details: { providerSubscriptionId: subscription.id, planId: plan.id, status: subscription.status },
    now,
  });
  return {
    subscriptionId: mirror.id,
    status: subscription.status,
    firstCharge: await firstChargeOf(deps, subscription.id),
  };
}
