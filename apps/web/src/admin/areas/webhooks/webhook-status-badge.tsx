import type { WebhookEventStatusValue } from "@cobro/contracts";
import { StatusBadge, type Tone } from "@cobro/ui";
import { useI18n } from "../../../i18n/i18n-context";

const TONES: Readonly<Record<WebhookEventStatusValue, Tone>> = {
  received: "info",
  processing: "info",
  processed: "success",
  failed: "danger",
  ignored: "neutral",
};

/** A webhook event's processing status, translated; the colour only repeats the word. */
export function WebhookStatusBadge({ status }: { status: WebhookEventStatusValue }) {
  const { t } = useI18n();
  return <StatusBadge tone={TONES[status]}>{t(`admin.webhooks.status.${status}`)}</StatusBadge>;
}
