// Creating a payment link (a checkout preference) from the console, one link per dialog whatever the clicks and
// retries, as a provider request (domain/provider-requests): the link (with the exact body to send) and its intent
// (the dialog's key) are committed together; the engine calls the provider outside any transaction with that key;
// the answer completes the link with its preference id and init_point. A lost answer is `unknown`: a repeat of the
// dialog re-sends the stored body with the same key (the provider replays its first answer), and the one reconcile
// loop looks for the preference the request made (reconcile-payment-link.ts).
import { randomUUID } from "node:crypto";
import type { LinkItemInput } from "@cobro/contracts";
import type { Preference, PreferenceRequest } from "@cobro/provider-client";
import type { CurrencyCode } from "@cobro/provider-client/money";
import type { Kysely } from "kysely";
import { type DB, type JsonValue, toJsonb } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import type { ProviderRequestDeps, ProviderRequestKind } from "../provider-requests/provider-request-kind";
import { recordProviderRequest } from "../provider-requests/record-provider-request";
import { runProviderRequest } from "../provider-requests/run-provider-request";
import { getStoreSettings } from "../settings/store-settings";
import { linkPreferenceRequest, linkProviderError, titleSummary } from "./link-request";
import { reconcilePaymentLink } from "./reconcile-payment-link";

export interface CreatePaymentLinkOptions {
  deps: ProviderRequestDeps & Pick<AppDeps, "publicUrl">;
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

async function linkOfRequest(db: Kysely<DB>, requestId: string) {
  return db
    .selectFrom("payment_links")
    .selectAll()
    .where("provider_request_id", "=", requestId)
    .executeTakeFirstOrThrow();
}

const AUDIT_SUFFIX = { succeeded: "created", failed: "create_failed", unknown: "create_unknown" } as const;

/** A console link's create as a provider request: the answer completes the link and its audit line. */
export const PAYMENT_LINK_CREATE: ProviderRequestKind<Preference> = {
  kind: "payment_link.create",
  async onOutcome(trx, request, outcome, { now, by }) {
    const link = await linkOfRequest(trx, request.id);
    if (outcome.status === "succeeded") {
      await trx
        .updateTable("payment_links")
        .set({
          provider_preference_id: outcome.answer.id,
          init_point: outcome.answer.init_point ?? null,
          updated_at: now,
        })
        .where("id", "=", link.id)
        .execute();
    }
    await recordAudit({
      db: trx,
      actorUserId: by === "call" ? link.created_by : null,
      action: `payment_link.${AUDIT_SUFFIX[outcome.status]}`,
      resourceType: "payment_link",
      resourceId: link.id,
      idempotencyKey: request.idempotency_key,
      details: {
        ...(outcome.status === "succeeded" ? { preferenceId: outcome.answer.id } : {}),
        ...(by === "reconcile" ? { settledBy: "reconcile" } : {}),
      },
      now,
    });
  },
  reconcile: reconcilePaymentLink,
};

/** Stores the link and its intent (or finds the ones stored under the dialog's key). */
async function storeLink(options: CreatePaymentLinkOptions) {
  const { deps, input, actorUserId } = options;
  const { settings } = await getStoreSettings({ db: deps.db });
  const { idempotencyKey, ...asked } = input;
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const { request, isNew } = await recordProviderRequest(trx, {
      kind: PAYMENT_LINK_CREATE.kind,
      idempotencyKey,
      // Links are made on the store's own account.
      providerAccountId: null,
      body: asked as unknown as JsonValue,
      resource: { type: "preference", id: "new" },
      now,
    });
    if (!isNew) return { link: await linkOfRequest(trx, request.id), request };
    const id = randomUUID();
    const body = linkPreferenceRequest(deps, {
      ...input,
      linkId: id,
      statementDescriptor: settings.statementDescriptor,
    });
    const link = await trx
      .insertInto("payment_links")
      .values({
        id,
        provider_request_id: request.id,
        title_summary: titleSummary(input.items),
        request: toJsonb(body),
        created_by: actorUserId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId,
      action: "payment_link.create_requested",
      resourceType: "payment_link",
      resourceId: id,
      idempotencyKey,
      details: { title: link.title_summary, currency: input.currency },
      now,
    });
    return { link, request };
  });
}

/** Creates a payment link (see the file comment). Refusals are 400s naming the form's field. */
export async function createPaymentLink(options: CreatePaymentLinkOptions): Promise<CreatePaymentLinkOutcome> {
  const { deps, input } = options;
  await assertReferenceFree(deps, input.externalReference);
  const { link, request } = await storeLink(options);
  // A new link, or a repeat of one whose answer was never seen: the stored body, with the same key.
  const body = link.request as unknown as PreferenceRequest;
  const { outcome, cause } = await runProviderRequest({
    deps,
    kind: PAYMENT_LINK_CREATE,
    request,
    refusedMessage: "Mercado Pago refused this link.",
    call: ({ provider, idempotencyKey, signal }) => provider.preferences.create(body, { idempotencyKey, signal }),
  });
  if (outcome.status === "failed") {
    if (cause !== null) throw linkProviderError(cause, "create the link");
    throw new AppError("BAD_REQUEST", "Mercado Pago refused this link. Open a new dialog to try again.", {
      reason: "provider_rejected_request",
    });
  }
  if (outcome.status === "unknown") {
    if (cause !== null) deps.logger.warn({ err: cause, linkId: link.id }, "payment link outcome unknown");
    return { outcome: "unknown", preferenceId: null, initPoint: null };
  }
  return { outcome: "created", preferenceId: outcome.answer.id, initPoint: outcome.answer.init_point ?? null };
}
