// /admin/customers/:customerId: one Mercado Pago customer — its details (operators edit them), the Cobro user whose
// saved cards live under it, and its saved cards: add one through the provider's secure fields (the card data never
// touches this page's document or our server; only a token does), change a card's expiry, delete a card, or delete
// the customer (its cards go with it, and the Cobro user is unlinked). A connected seller's customer (`?account=`)
// is changed on that seller's account.
import type { AdminCustomerDetail } from "@cobro/contracts";
import { Alert, Button, ConfirmDialog, LoadingState, PageHeading, SelectField, StatusBadge } from "@cobro/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryErrorState } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { describeError, type UserFacingError } from "../../../shared/errors/describe-error";
import { useIntentKey } from "../../../shared/forms/use-intent-key";
import { CardForm, type CardFormSubmission } from "../../../shared/payments/card-form";
import { trpc } from "../../../trpc";
import { useAccountScope } from "../../components/account-scope";
import { type Outcome, OutcomeAlert, roleKey } from "../admin-outcome";
import { BuyerSummarySection } from "../store-orders/buyer-summary-section";
import { useCanAct } from "../use-can-act";
import { CustomerPaymentsSection, CustomerSubscriptionsSection } from "./customer-activity";
import { DeleteCardDialog, EditCardDialog, formatExpiry, useCardLabel } from "./customer-card-dialogs";
import { CustomerFormFields, type CustomerFormValues, toCustomerFields } from "./customer-form-fields";
import "./customers.css";
import { ReadOnlyNotice } from "../read-only-notice";

type SavedCard = AdminCustomerDetail["cards"][number];
type CardAction = { kind: "edit" | "delete"; card: SavedCard } | null;

function formValuesOf(customer: AdminCustomerDetail): CustomerFormValues & { defaultCardId: string } {
  return {
    firstName: customer.firstName ?? "",
    lastName: customer.lastName ?? "",
    areaCode: customer.phone.areaCode,
    phone: customer.phone.number,
    documentType: customer.identification.type,
    documentNumber: customer.identification.number,
    description: customer.description ?? "",
    defaultCardId: customer.defaultCardId ?? "",
  };
}

/** The connected seller a customer belongs to (its changes go to that account); empty for the store's own. */
type CustomerAccount = { account?: string };

function EditCustomerForm({
  customer,
  scope,
  onDone,
}: {
  customer: AdminCustomerDetail;
  scope: CustomerAccount;
  onDone(message: string): void;
}) {
  const { t, language } = useI18n();
  const cardLabel = useCardLabel();
  const utils = trpc.useUtils();
  const update = trpc.admin.customers.update.useMutation();
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const form = useForm<CustomerFormValues & { defaultCardId: string }>({ defaultValues: formValuesOf(customer) });

  const submit = form.handleSubmit(async (values) => {
    if (update.isPending) return;
    setFailure(null);
    try {
      const saved = await update.mutateAsync({
        customerId: customer.id,
        ...scope,
        ...toCustomerFields(values),
        ...(values.defaultCardId && values.defaultCardId !== customer.defaultCardId
          ? { defaultCardId: values.defaultCardId }
          : {}),
      });
      form.reset(formValuesOf(saved));
      utils.admin.customers.get.setData({ customerId: customer.id, ...scope }, saved);
      onDone(t("admin.customers.edit.done"));
    } catch (error) {
      setFailure(describeError(error, { t, language }));
    }
  });

  return (
    <form className="customer-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={update.isPending}>
      <div className="customer-form--grid">
        <CustomerFormFields
          register={(name) => form.register(name)}
          error={failure}
          disabled={update.isPending}
          idPrefix="customer"
        />
        {customer.cards.length > 0 ? (
          <SelectField
            label={t("admin.customers.field.defaultCard")}
            disabled={update.isPending}
            options={[
              ...(customer.defaultCardId ? [] : [{ value: "", label: t("admin.customers.field.noDefaultCard") }]),
              ...customer.cards.map((card) => ({ value: card.id, label: cardLabel(card) })),
            ]}
            {...form.register("defaultCardId")}
          />
        ) : null}
      </div>
      {failure ? <Alert tone="danger">{failure.message}</Alert> : null}
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t("admin.customers.edit.saving") : t("admin.customers.edit.submit")}
        </Button>
      </div>
    </form>
  );
}

function AddCardSection({ customerId, onDone }: { customerId: string; onDone(message: string | null): void }) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const add = trpc.admin.customers.addCard.useMutation();
  // One key per "add a card": a double submit or a retry after a lost answer saves one card; a refusal saved
  // nothing, so the next try (a new token) gets a new key.
  const intent = useIntentKey();

  const save = async (submission: CardFormSubmission) => {
    try {
      const card = await add.mutateAsync({
        customerId,
        cardToken: submission.cardToken,
        idempotencyKey: intent.idempotencyKey,
      });
      await utils.admin.customers.get.invalidate({ customerId });
      onDone(t("admin.customers.cards.added", { brand: card.brand, lastFour: card.lastFour }));
    } catch (error) {
      intent.failed(error);
      throw error;
    }
  };

  return (
    <section aria-labelledby="customer-add-card-title" className="customer-add-card">
      <h3 id="customer-add-card-title">{t("admin.customers.cards.addTitle")}</h3>
      <CardForm
        idPrefix="customer-card"
        requireBrand={false}
        submitLabel={t("admin.customers.cards.addSubmit")}
        busyLabel={t("admin.customers.cards.adding")}
        onSubmit={save}
      />
      <Button variant="secondary" onClick={() => onDone(null)}>
        {t("admin.customers.cards.addCancel")}
      </Button>
    </section>
  );
}

