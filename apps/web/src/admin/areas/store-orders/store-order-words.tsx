// How a store order's state reads and looks in the console (list, detail, receipt).
import type { StoreOrderState } from "@cobro/contracts";
import { STORE_ORDER_STATES } from "@cobro/contracts";
import { StatusBadge, type Tone } from "@cobro/ui";
import { useI18n } from "../../../i18n/i18n-context";

const STATE_TONES: Record<StoreOrderState, Tone> = {
  open: "neutral",
  pending: "warning",
  authorized: "info",
  paid: "success",
  disputed: "danger",
  failed: "danger",
  cancelled: "neutral",
  refunded: "neutral",
  charged_back: "danger",
};

function isKnownState(state: string): state is StoreOrderState {
  return (STORE_ORDER_STATES as readonly string[]).includes(state);
}

export function StoreOrderStateBadge({ state }: { state: string }) {
  const { t } = useI18n();
  // A state the mirror learns later than this console still shows, in the provider's word.
  if (!isKnownState(state)) return <StatusBadge tone="neutral">{state}</StatusBadge>;
  return <StatusBadge tone={STATE_TONES[state]}>{t(`admin.storeOrders.state.${state}`)}</StatusBadge>;
}

/** "Mate ×2, Bombilla" */
export function itemsSummary(items: readonly { name: string; quantity: number }[]): string {
  return items.map((item) => (item.quantity > 1 ? `${item.name} ×${item.quantity}` : item.name)).join(", ");
}
