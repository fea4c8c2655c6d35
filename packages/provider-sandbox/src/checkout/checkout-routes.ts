// The hosted checkout (Checkout Pro's `init_point`): GET shows the preference
// and a card form, POST pays it and sends the buyer back to the store. These
// are web pages, not provider API calls: public (no bearer token), HTML, and
// outside spec validation (`/checkout/v1` is a public prefix of the core).

import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { RegisterRoutes, SandboxContext, SandboxEnv, Seller } from "../context";
import { uuid } from "../core/ids";
import { identificationTypesOf } from "../data/site-data";
import { findPayment } from "../resources/payments";
import {
  findPreferenceById,
  preferenceCurrency,
  preferenceTotalMinor,
  preferenceUnavailableReason,
} from "../resources/preferences";
import type { Schemas } from "../schemas";
import {
  ATTEMPT_ID_PATTERN,
  type CheckoutFieldError,
  type CheckoutFormValues,
  checkCheckoutForm,
  emptyFormValues,
} from "./checkout-form";
import { messagePage, renderCheckoutPage, renderResultPage } from "./checkout-pages";
import { htmlPage } from "./html";
import {
  backUrlFor,
  backUrlParams,
  CheckoutInputError,
  outcomeKind,
  payPreference,
  returnsAutomatically,
} from "./pay-preference";

type Preference = Schemas["Preference"];

/** One posted form: remembered so that posting the same form again (double click, reload) pays once. */
interface CheckoutAttempt {
  id: string;
  preferenceId: string;
  sellerUserId: number;
  paymentId: number;
  merchantOrderId: number;
}

const ATTEMPTS = "checkout_attempts";
const DEFAULT_MAX_INSTALLMENTS = 12;

type Ctx = Context<SandboxEnv>;

function maxInstallmentsOf(preference: Preference): number {
  const configured = preference.payment_methods?.installments;
  return typeof configured === "number" && configured >= 1 ? Math.min(configured, 36) : DEFAULT_MAX_INSTALLMENTS;
}

/** The preference a request is about, or the error page to answer with. */
function loadPreference(
  c: Ctx,
  ctx: SandboxContext,
  prefId: string,
): { ok: true; seller: Seller; preference: Preference } | { ok: false; response: Response } {
  if (!prefId) {
    return {
      ok: false,
      response: messagePage(c, 400, {
        title: "Checkout link incomplete",
        message: "This link has no pref_id: open the init_point of a preference.",
      }),
    };
  }
  const found = findPreferenceById(ctx, prefId);
  if (!found) {
    return {
      ok: false,
      response: messagePage(c, 404, {
        title: "Checkout not found",
        message: "There is no checkout for this link. Ask the store for a new one.",
        detail: `Unknown preference ${prefId}.`,
      }),
    };
  }
  const reason = preferenceUnavailableReason(found.preference, ctx.clock.now());
  if (reason) {
    const expired = reason === "expired";
    return {
      ok: false,
      response: messagePage(c, 410, {
        title: expired ? "This checkout has expired" : "This checkout is not open yet",
        message: expired
          ? "The store's payment link is no longer valid. Go back to the store to start again."
          : "The store's payment link cannot be paid yet. Try again later.",
        detail: expired
          ? `It was payable until ${found.preference.expiration_date_to ?? ""}.`
          : `It can be paid from ${found.preference.expiration_date_from ?? ""}.`,
      }),
    };
  }
  return { ok: true, ...found };
}

function formPage(
  c: Ctx,
  input: {
    seller: Seller;
    preference: Preference;
    values: CheckoutFormValues;
    errors: CheckoutFieldError[];
    attemptId: string;
  },
  status: ContentfulStatusCode,
): Response {
  const currency = preferenceCurrency(input.preference, input.seller.siteId);
  return htmlPage(
    c,
    renderCheckoutPage({
      ...input,
      // The security code is never sent back to the browser.
      values: { ...input.values, security_code: "" },
      currency,
      totalMinor: preferenceTotalMinor(input.preference, currency),
      maxInstallments: maxInstallmentsOf(input.preference),
    }),
    status,
  );
}