function DeleteCustomerDialog({
  customer,
  scope,
  onClose,
}: {
  customer: AdminCustomerDetail;
  scope: CustomerAccount & { search: string };
  onClose(): void;
}) {
  const { t, tPlural, language } = useI18n();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const remove = trpc.admin.customers.delete.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    if (remove.isPending) return;
    try {
      const { search, ...account } = scope;
      await remove.mutateAsync({ customerId: customer.id, ...account });
      await utils.admin.customers.search.invalidate();
      utils.admin.customers.get.setData({ customerId: customer.id, ...account }, undefined);
      navigate(`/admin/customers${search}`, {
        state: { outcome: t("admin.customers.deleted", { email: customer.email }) },
      });
    } catch (error) {
      setFailure(describeError(error, { t, language }).message);
    }
  };
  return (
    <ConfirmDialog
      open
      title={t("admin.customers.deleteTitle", { email: customer.email })}
      confirmLabel={t("admin.customers.delete")}
      cancelLabel={t("admin.customers.cancel")}
      busy={remove.isPending}
      busyLabel={t("admin.customers.working")}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t("admin.customers.deleteBody")}</p>
      {customer.cards.length > 0 ? (
        <p>
          {tPlural(
            { one: "admin.customers.deleteCards.one", other: "admin.customers.deleteCards.other" },
            customer.cards.length,
            { count: customer.cards.length },
          )}
        </p>
      ) : null}
      {customer.linkedUser ? <p>{t("admin.customers.deleteUnlinks", { email: customer.linkedUser.email })}</p> : null}
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
    </ConfirmDialog>
  );
}

