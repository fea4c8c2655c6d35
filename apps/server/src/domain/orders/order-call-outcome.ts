// What a failed Orders API call means for money (docs/provider-facts.md §4.6, §8):
// - 402 `failed`: the card was declined; the order exists (status `failed`) and comes back in `data`.
// - 409 `idempotency_key_already_used`, 423 `resource_locked`, 5xx after the retries, a timeout or a dropped
//   connection: the outcome was not seen — "unknown", to be confirmed by re-reading (never shown as failed).
// - Any other 4xx (400 invalid mode or properties, 404, 409 cannot_capture/refund/cancel…, 401/403/429): the
//   provider refused the request and nothing happened.
import {
  isOrdersErrorBody,
  ProviderConflictError,
  ProviderError,
  type Order as ProviderOrder,
  ProviderPaymentRequiredError,
  ProviderServerError,
} from "@cobro/provider-client";
import type { AppErrorReason } from "../../errors/app-error";
import { withoutCardTokens } from "./order-mirror";

export type OrderCallFailure =
  | { kind: "declined"; order: ProviderOrder | null; detail: string }
  | { kind: "refused"; code: string | null; status: number }
  | { kind: "unknown" };

/** provider: conflicts that mean "the request with this key was (or is being) handled", not a refusal. */
const UNSEEN_CONFLICT_CODES: ReadonlySet<string> = new Set(["idempotency_key_already_used", "resource_locked"]);

function isProviderOrder(value: unknown): value is ProviderOrder {
  return typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string";
}

/** The decline's detail: the failed transaction's status_detail, else the `pay_…: <detail>` of `errors[].details`. */
function declineDetailOf(error: ProviderPaymentRequiredError, order: ProviderOrder | null): string {
  const failed = order?.transactions?.payments?.find((tx) => tx.status === "failed");
  if (failed?.status_detail) return failed.status_detail;
  if (isOrdersErrorBody(error.body)) {
    for (const item of error.body.errors) {
      for (const line of item.details ?? []) {
        const detail = /:\s*([a-z0-9_]+)\s*$/.exec(line)?.[1];
        if (detail) return detail;
      }
    }
  }
  return "failed";
}

export function classifyOrderCallFailure(error: unknown): OrderCallFailure {
  if (error instanceof ProviderPaymentRequiredError) {
    const order = isProviderOrder(error.data) ? error.data : null;
    return { kind: "declined", order, detail: declineDetailOf(error, order) };
  }
  if (error instanceof ProviderServerError) return { kind: "unknown" };
  if (error instanceof ProviderConflictError) {
    if (error.status === 423 || UNSEEN_CONFLICT_CODES.has(error.code ?? "")) return { kind: "unknown" };
    return { kind: "refused", code: error.code ?? null, status: error.status };
  }
  if (error instanceof ProviderError && error.status >= 400 && error.status < 500) {
    return { kind: "refused", code: error.code ?? null, status: error.status };
  }
  return { kind: "unknown" };
}

/** The staff-facing reason of a refused call, by the provider's Orders error code and what was attempted. */
export function refusalReasonOf(code: string | null, fallback: AppErrorReason): AppErrorReason {
  switch (code) {
    case "cannot_capture_order":
      return "order_not_capturable";
    case "cannot_cancel_order":
    case "order_already_canceled":
    case "order_already_cancelled":
      return "order_not_cancellable";
    case "cannot_refund_order":
    case "order_already_refunded":
      return fallback === "refund_exceeds_balance" ? "refund_exceeds_balance" : "order_not_refundable";
    case "invalid_order_mode_for_operation":
      return fallback;
    case "operation_not_supported":
      return fallback;
    // provider: with test credentials the Orders API takes only payer e-mails containing @testuser.com
    // (400 invalid_email_for_sandbox; docs/provider-facts.md §5.3 and the error table).
    case "invalid_email_for_sandbox":
      return "payer_email_not_test_user";
    case "rate_limited":
    case "too_many_requests":
      return "provider_rate_limited";
    default:
      return fallback;
  }
}

/**
 * What an Orders call answered, as the provider-request ledger keeps it: the order (card tokens removed), and the
 * decline's detail when the card was declined (402: the order exists, `failed`; a decline is an answer, not a
 * refusal of the request).
 */
export interface OrderCallAnswer {
  order: ProviderOrder | null;
  declined: string | null;
}

/** The engine's rule for Orders calls: refused (nothing happened) per `classifyOrderCallFailure`. */
export function isOrderCallRefused(error: unknown): boolean {
  return classifyOrderCallFailure(error).kind === "refused";
}

/**
 * Runs one Orders call for the engine: its answer, or (`declineIsAnswer`: a create, where the declined order exists)
 * a 402 decline turned into the declined order it carries; every other failure is thrown for the engine to
 * classify (an action's decline is its failure, with the decline's detail).
 */
export async function orderCallAnswer(
  call: () => Promise<ProviderOrder | null>,
  options: { declineIsAnswer: boolean },
): Promise<OrderCallAnswer> {
  try {
    const order = await call();
    return { order: order ? withoutCardTokens(order) : null, declined: null };
  } catch (error) {
    if (!options.declineIsAnswer) throw error;
    const classified = classifyOrderCallFailure(error);
    if (classified.kind !== "declined") throw error;
    return { order: classified.order ? withoutCardTokens(classified.order) : null, declined: classified.detail };
  }
}
