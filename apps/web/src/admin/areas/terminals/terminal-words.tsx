// Shared words and badges of the terminals area: an intent's state and a terminal's mode.
import { POINT_INTENT_STATES, type PointIntentView } from "@cobro/contracts";
import { StatusBadge, type Tone } from "@cobro/ui";
import type { MessageKey } from "../../../i18n/dictionary";
import { useI18n } from "../../../i18n/i18n-context";

const STATE_TONES: Record<string, Tone> = {
  OPEN: "info",
  ON_TERMINAL: "info",
  PROCESSING: "info",
  PROCESSED: "info",
  FINISHED: "success",
  CONFIRMATION_REQUIRED: "warning",
  CANCELED: "neutral",
  ERROR: "danger",
  ABANDONED: "neutral",
};

export function stateKey(state: string): MessageKey | null {
  return (POINT_INTENT_STATES as readonly string[]).includes(state)
    ? (`admin.terminals.state.${state}` as MessageKey)
    : null;
}

/** The state of a charge in words: the provider's state, or how the create call went while it has none. */
export function IntentStateBadge({ intent }: { intent: Pick<PointIntentView, "state" | "requestStatus"> }) {
  const { t } = useI18n();
  if (intent.state) {
    const key = stateKey(intent.state);
    return <StatusBadge tone={STATE_TONES[intent.state] ?? "neutral"}>{key ? t(key) : intent.state}</StatusBadge>;
  }
  if (intent.requestStatus === "failed")
    return <StatusBadge tone="danger">{t("admin.terminals.state.failed")}</StatusBadge>;
  return <StatusBadge tone="warning">{t("admin.terminals.state.unknown")}</StatusBadge>;
}

export function useModeLabel() {
  const { t } = useI18n();
  return (mode: string) =>
    mode === "PDV"
      ? t("admin.terminals.mode.PDV")
      : mode === "STANDALONE"
        ? t("admin.terminals.mode.STANDALONE")
        : t("admin.terminals.mode.other", { mode });
}

const CHECKOUT_STATUSES = ["open", "pending", "authorized", "paid", "failed", "cancelled", "refunded"];

/** A shop order's status in words (the raw status when it is one this page does not name). */
export function useCheckoutStatusLabel() {
  const { t } = useI18n();
  return (status: string | null) =>
    status !== null && CHECKOUT_STATUSES.includes(status)
      ? t(`admin.terminals.checkout.${status}` as MessageKey)
      : (status ?? "");
}