export function CustomerDetailPage() {
  const { t, formatDate } = useI18n();
  const { customerId = "" } = useParams();
  const location = useLocation();
  const scope = useAccountScope();
  // A connected account's customer is read and changed with that seller's credentials. Cards are added on the
  // store's own customers only: the card token is made with the store's public key.
  const canAct = useCanAct("operator");
  const account: CustomerAccount = scope.account ? { account: scope.account } : {};
  const canSeeUsers = useCanAct("admin");
  const cardLabel = useCardLabel();
  const customer = trpc.admin.customers.get.useQuery({ customerId, ...account });
  const [outcome, setOutcome] = useState<Outcome>(() => {
    const message = (location.state as { outcome?: string } | null)?.outcome;
    return message ? { tone: "success", message } : null;
  });
  const [cardAction, setCardAction] = useState<CardAction>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const data = customer.data;
  const name = data ? [data.firstName, data.lastName].filter(Boolean).join(" ") : "";
  useDocumentTitle(data ? data.email : t("admin.customers.title"));

  const back = <Link to={`/admin/customers${scope.search}`}>{t("admin.customers.back")}</Link>;
  if (customer.isPending) return <LoadingState label={t("admin.customers.detail.loading")} />;
  if (!data) {
    return (
      <>
        {back}
        <QueryErrorState title={t("admin.customers.detail.failed")} query={customer} />
      </>
    );
  }

  const none = t("admin.customers.detail.none");
  const done = (message: string) => {
    setCardAction(null);
    setOutcome({ tone: "success", message });
  };
  return (
    <>
      {back}
      <PageHeading
        title={data.email}
        description={name || undefined}
        actions={
          canAct ? (
            <Button variant="danger" onClick={() => setDeleting(true)}>
              {t("admin.customers.delete")}
            </Button>
          ) : null
        }
      />
      {scope.connected ? <Alert tone="info">{t("admin.customers.connectedSeller")}</Alert> : null}
      <ReadOnlyNotice />
      <OutcomeAlert outcome={outcome} onDismiss={() => setOutcome(null)} />
      {customer.isError ? <Alert tone="danger">{t("admin.customers.detail.failed")}</Alert> : null}

      <section className="customer-section" aria-labelledby="customer-facts-title">
        <h2 id="customer-facts-title" className="admin-subheading">
          {t("admin.customers.edit.title")}
        </h2>
        <dl className="admin-facts">
          <div>
            <dt>{t("admin.customers.detail.id")}</dt>
            <dd className="admin-mono">{data.id}</dd>
          </div>
          <div>
            <dt>{t("admin.customers.detail.created")}</dt>
            <dd>{data.createdAt ? formatDate(data.createdAt, "dateTime") : none}</dd>
          </div>
          <div>
            <dt>{t("admin.customers.detail.updated")}</dt>
            <dd>{data.updatedAt ? formatDate(data.updatedAt, "dateTime") : none}</dd>
          </div>
          {canAct ? null : (
            <>
              <div>
                <dt>{t("admin.customers.field.phone")}</dt>
                <dd>{[data.phone.areaCode, data.phone.number].filter(Boolean).join(" ") || none}</dd>
              </div>
              <div>
                <dt>{t("admin.customers.colDocument")}</dt>
                <dd>{[data.identification.type, data.identification.number].filter(Boolean).join(" ") || none}</dd>
              </div>
              <div>
                <dt>{t("admin.customers.field.description")}</dt>
                <dd>{data.description || none}</dd>
              </div>
            </>
          )}
        </dl>
        {canAct ? (
          <EditCustomerForm key={data.updatedAt ?? data.id} customer={data} scope={account} onDone={done} />
        ) : null}
      </section>

      <section className="customer-section" aria-labelledby="customer-user-title">
        <h2 id="customer-user-title" className="admin-subheading">
          {t("admin.customers.user.title")}
        </h2>
        {data.linkedUser ? (
          <dl className="admin-facts" data-testid="customer-linked-user">
            <div>
              <dt>{t("admin.customers.colName")}</dt>
              <dd>{data.linkedUser.name}</dd>
            </div>
            <div>
              <dt>{t("admin.customers.colEmail")}</dt>
              <dd>
                {canSeeUsers ? (
                  <Link to={`/admin/users?q=${encodeURIComponent(data.linkedUser.email)}`}>
                    {data.linkedUser.email}
                  </Link>
                ) : (
                  data.linkedUser.email
                )}
              </dd>
            </div>
            <div>
              <dt>{t("admin.customers.user.role")}</dt>
              <dd>{t(roleKey(data.linkedUser.role))}</dd>
            </div>
          </dl>
        ) : (
          <p className="admin-hint">{t("admin.customers.user.none")}</p>
        )}
      </section>

      <BuyerSummarySection email={data.email} />
      <CustomerPaymentsSection email={data.email} {...(scope.account ? { account: scope.account } : {})} />
      <CustomerSubscriptionsSection email={data.email} {...(scope.account ? { account: scope.account } : {})} />

      <section className="customer-section" aria-labelledby="customer-cards-title">
        <h2 id="customer-cards-title" className="admin-subheading">
          {t("admin.customers.cards.title")}
        </h2>
        {data.cards.length === 0 ? (
          <p className="admin-hint">{t("admin.customers.cards.empty")}</p>
        ) : (
          <div className="admin-table-wrap" aria-busy={customer.isFetching}>
            <table className="admin-table" aria-label={t("admin.customers.cards.title")}>
              <thead>
                <tr>
                  <th scope="col">{t("admin.customers.cards.colCard")}</th>
                  <th scope="col">{t("admin.customers.cards.colExpiry")}</th>
                  <th scope="col">{t("admin.customers.cards.colHolder")}</th>
                  {canAct ? <th scope="col">{t("admin.common.actions")}</th> : null}
                </tr>
              </thead>
              <tbody>
                {data.cards.map((card) => (
                  <tr key={card.id} data-testid={`saved-card-${card.lastFour}`}>
                    <th scope="row">
                      {cardLabel(card)}{" "}
                      {card.id === data.defaultCardId ? (
                        <StatusBadge tone="info">{t("admin.customers.cards.default")}</StatusBadge>
                      ) : null}
                    </th>
                    <td>{formatExpiry(card.expirationMonth, card.expirationYear)}</td>
                    <td>{card.holder ?? ""}</td>
                    {canAct ? (
                      <td className="admin-actions">
                        <Button size="sm" variant="secondary" onClick={() => setCardAction({ kind: "edit", card })}>
                          {t("admin.customers.cards.edit")}
                        </Button>
                        <Button size="sm" variant="danger" onClick={() => setCardAction({ kind: "delete", card })}>
                          {t("admin.customers.cards.delete")}
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {canAct && !scope.connected ? (
          adding ? (
            <AddCardSection
              customerId={data.id}
              onDone={(message) => {
                setAdding(false);
                if (message) setOutcome({ tone: "success", message });
              }}
            />
          ) : (
            <Button variant="secondary" onClick={() => setAdding(true)}>
              {t("admin.customers.cards.add")}
            </Button>
          )
        ) : null}
      </section>

      {cardAction?.kind === "edit" ? (
        <EditCardDialog
          customerId={data.id}
          scope={account}
          card={cardAction.card}
          onClose={() => setCardAction(null)}
          onDone={done}
        />
      ) : null}
      {cardAction?.kind === "delete" ? (
        <DeleteCardDialog
          customerId={data.id}
          scope={account}
          card={cardAction.card}
          onClose={() => setCardAction(null)}
          onDone={done}
        />
      ) : null}
      {deleting ? (
        <DeleteCustomerDialog
          customer={data}
          scope={{ ...account, search: scope.search }}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </>
  );
}
