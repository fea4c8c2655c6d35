// The send job of one outbox row. It claims the row under a lease (one
// UPDATE … WHERE pending AND no live lease), so when two instances run the
// job for the same message only one sends; renders it in the recipient's
// language with absolute links; sends it; marks it sent and erases the link
// token. A failed send releases the lease and throws: pg-boss retries with
// backoff, and after the last attempt the row is marked failed.

import { storeLogoPath } from "@cobro/contracts";
import { z } from "zod";
import { decryptSecret } from "../../crypto/token-encryption";
import type { EmailLocale } from "../../db/schema";
import { toJsonb } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { type EmailContent, renderEmail } from "../../mail/templates";
import { getStoreAccount } from "../../provider/get-store-account";
import { mailFromOf } from "../settings/store-identity";
import { getStoreSettings } from "../settings/store-settings";

/** How long a claim lasts: longer than the SMTP timeouts, so a live sender is never overtaken. */
const SEND_LEASE_MS = 2 * 60 * 1000;
/** After this many attempts the message is marked failed (the job's own retries are the same number plus one). */
export const MAX_SEND_ATTEMPTS = 8;

export const PAGE_PATHS = {
  verifyEmail: "/verify-email",
  resetPassword: "/reset-password",
  forgotPassword: "/forgot-password",
  login: "/login",
  checkoutResult: "/checkout/result",
  acceptInvitation: "/accept-invitation",
} as const;

const orderPayloadSchema = z.object({
  checkoutId: z.string(),
  // Messages queued before order numbers (migration 0026) have none of these three.
  orderNumber: z.number().optional(),
  paymentMethodId: z.string().nullish(),
  cardLastFour: z.string().nullish(),
  items: z.array(z.object({ name: z.string(), quantity: z.number(), unitPriceMinor: z.number() })),
  totalMinor: z.number(),
  currency: z.string(),
});
const ticketPayloadSchema = z.object({
  checkoutId: z.string(),
  orderNumber: z.number(),
  paymentMethodId: z.string().nullable(),
  ticketUrl: z.string(),
  barcode: z.string().nullable(),
  digitableLine: z.string().nullable(),
  expiresAt: z.string().nullable(),
  totalMinor: z.number(),
  currency: z.string(),
});
const tokenPayloadSchema = z.object({ tokenCiphertext: z.string(), name: z.string().optional() });
const invitationPayloadSchema = z.object({
  role: z.enum(["admin", "operator", "viewer"]),
  inviterName: z.string().nullable().optional(),
});

/** The store's language when the recipient chose none: Brazil speaks Portuguese, the other sites Spanish. */
async function storeLocale(deps: AppDeps): Promise<EmailLocale> {
  try {
    const account = await getStoreAccount({ deps });
    return account.siteId === "MLB" ? "pt" : "es";
  } catch {
    return "en";
  }
}

function origin(deps: AppDeps): string {
  return deps.publicUrl.replace(/\/+$/, "");
}

function orderLinkFor(base: string, checkoutId: string): string {
  return `${base}${PAGE_PATHS.checkoutResult}?checkout_id=${encodeURIComponent(checkoutId)}`;
}

export type SendOutcome = "sent" | "skipped";

export async function sendOutboundEmail(options: { deps: AppDeps; emailId: string }): Promise<SendOutcome> {
  const { deps, emailId } = options;
  const now = deps.now();
  const claimed = await deps.db
    .updateTable("outbound_emails")
    .set((eb) => ({ lease_until: new Date(now.getTime() + SEND_LEASE_MS), attempts: eb("attempts", "+", 1) }))
    .where("id", "=", emailId)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .returning(["id", "dedupe_key", "kind", "to_email", "locale", "payload", "attempts"])
    .executeTakeFirst();
  // Sent already, failed for good, or another instance holds it right now.
  if (!claimed) return "skipped";

  const base = origin(deps);
  const payload = (claimed.payload ?? {}) as Record<string, unknown>;
  const linkFor = (path: string) => {
    const { tokenCiphertext } = tokenPayloadSchema.parse(payload);
    const token = decryptSecret(deps.tokenEncryptionKey, tokenCiphertext, claimed.dedupe_key);
    // In the fragment: the token never reaches a server log or a Referer header.
    return `${base}${path}#token=${token}`;
  };
  let content: EmailContent;
  switch (claimed.kind) {
    case "verify_email":
      content = {
        kind: "verify_email",
        name: tokenPayloadSchema.parse(payload).name ?? "",
        link: linkFor(PAGE_PATHS.verifyEmail),
      };
      break;
    case "reset_password":
      content = { kind: "reset_password", link: linkFor(PAGE_PATHS.resetPassword) };
      break;
    case "staff_invitation": {
      const invitation = invitationPayloadSchema.parse(payload);
      content = {
        kind: "staff_invitation",
        role: invitation.role,
        inviterName: invitation.inviterName ?? null,
        link: linkFor(PAGE_PATHS.acceptInvitation),
      };
      break;
    }
    case "account_exists":
      content = {
        kind: "account_exists",
        signInLink: `${base}${PAGE_PATHS.login}`,
        resetLink: `${base}${PAGE_PATHS.forgotPassword}`,
      };
      break;
    case "order_confirmation": {
      const order = orderPayloadSchema.parse(payload);
      content = {
        kind: "order_confirmation",
        ...(order.orderNumber !== undefined ? { orderNumber: order.orderNumber } : {}),
        paymentMethodId: order.paymentMethodId ?? null,
        cardLastFour: order.cardLastFour ?? null,
        items: order.items,
        totalMinor: order.totalMinor,
        currency: order.currency,
        orderLink: orderLinkFor(base, order.checkoutId),
      };
      break;
    }
    case "ticket_pending": {
      const { checkoutId, ...ticket } = ticketPayloadSchema.parse(payload);
      content = { kind: "ticket_pending", ...ticket, orderLink: orderLinkFor(base, checkoutId) };
      break;
    }
    default:
      throw new Error(`Unknown e-mail kind ${claimed.kind}`);
  }
  const locale = claimed.locale ?? (await storeLocale(deps));
  // The store's identity and sender as they are now (read per message, so a console change applies on every instance).
  const { settings } = await getStoreSettings({ db: deps.db });
  const rendered = renderEmail(content, locale, {
    name: settings.storeName,
    brandColor: settings.brandColor,
    logoUrl: settings.logo ? `${base}${storeLogoPath(settings.logo)}` : null,
  });
  const from = mailFromOf(settings);

  try {
    await deps.mailer.send({
      to: claimed.to_email,
      ...rendered,
      ...(from ? { from } : {}),
      messageId: `<${claimed.id}@cobro.invalid>`,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = claimed.attempts >= MAX_SEND_ATTEMPTS;
    await deps.db
      .updateTable("outbound_emails")
      .set({ lease_until: null, last_error: message.slice(0, 500), ...(final ? { status: "failed" as const } : {}) })
      .where("id", "=", claimed.id)
      .execute();
    deps.logger.warn(
      { emailId: claimed.id, kind: claimed.kind, attempt: claimed.attempts },
      "sending an e-mail failed",
    );
    if (final) return "skipped";
    throw new Error(`Sending e-mail ${claimed.id} failed: ${message}`);
  }

  const { tokenCiphertext: _erased, ...kept } = payload;
  await deps.db
    .updateTable("outbound_emails")
    .set({ status: "sent", sent_at: deps.now(), lease_until: null, last_error: null, payload: toJsonb(kept) })
    .where("id", "=", claimed.id)
    .execute();
  deps.logger.info({ emailId: claimed.id, kind: claimed.kind }, "e-mail sent");
  return "sent";
}
