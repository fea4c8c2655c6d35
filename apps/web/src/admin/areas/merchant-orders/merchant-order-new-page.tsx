// /admin/merchant-orders/new: a sale the merchant records itself, created at the provider (operators and admins).
import { isSupportedCurrency } from "@cobro/provider-client/money";
import { Card, ErrorState, LoadingState, PageHeading } from "@cobro/ui";
import { Link, useNavigate } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { useCurrentUser } from "../../../shared/components/app-layout";
import { describeError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";
import { canActOnPayments } from "../payments/payment-permissions";
import { ReadOnlyNotice } from "../read-only-notice";
import { MerchantOrderForm } from "./merchant-order-form";

export function MerchantOrderNewPage() {
  const { t, language } = useI18n();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  const create = trpc.admin.merchantOrders.create.useMutation();
  const readOnly = user !== null && !canActOnPayments(user.role);
  const currency = config.data && isSupportedCurrency(config.data.currency) ? config.data.currency : null;
  return (
    <section>
      <p>
        <Link to="/admin/merchant-orders">{t("admin.merchantOrders.back")}</Link>
      </p>
      <PageHeading title={t("admin.merchantOrders.new")} />
      {/* Read-only for a viewer: the notice, never a 403 page or a form that would fail on submit. */}
      {readOnly ? (
        <ReadOnlyNotice />
      ) : currency ? (
        <Card>
          <MerchantOrderForm
            mode="create"
            currency={currency}
            submit={(input) => create.mutateAsync(input as Parameters<typeof create.mutateAsync>[0])}
            onDone={(result) => navigate(`/admin/merchant-orders/${result.merchantOrderId}?created=1`)}
          />
        </Card>
      ) : config.isError ? (
        <ErrorState
          title={t("admin.merchantOrders.loadFailed")}
          message={describeError(config.error, { t, language }).message}
          onRetry={() => void config.refetch()}
          retryLabel={t("common.retry")}
          retrying={config.isFetching}
        />
      ) : (
        <LoadingState label={t("common.loading")} />
      )}
    </section>
  );
}
