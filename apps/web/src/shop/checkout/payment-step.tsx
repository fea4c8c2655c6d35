// Step 2 of the checkout: how to pay it. Shows where the checkout stands (after
// a reload or a decline the shopper comes back here) and the chosen method's step.
import { Alert, Button, Card, LoadingState } from "@cobro/ui";
import { useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { describePaymentOutcome } from "../../i18n/payment-status";
import { PaymentStatusBadge } from "../../shared/components/payment-status-badge";
import { QueryErrorState } from "../../shared/components/query-list";
import { trpc } from "../../trpc";
import { Price } from "../catalog/price";
import { CardStep } from "./card-step";
import type { StoredCheckout } from "./checkout-session";
import { HostedStep } from "./hosted-step";
import { choiceKey, MethodPicker, methodChoices } from "./method-choice";
import { OfflineStep } from "./offline-step";
import { resultPathFor } from "./result-params";

/**
 * Results after which the checkout must not be paid again: it has a live or settled payment, or (`confirming`) one
 * was sent to the provider and its answer is not known yet.
 */
const PAID_STATUSES = new Set(["confirming", "approved", "pending", "in_process", "authorized", "refunded"]);

export interface PaymentStepProps {
  checkout: StoredCheckout;
  onChangeDetails: () => void;
}

export function PaymentStep({ checkout, onChangeDetails }: PaymentStepProps) {
  const { t } = useI18n();
  const methods = trpc.checkout.paymentMethods.useQuery(undefined, { staleTime: 10 * 60_000 });
  const current = trpc.checkout.result.useQuery(
    { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken },
    { staleTime: 0, refetchOnMount: "always" },
  );
  const [choice, setChoice] = useState("card");

  const summary = (
    <Card title={t("checkout.summary.title")}>
      <p className="ui-checkout-total">
        <span>{t("cart.total")}</span> <Price money={checkout.total} />
      </p>
      <p>{t("checkout.summary.payer", { email: checkout.payer.email })}</p>
      <Button variant="secondary" size="sm" onClick={onChangeDetails}>
        {t("checkout.summary.change")}
      </Button>
    </Card>
  );

  if (current.isPending || methods.isPending) {
    return (
      <>
        {summary}
        <LoadingState label={t("checkout.loadingMethods")} />
      </>
    );
  }
  if (methods.isError) {
    return (
      <>
        {summary}
        <QueryErrorState title={t("checkout.methodsFailed")} query={methods} />
      </>
    );
  }

  const status = current.data?.status ?? "open";
  if (PAID_STATUSES.has(status)) {
    return (
      <>
        {summary}
        <Alert tone="info" title={t("checkout.alreadyPaid.title")}>
          <p>
            <PaymentStatusBadge status={status} statusDetail={current.data?.statusDetail} />
          </p>
          <p>
            <Link to={resultPathFor(checkout.checkoutId)}>{t("checkout.alreadyPaid.link")}</Link>
          </p>
        </Alert>
      </>
    );
  }

  const declined = current.data?.status === "rejected";
  // The checkout's payment ended without taking money: another payment goes to a new checkout for the same order.
  const ended = declined || current.data?.status === "cancelled";
  const lastDecline =
    current.data && declined
      ? describePaymentOutcome("rejected", current.data.reason ?? current.data.statusDetail)
      : null;
  const choices = methodChoices(methods.data, checkout.total.amountMinor);
  const selected = choices.find((candidate) => choiceKey(candidate) === choice) ?? { kind: "card" };

  return (
    <>
      {summary}
      {lastDecline ? (
        <Alert tone="warning" title={t("checkout.lastDeclined")}>
          <p>{t(lastDecline.detailKey)}</p>
          {lastDecline.nextKey ? <p>{t(lastDecline.nextKey)}</p> : null}
        </Alert>
      ) : null}
      <Card title={t("checkout.method.title")}>
        <MethodPicker choices={choices} methods={methods.data} value={choiceKey(selected)} onChange={setChoice} />
        {selected.kind === "card" ? (
          <CardStep checkout={checkout} paymentEnded={ended} />
        ) : selected.kind === "hosted" ? (
          <HostedStep checkout={checkout} />
        ) : (
          <OfflineStep key={choiceKey(selected)} checkout={checkout} method={selected.method} paymentEnded={ended} />
        )}
      </Card>
    </>
  );
}
