// How the orders area says an order's state in words: its status (or "being confirmed" while the create's answer
// was not seen), a transaction's detail, and why the provider declined or refused something (a decline's Orders
// status detail, or one of the contract's reasons).
import type { OrderListItem } from "@cobro/contracts";
import { StatusBadge, type Tone } from "@cobro/ui";
import { useI18n } from "../../../i18n/i18n-context";
import { useStatusWords } from "../../components/status-words";
import { ordersEn } from "./messages-en";

type OrdersKey = keyof typeof ordersEn;

/** `key` when the area has words for it (every language has the English keys: the typecheck sees to it). */
function ordersKey(key: string): OrdersKey | null {
  return Object.hasOwn(ordersEn, key) ? (key as OrdersKey) : null;
}

const STATUS_TONES: Readonly<Record<string, Tone>> = {
  created: "neutral",
  processing: "info",
  action_required: "warning",
  processed: "success",
  failed: "danger",
  canceled: "neutral",
  expired: "neutral",
  refunded: "neutral",
  charged_back: "danger",
  confirming: "warning",
  refused: "danger",
};

/** The status to show: the provider's, or ours while its answer is not seen (confirming) or when it refused. */
export function shownStatusOf(order: Pick<OrderListItem, "status" | "createStatus">): string {
  if (order.createStatus === "failed") return "refused";
  if (order.createStatus === "pending" || order.createStatus === "unknown" || order.status === null) {
    return "confirming";
  }
  return order.status;
}

export function useOrderWords() {
  const { t } = useI18n();
  const words = useStatusWords();
  const statusWords = (status: string) => {
    const key = ordersKey(`admin.orders.status.${status}`);
    return key ? t(key) : t("admin.orders.status.other", { status });
  };
  // The console's one mapping of status details (status-words.tsx), shared with payments and the overview.
  const detailWords = (detail: string | null) => (detail ? words.detail(detail) : "");
  /** A decline's detail or a refusal's reason code, in words. */
  const reasonWords = (code: string | null) => (code ? words.reason(code) : words.detail("failed"));
  return { statusWords, detailWords, reasonWords };
}

export function OrderStatusBadge({ order }: { order: Pick<OrderListItem, "status" | "createStatus"> }) {
  const { statusWords } = useOrderWords();
  const status = shownStatusOf(order);
  return <StatusBadge tone={STATUS_TONES[status] ?? "neutral"}>{statusWords(status)}</StatusBadge>;
}
