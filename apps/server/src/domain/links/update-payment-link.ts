// Changing a payment link (`PUT /checkout/preferences/{id}`): its items, its
// expiry and its back URLs; and "expire now". A PUT sends the whole new value
// of each field, so repeating one (a double click, a retry after a timeout)
// changes nothing more; the dialog's key still goes with it, and an answer not
// seen is reported as unknown, never as failed.
import type { LinkItemInput } from "@cobro/contracts";
import type { PreferenceUpdateRequest } from "@cobro/provider-client";
import type { CurrencyCode } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { refuseConnectedAccountAction } from "../../provider/account-scope";
import { recordAudit } from "../audit/record-audit";
import { isRefusedWithoutPayment, PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import { readPreference } from "./get-payment-link";
import { linkItems, linkProviderError } from "./link-request";

export type UpdatePaymentLinkDeps = Pick<AppDeps, "db" | "provider" | "now" | "logger">;

/** An expired link ends this far in the past, so a provider clock a little behind ours cannot leave it payable. */
const EXPIRY_MARGIN_MS = 60 * 1000;

export interface UpdatePaymentLinkInput {
  preferenceId: string;
  currency: CurrencyCode;
  items?: LinkItemInput[] | undefined;
  /** null: no start; undefined: unchanged. */
  expiresFrom?: string | null | undefined;
  /** null: never expires; undefined: unchanged. */
  expiresTo?: string | null | undefined;
  backUrls?: { success: string; pending: string; failure: string } | undefined;
  idempotencyKey: string;
  /** Only the store's own account: a connected account is refused (`refuseConnectedAccountAction`). */
  account?: string | undefined;
}

async function sendUpdate(options: {
  deps: UpdatePaymentLinkDeps;
  actorUserId: string;
  preferenceId: string;
  body: PreferenceUpdateRequest;
  idempotencyKey: string;
  action: "updated" | "expired";
}): Promise<{ outcome: "done" | "unknown" }> {
  const { deps, actorUserId, preferenceId, body, idempotencyKey, action } = options;
  const audit = (suffix: string, details: Record<string, string> | null) =>
    recordAudit({
      db: deps.db,
      actorUserId,
      action: `payment_link.${suffix}`,
      resourceType: "payment_link",
      resourceId: preferenceId,
      idempotencyKey,
      details,
      now: deps.now(),
    });
  await audit(action === "updated" ? "update_requested" : "expire_requested", { fields: Object.keys(body).join(",") });
  try {
    await deps.provider.preferences.update(preferenceId, body, {
      idempotencyKey,
      signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS),
    });
  } catch (error) {
    if (isRefusedWithoutPayment(error)) {
      await audit(`${action === "updated" ? "update" : "expire"}_failed`, null);
      throw linkProviderError(error, action === "updated" ? "change the link" : "expire the link");
    }
    await audit(`${action === "updated" ? "update" : "expire"}_unknown`, null);
    deps.logger.warn({ err: error, preferenceId }, "payment link change outcome unknown");
    return { outcome: "unknown" };
  }
  await audit(action, null);
  return { outcome: "done" };
}

/** Changes a link's items, expiry and back URLs (only what is given). */
export async function updatePaymentLink(options: {
  deps: UpdatePaymentLinkDeps;
  actorUserId: string;
  input: UpdatePaymentLinkInput;
}): Promise<{ outcome: "done" | "unknown" }> {
  const { deps, input } = options;
  refuseConnectedAccountAction(input.account);
  const body: PreferenceUpdateRequest = {};
  if (input.items) body.items = linkItems(input.items, input.currency);
  if (input.backUrls) body.back_urls = input.backUrls;
  if (input.expiresFrom !== undefined || input.expiresTo !== undefined) {
    const current = await readPreference(deps, input.preferenceId);
    const from = input.expiresFrom === undefined ? (current.expiration_date_from ?? null) : input.expiresFrom;
    const to = input.expiresTo === undefined ? (current.expiration_date_to ?? null) : input.expiresTo;
    // provider: `expires` turns the dates on; with it off the link is payable any time. A date cannot be sent
    // empty, so an end is removed only with the start.
    if (from === null && to === null) body.expires = false;
    else if (to === null && input.expiresTo === null) {
      throw new AppError("BAD_REQUEST", "Set an end date, or clear both dates.", {
        field: "expiresTo",
        reason: "provider_rejected_request",
      });
    } else {
      body.expires = true;
      if (from !== null) body.expiration_date_from = from;
      if (to !== null) body.expiration_date_to = to;
    }
  }
  return sendUpdate({
    deps,
    actorUserId: options.actorUserId,
    preferenceId: input.preferenceId,
    body,
    idempotencyKey: input.idempotencyKey,
    action: "updated",
  });
}

/** Makes a link unpayable now (`expires: true`, `expiration_date_to` just past). */
export async function expirePaymentLink(options: {
  deps: UpdatePaymentLinkDeps;
  actorUserId: string;
  preferenceId: string;
  idempotencyKey: string;
  account?: string | undefined;
}): Promise<{ outcome: "done" | "unknown" }> {
  const { deps, preferenceId } = options;
  refuseConnectedAccountAction(options.account);
  const current = await readPreference(deps, preferenceId);
  const to = new Date(deps.now().getTime() - EXPIRY_MARGIN_MS);
  const body: PreferenceUpdateRequest = { expires: true, expiration_date_to: to.toISOString() };
  const from = current.expiration_date_from ? Date.parse(current.expiration_date_from) : Number.NaN;
  // provider: the start must come before the end; a link not yet open ends before it would have opened.
  if (!Number.isNaN(from) && from >= to.getTime()) {
    body.expiration_date_from = new Date(to.getTime() - EXPIRY_MARGIN_MS).toISOString();
  }
  return sendUpdate({ ...options, body, action: "expired" });
}
