// /admin/customers/by-email?email=…: where a payment's or a store order's payer links. The e-mail's Mercado Pago
// customer opens its own page (replacing this one in the history); a buyer with no customer (a guest, or a shopper who
// never saved a card) gets the same view by e-mail: their orders and lifetime value, payments and subscriptions.
import { customerEmailSchema } from "@cobro/contracts";
import { LoadingState, PageHeading } from "@cobro/ui";
import { Link, Navigate, useSearchParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryErrorState } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { trpc } from "../../../trpc";
import { accountScopeSearch, useAccountScope } from "../../components/account-scope";
import { BuyerSummarySection } from "../store-orders/buyer-summary-section";
import { CustomerPaymentsSection, CustomerSubscriptionsSection } from "./customer-activity";
import "./customers.css";

export function CustomerByEmailPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const scope = useAccountScope();
  const parsed = customerEmailSchema.safeParse(params.get("email") ?? "");
  const email = parsed.success ? parsed.data : "";
  useDocumentTitle(email || t("admin.customers.title"));
  const found = trpc.admin.customers.search.useQuery(
    { email, offset: 0, limit: 1, ...(scope.account ? { account: scope.account } : {}) },
    { enabled: parsed.success },
  );

  const back = <Link to={`/admin/customers${scope.search}`}>{t("admin.customers.back")}</Link>;
  if (!parsed.success) {
    return (
      <>
        {back}
        <PageHeading title={t("admin.customers.byEmail.invalid")} />
      </>
    );
  }
  if (found.isPending) return <LoadingState label={t("admin.customers.detail.loading")} />;
  if (found.isError) {
    return (
      <>
        {back}
        <QueryErrorState title={t("admin.customers.detail.failed")} query={found} />
      </>
    );
  }
  const customer = found.data.items[0];
  if (customer) {
    const search = accountScopeSearch(scope.account);
    return <Navigate replace to={`/admin/customers/${encodeURIComponent(customer.id)}${search}`} />;
  }
  return (
    <>
      {back}
      <PageHeading title={email} description={t("admin.customers.byEmail.guest")} />
      <BuyerSummarySection email={email} />
      <CustomerPaymentsSection email={email} {...(scope.account ? { account: scope.account } : {})} />
      <CustomerSubscriptionsSection email={email} {...(scope.account ? { account: scope.account } : {})} />
    </>
  );
}

/** A payer's e-mail as a link to their customer page (or their guest view): one way from a payment or an order. */
export function PayerEmailLink({ email, account }: { email: string; account?: string | null }) {
  const { t } = useI18n();
  const search = new URLSearchParams({ email });
  if (account) search.set("account", account);
  return (
    <Link
      to={`/admin/customers/by-email?${search.toString()}`}
      aria-label={t("admin.customers.byEmail.open", { email })}
    >
      {email}
    </Link>
  );
}
