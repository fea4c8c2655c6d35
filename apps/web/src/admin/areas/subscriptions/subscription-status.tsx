// A subscription's and a charge's status as a badge, in the staff member's language.
import { StatusBadge, type Tone } from "@cobro/ui";
import type { MessageKey } from "../../../i18n/dictionary";
import { useI18n } from "../../../i18n/i18n-context";

const SUBSCRIPTION: Record<string, { key: MessageKey; tone: Tone }> = {
  authorized: { key: "admin.subscriptions.status.authorized", tone: "success" },
  paused: { key: "admin.subscriptions.status.paused", tone: "warning" },
  pending: { key: "admin.subscriptions.status.pending", tone: "info" },
  cancelled: { key: "admin.subscriptions.status.cancelled", tone: "neutral" },
};

const CHARGE: Record<string, { key: MessageKey; tone: Tone }> = {
  scheduled: { key: "admin.subscriptions.charge.scheduled", tone: "info" },
  processed: { key: "admin.subscriptions.charge.processed", tone: "success" },
  recycling: { key: "admin.subscriptions.charge.recycling", tone: "danger" },
  cancelled: { key: "admin.subscriptions.charge.cancelled", tone: "neutral" },
};

export function SubscriptionStatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  const known = SUBSCRIPTION[status];
  return <StatusBadge tone={known?.tone ?? "neutral"}>{known ? t(known.key) : status}</StatusBadge>;
}

export function ChargeStatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  const known = CHARGE[status];
  return <StatusBadge tone={known?.tone ?? "neutral"}>{known ? t(known.key) : status}</StatusBadge>;
}
