// /admin/plans/:planId: one subscription plan — its terms, the link payers subscribe through, and (operators) its
// edit form and activate / deactivate, each deactivation confirmed first: an inactive plan takes no new subscriber
// (existing subscriptions keep running).
import type { AdminPlan } from "@cobro/contracts";
import { type CurrencyCode, isSupportedCurrency } from "@cobro/provider-client/money";
import { Alert, Button, ConfirmDialog, LoadingState, PageHeading } from "@cobro/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryErrorState } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { describeError, type UserFacingError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";
import { connectionInUrl } from "../../components/account-filter";
import { type Outcome, OutcomeAlert } from "../admin-outcome";
import { useCanAct } from "../use-can-act";
import { type PlanFormErrors, PlanFormFields, type PlanFormValues, planFormValuesOf, toPlanFields } from "./plan-form";
import { PlanStatusBadge, usePlanSchedule } from "./plan-terms";
import "./plans.css";
import { ReadOnlyNotice } from "../read-only-notice";

/** `account`: the connected seller the plan belongs to (its changes go to that account), absent for the store's own. */
type PlanAccount = { account?: string };

function EditPlanForm({ plan, scope, onDone }: { plan: AdminPlan; scope: PlanAccount; onDone(message: string): void }) {
  const { t, language, moneyLocaleFor } = useI18n();
  const utils = trpc.useUtils();
  const update = trpc.admin.plans.update.useMutation();
  const [errors, setErrors] = useState<PlanFormErrors>({});
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const form = useForm<PlanFormValues>({ defaultValues: planFormValuesOf(plan, moneyLocaleFor) });
  const currency: CurrencyCode =
    plan.amount && isSupportedCurrency(plan.amount.currency) ? plan.amount.currency : "ARS";

  const submit = form.handleSubmit(async (values) => {
    if (update.isPending) return;
    const checked = toPlanFields(values, currency, moneyLocaleFor(currency), t);
    setErrors(checked.errors ?? {});
    setFailure(null);
    if (!checked.fields) return;
    try {
      const saved = await update.mutateAsync({ planId: plan.id, plan: checked.fields, ...scope });
      utils.admin.plans.get.setData({ planId: plan.id, ...scope }, saved);
      await utils.admin.plans.search.invalidate();
      onDone(t("admin.plans.edit.done"));
    } catch (error) {
      setFailure(describeError(error, { t, language }));
    }
  });

  return (
    <form className="plan-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={update.isPending}>
      <PlanFormFields
        form={form}
        errors={errors}
        failure={failure}
        disabled={update.isPending}
        idPrefix="plan"
        currency={currency}
        trialLocked={plan.freeTrial !== null}
      />
      {Object.keys(errors).length > 0 ? <Alert tone="danger">{t("admin.plans.error.summary")}</Alert> : null}
      {failure ? <Alert tone="danger">{failure.message}</Alert> : null}
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t("admin.plans.edit.saving") : t("admin.plans.edit.submit")}
        </Button>
      </div>
    </form>
  );
}

function StatusDialog({
  plan,
  scope,
  onClose,
  onDone,
}: {
  plan: AdminPlan;
  scope: PlanAccount;
  onClose(): void;
  onDone(message: string): void;
}) {
  const { t, language } = useI18n();
  const utils = trpc.useUtils();
  const setStatus = trpc.admin.plans.setStatus.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const activating = plan.status !== "active";
  const confirm = async () => {
    if (setStatus.isPending) return;
    try {
      const saved = await setStatus.mutateAsync({
        planId: plan.id,
        status: activating ? "active" : "inactive",
        ...scope,
      });
      utils.admin.plans.get.setData({ planId: plan.id, ...scope }, saved);
      await utils.admin.plans.search.invalidate();
      onDone(t(activating ? "admin.plans.activated" : "admin.plans.deactivated", { reason: saved.reason }));
    } catch (error) {
      setFailure(describeError(error, { t, language }).message);
    }
  };
  return (
    <ConfirmDialog
      open
      tone={activating ? "primary" : "danger"}
      title={t(activating ? "admin.plans.activate.title" : "admin.plans.deactivate.title")}
      confirmLabel={t(activating ? "admin.plans.activate" : "admin.plans.deactivate")}
      cancelLabel={t("admin.plans.cancel")}
      busy={setStatus.isPending}
      busyLabel={t("admin.plans.working")}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t(activating ? "admin.plans.activate.body" : "admin.plans.deactivate.body", { reason: plan.reason })}</p>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
    </ConfirmDialog>
  );
}