function firstFormValues(seller: Seller, preference: Preference): CheckoutFormValues {
  const defaultInstallments = preference.payment_methods?.default_installments;
  return emptyFormValues({
    identification_type: identificationTypesOf(seller.siteId)[0]?.id ?? "",
    email: preference.payer?.email ?? "",
    installments: String(defaultInstallments ?? 1),
  });
}

/** Sends the buyer back to the store (303) or shows the result page, as the preference's `auto_return` says. */
function respondWithOutcome(
  c: Ctx,
  input: { seller: Seller; preference: Preference; payment: Schemas["Payment"]; merchantOrderId: number },
): Response {
  const kind = outcomeKind(input.payment.status);
  const url = backUrlFor(input.preference, kind, backUrlParams(input));
  if (url && returnsAutomatically(input.preference, kind)) return c.redirect(url, 303);
  return htmlPage(
    c,
    renderResultPage({
      preference: input.preference,
      seller: input.seller,
      payment: input.payment,
      currency: preferenceCurrency(input.preference, input.seller.siteId),
      kind,
      returnUrl: url,
      // provider: a rejected buyer may try again on the same preference.
      retryUrl: kind === "failure" ? `redirect?pref_id=${encodeURIComponent(input.preference.id)}` : null,
    }),
  );
}

/** Registers the hosted checkout pages (called from the preferences group). */
export const registerCheckoutRoutes: RegisterRoutes = (app, ctx) => {
  app.get("/checkout/v1/redirect", (c) => {
    const loaded = loadPreference(c, ctx, c.req.query("pref_id") ?? "");
    if (!loaded.ok) return loaded.response;
    const { seller, preference } = loaded;
    return formPage(
      c,
      { seller, preference, values: firstFormValues(seller, preference), errors: [], attemptId: uuid() },
      200,
    );
  });

  app.post("/checkout/v1/pay", (c) => {
    const body = (c.get("jsonBody") ?? {}) as Record<string, unknown>;
    const prefId = typeof body.pref_id === "string" ? body.pref_id : "";
    const loaded = loadPreference(c, ctx, prefId);
    if (!loaded.ok) return loaded.response;
    const { seller, preference } = loaded;
    const attempts = ctx.store.global<CheckoutAttempt>(ATTEMPTS);
    const postedAttempt =
      typeof body.attempt === "string" && ATTEMPT_ID_PATTERN.test(body.attempt) ? body.attempt : null;

    const previous = postedAttempt ? attempts.get(postedAttempt) : undefined;
    if (previous && previous.preferenceId === preference.id) {
      const payment = findPayment(ctx, previous.sellerUserId, previous.paymentId);
      if (payment)
        return respondWithOutcome(c, { seller, preference, payment, merchantOrderId: previous.merchantOrderId });
    }

    const attemptId = postedAttempt ?? uuid();
    const checked = checkCheckoutForm(body, {
      siteId: seller.siteId,
      maxInstallments: maxInstallmentsOf(preference),
      now: ctx.clock.now(),
    });
    if (!checked.ok)
      return formPage(c, { seller, preference, values: checked.values, errors: checked.errors, attemptId }, 400);

    let result: ReturnType<typeof payPreference>;
    try {
      result = payPreference(ctx, seller, preference, checked.card);
    } catch (error) {
      if (error instanceof CheckoutInputError) {
        return formPage(c, { seller, preference, values: checked.values, errors: error.errors, attemptId }, 400);
      }
      throw error;
    }
    // A rejected form may be corrected and posted again (browser Back): only remember payments that went through.
    if (outcomeKind(result.payment.status) !== "failure") {
      attempts.put(attemptId, {
        id: attemptId,
        preferenceId: preference.id,
        sellerUserId: seller.userId,
        paymentId: result.payment.id,
        merchantOrderId: result.merchantOrderId,
      });
    }
    return respondWithOutcome(c, { seller, preference, ...result });
  });
};
