import { subscriptionCreateInputSchema } from "@cobro/contracts";
import { Alert, Card, ErrorState, LoadingState, PageHeading, TextField } from "@cobro/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { describePaymentOutcome } from "../../i18n/payment-status";
import { useCurrentUser } from "../../shared/components/app-layout";
import { PaymentStatusBadge } from "../../shared/components/payment-status-badge";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import { describeError } from "../../shared/errors/describe-error";
import {
  type FieldMessages,
  serverFieldErrors,
  showFieldErrors,
  translatedResolver,
} from "../../shared/forms/form-errors";
import { CardForm, type CardFormSubmission } from "../../shared/payments/card-form";
import { type RouterOutputs, trpc } from "../../trpc";
import { signInPathFor } from "../auth/safe-next";
import { Price } from "../catalog/price";
import { describeFrequency, describeTrial } from "./plan-frequency";

type Created = RouterOutputs["subscriptions"]["create"];
type Plan = RouterOutputs["plans"]["get"];

/** The part of the server's subscription input the shopper types; the card token comes from the card form. */
const payerEmailSchema = subscriptionCreateInputSchema.pick({ payerEmail: true });
const EMAIL_MESSAGES: FieldMessages = { payerEmail: "checkout.error.email" };

interface SubscribeFormProps {
  plan: Plan;
  /** The signed-in shopper's email, the payer's email unless changed. */
  email: string;
  onCreated: (created: Created) => void;
}

/** The payer's email (checked with the server's schema) and the card, tokenized in the browser. */
function SubscribeForm({ plan, email, onCreated }: SubscribeFormProps) {
  const { t, language } = useI18n();
  const subscribe = trpc.subscriptions.create.useMutation();
  const utils = trpc.useUtils();
  const { register, trigger, getValues, setError, formState } = useForm({
    defaultValues: { payerEmail: email },
    resolver: translatedResolver(zodResolver(payerEmailSchema), EMAIL_MESSAGES, t),
  });

  const subscribeWithCard = async (submission: CardFormSubmission) => {
    try {
      const result = await subscribe.mutateAsync({
        planId: plan.id,
        cardToken: submission.cardToken,
        payerEmail: payerEmailSchema.parse(getValues()).payerEmail,
      });
      onCreated(result);
      await utils.account.subscriptions.list.invalidate();
    } catch (error) {
      // The server's word on the email goes next to it; the card form shows the failure itself.
      const described = describeError(error, { t, language });
      showFieldErrors(setError, serverFieldErrors(described, EMAIL_MESSAGES, { t, language }), ["payerEmail"]);
      throw error;
    }
  };

  return (
    <CardForm
      idPrefix="plan-card"
      requireBrand={false}
      submitLabel={t("plan.subscribeButton")}
      busyLabel={t("plan.subscribing")}
      validateExtra={() => trigger(undefined, { shouldFocus: true })}
      onSubmit={subscribeWithCard}
    >
      <TextField
        id="plan-payer-email"
        label={t("plan.payerEmail")}
        description={t("plan.payerEmailHelp")}
        type="email"
        autoComplete="email"
        required
        error={formState.errors.payerEmail?.message}
        {...register("payerEmail")}
      />
    </CardForm>
  );
}

function SubscriptionOutcome({ created }: { created: Created }) {
  const { t } = useI18n();
  const charge = created.firstCharge;
  const outcome = charge ? describePaymentOutcome(charge.status, charge.statusDetail) : null;
  const declined = charge?.status === "rejected";
  return (
    <Alert
      tone={declined ? "danger" : "success"}
      title={declined ? t("plan.created.declined") : t("plan.created.title")}
    >
      <p>{t("plan.created.status", { status: t(`subscription.status.${subscriptionStatusKey(created.status)}`) })}</p>
      {charge && outcome ? (
        <p>
          {t("plan.created.firstCharge")}{" "}
          <PaymentStatusBadge status={charge.status} statusDetail={charge.statusDetail} /> {t(outcome.detailKey)}
        </p>
      ) : (
        <p>{t("plan.created.noChargeYet")}</p>
      )}
      <p>
        <Link to="/account">{t("plan.created.manage")}</Link>
      </p>
    </Alert>
  );
}

/** The provider's subscription statuses the dictionaries know. */
export function subscriptionStatusKey(status: string): "pending" | "authorized" | "paused" | "cancelled" {
  return status === "authorized" || status === "paused" || status === "cancelled" ? status : "pending";
}

/** `/plans/:id`: one plan; signed-in shoppers subscribe with a card tokenized in the browser. */
export function PlanPage() {
  const { id = "" } = useParams();
  const i18n = useI18n();
  const { t, language } = i18n;
  const { user, loading: userLoading } = useCurrentUser();
  const plan = trpc.plans.get.useQuery({ id });
  const [created, setCreated] = useState<Created | null>(null);
  useDocumentTitle(plan.data?.reason ?? t("page.plan.title"));

  if (plan.isPending) {
    return (
      <>
        <PageHeading title={t("page.plan.title")} />
        <LoadingState label={t("plan.loading")} />
      </>
    );
  }
  if (plan.isError) {
    const described = describeError(plan.error, { t, language });
    const missing = described.httpStatus === 404 || described.httpStatus === 400;
    return (
      <>
        <PageHeading title={t("page.plan.title")} />
        <ErrorState
          title={missing ? t("plan.notFound") : t("plan.failed")}
          message={missing ? t("plan.notFoundText") : described.message}
          onRetry={missing ? undefined : () => void plan.refetch()}
          retryLabel={t("common.retry")}
        />
        <p>
          <Link to="/plans">{t("plan.back")}</Link>
        </p>
      </>
    );
  }

  const item = plan.data;
  return (
    <>
      <p className="ui-breadcrumb">
        <Link to="/plans">{t("plan.back")}</Link>
      </p>
      <PageHeading title={item.reason} />
      <Card title={t("plan.details")}>
        <p className="ui-product-detail__price">
          <Price money={item.amount} /> <span>{describeFrequency(i18n, item.frequency, item.frequencyType)}</span>
        </p>
        {item.freeTrial ? <p>{describeTrial(i18n, item.freeTrial.frequency, item.freeTrial.frequencyType)}</p> : null}
        <p>{t("plan.cancelAnytime")}</p>
      </Card>
      {created ? (
        <SubscriptionOutcome created={created} />
      ) : userLoading ? (
        <LoadingState label={t("common.loading")} />
      ) : !user ? (
        <Card title={t("plan.subscribe")}>
          <p>{t("plan.signInFirst")}</p>
          <p>
            <Link className="ui-button ui-button--primary" to={signInPathFor(`/plans/${encodeURIComponent(item.id)}`)}>
              {t("plan.signInToSubscribe")}
            </Link>
          </p>
        </Card>
      ) : (
        <Card title={t("plan.subscribe")}>
          <SubscribeForm plan={item} email={user.email} onCreated={setCreated} />
        </Card>
      )}
    </>
  );
}
