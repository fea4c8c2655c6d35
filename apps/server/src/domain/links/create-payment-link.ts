// Creating a payment link (a checkout preference) from the console. One link
// per dialog, whatever the clicks and retries:
//
// 1. The link is stored as `pending` with the dialog's idempotency key and the
//    exact body to send, in one short transaction (a repeat of the dialog finds
//    the row instead of making another).
// 2. The provider is called outside any transaction with that key.
// 3. The answer completes the row: `created` with the preference id and
//    init_point, `failed` when the provider refused (nothing was made), or
//    `unknown` when no answer was seen; a repeat of the dialog then re-sends the
//    stored body with the same key, and the provider replays its first answer.
import { randomUUID } from "node:crypto";
import type { LinkItemInput } from "@cobro/contracts";
import type { Preference, PreferenceRequest } from "@cobro/provider-client";
import type { CurrencyCode } from "@cobro/provider-client/money";
import { type PaymentLink, toJsonb } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { isRefusedWithoutPayment, PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import { getStoreSettings } from "../settings/store-settings";
import { linkPreferenceRequest, linkProviderError, titleSummary } from "./link-request";

export interface CreatePaymentLinkOptions {
  deps: Pick<AppDeps, "db" | "provider" | "now" | "logger" | "publicUrl" | "providerSettings">;
  actorUserId: string;
  input: {
    items: LinkItemInput[];
    currency: CurrencyCode;
    payerEmail?: string | undefined;
    expiresFrom?: string | undefined;
    expiresTo?: string | undefined;
    externalReference?: string | undefined;
    excludedPaymentMethods: string[];
    maxInstallments?: number | undefined;
    /** One per create dialog. */
    idempotencyKey: string;
  };
}

export interface CreatePaymentLinkOutcome {
  outcome: "created" | "unknown";
  preferenceId: string | null;
  initPoint: string | null;
}

/**
 * A link's external reference must not be a checkout's: the payment mirror ties a payment to the checkout whose
 * external reference it carries, and a link's payment must never pay someone's shop order.
 */
async function assertReferenceFree(
  deps: CreatePaymentLinkOptions["deps"],
  externalReference: string | undefined,
): Promise<void> {
  if (!externalReference) return;
  const checkout = await deps.db
    .selectFrom("checkouts")
    .select("id")
    .where("external_reference", "=", externalReference)
    .executeTakeFirst();
  if (checkout) {
    throw new AppError("BAD_REQUEST", "This reference belongs to a shop order. Choose another one.", {
      field: "externalReference",
      reason: "external_reference_taken",
    });
  }
}

/** Step 1: the stored link for this key (a new `pending` one, or the one a repeat of the dialog finds). */
async function storeLink(options: CreatePaymentLinkOptions): Promise<{ link: PaymentLink; isNew: boolean }> {
  const { deps, input, actorUserId } = options;
  const existing = await deps.db
    .selectFrom("payment_links")
    .selectAll()
    .where("idempotency_key", "=", input.idempotencyKey)
    .executeTakeFirst();
  if (existing) return { link: existing, isNew: false };

  const id = randomUUID();
  const { settings } = await getStoreSettings({ db: deps.db });
  const body = linkPreferenceRequest(deps, { ...input, linkId: id, statementDescriptor: settings.statementDescriptor });
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("payment_links")
      .values({
        id,
        idempotency_key: input.idempotencyKey,
        status: "pending",
        title_summary: titleSummary(input.items),
        request: toJsonb(body),
        created_by: actorUserId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      // The same dialog, submitted twice at once: the other request stored it.
      const other = await trx
        .selectFrom("payment_links")
        .selectAll()
        .where("idempotency_key", "=", input.idempotencyKey)
        .executeTakeFirstOrThrow();
      return { link: other, isNew: false };
    }
    await recordAudit({
      db: trx,
      actorUserId,
      action: "payment_link.create_requested",
      resourceType: "payment_link",
      resourceId: id,
      idempotencyKey: input.idempotencyKey,
      details: { title: inserted.title_summary, currency: input.currency },
      now,
    });
    return { link: inserted, isNew: true };
  });
}

async function completeLink(
  options: CreatePaymentLinkOptions,
  link: PaymentLink,
  outcome: { preference: Preference } | { refused: unknown } | { unknown: unknown },
): Promise<void> {
  const { deps, actorUserId } = options;
  const now = deps.now();
  const set =
    "preference" in outcome
      ? {
          status: "created" as const,
          provider_preference_id: outcome.preference.id,
          init_point: outcome.preference.init_point,
          error: null,
        }
      : "refused" in outcome
        ? { status: "failed" as const, error: "Mercado Pago refused this link." }
        : { status: "unknown" as const };
  await deps.db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable("payment_links")
      .set({ ...set, updated_at: now })
      .where("id", "=", link.id);
    // Two submits of one dialog at once: a late "unknown" (say, the provider's 423 while the first was in flight)
    // must not undo the other's "created".
    if (set.status !== "created") update = update.where("status", "in", ["pending", "unknown"]);
    const [result] = await update.execute();
    if (set.status !== "created" && Number(result?.numUpdatedRows ?? 0) === 0) return;
    await recordAudit({
      db: trx,
      actorUserId,
      action: `payment_link.${set.status === "created" ? "created" : set.status === "failed" ? "create_failed" : "create_unknown"}`,
      resourceType: "payment_link",
      resourceId: link.id,
      idempotencyKey: link.idempotency_key,
      details: "preference" in outcome ? { preferenceId: outcome.preference.id } : null,
      now,
    });
  });
}

/** Creates a payment link (see the file comment). Refusals are 400s naming the form's field. */
export async function createPaymentLink(options: CreatePaymentLinkOptions): Promise<CreatePaymentLinkOutcome> {
  const { deps, input } = options;
  await assertReferenceFree(deps, input.externalReference);
  const { link } = await storeLink(options);
  if (link.status === "created") {
    return { outcome: "created", preferenceId: link.provider_preference_id, initPoint: link.init_point };
  }
  if (link.status === "failed") {
    throw new AppError("BAD_REQUEST", "Mercado Pago refused this link. Open a new dialog to try again.", {
      reason: "provider_rejected_request",
    });
  }

  // A new link, or a repeat of one whose answer was never seen: the stored body, with the same key.
  const body = link.request as unknown as PreferenceRequest;
  let preference: Preference;
  try {
    preference = await deps.provider.preferences.create(body, {
      idempotencyKey: link.idempotency_key,
      signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS),
    });
  } catch (error) {
    if (isRefusedWithoutPayment(error)) {
      await completeLink(options, link, { refused: error });
      throw linkProviderError(error, "create the link");
    }
    await completeLink(options, link, { unknown: error });
    deps.logger.warn({ err: error, linkId: link.id }, "payment link outcome unknown");
    return { outcome: "unknown", preferenceId: null, initPoint: null };
  }
  await completeLink(options, link, { preference });
  return { outcome: "created", preferenceId: preference.id, initPoint: preference.init_point };
}
