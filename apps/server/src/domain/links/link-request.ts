// How a console payment link becomes a provider preference, and how the
// provider's refusals of one become errors that name the form's field.
// provider: prices are major-unit JSON numbers (docs/provider-facts.md §4.3); we keep
// minor units and convert once, here.
import type { LinkItemInput } from "@cobro/contracts";
import {
  isClassicErrorBody,
  type PreferenceItem,
  type PreferenceRequest,
  ProviderBadRequestError,
  ProviderError,
} from "@cobro/provider-client";
import { type CurrencyCode, fromMinorUnits } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { toShopperError } from "../../provider/provider-failure";
import { notificationUrlFor } from "../../provider/provider-urls";

/** The shop page a link's buyer returns to (PAGE_ROUTES.linkThanks). */
export const LINK_THANKS_ROUTE = "/thank-you";

/** Where a link's buyer returns after paying, whatever the outcome. */
export function linkThanksUrlFor(deps: Pick<AppDeps, "publicUrl">): string {
  return `${deps.publicUrl.replace(/\/+$/, "")}${LINK_THANKS_ROUTE}`;
}

export function linkItems(items: readonly LinkItemInput[], currency: CurrencyCode): PreferenceItem[] {
  return items.map((item) => ({
    ...(item.productId ? { id: item.productId } : {}),
    title: item.title,
    quantity: item.quantity,
    unit_price: fromMinorUnits(item.unitPriceMinor, currency),
    currency_id: currency,
  }));
}

/** "Mug ×2, Poster" — what the list shows of a link made here (the provider's search returns item ids only). */
export function titleSummary(items: readonly LinkItemInput[]): string {
  const text = items.map((item) => (item.quantity > 1 ? `${item.title} ×${item.quantity}` : item.title)).join(", ");
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

export interface LinkRequestInput {
  items: readonly LinkItemInput[];
  currency: CurrencyCode;
  payerEmail?: string | undefined;
  expiresFrom?: string | undefined;
  expiresTo?: string | undefined;
  externalReference?: string | undefined;
  excludedPaymentMethods: readonly string[];
  maxInstallments?: number | undefined;
  /** Our link id, kept in the preference's metadata (the provider copies it into each payment's). */
  linkId: string;
  /** The store's statement descriptor when the link is made (stored with the body, so a retry sends the same). */
  statementDescriptor: string;
}

/** The body of `POST /checkout/preferences` for a console link. */
export function linkPreferenceRequest(
  deps: Pick<AppDeps, "publicUrl" | "providerSettings">,
  input: LinkRequestInput,
): PreferenceRequest {
  const backUrl = linkThanksUrlFor(deps);
  const notificationUrl = notificationUrlFor(deps);
  const expires = input.expiresFrom !== undefined || input.expiresTo !== undefined;
  const paymentMethods: NonNullable<PreferenceRequest["payment_methods"]> = {};
  if (input.excludedPaymentMethods.length > 0) {
    paymentMethods.excluded_payment_methods = input.excludedPaymentMethods.map((id) => ({ id }));
  }
  if (input.maxInstallments !== undefined) paymentMethods.installments = input.maxInstallments;
  return {
    items: linkItems(input.items, input.currency),
    ...(input.payerEmail ? { payer: { email: input.payerEmail } } : {}),
    back_urls: { success: backUrl, pending: backUrl, failure: backUrl },
    // provider: auto_return needs back_urls.success (else 400 invalid_auto_return).
    auto_return: "approved",
    ...(notificationUrl ? { notification_url: notificationUrl } : {}),
    ...(input.externalReference ? { external_reference: input.externalReference } : {}),
    ...(expires
      ? {
          expires: true,
          ...(input.expiresFrom ? { expiration_date_from: input.expiresFrom } : {}),
          ...(input.expiresTo ? { expiration_date_to: input.expiresTo } : {}),
        }
      : {}),
    ...(Object.keys(paymentMethods).length > 0 ? { payment_methods: paymentMethods } : {}),
    statement_descriptor: input.statementDescriptor,
    metadata: { cobro_link_id: input.linkId },
  };
}

/** Provider field (in `cause[].data`) → the console form's field. */
function formFieldOf(providerField: string): string | null {
  if (/currency_id$/.test(providerField)) return "currency";
  const item = /^items\[(\d+)\]\.(unit_price|quantity|title)$/.exec(providerField);
  if (item) {
    const name = item[2] === "unit_price" ? "unitPriceMinor" : item[2];
    return `items.${item[1]}.${name}`;
  }
  if (providerField === "items") return "items";
  if (providerField === "payer.email") return "payerEmail";
  if (providerField === "expiration_date_to") return "expiresTo";
  if (providerField === "expiration_date_from") return "expiresFrom";
  if (providerField === "external_reference") return "externalReference";
  if (providerField.startsWith("back_urls")) return "backUrls.success";
  if (providerField.startsWith("payment_methods.excluded")) return "excludedPaymentMethods";
  if (providerField === "payment_methods.installments") return "maxInstallments";
  return null;
}

/**
 * The staff-facing error for a provider refusal of a link's create or update: a 400 naming the form's field when the
 * provider named one (a currency the account's site does not charge in → `currency`), else the shop's mapping.
 */
export function linkProviderError(error: unknown, action: string): unknown {
  if (error instanceof ProviderBadRequestError && isClassicErrorBody(error.body)) {
    for (const cause of error.body.cause ?? []) {
      const field = typeof cause.data === "string" ? formFieldOf(cause.data) : null;
      if (!field) continue;
      const currency = field === "currency";
      return new AppError(
        "BAD_REQUEST",
        currency
          ? "Mercado Pago does not charge in this currency for the store's account. Use the store's currency."
          : `Mercado Pago did not accept this link's ${field}. Check it and try again.`,
        {
          field,
          reason: currency ? "currency_not_supported" : "provider_rejected_request",
          cause: new Error(`${error.name} ${error.status} ${error.method} ${error.path}`),
        },
      );
    }
  }
  if (error instanceof ProviderError || !(error instanceof AppError)) return toShopperError(error, { action });
  return error;
}
