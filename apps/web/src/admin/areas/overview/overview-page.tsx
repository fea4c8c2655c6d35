// /admin: the console's overview. Three independent panels (figures for a
// period, the approved-volume chart, what needs attention), each with its own
// loading, empty and error state, so one slow or failed query never blocks
// the others. The period lives in the URL (`?period=7d`).
import { OVERVIEW_PERIODS, type OverviewPeriod } from "@cobro/contracts";
import { Card, LoadingState, PageHeading, SelectField } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useMemo } from "react";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { PaymentStatusBadge } from "../../../shared/components/payment-status-badge";
import { QueryErrorState } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { type RouterOutputs, trpc } from "../../../trpc";
import { StatusDetailWords } from "../../components/status-words";
import { oneOf, useUrlFilters } from "../use-url-filters";

// The chart library loads with the overview's chart only.
const VolumeChart = lazy(() => import("./volume-chart"));

const FILTER_KEYS = ["period"] as const;
const DEFAULT_PERIOD: OverviewPeriod = "7d";

export default function OverviewArea() {
  const { t } = useI18n();
  useDocumentTitle(t("admin.overview.title"));
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const period = oneOf(OVERVIEW_PERIODS, filters.period) ?? DEFAULT_PERIOD;
  return (
    <>
      <PageHeading
        title={t("admin.overview.title")}
        description={t("admin.overview.description")}
        actions={
          <SelectField
            label={t("admin.overview.period")}
            name="period"
            value={period}
            onChange={(event) => setFilters({ period: event.target.value })}
          >
            {OVERVIEW_PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.overview.period.${value}`)}
              </option>
            ))}
          </SelectField>
        }
      />
      <FiguresPanel period={period} />
      <VolumePanel period={period} />
      <AttentionPanel />
    </>
  );
}

function FiguresPanel({ period }: { period: OverviewPeriod }) {
  const { t, formatMoney, locale } = useI18n();
  const figures = trpc.admin.overview.figures.useQuery({ period }, { placeholderData: keepPreviousData });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  let body: React.ReactNode;
  if (figures.isPending) body = <LoadingState label={t("admin.overview.figures.loading")} />;
  else if (figures.isError)
    body = <QueryErrorState title={t("admin.overview.figures.failed")} query={figures} headingLevel={3} />;
  else {
    const data = figures.data;
    body = (
      <>
        <dl className="admin-stats" data-testid="overview-totals">
          <div>
            <dt>{t("admin.overview.approvalRate")}</dt>
            <dd data-testid="approval-rate">{data.approvalRate === null ? "—" : percent.format(data.approvalRate)}</dd>
          </div>
          <div>
            <dt>{t("admin.overview.approvedCount")}</dt>
            <dd data-testid="approved-count">{data.approvedCount}</dd>
          </div>
          <div>
            <dt>{t("admin.overview.rejectedCount")}</dt>
            <dd data-testid="rejected-count">{data.rejectedCount}</dd>
          </div>
        </dl>
        {data.currencies.length === 0 ? (
          <p>{t("admin.overview.figures.empty")}</p>
        ) : (
          <div className="ui-table-wrap">
            <table className="ui-table admin-table" data-testid="overview-currencies">
              <thead>
                <tr>
                  <th scope="col">{t("admin.overview.currency")}</th>
                  <th scope="col">{t("admin.overview.approvedVolume")}</th>
                  <th scope="col">{t("admin.overview.approvedCount")}</th>
                  <th scope="col">{t("admin.overview.refunds")}</th>
                </tr>
              </thead>
              <tbody>
                {data.currencies.map((row) => (
                  <tr key={row.currency} data-currency={row.currency}>
                    <th scope="row">{row.currency}</th>
                    <td data-testid={`approved-volume-${row.currency}`} data-minor={row.approvedMinor}>
                      {formatMoney(row.approvedMinor, row.currency)}
                    </td>
                    <td>{row.approvedCount}</td>
                    <td data-testid={`refunds-${row.currency}`} data-minor={row.refundedMinor}>
                      {formatMoney(row.refundedMinor, row.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3 className="admin-subheading">{t("admin.overview.declineReasons")}</h3>
        {data.declineReasons.length === 0 ? (
          <p>{t("admin.overview.declineReasons.empty")}</p>
        ) : (
          <ol className="admin-reasons" data-testid="decline-reasons">
            {data.declineReasons.map((reason) => (
              <li key={reason.statusDetail}>
                <StatusDetailWords code={reason.statusDetail} capitalize />: {reason.count}
              </li>
            ))}
          </ol>
        )}
      </>
    );
  }
  return (
    <Card title={t("admin.overview.figures.title", { period: t(`admin.overview.period.${period}`) })} headingLevel={2}>
      <p className="admin-refreshing" aria-live="polite">
        {figures.isFetching && figures.isPlaceholderData ? t("admin.refreshing") : ""}
      </p>
      {body}
    </Card>
  );
}

type Volume = RouterOutputs["admin"]["overview"]["volume"];

function VolumePanel({ period }: { period: OverviewPeriod }) {
  const { t, formatMoney, formatDate } = useI18n();
  // The chart follows the period chosen above it; the previous chart stays while the next one loads.
  const volume = trpc.admin.overview.volume.useQuery({ period }, { placeholderData: keepPreviousData });
  const formatDay = useCallback((day: string) => formatDate(`${day}T12:00:00Z`, "date"), [formatDate]);
  let body: React.ReactNode;
  if (volume.isPending) body = <LoadingState label={t("admin.overview.volume.loading")} />;
  else if (volume.isError)
    body = <QueryErrorState title={t("admin.overview.volume.failed")} query={volume} headingLevel={3} />;
  else if (volume.data.series.length === 0) body = <p>{t("admin.overview.volume.empty")}</p>;
  else body = <VolumeSeries volume={volume.data} formatMoney={formatMoney} formatDay={formatDay} />;
  return (
    <Card title={t("admin.overview.volume.title", { period: t(`admin.overview.period.${period}`) })} headingLevel={2}>
      <p className="admin-refreshing" aria-live="polite">
        {volume.isFetching && volume.isPlaceholderData ? t("admin.refreshing") : ""}
      </p>
      {body}
    </Card>
  );
}

function VolumeSeries({
  volume,
  formatMoney,
  formatDay,
}: {
  volume: Volume;
  formatMoney: (amountMinor: number, currency: string) => string;
  formatDay: (day: string) => string;
}) {
  const { t } = useI18n();
  return (
    <>
      {volume.series.map((series) => (
        <section key={series.currency} className="admin-chart-block">
          <h3 className="admin-subheading">{series.currency}</h3>
          <Suspense fallback={<LoadingState label={t("admin.overview.volume.loading")} />}>
            <CurrencyChart
              days={volume.days}
              amountsMinor={series.amountsMinor}
              currency={series.currency}
              formatMoney={formatMoney}
              formatDay={formatDay}
            />
          </Suspense>
          <details>
            <summary>{t("admin.overview.volume.asTable")}</summary>
            <table className="ui-table admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.overview.volume.day")}</th>
                  <th scope="col">{t("admin.overview.approvedVolume")}</th>
                </tr>
              </thead>
              <tbody>
                {volume.days.map((day, index) => (
                  <tr key={day}>
                    <th scope="row">{formatDay(day)}</th>
                    <td>{formatMoney(series.amountsMinor[index] ?? 0, series.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </section>
      ))}
    </>
  );
}

function CurrencyChart(props: {
  days: readonly string[];
  amountsMinor: readonly number[];
  currency: string;
  formatMoney: (amountMinor: number, currency: string) => string;
  formatDay: (day: string) => string;
}) {
  const { t, locale } = useI18n();
  const formatTick = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
    return (day: string) => format.format(new Date(`${day}T12:00:00Z`));
  }, [locale]);
  const { currency, formatMoney } = props;
  const formatAmount = useCallback(
    (amountMinor: number) => formatMoney(amountMinor, currency),
    [formatMoney, currency],
  );
  return (
    <VolumeChart
      days={props.days}
      amountsMinor={props.amountsMinor}
      formatAmount={formatAmount}
      formatDay={props.formatDay}
      formatTick={formatTick}
      label={t("admin.overview.approvedVolume")}
      dayLabel={t("admin.overview.volume.day")}
    />
  );
}

function AttentionPanel() {
  const { t, formatMoney, formatDate } = useI18n();
  const attention = trpc.admin.overview.attention.useQuery();
  if (attention.isPending) {
    return (
      <Card title={t("admin.overview.attention.title")} headingLevel={2}>
        <LoadingState label={t("admin.overview.attention.loading")} />
      </Card>
    );
  }
  if (attention.isError) {
    return (
      <Card title={t("admin.overview.attention.title")} headingLevel={2}>
        <QueryErrorState title={t("admin.overview.attention.failed")} query={attention} headingLevel={3} />
      </Card>
    );
  }
  const data = attention.data;
  return (
    <div className="admin-grid">
      <Card title={t("admin.overview.recentPayments")} headingLevel={2}>
        {data.recentPayments.length === 0 ? (
          <p>{t("admin.overview.recentPayments.empty")}</p>
        ) : (
          <ul className="admin-list" data-testid="recent-payments">
            {data.recentPayments.map((payment) => (
              <li key={payment.id}>
                <Link to={`/admin/payments/${payment.providerPaymentId}`}>#{payment.providerPaymentId}</Link>{" "}
                {formatMoney(payment.amountMinor, payment.currency)} <PaymentStatusBadge status={payment.status} />{" "}
                <span className="admin-hint">{formatDate(payment.createdAt, "dateTime")}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t("admin.overview.failedWebhooks", { count: data.failedWebhooks.count })} headingLevel={2}>
        {data.failedWebhooks.items.length === 0 ? (
          <p>{t("admin.overview.failedWebhooks.empty")}</p>
        ) : (
          <>
            <ul className="admin-list">
              {data.failedWebhooks.items.map((event) => (
                <li key={event.id}>
                  <Link to={`/admin/webhooks/${event.id}`}>
                    {event.topic} · {event.dataId ?? "—"}
                  </Link>{" "}
                  <span className="admin-error-text">{event.lastError ?? ""}</span>
                </li>
              ))}
            </ul>
            <Link to="/admin/webhooks?status=failed">{t("admin.overview.failedWebhooks.all")}</Link>
          </>
        )}
      </Card>
      <Card title={t("admin.overview.lapsing")} headingLevel={2}>
        {data.lapsingAuthorizations.length === 0 ? (
          <p>{t("admin.overview.lapsing.empty")}</p>
        ) : (
          <ul className="admin-list">
            {data.lapsingAuthorizations.map((payment) => (
              <li key={payment.id}>
                <Link to={`/admin/payments/${payment.providerPaymentId}`}>#{payment.providerPaymentId}</Link>{" "}
                {formatMoney(payment.amountMinor, payment.currency)}{" "}
                {t("admin.overview.lapsing.deadline", { date: formatDate(payment.captureDeadline, "dateTime") })}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t("admin.overview.sync")} headingLevel={2}>
        {data.sync.length === 0 ? (
          <p>{t("admin.overview.sync.never")}</p>
        ) : (
          <dl className="admin-facts">
            {data.sync.map((state) => (
              <div key={state.resource}>
                <dt>{state.resource}</dt>
                <dd>
                  {state.lastFinishedAt
                    ? t("admin.overview.sync.lastRun", {
                        date: formatDate(state.lastFinishedAt, "dateTime"),
                        count: state.lastApplied,
                      })
                    : t("admin.overview.sync.running")}
                  {state.lastError ? <span className="admin-error-text"> {state.lastError}</span> : null}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </div>
  );
}
