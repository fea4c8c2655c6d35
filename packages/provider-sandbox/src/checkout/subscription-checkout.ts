// The hosted subscription checkout (docs/provider-facts.md §4.8): the `init_point` of a
// plan (`/subscriptions/checkout?preapproval_plan_id=…`) or of a pending
// preapproval (`?preapproval_id=…`). GET shows what is subscribed to and a card
// form; POST tokenizes the card and authorizes the subscription through the
// same domain functions as the API (a plan: a new preapproval for the payer's
// e-mail; a pending preapproval: authorized with the card), so the first charge
// happens exactly as the billing clock does it. Then the payer goes back to the
// `back_url` with `preapproval_id` and `status`, or sees a result page.
// Public pages (no token, no spec validation): `/subscriptions/checkout` is a
// public prefix of the core.

import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { RegisterRoutes, SandboxContext, SandboxEnv, Seller } from "../context";
import { ownApplicationId } from "../core/credentials";
import { SandboxHttpError } from "../core/errors";
import { uuid } from "../core/ids";
import { identificationTypesOf } from "../data/site-data";
import { findPlan, type Plan } from "../resources/plans";
import { createSubscription, updateSubscription } from "../resources/subscriptions";
import { invoicesOf, type Subscription, subscriptionsOf } from "../resources/subscriptions-billing";
import type { Schemas } from "../schemas";
import {
  ATTEMPT_ID_PATTERN,
  type CheckoutCard,
  type CheckoutFieldError,
  type CheckoutFormValues,
  checkCheckoutForm,
  emptyFormValues,
  FIELD_LABELS,
} from "./checkout-form";
import { messagePage } from "./checkout-pages";
import { htmlPage } from "./html";
import { asFormErrors, CheckoutInputError, parseBackUrl, tokenizeCheckoutCard } from "./pay-preference";
import {
  offerOf,
  renderSubscriptionCheckoutPage,
  renderSubscriptionResultPage,
  type SubscriptionOffer,
  type SubscriptionTarget,
  TARGET_FIELD,
} from "./subscription-checkout-page";

export const SUBSCRIPTION_CHECKOUT_PATH = "/subscriptions/checkout";

/** One posted form, remembered so that posting it again (double click, reload) subscribes once. */
interface SubscriptionCheckoutAttempt {
  id: string;
  sellerUserId: number;
  subscriptionId: string;
  target: SubscriptionTarget;
}

const ATTEMPTS = "subscription_checkout_attempts";

type Ctx = Context<SandboxEnv>;

/** What a checkout link points at, once found. */
interface Loaded {
  seller: Seller;
  target: SubscriptionTarget;
  offer: SubscriptionOffer;
  /** The pending preapproval being authorized (null for a plan). */
  subscription: Subscription | null;
  /** Where the payer goes afterwards (empty when the store gave none). */
  backUrl: string;
}

function notFoundPage(c: Ctx, detail: string): Response {
  return messagePage(c, 404, {
    title: "Subscription not found",
    message: "There is no subscription for this link. Ask the store for a new one.",
    detail,
  });
}

/** A plan by id whatever its seller: the link is opened without credentials and plan ids carry no seller. */
function findPlanAnywhere(ctx: SandboxContext, planId: string): { seller: Seller; plan: Plan } | undefined {
  for (const seller of ctx.store.sellers()) {
    try {
      return { seller, plan: findPlan(ctx, seller, planId) };
    } catch (error) {
      if (!(error instanceof SandboxHttpError)) throw error;
    }
  }
  return undefined;
}

