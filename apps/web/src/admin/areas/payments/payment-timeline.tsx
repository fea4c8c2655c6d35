// One line of a timeline in the console: a state the mirror went through, a provider call, a notification or a
// staff action. Shared by the payment and the order detail pages (both build the same entries).
import type { PaymentTimelineEntry } from "@cobro/contracts";
import { useI18n } from "../../../i18n/i18n-context";
import { useStatusWords } from "../../components/status-words";

export function TimelineLine({ entry }: { entry: PaymentTimelineEntry }) {
  const { t, formatDate, formatMoney } = useI18n();
  const words = useStatusWords();
  const when = formatDate(entry.at, "dateTime");
  switch (entry.kind) {
    case "state":
      return (
        <>
          <strong>{t("admin.payments.timeline.state")}</strong> {when} · {words.status(entry.status)}
          {entry.statusDetail && entry.statusDetail !== entry.status ? ` (${words.detail(entry.statusDetail)})` : ""}
          {entry.refunded.amountMinor > 0
            ? ` · ${t("admin.payments.refunded")} ${formatMoney(entry.refunded.amountMinor, entry.refunded.currency)}`
            : ""}
        </>
      );
    case "provider_call":
      return (
        <>
          <strong>{t("admin.payments.timeline.call")}</strong> {when} · {entry.method} {entry.path} →{" "}
          {entry.status ?? entry.error ?? "?"}
          {entry.error && entry.status ? ` ${entry.error}` : ""} · {entry.durationMs} ms
          {entry.attempts > 1 ? ` · ${t("admin.payments.timeline.attempts", { count: entry.attempts })}` : ""}
          {entry.idempotencyKey ? ` · ${entry.idempotencyKey}` : ""}
        </>
      );
    case "webhook":
      return (
        <>
          <strong>{t("admin.payments.timeline.webhook")}</strong> {when} · {entry.action ?? ""} ·{" "}
          {entry.signatureValid ? t("admin.payments.timeline.signatureOk") : t("admin.payments.timeline.signatureBad")}
          {entry.duplicate ? ` · ${t("admin.payments.timeline.duplicate")}` : ""} · {words.status(entry.status)}
          {entry.attempts > 1 ? ` · ${t("admin.payments.timeline.attempts", { count: entry.attempts })}` : ""}
          {entry.lastError ? ` · ${entry.lastError}` : ""}
        </>
      );
    case "staff":
      return (
        <>
          <strong>{t("admin.payments.timeline.staff")}</strong> {when} · {entry.action}
          {entry.actorEmail ? ` · ${entry.actorEmail}` : ""}
          {entry.amount ? ` · ${formatMoney(entry.amount.amountMinor, entry.amount.currency)}` : ""}
          {entry.reason ? ` · ${words.reason(entry.reason)}` : ""}
        </>
      );
  }
}
