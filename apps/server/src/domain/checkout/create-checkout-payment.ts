// The one place a checkout turns into a provider payment (card, Pix or cash
// voucher). At most one payment per checkout, however often and however
// concurrently this runs:
//
// - the checkout row is locked (SELECT … FOR UPDATE) for the provider call, so
//   a second caller waits, then finds the payment the first one recorded and
//   returns it instead of calling the provider again;
// - the call carries the checkout's own idempotency key, so a retry after a
//   timeout (when we cannot know whether the provider processed it) is
//   replayed by the provider rather than charged again.
//
// Holding the row lock (and one pooled connection) during the call is the
// price: the client's timeout (10 s per attempt) bounds it.
//
// The payment the provider answered is mirrored at once with
// applyPaymentSnapshot (the same code the webhook runs), and the call is
// audit-logged with its idempotency key. Card tokens are never logged.
import {
  type PaymentCreateRequest,
  ProviderConflictError,
  ProviderConnectionError,
  ProviderError,
  type Payment as ProviderPayment,
} from "@cobro/provider-client";
import type { Checkout } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { recordAudit } from "../audit/record-audit";
import { applyPaymentSnapshot, CHECKOUT_STATUS_BY_PAYMENT_STATUS } from "../payments/apply-payment-snapshot";
import { toShopperError } from "../shop/provider-failure";

export type CheckoutPaymentKind = "card" | "pix" | "ticket";

export interface CreateCheckoutPaymentOptions {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  checkoutId: string;
  /** Who asked (null for a guest). */
  actorUserId: string | null;
  kind: CheckoutPaymentKind;
  /** Builds the provider request from the locked checkout row. */
  buildRequest: (checkout: Checkout) => PaymentCreateRequest;
}

export interface CheckoutPaymentOutcome {
  /** True when this call created the payment; false when the checkout already had one. */
  created: boolean;
  providerPaymentId: number;
}

type LockedOutcome =
  | { kind: "existing"; providerPaymentId: number }
  | { kind: "created"; payment: ProviderPayment }
  | { kind: "failed"; error: unknown };

/**
 * After a 409 (this key was already used with another body, e.g. a retry with
 * a fresh card token after a timeout the provider had in fact processed), the
 * payment the first request made is found by the checkout's reference.
 */
async function findEarlierPayment(
  deps: Pick<AppDeps, "provider">,
  externalReference: string,
): Promise<ProviderPayment | null> {
  try {
    const found = await deps.provider.payments.search({
      external_reference: externalReference,
      sort: "date_created",
      criteria: "desc",
    });
    return found.results?.[0] ?? null;
  } catch {
    return null;
  }
}

function auditDetailsOfFailure(error: unknown): { [key: string]: string | number | null } {
  if (error instanceof ProviderError) {
    return { error: error.name, status: error.status, code: error.code ?? null, requestId: error.requestId ?? null };
  }
  if (error instanceof ProviderConnectionError) return { error: error.name };
  return { error: error instanceof Error ? error.name : "unknown" };
}

export async function createCheckoutPayment(options: CreateCheckoutPaymentOptions): Promise<CheckoutPaymentOutcome> {
  const { deps, checkoutId, actorUserId, kind } = options;

  const outcome = await deps.db.transaction().execute(async (trx): Promise<LockedOutcome> => {
    const checkout = await trx
      .selectFrom("checkouts")
      .selectAll()
      .where("id", "=", checkoutId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (checkout.provider_payment_id !== null) {
      return { kind: "existing", providerPaymentId: checkout.provider_payment_id };
    }

    const idempotencyKey = checkout.idempotency_key;
    const now = deps.now();
    let payment: ProviderPayment;
    try {
      payment = await deps.provider.payments.create(options.buildRequest(checkout), { idempotencyKey });
    } catch (error) {
      const earlier =
        error instanceof ProviderConflictError ? await findEarlierPayment(deps, checkout.external_reference) : null;
      if (!earlier) {
        await recordAudit({
          db: trx,
          actorUserId,
          action: "payment.create_failed",
          resourceType: "checkout",
          resourceId: checkout.id,
          idempotencyKey,
          details: { kind, ...auditDetailsOfFailure(error) },
          now,
        });
        return { kind: "failed", error };
      }
      payment = earlier;
    }

    await trx
      .updateTable("checkouts")
      .set({
        provider_payment_id: payment.id,
        payment_method: kind,
        status: CHECKOUT_STATUS_BY_PAYMENT_STATUS[payment.status] ?? payment.status,
        updated_at: now,
      })
      .where("id", "=", checkout.id)
      .execute();
    await recordAudit({
      db: trx,
      actorUserId,
      action: "payment.created",
      resourceType: "checkout",
      resourceId: checkout.id,
      idempotencyKey,
      details: {
        kind,
        providerPaymentId: payment.id,
        status: payment.status,
        statusDetail: payment.status_detail ?? null,
        paymentMethodId: payment.payment_method_id ?? null,
        amountMinor: checkout.amount_minor,
        currency: checkout.currency,
      },
      now,
    });
    return { kind: "created", payment };
  });

  if (outcome.kind === "failed") throw toShopperError(outcome.error, { action: "make the payment" });
  if (outcome.kind === "existing") {
    return { created: false, providerPaymentId: outcome.providerPaymentId };
  }
  await applyPaymentSnapshot({ db: deps.db, payment: outcome.payment, now: deps.now() });
  return { created: true, providerPaymentId: outcome.payment.id };
}
