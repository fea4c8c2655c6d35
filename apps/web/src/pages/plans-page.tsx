import { EmptyState, ErrorState, LoadingState, PageHeading } from "@cobro/ui";
import { Link } from "react-router";
import { describeFrequency, describeTrial } from "../components/plan-frequency";
import { Price } from "../components/price";
import { useDocumentTitle } from "../components/use-document-title";
import { describeError } from "../errors/describe-error";
import { useI18n } from "../i18n/i18n-context";
import { trpc } from "../trpc";

/** `/plans`: the store's active subscription plans. */
export function PlansPage() {
  const i18n = useI18n();
  const { t, language } = i18n;
  useDocumentTitle(t("page.plans.title"));
  const plans = trpc.plans.list.useQuery();
  const heading = <PageHeading title={t("page.plans.title")} description={t("plans.description")} />;

  if (plans.isPending) {
    return (
      <>
        {heading}
        <LoadingState label={t("plans.loading")} />
      </>
    );
  }
  if (plans.isError) {
    return (
      <>
        {heading}
        <ErrorState
          title={t("plans.failed")}
          message={describeError(plans.error, { t, language }).message}
          onRetry={() => void plans.refetch()}
          retryLabel={t("common.retry")}
          retrying={plans.isRefetching}
          retryingLabel={t("common.retrying")}
        />
      </>
    );
  }
  if (plans.data.length === 0) {
    return (
      <>
        {heading}
        <EmptyState
          title={t("plans.empty.title")}
          description={t("plans.empty.text")}
          action={<Link to="/">{t("common.backToStore")}</Link>}
        />
      </>
    );
  }
  return (
    <>
      {heading}
      <ul className="ui-product-grid">
        {plans.data.map((plan) => (
          <li key={plan.id} className="ui-product-card">
            <h2 className="ui-product-card__name">
              <Link to={`/plans/${encodeURIComponent(plan.id)}`}>{plan.reason}</Link>
            </h2>
            <p className="ui-product-card__price">
              <Price money={plan.amount} /> <span>{describeFrequency(i18n, plan.frequency, plan.frequencyType)}</span>
            </p>
            {plan.freeTrial ? (
              <p>{describeTrial(i18n, plan.freeTrial.frequency, plan.freeTrial.frequencyType)}</p>
            ) : null}
            <Link
              className="ui-button ui-button--secondary"
              to={`/plans/${encodeURIComponent(plan.id)}`}
              aria-label={`${t("plans.choose")}: ${plan.reason}`}
            >
              {t("plans.choose")}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
