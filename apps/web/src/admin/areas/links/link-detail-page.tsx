// /admin/links/:preferenceId: one payment link — what it sells, until when, where buyers return, the payments it
// produced (from the payments mirror) and its merchant orders — with the link to share. Operators and admins get
// Edit and Expire now (on a connected seller's link, sent to that seller's account); a viewer sees neither.
import { Alert, Button, Card, EmptyState, ErrorState, LoadingState, Money, PageHeading } from "@cobro/ui";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { PaymentStatusBadge } from "../../../shared/components/payment-status-badge";
import { describeError } from "../../../shared/errors/describe-error";
import { httpStatusOf, trpc } from "../../../trpc";
import { useAccountScope } from "../../components/account-scope";
import { LineItemsTable } from "../../components/line-items-table";
import { MerchantOrderStatus } from "../merchant-orders/merchant-order-status";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { EditLinkDialog, ExpireLinkDialog, type LinkAccount } from "./link-dialogs";
import { LinkShare } from "./link-share";
import { ExpiryText, LinkStateBadge } from "./links-list-page";

export function LinkDetailPage() {
  const { t, formatDate, moneyLocaleFor, language } = useI18n();
  const { preferenceId = "" } = useParams();
  const scope = useAccountScope();
  // A connected account's link is read and changed with that seller's credentials.
  const canAct = useCanAct("operator");
  const account: LinkAccount = scope.account ? { account: scope.account } : {};
  const [dialog, setDialog] = useState<"edit" | "expire" | null>(null);
  const link = trpc.admin.links.get.useQuery({ preferenceId, ...account }, { retry: false });

  if (link.isPending) return <LoadingState label={t("common.loading")} />;
  if (link.isError) {
    if (httpStatusOf(link.error) === 404) return <ErrorStatusPage status={404} />;
    return (
      <ErrorState
        title={t("admin.links.detail.loadFailed")}
        message={describeError(link.error, { t, language }).message}
        onRetry={() => void link.refetch()}
        retryLabel={t("common.retry")}
        retrying={link.isFetching}
      />
    );
  }
  const data = link.data;
  const title = data.items.map((item) => item.title).join(", ") || t("admin.links.untitled", { id: data.preferenceId });

  return (
    <section>
      <p>
        <Link to={`/admin/links${scope.search}`}>{t("admin.links.detail.back")}</Link>
      </p>
      {scope.connected ? <Alert tone="info">{t("admin.links.connectedSeller")}</Alert> : null}
      <PageHeading
        title={title}
        actions={
          canAct ? (
            <div className="admin-actions">
              <Button variant="secondary" onClick={() => setDialog("edit")}>
                {t("admin.links.edit")}
              </Button>
              {data.expired ? null : (
                <Button variant="danger" onClick={() => setDialog("expire")}>
                  {t("admin.links.expire")}
                </Button>
              )}
            </div>
          ) : null
        }
      />
      <ReadOnlyNotice />
      <div className="links-detail">
        <Card>
          <dl className="admin-facts">
            <dt>{t("admin.links.detail.status")}</dt>
            <dd data-testid="link-state">
              <LinkStateBadge expired={data.expired} />
            </dd>
            <dt>{t("admin.links.total")}</dt>
            <dd data-testid="link-total">
              <Money {...data.total} locale={moneyLocaleFor(data.total.currency)} />
            </dd>
            <dt>{t("admin.links.col.expiry")}</dt>
            <dd>
              <ExpiryText item={data} />
            </dd>
            <dt>{t("admin.links.col.created")}</dt>
            <dd>{data.createdAt ? formatDate(data.createdAt, "dateTime") : "—"}</dd>
            {data.lastUpdated ? (
              <>
                <dt>{t("admin.links.detail.updated")}</dt>
                <dd>{formatDate(data.lastUpdated, "dateTime")}</dd>
              </>
            ) : null}
            <dt>{t("admin.links.detail.createdBy")}</dt>
            <dd>{data.console ? (data.console.createdByEmail ?? "—") : t("admin.links.detail.notConsole")}</dd>
            <dt>{t("admin.links.col.reference")}</dt>
            <dd>{data.externalReference ?? "—"}</dd>
            <dt>{t("admin.links.col.payer")}</dt>
            <dd>{data.payerEmail ?? "—"}</dd>
            <dt>{t("admin.links.excluded")}</dt>
            <dd>{data.excludedPaymentMethods.length > 0 ? data.excludedPaymentMethods.join(", ") : "—"}</dd>
            <dt>{t("admin.links.detail.maxInstallments")}</dt>
            <dd>{data.maxInstallments ?? "—"}</dd>
            <dt>{t("admin.links.detail.backUrls")}</dt>
            <dd className="links-urls">
              {[data.backUrls.success, data.backUrls.pending, data.backUrls.failure].filter(Boolean).join(" · ") || "—"}
            </dd>
            <dt>{t("admin.links.detail.autoReturn")}</dt>
            <dd>{data.autoReturn ?? "—"}</dd>
          </dl>
        </Card>
        <Card>
          <LinkShare initPoint={data.initPoint} />
        </Card>
      </div>

      <Card title={t("admin.links.items")}>
        <LineItemsTable items={data.items} testId="link-items" />
      </Card>

      <Card title={t("admin.links.detail.payments")}>
        {data.payments.length === 0 ? (
          <EmptyState title={t("admin.links.detail.noPayments")} />
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="link-payments" aria-label={t("admin.links.detail.payments")}>
              <thead>
                <tr>
                  <th scope="col">{t("admin.payments.col.id")}</th>
                  <th scope="col">{t("admin.payments.col.created")}</th>
                  <th scope="col">{t("admin.payments.col.status")}</th>
                  <th scope="col" className="num">
                    {t("admin.payments.col.amount")}
                  </th>
                  <th scope="col">{t("admin.payments.col.payer")}</th>
                </tr>
              </thead>
              <tbody>
                {data.payments.map((payment) => (
                  <tr key={payment.providerPaymentId}>
                    <td>
                      <Link to={`/admin/payments/${payment.providerPaymentId}`}>{payment.providerPaymentId}</Link>
                    </td>
                    <td>{formatDate(payment.createdAt, "dateTime")}</td>
                    <td>
                      <PaymentStatusBadge status={payment.status} statusDetail={payment.statusDetail} />
                    </td>
                    <td className="num">
                      <Money {...payment.amount} locale={moneyLocaleFor(payment.amount.currency)} />
                    </td>
                    <td>{payment.payerEmail ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <Card title={t("admin.links.detail.merchantOrders")}>
        {data.merchantOrders.length === 0 ? (
          <EmptyState title={t("admin.links.detail.noMerchantOrders")} />
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="link-merchant-orders">
              <thead>
                <tr>
                  <th scope="col">{t("admin.payments.col.id")}</th>
                  <th scope="col">{t("admin.links.detail.status")}</th>
                  <th scope="col" className="num">
                    {t("admin.links.detail.paid")}
                  </th>
                  <th scope="col" className="num">
                    {t("admin.links.total")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.merchantOrders.map((order) => (
                  <tr key={order.id}>
                    <td>{order.id}</td>
                    <td>
                      <MerchantOrderStatus status={order.status} orderStatus={order.orderStatus} />
                    </td>
                    <td className="num">
                      {order.paid ? <Money {...order.paid} locale={moneyLocaleFor(order.paid.currency)} /> : "—"}
                    </td>
                    <td className="num">
                      {order.total ? <Money {...order.total} locale={moneyLocaleFor(order.total.currency)} /> : "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {dialog === "edit" ? <EditLinkDialog link={data} scope={account} onClose={() => setDialog(null)} /> : null}
      {dialog === "expire" ? (
        <ExpireLinkDialog preferenceId={data.preferenceId} scope={account} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}