export function PlanDetailPage() {
  const { t, formatDate, formatMoney } = useI18n();
  const { planId = "" } = useParams();
  const location = useLocation();
  // A connected seller's plan (`?account=<id>`) is read and changed with that account's credentials.
  const [params] = useSearchParams();
  const connection = connectionInUrl(params);
  const scope: PlanAccount = connection ? { account: connection } : {};
  const canAct = useCanAct("operator");
  const schedule = usePlanSchedule();
  const plan = trpc.admin.plans.get.useQuery({ planId, ...scope });
  const [outcome, setOutcome] = useState<Outcome>(() => {
    const message = (location.state as { outcome?: string } | null)?.outcome;
    return message ? { tone: "success", message } : null;
  });
  const [changingStatus, setChangingStatus] = useState(false);
  const data = plan.data;
  useDocumentTitle(data ? data.reason : t("admin.plans.title"));

  const back = (
    <Link to={connection ? `/admin/plans?account=${connection}` : "/admin/plans"}>{t("admin.plans.back")}</Link>
  );
  if (plan.isPending) return <LoadingState label={t("admin.plans.detail.loading")} />;
  if (!data) {
    return (
      <>
        {back}
        <QueryErrorState title={t("admin.plans.detail.failed")} query={plan} />
      </>
    );
  }

  const none = t("admin.plans.detail.none");
  const done = (message: string) => {
    setChangingStatus(false);
    setOutcome({ tone: "success", message });
  };
  return (
    <>
      {back}
      <PageHeading
        title={data.reason || t("admin.plans.unnamed")}
        description={
          data.amount
            ? `${formatMoney(data.amount.amountMinor, data.amount.currency)} · ${schedule(data.frequency, data.frequencyType)}`
            : undefined
        }
        actions={
          canAct ? (
            <Button variant={data.status === "active" ? "danger" : "primary"} onClick={() => setChangingStatus(true)}>
              {t(data.status === "active" ? "admin.plans.deactivate" : "admin.plans.activate")}
            </Button>
          ) : null
        }
      />
      <OutcomeAlert outcome={outcome} onDismiss={() => setOutcome(null)} />
      {connection ? <Alert tone="info">{t("admin.plans.connectedSeller")}</Alert> : null}
      <ReadOnlyNotice />
      {plan.isError ? <Alert tone="danger">{t("admin.plans.detail.failed")}</Alert> : null}

      <section className="plan-section" aria-labelledby="plan-facts-title">
        <h2 id="plan-facts-title" className="admin-subheading">
          {t("admin.plans.detail.terms")}
        </h2>
        <dl className="admin-facts" data-testid="plan-facts">
          <div>
            <dt>{t("admin.plans.colStatus")}</dt>
            <dd>
              <PlanStatusBadge plan={data} />
            </dd>
          </div>
          <div>
            <dt>{t("admin.plans.colAmount")}</dt>
            <dd>{data.amount ? formatMoney(data.amount.amountMinor, data.amount.currency) : none}</dd>
          </div>
          <div>
            <dt>{t("admin.plans.colSchedule")}</dt>
            <dd>{schedule(data.frequency, data.frequencyType) || none}</dd>
          </div>
          <div>
            <dt>{t("admin.plans.field.trial")}</dt>
            <dd>{data.freeTrial ? schedule(data.freeTrial.frequency, data.freeTrial.frequencyType) : none}</dd>
          </div>
          <div>
            <dt>{t("admin.plans.field.billingDay")}</dt>
            <dd>
              {data.billingDay === null
                ? none
                : data.billingDayProportional
                  ? t("admin.plans.detail.billingDayProportional", { day: data.billingDay })
                  : String(data.billingDay)}
            </dd>
          </div>
          <div>
            <dt>{t("admin.plans.field.repetitions")}</dt>
            <dd>{data.repetitions === null ? t("admin.plans.detail.untilCancelled") : String(data.repetitions)}</dd>
          </div>
          <div>
            <dt>{t("admin.plans.field.backUrl")}</dt>
            <dd className="admin-mono">{data.backUrl ?? none}</dd>
          </div>
          <div>
            <dt>{t("admin.plans.field.externalReference")}</dt>
            <dd>{data.externalReference || none}</dd>
          </div>
          <div>
            <dt>{t("admin.plans.detail.id")}</dt>
            <dd className="admin-mono">{data.id}</dd>
          </div>
          <div>
            <dt>{t("admin.plans.detail.shopLink")}</dt>
            <dd>
              {data.status === "active" ? (
                <a href={`/plans/${encodeURIComponent(data.id)}`}>{t("admin.plans.detail.openInShop")}</a>
              ) : (
                t("admin.plans.detail.notOffered")
              )}
            </dd>
          </div>
          <div>
            <dt>{t("admin.plans.colCreated")}</dt>
            <dd>{data.createdAt ? formatDate(data.createdAt, "dateTime") : none}</dd>
          </div>
          <div>
            <dt>{t("admin.plans.detail.updated")}</dt>
            <dd>{data.updatedAt ? formatDate(data.updatedAt, "dateTime") : none}</dd>
          </div>
        </dl>
      </section>

      {canAct ? (
        <section className="plan-section" aria-labelledby="plan-edit-title">
          <h2 id="plan-edit-title" className="admin-subheading">
            {t("admin.plans.edit.title")}
          </h2>
          <EditPlanForm key={data.updatedAt ?? data.id} plan={data} scope={scope} onDone={done} />
        </section>
      ) : null}
      {changingStatus ? (
        <StatusDialog plan={data} scope={scope} onClose={() => setChangingStatus(false)} onDone={done} />
      ) : null}
    </>
  );
}
