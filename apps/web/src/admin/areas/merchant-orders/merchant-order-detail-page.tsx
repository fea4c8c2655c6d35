// /admin/merchant-orders/:merchantOrderId: one merchant order re-read from the provider — status, paid vs total,
// items, payments (to /admin/payments/<id>), shipments, its preference (to /admin/links/<id>), when Cobro last
// synced it and the changes made from the console. Operators and admins can edit it; a viewer sees no button.
import type { MerchantOrderDetail } from "@cobro/contracts";
import { isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, Button, Card, ErrorState, LoadingState, Money, PageHeading } from "@cobro/ui";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useCurrentUser } from "../../../shared/components/app-layout";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { PaymentStatusBadge } from "../../../shared/components/payment-status-badge";
import { describeError } from "../../../shared/errors/describe-error";
import { httpStatusOf, trpc } from "../../../trpc";
import { useAccountScope } from "../../components/account-scope";
import { LineItemsTable } from "../../components/line-items-table";
import { StatusWord } from "../../components/status-words";
import { canActOnPayments } from "../payments/payment-permissions";
import { ReadOnlyNotice } from "../read-only-notice";
import { MerchantOrderForm } from "./merchant-order-form";
import { MerchantOrderStatus } from "./merchant-order-status";

function EditSection({
  order,
  account,
  onClose,
}: {
  order: MerchantOrderDetail;
  /** A connected seller's order: the change goes to that seller's account (the server keeps it with the key). */
  account: string | undefined;
  onClose(saved: boolean): void;
}) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const update = trpc.admin.merchantOrders.update.useMutation({
    onSettled: () => void utils.admin.merchantOrders.get.invalidate({ merchantOrderId: order.id }),
  });
  const currency = isSupportedCurrency(order.total.currency) ? order.total.currency : "ARS";
  return (
    <Card title={t("admin.merchantOrders.editTitle", { id: order.id })}>
      <MerchantOrderForm
        mode="edit"
        currency={currency}
        initial={{
          items: order.items.map((item) => ({
            title: item.title,
            quantity: item.quantity,
            unitPriceMinor: item.unitPrice.amountMinor,
          })),
          externalReference: order.externalReference,
          notificationUrl: order.notificationUrl,
          additionalInfo: order.additionalInfo,
        }}
        submit={(input) =>
          update.mutateAsync({
            ...input,
            merchantOrderId: order.id,
            ...(account ? { account } : {}),
          } as Parameters<typeof update.mutateAsync>[0])
        }
        onDone={() => onClose(true)}
        onCancel={() => onClose(false)}
      />
    </Card>
  );
}

