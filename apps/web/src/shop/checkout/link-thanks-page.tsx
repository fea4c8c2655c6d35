// `/thank-you`: where a payment link's buyer returns from Mercado Pago's page. The provider appends `payment_id`,
// `status`, `preference_id` and `external_reference` to the address; anyone can type those, so the page never
// repeats them as the outcome: it asks the server, which re-reads the payment from the provider (and only for a
// link Cobro made). Until it has that answer, or without one, it says something neutral. A pending payment is
// asked about again every few seconds.
import { Card, LoadingState, PageHeading } from "@cobro/ui";
import { Link, useSearchParams } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import { trpc } from "../../trpc";

const POLL_MS = 2500;

function readParams(params: URLSearchParams): { preferenceId: string; paymentId: number } | null {
  const preferenceId = params.get("preference_id") ?? "";
  const paymentId = params.get("payment_id") ?? params.get("collection_id") ?? "";
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/.test(preferenceId) || !/^\d{1,16}$/.test(paymentId)) return null;
  return { preferenceId, paymentId: Number(paymentId) };
}

export function LinkThanksPage() {
  const { t, formatMoney } = useI18n();
  useDocumentTitle(t("linkThanks.pageTitle"));
  const [params] = useSearchParams();
  const input = readParams(params);
  const reference = params.get("external_reference");
  const result = trpc.checkout.linkResult.useQuery(input ?? { preferenceId: "x", paymentId: 1 }, {
    enabled: input !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === "pending" ? POLL_MS : false),
  });

  if (input !== null && result.isPending) return <LoadingState label={t("linkThanks.checking")} />;
  const state = input !== null && result.data ? result.data.state : "unknown";
  const kind = state === "approved" || state === "pending" || state === "rejected" ? state : "neutral";
  const amount = result.data?.amount;

  return (
    <section>
      <PageHeading title={t(`linkThanks.title.${kind}`)} />
      <Card>
        <p data-testid="link-thanks-message">
          {kind === "approved" && amount
            ? t("linkThanks.body.approved", { amount: formatMoney(amount.amountMinor, amount.currency) })
            : t(`linkThanks.body.${kind === "approved" ? "neutral" : kind}`)}
        </p>
        {reference && reference !== "null" ? <p>{t("linkThanks.reference", { reference })}</p> : null}
        {input ? <p>{t("linkThanks.paymentId", { id: input.paymentId })}</p> : null}
        <p>
          <Link to="/">{t("linkThanks.home")}</Link>
        </p>
      </Card>
    </section>
  );
}
