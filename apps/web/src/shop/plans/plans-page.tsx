import { PageHeading } from "@cobro/ui";
import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { QueryList } from "../../shared/components/query-list";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import { trpc } from "../../trpc";
import { Price } from "../catalog/price";
import { describeFrequency, describeTrial } from "./plan-frequency";

/** `/plans`: the store's active subscription plans. */
export function PlansPage() {
  const i18n = useI18n();
  const { t } = i18n;
  useDocumentTitle(t("page.plans.title"));
  const plans = trpc.plans.list.useQuery();
  const heading = <PageHeading title={t("page.plans.title")} description={t("plans.description")} />;

  return (
    <>
      {heading}
      <QueryList
        query={plans}
        items={plans.data}
        loadingLabel={t("plans.loading")}
        failedTitle={t("plans.failed")}
        empty={{
          title: t("plans.empty.title"),
          description: t("plans.empty.text"),
          action: <Link to="/">{t("common.backToStore")}</Link>,
        }}
      >
        {(items) => (
          <ul className="ui-product-grid">
            {items.map((plan) => (
              <li key={plan.id} className="ui-product-card">
                <h2 className="ui-product-card__name">
                  <Link to={`/plans/${encodeURIComponent(plan.id)}`}>{plan.reason}</Link>
                </h2>
                <p className="ui-product-card__price">
                  <Price money={plan.amount} />{" "}
                  <span>{describeFrequency(i18n, plan.frequency, plan.frequencyType)}</span>
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
        )}
      </QueryList>
    </>
  );
}