export function MerchantOrderDetailPage() {
  const { t, language, formatDate, moneyLocaleFor } = useI18n();
  const { user } = useCurrentUser();
  const params = useParams();
  const [search] = useSearchParams();
  const scope = useAccountScope();
  const idText = params.merchantOrderId ?? "";
  const merchantOrderId = /^\d{1,15}$/.test(idText) ? Number(idText) : null;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const detail = trpc.admin.merchantOrders.get.useQuery(
    { merchantOrderId: merchantOrderId ?? 0, ...(scope.account ? { account: scope.account } : {}) },
    { enabled: merchantOrderId !== null && merchantOrderId > 0 },
  );

  if (merchantOrderId === null || merchantOrderId <= 0) return <ErrorStatusPage status={404} />;
  if (detail.isPending) return <LoadingState label={t("common.loading")} />;
  if (detail.isError) {
    const status = httpStatusOf(detail.error);
    return (
      <section>
        <p>
          <Link to={`/admin/merchant-orders${scope.search}`}>{t("admin.merchantOrders.back")}</Link>
        </p>
        <ErrorState
          title={t("admin.merchantOrders.detailFailed")}
          message={describeError(detail.error, { t, language }).message}
          {...(status === 404
            ? {}
            : {
                onRetry: () => void detail.refetch(),
                retryLabel: t("common.retry"),
                retrying: detail.isFetching,
              })}
        />
      </section>
    );
  }
  const order = detail.data;
  // A connected account's order is read and changed with its credentials.
  const canAct = user ? canActOnPayments(user.role) : false;
  const money = (value: { amountMinor: number; currency: string }) => (
    <Money {...value} locale={moneyLocaleFor(value.currency)} />
  );
  const left = {
    amountMinor: Math.max(0, order.total.amountMinor - order.paid.amountMinor),
    currency: order.total.currency,
  };

  return (
    <section>
      <p>
        <Link to={`/admin/merchant-orders${scope.search}`}>{t("admin.merchantOrders.back")}</Link>
      </p>
      <PageHeading
        title={t("admin.merchantOrders.detailTitle", { id: order.id })}
        actions={<MerchantOrderStatus status={order.status} orderStatus={order.orderStatus} />}
      />
      {scope.connected ? <Alert tone="info">{t("admin.merchantOrders.sellerNotice")}</Alert> : null}
      <ReadOnlyNotice />
      {order.stale ? (
        <Alert tone="warning">{t("admin.merchantOrders.stale", { at: formatDate(order.syncedAt, "dateTime") })}</Alert>
      ) : null}
      {search.get("created") === "1" && !saved ? (
        <Alert tone="success">{t("admin.merchantOrders.form.created", { id: order.id })}</Alert>
      ) : null}
      {saved ? <Alert tone="success">{t("admin.merchantOrders.form.saved")}</Alert> : null}
      {canAct && !editing ? (
        <div className="admin-actions">
          <Button
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {t("admin.merchantOrders.edit")}
          </Button>
        </div>
      ) : null}
      {canAct && editing ? (
        <EditSection
          order={order}
          account={scope.account}
          onClose={(didSave) => {
            setEditing(false);
            setSaved(didSave);
          }}
        />
      ) : null}

      <Card>
        <dl className="admin-facts">
          <dt>{t("admin.merchantOrders.fact.total")}</dt>
          <dd data-testid="mo-total">{money(order.total)}</dd>
          <dt>{t("admin.merchantOrders.fact.paid")}</dt>
          <dd data-testid="mo-paid">{money(order.paid)}</dd>
          <dt>{t("admin.merchantOrders.fact.left")}</dt>
          <dd data-testid="mo-left">{money(left)}</dd>
          {order.refunded.amountMinor > 0 ? (
            <>
              <dt>{t("admin.merchantOrders.fact.refunded")}</dt>
              <dd>{money(order.refunded)}</dd>
            </>
          ) : null}
          <dt>{t("admin.merchantOrders.fact.reference")}</dt>
          <dd data-testid="mo-reference">{order.externalReference ?? "—"}</dd>
          <dt>{t("admin.merchantOrders.fact.preference")}</dt>
          <dd data-testid="mo-preference">
            {order.preferenceId ? (
              <Link to={`/admin/links/${encodeURIComponent(order.preferenceId)}${scope.search}`}>
                {order.preferenceId}
              </Link>
            ) : (
              "—"
            )}
          </dd>
          <dt>{t("admin.merchantOrders.fact.additionalInfo")}</dt>
          <dd data-testid="mo-additional-info">{order.additionalInfo ?? "—"}</dd>
          <dt>{t("admin.merchantOrders.fact.notificationUrl")}</dt>
          <dd>{order.notificationUrl ?? "—"}</dd>
          <dt>{t("admin.merchantOrders.fact.payer")}</dt>
          <dd>{order.payerId ?? "—"}</dd>
          <dt>{t("admin.merchantOrders.fact.created")}</dt>
          <dd>{order.createdAt ? formatDate(order.createdAt, "dateTime") : "—"}</dd>
          <dt>{t("admin.merchantOrders.fact.updated")}</dt>
          <dd>{order.lastUpdated ? formatDate(order.lastUpdated, "dateTime") : "—"}</dd>
          <dt>{t("admin.merchantOrders.fact.synced")}</dt>
          <dd data-testid="mo-synced">{formatDate(order.syncedAt, "dateTime")}</dd>
          {order.isTest ? (
            <>
              <dt>{t("admin.merchantOrders.fact.test")}</dt>
              <dd>✓</dd>
            </>
          ) : null}
        </dl>
      </Card>

      <Card title={t("admin.merchantOrders.items")}>
        <LineItemsTable items={order.items} testId="mo-items" />
      </Card>

      <Card title={t("admin.merchantOrders.payments")}>
        {order.payments.length === 0 ? (
          <p>{t("admin.merchantOrders.noPayments")}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="mo-payments">
              <thead>
                <tr>
                  <th scope="col">{t("admin.col.payment")}</th>
                  <th scope="col">{t("admin.col.date")}</th>
                  <th scope="col">{t("admin.col.status")}</th>
                  <th scope="col" className="num">
                    {t("admin.col.amount")}
                  </th>
                  <th scope="col" className="num">
                    {t("admin.col.refunded")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.payments.map((payment) => (
                  <tr key={payment.id} data-payment-id={payment.id}>
                    <td>
                      <Link to={`/admin/payments/${payment.id}`}>{payment.id}</Link>
                    </td>
                    <td>{payment.createdAt ? formatDate(payment.createdAt, "dateTime") : ""}</td>
                    <td>
                      <PaymentStatusBadge status={payment.status} statusDetail={payment.statusDetail} />
                    </td>
                    <td className="num">{money(payment.amount)}</td>
                    <td className="num">{payment.refunded.amountMinor > 0 ? money(payment.refunded) : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <Card title={t("admin.merchantOrders.shipments")}>
        {order.shipments.length === 0 ? (
          <p>{t("admin.merchantOrders.noShipments")}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.col.id")}</th>
                  <th scope="col">{t("admin.col.status")}</th>
                  <th scope="col">{t("admin.col.shippingMode")}</th>
                </tr>
              </thead>
              <tbody>
                {order.shipments.map((shipment, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: shipments may lack ids
                  <tr key={index}>
                    <td>{shipment.id ?? "—"}</td>
                    <td>{shipment.status ? <StatusWord code={shipment.status} /> : ""}</td>
                    <td>{shipment.shippingMode ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {order.requests.length > 0 ? (
        <Card title={t("admin.merchantOrders.history")}>
          <ul className="admin-list" data-testid="mo-history">
            {order.requests.map((request, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole on each read
              <li key={index}>
                {formatDate(request.createdAt, "dateTime")} · {t(`admin.merchantOrders.history.${request.kind}`)} ·{" "}
                <StatusWord code={request.status} />
                {request.actorEmail ? ` · ${request.actorEmail}` : ""}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </section>
  );
}
