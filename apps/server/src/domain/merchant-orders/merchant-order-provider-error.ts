// The AppError staff see when the provider refuses a merchant order call: the field at fault by our input's name
// (from the classic body's `cause[].data`), the unknown order or preference by a translatable reason, and every
// other failure as the shop's usual provider errors (toShopperError). Never the provider's body.
import { isClassicErrorBody, ProviderBadRequestError, ProviderNotFoundError } from "@cobro/provider-client";
import { AppError } from "../../errors/app-error";
import { toShopperError } from "../../provider/provider-failure";

/** provider field (first segment of `cause[].data`) → our input field and its words. */
const FIELDS: Readonly<Record<string, { field: string; words: string }>> = {
  items: { field: "items", words: "items" },
  preference_id: { field: "preferenceId", words: "preference id" },
  notification_url: { field: "notificationUrl", words: "notification URL" },
  external_reference: { field: "externalReference", words: "external reference" },
  additional_info: { field: "additionalInfo", words: "additional info" },
};

function providerFieldOf(body: unknown): string | null {
  if (!isClassicErrorBody(body)) return null;
  for (const cause of body.cause ?? []) {
    if (typeof cause.data === "string" && cause.data !== "") return cause.data;
  }
  return null;
}

/** The AppError for a failed merchant order call (`error` itself when it is not a provider failure). */
export function toMerchantOrderError(error: unknown, options: { action: string; merchantOrderId?: number }): unknown {
  if (error instanceof ProviderNotFoundError) {
    return new AppError(
      "NOT_FOUND",
      options.merchantOrderId === undefined
        ? "Mercado Pago has no such merchant order."
        : `Mercado Pago has no merchant order ${options.merchantOrderId}.`,
      { reason: "merchant_order_not_found", field: "merchantOrderId" },
    );
  }
  if (error instanceof ProviderBadRequestError) {
    const providerField = providerFieldOf(error.body);
    const root = providerField?.split(/[.[/]/)[0] ?? "";
    const mapping = FIELDS[root];
    if (root === "preference_id") {
      return new AppError("BAD_REQUEST", "Mercado Pago has no preference with that id. Check the preference id.", {
        reason: "merchant_order_preference_not_found",
        field: "preferenceId",
      });
    }
    if (mapping) {
      return new AppError(
        "BAD_REQUEST",
        `Mercado Pago did not accept the ${mapping.words}, so we could not ${options.action}. Check it and try again.`,
        { reason: "provider_rejected_request", field: mapping.field },
      );
    }
  }
  return toShopperError(error, { action: options.action, fields: {} });
}
