// Changing a payment link (`PUT /checkout/preferences/{id}`): its items, its expiry and its back URLs; and "expire
// now", as provider requests (domain/provider-requests): the change is recorded with the dialog's key and the
// link's account (a connected seller's link is changed with that seller's credentials, and every retry goes there),
// then sent by the engine. A PUT sends the whole new value of each field, so a repeat changes nothing more; an
// answer not seen is unknown, never failed, and the one reconcile loop reads the link to settle it.
import type { LinkItemInput } from "@cobro/contracts";
import type { Preference, PreferenceUpdateRequest, ProviderClient } from "@cobro/provider-client";
import type { CurrencyCode } from "@cobro/provider-client/money";
import type { JsonValue, ProviderRequest } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { accountIdOfScope } from "../../provider/account-scope";
import { providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { noEffectAfterDeadline } from "../provider-requests/no-effect-after";
import type { ProviderRequestDeps, ProviderRequestKind } from "../provider-requests/provider-request-kind";
import { recordProviderRequest } from "../provider-requests/record-provider-request";
import { runProviderRequest } from "../provider-requests/run-provider-request";
import { readPreference } from "./get-payment-link";
import { linkItems, linkProviderError } from "./link-request";

export type UpdatePaymentLinkDeps = ProviderRequestDeps;

/** Clocks differ: a change dated up to this much before our request can still be ours. */
const CLOCK_SKEW_MS = 60_000;

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
  /** The connected seller the link belongs to; absent: the store's own account. */
  account?: string | undefined;
}

type LinkChange = "update" | "expire";

const WORDS: Record<LinkChange, { done: string; action: string }> = {
  update: { done: "updated", action: "change the link" },
  expire: { done: "expired", action: "expire the link" },
};

/** A change of a link as a provider request: its outcome is audited (the link itself lives at the provider). */
function linkChangeRequest(change: LinkChange): ProviderRequestKind<Preference> {
  return {
    kind: `payment_link.${change}`,
    async onOutcome(trx, request, outcome, { now, by }) {
      const suffix = outcome.status === "succeeded" ? WORDS[change].done : `${change}_${outcome.status}`;
      // No domain row: the staff member who asked is the one its requested line names.
      const asked = await trx
        .selectFrom("audit_log")
        .select("actor_user_id")
        // By the link first (audit_log_resource_idx), then its key.
        .where("resource_type", "=", "payment_link")
        .where("resource_id", "=", request.resource_id)
        .where("idempotency_key", "=", request.idempotency_key)
        .where("action", "=", `payment_link.${change}_requested`)
        .executeTakeFirst();
      await recordAudit({
        db: trx,
        actorUserId: by === "call" ? (asked?.actor_user_id ?? null) : null,
        action: `payment_link.${suffix}`,
        resourceType: "payment_link",
        resourceId: request.resource_id,
        idempotencyKey: request.idempotency_key,
        details: {
          providerAccountId: request.provider_account_id,
          ...(by === "reconcile" ? { settledBy: "reconcile" } : {}),
        },
        now,
      });
    },
    // A PUT of whole values: the link shows it once made. Not shown NO_PAYMENT_AFTER_MS after the request: not made.
    async reconcile(deps, request) {
      const provider = await providerForAccount(deps, request.provider_account_id);
      const preference = await provider.preferences.get(request.resource_id);
      const updated = preference.last_updated ? Date.parse(preference.last_updated) : Number.NaN;
      const shows =
        change === "expire"
          ? preference.expires === true && isExpiredBy(preference, request.created_at)
          : updated >= request.created_at.getTime() - CLOCK_SKEW_MS;
      if (shows) return { status: "succeeded", answer: preference };
      return noEffectAfterDeadline(request, deps.now(), "Mercado Pago shows the link unchanged.");
    },
  };
}

export const PAYMENT_LINK_CHANGES: Record<LinkChange, ProviderRequestKind<Preference>> = {
  update: linkChangeRequest("update"),
  expire: linkChangeRequest("expire"),
};

/** Whether the link ends at or before `moment`. */
function isExpiredBy(preference: Preference, moment: Date): boolean {
  const to = preference.expiration_date_to ? Date.parse(preference.expiration_date_to) : Number.NaN;
  return to <= moment.getTime();
}