function findSubscriptionAnywhere(
  ctx: SandboxContext,
  id: string,
): { seller: Seller; subscription: Subscription } | undefined {
  for (const seller of ctx.store.sellers()) {
    const stored = subscriptionsOf(ctx, seller.userId).get(id);
    if (stored) return { seller, subscription: structuredClone(stored.subscription) };
  }
  return undefined;
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** The target a request names (query on GET, hidden field on POST). */
function targetOf(source: Record<string, unknown>): SubscriptionTarget | null {
  const planId = text(source[TARGET_FIELD.plan]);
  if (planId) return { kind: "plan", id: planId };
  const preapprovalId = text(source[TARGET_FIELD.preapproval]);
  return preapprovalId ? { kind: "preapproval", id: preapprovalId } : null;
}

/** What the page shows and where it returns, read from the plan or the pending preapproval itself. */
function loadedFrom(
  seller: Seller,
  target: SubscriptionTarget,
  source: Plan | Subscription,
  subscription: Subscription | null,
): Loaded {
  return {
    seller,
    target,
    offer: offerOf(seller, source.reason ?? "", source.auto_recurring),
    subscription,
    backUrl: source.back_url ?? "",
  };
}

/** Finds what the link points at, or the error page to answer with. */
function load(
  c: Ctx,
  ctx: SandboxContext,
  target: SubscriptionTarget | null,
): { ok: true; loaded: Loaded } | { ok: false; response: Response } {
  const fail = (response: Response) => ({ ok: false as const, response });
  if (!target) {
    return fail(
      messagePage(c, 400, {
        title: "Subscription link incomplete",
        message: "This link names no plan or subscription: open the init_point of a plan or a preapproval.",
      }),
    );
  }
  if (target.kind === "plan") {
    const found = findPlanAnywhere(ctx, target.id);
    if (!found) return fail(notFoundPage(c, `Unknown plan ${target.id}.`));
    if (found.plan.status !== "active") {
      return fail(
        messagePage(c, 410, {
          title: "This plan is no longer offered",
          message: "The store has stopped taking new subscribers to it.",
        }),
      );
    }
    return { ok: true, loaded: loadedFrom(found.seller, target, found.plan, null) };
  }
  const found = findSubscriptionAnywhere(ctx, target.id);
  if (!found) return fail(notFoundPage(c, `Unknown preapproval ${target.id}.`));
  return { ok: true, loaded: loadedFrom(found.seller, target, found.subscription, found.subscription) };
}

/** A preapproval that is no longer pending cannot be subscribed to again from its link. */
function notPendingPage(c: Ctx, subscription: Subscription): Response {
  if (subscription.status === "cancelled") {
    return messagePage(c, 410, {
      title: "This subscription was cancelled",
      message: "Ask the store for a new subscription link.",
    });
  }
  return messagePage(c, 409, {
    title: "This subscription is already active",
    message: "A card was already given for it; there is nothing left to do here.",
    detail: `Status: ${subscription.status}.`,
  });
}

function firstFormValues(loaded: Loaded): CheckoutFormValues {
  return emptyFormValues({
    identification_type: identificationTypesOf(loaded.seller.siteId)[0]?.id ?? "",
    email: loaded.subscription?.payer_email ?? "",
    installments: "1",
  });
}

function formPage(
  c: Ctx,
  loaded: Loaded,
  form: { values: CheckoutFormValues; errors: CheckoutFieldError[]; attemptId: string },
  status: ContentfulStatusCode,
): Response {
  return htmlPage(
    c,
    renderSubscriptionCheckoutPage({
      offer: loaded.offer,
      target: loaded.target,
      // The security code is never sent back to the browser.
      values: { ...form.values, security_code: "" },
      errors: form.errors,
      attemptId: form.attemptId,
      fixedEmail: loaded.subscription?.payer_email || null,
    }),
    status,
  );
}

/**
 * Subscribes with a card from the form: tokenizes it, then creates the
 * preapproval for the plan (payer = the form's e-mail) or authorizes the
 * pending one, both `authorized` with the token, which charges the first
 * period as the billing clock does. Throws `CheckoutInputError` for what the
 * payer can fix.
 */
function subscribeWithCard(ctx: SandboxContext, loaded: Loaded, card: CheckoutCard): Subscription {
  const { seller, target } = loaded;
  const pendingEmail = loaded.subscription?.payer_email;
  // provider: the payer must use the e-mail the preapproval was created for (a well-known integration pitfall).
  if (pendingEmail && pendingEmail.toLowerCase() !== card.email.toLowerCase()) {
    throw new CheckoutInputError([
      {
        field: "email",
        message: `${FIELD_LABELS.email}: this subscription belongs to ${pendingEmail}; use that e-mail.`,
      },
    ]);
  }
  const token = tokenizeCheckoutCard(ctx, seller, card);
  if (target.kind === "plan") {
    // The payer subscribes on the provider's page, so the subscription belongs to the plan's application.
    const applicationId = findPlan(ctx, seller, target.id).application_id ?? ownApplicationId(seller);
    return asFormErrors(() =>
      createSubscription(
        ctx,
        seller,
        {
          preapproval_plan_id: target.id,
          payer_email: card.email,
          card_token_id: token.token.id,
          status: "authorized",
        },
        applicationId,
      ),
    );
  }
  return asFormErrors(() =>
    updateSubscription(ctx, seller, target.id, { card_token_id: token.token.id, status: "authorized" }),
  );
}

/** The store's back URL with `preapproval_id` and `status`, or null when there is none usable. */
export function subscriptionBackUrl(backUrl: string, subscription: Subscription): string | null {
  const url = parseBackUrl(backUrl);
  if (!url) return null;
  url.searchParams.set("preapproval_id", subscription.id);
  url.searchParams.set("status", subscription.status);
  return url.toString();
}

function firstCharge(ctx: SandboxContext, seller: Seller, subscriptionId: string): Schemas["AuthorizedPayment"] | null {
  const first = invoicesOf(ctx, seller.userId)
    .list()
    .filter((entry) => entry.invoice.preapproval_id === subscriptionId)
    .sort((a, b) => a.period - b.period)[0];
  return first ? structuredClone(first.invoice) : null;
}

/** Back to the store (303), or the result page when the store gave no back URL. */
function respondWithOutcome(c: Ctx, ctx: SandboxContext, loaded: Loaded, subscription: Subscription): Response {
  const url = subscriptionBackUrl(subscription.back_url || loaded.backUrl, subscription);
  if (url) return c.redirect(url, 303);
  return htmlPage(
    c,
    renderSubscriptionResultPage({
      offer: loaded.offer,
      subscription,
      firstCharge: firstCharge(ctx, loaded.seller, subscription.id),
    }),
  );
}

/** Registers the subscription checkout pages (GET the form, POST it). */
export const registerSubscriptionCheckoutRoutes: RegisterRoutes = (app, ctx) => {
  app.get(SUBSCRIPTION_CHECKOUT_PATH, (c) => {
    const result = load(c, ctx, targetOf(c.req.query()));
    if (!result.ok) return result.response;
    const { loaded } = result;
    if (loaded.subscription && loaded.subscription.status !== "pending") return notPendingPage(c, loaded.subscription);
    return formPage(c, loaded, { values: firstFormValues(loaded), errors: [], attemptId: uuid() }, 200);
  });

  app.post(SUBSCRIPTION_CHECKOUT_PATH, (c) => {
    const body = (c.get("jsonBody") ?? {}) as Record<string, unknown>;
    const result = load(c, ctx, targetOf(body));
    if (!result.ok) return result.response;
    const { loaded } = result;
    const attempts = ctx.store.global<SubscriptionCheckoutAttempt>(ATTEMPTS);
    const postedAttempt = ATTEMPT_ID_PATTERN.test(text(body.attempt)) ? text(body.attempt) : null;

    const previous = postedAttempt ? attempts.get(postedAttempt) : undefined;
    if (previous && previous.target.kind === loaded.target.kind && previous.target.id === loaded.target.id) {
      const stored = subscriptionsOf(ctx, previous.sellerUserId).get(previous.subscriptionId);
      if (stored) return respondWithOutcome(c, ctx, loaded, structuredClone(stored.subscription));
    }
    if (loaded.subscription && loaded.subscription.status !== "pending") return notPendingPage(c, loaded.subscription);

    const attemptId = postedAttempt ?? uuid();
    const checked = checkCheckoutForm(body, { siteId: loaded.seller.siteId, maxInstallments: 1, now: ctx.clock.now() });
    if (!checked.ok) return formPage(c, loaded, { values: checked.values, errors: checked.errors, attemptId }, 400);

    let subscription: Subscription;
    try {
      subscription = subscribeWithCard(ctx, loaded, checked.card);
    } catch (error) {
      if (error instanceof CheckoutInputError) {
        return formPage(c, loaded, { values: checked.values, errors: error.errors, attemptId }, 400);
      }
      throw error;
    }
    attempts.put(attemptId, {
      id: attemptId,
      sellerUserId: loaded.seller.userId,
      subscriptionId: subscription.id,
      target: loaded.target,
    });
    return respondWithOutcome(c, ctx, loaded, subscription);
  });
};
