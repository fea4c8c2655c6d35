// A payment's story in plain words, above the technical log: when it was made, each status it reached (approved,
// refunded…, with the amount refunded so far) and what staff did, oldest first. Built from the same timeline
// entries as the technical log; provider calls and notifications stay in the log.
import type { PaymentTimelineEntry } from "@cobro/contracts";
import { useI18n } from "../../../i18n/i18n-context";
import { describePaymentOutcome } from "../../../i18n/payment-status";

export function PaymentStory({ createdAt, entries }: { createdAt: string; entries: readonly PaymentTimelineEntry[] }) {
  const { t, formatDate, formatMoney } = useI18n();
  const human = entries.filter((entry) => entry.kind === "state" || entry.kind === "staff");
  return (
    <ol className="payment-story" data-testid="payment-story">
      <li>
        <time dateTime={createdAt}>{formatDate(createdAt, "dateTime")}</time> {t("admin.payments.story.created")}
      </li>
      {human.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the story is rebuilt whole on each read
        <li key={index}>
          <time dateTime={entry.at}>{formatDate(entry.at, "dateTime")}</time>{" "}
          {entry.kind === "state" ? (
            <>
              {t(describePaymentOutcome(entry.status, entry.statusDetail).statusKey)}
              {entry.refunded.amountMinor > 0
                ? ` · ${t("admin.payments.refunded")} ${formatMoney(entry.refunded.amountMinor, entry.refunded.currency)}`
                : ""}
            </>
          ) : entry.kind === "staff" ? (
            <>
              {entry.action}
              {entry.actorEmail ? ` · ${entry.actorEmail}` : ""}
              {entry.amount ? ` · ${formatMoney(entry.amount.amountMinor, entry.amount.currency)}` : ""}
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