/**
 * Records the change with the dialog's key and the link's account, then sends it through the engine. `intent` is
 * what the staff member asked for (a repeat must ask the same). `prepare` reads and checks with the client of that
 * account before anything is recorded, and gives the PUT's body for the stored request (so a repeat sends the same).
 */
async function sendChange(options: {
  deps: UpdatePaymentLinkDeps;
  actorUserId: string;
  change: LinkChange;
  preferenceId: string;
  account: string | undefined;
  idempotencyKey: string;
  intent: JsonValue;
  prepare(provider: ProviderClient): Promise<(request: ProviderRequest) => PreferenceUpdateRequest>;
}): Promise<{ outcome: "done" | "unknown" }> {
  const { deps, change, preferenceId, idempotencyKey } = options;
  const kind = PAYMENT_LINK_CHANGES[change];
  // The link's account (a connected seller's or the store's own): the change and every retry go there.
  const providerAccountId = accountIdOfScope(options.account);
  const provider = await providerForAccount(deps, providerAccountId);
  const bodyOf = await options.prepare(provider);
  const request = await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const recorded = await recordProviderRequest(trx, {
      kind: kind.kind,
      idempotencyKey,
      providerAccountId,
      body: options.intent,
      resource: { type: "preference", id: preferenceId },
      now,
    });
    if (recorded.isNew) {
      await recordAudit({
        db: trx,
        actorUserId: options.actorUserId,
        action: `payment_link.${change}_requested`,
        resourceType: "payment_link",
        resourceId: preferenceId,
        idempotencyKey,
        details: { providerAccountId },
        now,
      });
    }
    return recorded.request;
  });
  const body = bodyOf(request);
  const { outcome, cause } = await runProviderRequest({
    deps,
    kind,
    request,
    refusedMessage: `Mercado Pago refused to ${WORDS[change].action}.`,
    call: ({ provider: client, idempotencyKey: key, signal }) =>
      client.preferences.update(preferenceId, body, { idempotencyKey: key, signal }),
  });
  if (outcome.status === "failed") {
    if (cause !== null) throw linkProviderError(cause, WORDS[change].action);
    throw new AppError("BAD_REQUEST", outcome.error.message ?? `Mercado Pago refused to ${WORDS[change].action}.`, {
      reason: "provider_rejected_request",
    });
  }
  if (outcome.status === "unknown") {
    if (cause !== null) deps.logger.warn({ err: cause, preferenceId }, "payment link change outcome unknown");
    return { outcome: "unknown" };
  }
  return { outcome: "done" };
}

/** Changes a link's items, expiry and back URLs (only what is given). */
export async function updatePaymentLink(options: {
  deps: UpdatePaymentLinkDeps;
  actorUserId: string;
  input: UpdatePaymentLinkInput;
}): Promise<{ outcome: "done" | "unknown" }> {
  const { deps, input } = options;
  const { idempotencyKey, account, ...intent } = input;
  return sendChange({
    deps,
    actorUserId: options.actorUserId,
    change: "update",
    preferenceId: input.preferenceId,
    account,
    idempotencyKey,
    intent: intent as unknown as JsonValue,
    prepare: async (provider) => {
      const body: PreferenceUpdateRequest = {};
      if (input.items) body.items = linkItems(input.items, input.currency);
      if (input.backUrls) body.back_urls = input.backUrls;
      if (input.expiresFrom !== undefined || input.expiresTo !== undefined) {
        const current = await readPreference({ provider }, input.preferenceId);
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
      return () => body;
    },
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
  return sendChange({
    deps,
    actorUserId: options.actorUserId,
    change: "expire",
    preferenceId,
    account: options.account,
    idempotencyKey: options.idempotencyKey,
    intent: { expire: true },
    // Dated from when the request was stored, so every repeat of the key sends the same body.
    prepare: async (provider) => {
      const current = await readPreference({ provider }, preferenceId);
      const from = current.expiration_date_from ? Date.parse(current.expiration_date_from) : Number.NaN;
      return (request) => {
        const to = new Date(request.created_at.getTime() - EXPIRY_MARGIN_MS);
        const body: PreferenceUpdateRequest = { expires: true, expiration_date_to: to.toISOString() };
        // provider: the start must come before the end; a link not yet open ends before it would have opened.
        if (!Number.isNaN(from) && from >= to.getTime()) {
          body.expiration_date_from = new Date(to.getTime() - EXPIRY_MARGIN_MS).toISOString();
        }
        return body;
      };
    },
  });
}
