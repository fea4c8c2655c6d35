// GET /api/admin/payments.csv?<the list's filters>: the console's filtered payment list as CSV. A plain route
// (a download, not a tRPC call), so it checks the session and the viewer role itself. Rows are read from the
// mirror a keyset page at a time while the response streams, so an export of any size never sits in memory.
// Amounts are decimal strings in the currency's units, next to the currency.
import {
  hasRoleAtLeast,
  isStaffRole,
  PAYMENT_LIST_MAX_LIMIT,
  type PaymentListItem,
  paymentFiltersFromQuery,
  paymentListFiltersSchema,
} from "@cobro/contracts";
import { toDecimalString } from "@cobro/provider-client/money";
import type { Handler } from "hono";
import { readSessionToken, validateSessionToken } from "../auth/sessions";
import type { AppDeps } from "../deps";
import { listPayments } from "../domain/payments/list-payments";
import { respondWithError } from "./error-pages";

export const PAYMENTS_CSV_PATH = "/api/admin/payments.csv";

const COLUMNS = [
  "payment_id",
  "created_at",
  "status",
  "status_detail",
  "amount",
  "refunded",
  "currency",
  "payment_method",
  "payment_type",
  "installments",
  "payer_email",
  "external_reference",
  "checkout_id",
  // Empty for the store's own account, else the connection's id (the list's account filter).
  "account_id",
] as const;

/** One CSV field: quoted when needed; a leading =, +, - or @ is defused so a spreadsheet never runs it. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvRow(item: PaymentListItem): string {
  const values: (string | number | null)[] = [
    item.providerPaymentId,
    item.createdAt,
    item.status,
    item.statusDetail,
    toDecimalString(item.amount.amountMinor, item.amount.currency),
    toDecimalString(item.refunded.amountMinor, item.refunded.currency),
    item.amount.currency,
    item.paymentMethodId,
    item.paymentTypeId,
    item.installments,
    item.payerEmail,
    item.externalReference,
    item.checkoutId,
    item.accountId,
  ];
  return `${values.map(csvField).join(",")}\r\n`;
}

export function paymentsCsvHandler(deps: Pick<AppDeps, "db" | "now" | "logger">): Handler {
  return async (c) => {
    const token = readSessionToken(c);
    const validated = token === null ? null : await validateSessionToken({ db: deps.db, token, now: deps.now() });
    if (!validated) return respondWithError(c, 401, { message: "Sign in to continue." });
    const role = validated.user.role;
    if (!isStaffRole(role) || !hasRoleAtLeast(role, "viewer")) {
      return respondWithError(c, 403, { message: "You may not export payments." });
    }
    const parsed = paymentListFiltersSchema.safeParse(paymentFiltersFromQuery(new URL(c.req.url).searchParams));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join(".") || "query";
      return respondWithError(c, 400, { message: `${field}: ${issue?.message ?? "Invalid filter"}` });
    }
    const filters = parsed.data;
    const encoder = new TextEncoder();
    let cursor: string | null = null;
    let headerSent = false;
    let done = false;
    const stream = new ReadableStream<Uint8Array>({
      // One page per pull: the consumer's pace sets how fast the mirror is read.
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(`${COLUMNS.join(",")}\r\n`));
          return;
        }
        if (done) {
          controller.close();
          return;
        }
        try {
          const page = await listPayments({ db: deps.db, filters, cursor, limit: PAYMENT_LIST_MAX_LIMIT });
          if (page.items.length > 0) controller.enqueue(encoder.encode(page.items.map(csvRow).join("")));
          cursor = page.nextCursor;
          if (cursor === null) done = true;
        } catch (error) {
          deps.logger.error({ err: error }, "payments CSV export failed");
          controller.error(error);
        }
      },
    });
    const day = deps.now().toISOString().slice(0, 10);
    return new Response(stream, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="payments-${day}.csv"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  };
}
