// Checkout in two steps: the payer's details make a checkout on the server
// (prices come from the database), then the shopper picks how to pay it: a
// card tokenized in the browser, Mercado Pago's hosted checkout, or Pix/cash
// where the site offers them. The checkout id and its guest token live in
// sessionStorage, so a reload or a "try another card" resumes the SAME
// checkout and the server's one-payment-per-checkout rule keeps it to one charge.

import { checkoutCreateInputSchema } from "@cobro/contracts";
import {
  Alert,
  Button,
  Card,
  EmptyState,
  LoadingState,
  PageHeading,
  SelectField,
  TextField,
  useDomId,
} from "@cobro/ui";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useCart } from "../cart/cart-context";
import { toCheckoutItems } from "../cart/cart-state";
import {
  cartSignature,
  clearStoredCheckout,
  readStoredCheckout,
  type StoredCheckout,
  writeStoredCheckout,
} from "../checkout/checkout-session";
import { resultPathFor } from "../checkout/result-params";
import { useCurrentUser } from "../components/app-layout";
import { PaymentStatusBadge } from "../components/payment-status-badge";
import { Price } from "../components/price";
import { QueryErrorState } from "../components/query-list";
import { useDocumentTitle } from "../components/use-document-title";
import { describeError, type UserFacingError } from "../errors/describe-error";
import { FailureAlert } from "../errors/failure-alert";
import { type FieldMessages, type FormFieldErrors, serverFieldErrors, validateForm } from "../forms/form-errors";
import { FormProblems } from "../forms/form-problems";
import { useFormValues } from "../forms/form-values";
import { useI18n } from "../i18n/i18n-context";
import { describePaymentOutcome } from "../i18n/payment-status";
import { acceptsAmount, isCardMethod } from "../payments/card-brand";
import { CardForm, type CardFormSubmission } from "../payments/card-form";
import { type RouterOutputs, trpc } from "../trpc";

type PaymentMethod = RouterOutputs["checkout"]["paymentMethods"][number];
type CheckoutResult = RouterOutputs["checkout"]["result"];

/** Payment types paid outside the card form: Pix (bank_transfer) and cash vouchers. */
const OFFLINE_PAYMENT_TYPES = new Set(["bank_transfer", "ticket", "atm"]);

/** Results after which the checkout must not be paid again: it has a live or settled payment. */
const PAID_STATUSES = new Set(["approved", "pending", "in_process", "authorized", "refunded"]);

const PAYER_MESSAGES: FieldMessages = {
  "payer.email": "checkout.error.email",
  "payer.firstName": "checkout.error.firstName",
  "payer.lastName": "checkout.error.lastName",
  "payer.identification.type": "checkout.error.identificationType",
  "payer.identification.number": "checkout.error.identificationNumber",
};

const PAYER_FIELD_IDS: Readonly<Record<string, string>> = {
  "payer.email": "payer-email",
  "payer.firstName": "payer-first-name",
  "payer.lastName": "payer-last-name",
  "payer.identification.type": "payer-id-type",
  "payer.identification.number": "payer-id-number",
};

interface PayerValues {
  email: string;
  firstName: string;
  lastName: string;
  identificationType: string;
  identificationNumber: string;
}

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

interface PayerFormProps {
  initial: PayerValues;
  onCreated: (checkout: StoredCheckout) => void;
}

/** Step 1: who pays. Creates the checkout on the server from the cart's product ids and quantities. */
function PayerForm({ initial, onCreated }: PayerFormProps) {
  const { t, language } = useI18n();
  const cart = useCart();
  const documentTypes = trpc.checkout.identificationTypes.useQuery(undefined, { staleTime: 10 * 60_000 });
  const { values, setValues, set } = useFormValues<PayerValues>(initial);
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const create = trpc.checkout.create.useMutation();
  const inFlight = useRef(false);

  const types = documentTypes.data ?? [];
  const chosenType = types.find((type) => type.id === values.identificationType);
  useEffect(() => {
    const first = documentTypes.data?.[0];
    if (first && !documentTypes.data?.some((type) => type.id === values.identificationType)) {
      setValues((current) => ({ ...current, identificationType: first.id }));
    }
  }, [documentTypes.data, values.identificationType, setValues]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const input = {
      items: toCheckoutItems(cart.items),
      payer: {
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        identification: { type: values.identificationType, number: values.identificationNumber },
      },
    };
    const checked = validateForm(checkoutCreateInputSchema, input, PAYER_MESSAGES, t);
    const found: FormFieldErrors = checked.success ? {} : { ...checked.errors };
    // provider: each document type has its own length (identification_types min_length/max_length).
    const digits = values.identificationNumber.trim();
    if (!found["payer.identification.number"] && chosenType && digits !== "") {
      if (digits.length < chosenType.minLength || digits.length > chosenType.maxLength) {
        found["payer.identification.number"] = t("checkout.error.identificationLength", {
          min: chosenType.minLength,
          max: chosenType.maxLength,
        });
      }
    }
    setErrors(found);
    setFailure(null);
    if (!checked.success || Object.keys(found).length > 0) return;

    inFlight.current = true;
    try {
      const created = await create.mutateAsync(checked.data);
      onCreated({
        checkoutId: created.checkoutId,
        checkoutToken: created.checkoutToken,
        total: created.total,
        cartSignature: cartSignature(input.items),
        items: checked.data.items,
        payer: checked.data.payer,
      });
    } catch (error) {
      const described = describeError(error, { t, language });
      setFailure(described);
      setErrors(serverFieldErrors(described, PAYER_MESSAGES, { t, language }));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Card title={t("checkout.payer.title")}>
      <form className="ui-form" noValidate onSubmit={submit}>
        <FormProblems errors={errors} failure={failure} fieldIdOf={(path) => PAYER_FIELD_IDS[path]} />
        <TextField
          id="payer-email"
          label={t("checkout.payer.email")}
          description={t("checkout.payer.emailHelp")}
          type="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors["payer.email"]}
          onChange={set("email")}
        />
        <div className="ui-form__row">
          <TextField
            id="payer-first-name"
            label={t("checkout.payer.firstName")}
            autoComplete="given-name"
            required
            value={values.firstName}
            error={errors["payer.firstName"]}
            onChange={set("firstName")}
          />
          <TextField
            id="payer-last-name"
            label={t("checkout.payer.lastName")}
            autoComplete="family-name"
            required
            value={values.lastName}
            error={errors["payer.lastName"]}
            onChange={set("lastName")}
          />
        </div>
        <div className="ui-form__row">
          {types.length > 0 || documentTypes.isPending ? (
            <SelectField
              id="payer-id-type"
              label={t("checkout.payer.identificationType")}
              required
              disabled={documentTypes.isPending}
              value={values.identificationType}
              error={errors["payer.identification.type"]}
              onChange={set("identificationType")}
              options={types.map((type) => ({ value: type.id, label: type.name }))}
            />
          ) : (
            <TextField
              id="payer-id-type"
              label={t("checkout.payer.identificationType")}
              required
              value={values.identificationType}
              error={errors["payer.identification.type"]}
              onChange={set("identificationType")}
            />
          )}
          <TextField
            id="payer-id-number"
            label={t("checkout.payer.identificationNumber")}
            inputMode={chosenType?.type === "number" ? "numeric" : "text"}
            required
            value={values.identificationNumber}
            error={errors["payer.identification.number"]}
            onChange={set("identificationNumber")}
          />
        </div>
        {documentTypes.isError ? <Alert tone="warning">{t("checkout.payer.typesFailed")}</Alert> : null}
        <Button type="submit" block busy={create.isPending} busyLabel={t("checkout.payer.creating")}>
          {t("checkout.payer.continue")}
        </Button>
      </form>
    </Card>
  );
}

type MethodChoice = { kind: "card" } | { kind: "hosted" } | { kind: "offline"; method: PaymentMethod };

function choiceKey(choice: MethodChoice): string {
  return choice.kind === "offline" ? `offline:${choice.method.id}` : choice.kind;
}

interface MethodPickerProps {
  choices: readonly MethodChoice[];
  value: string;
  onChange: (key: string) => void;
}

/** "How do you want to pay?" as a radio group (arrow keys move between the choices). */
function MethodPicker({ choices, value, onChange }: MethodPickerProps) {
  const { t } = useI18n();
  const name = useDomId("method");
  const labelOf = (choice: MethodChoice) =>
    choice.kind === "card"
      ? t("checkout.method.card")
      : choice.kind === "hosted"
        ? t("checkout.method.hosted")
        : choice.method.paymentTypeId === "bank_transfer"
          ? choice.method.name
          : t("checkout.method.ticket", { name: choice.method.name });
  return (
    <fieldset className="ui-choices">
      <legend className="ui-choices__legend">{t("checkout.method.legend")}</legend>
      {choices.map((choice) => {
        const key = choiceKey(choice);
        const id = `${name}-${key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
        return (
          <div className="ui-choices__option" key={key}>
            <input
              type="radio"
              id={id}
              name={name}
              value={key}
              checked={value === key}
              onChange={() => onChange(key)}
            />
            <label htmlFor={id}>{labelOf(choice)}</label>
          </div>
        );
      })}
    </fieldset>
  );
}

interface PaymentStepProps {
  checkout: StoredCheckout;
  onChangeDetails: () => void;
}

/** Step 2: how to pay the checkout. */
function PaymentStep({ checkout, onChangeDetails }: PaymentStepProps) {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const methods = trpc.checkout.paymentMethods.useQuery(undefined, { staleTime: 10 * 60_000 });
  const access = { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken };
  // Where this checkout stands: after a reload or a rejection the shopper comes back here.
  const current = trpc.checkout.result.useQuery(access, { staleTime: 0, refetchOnMount: "always" });
  const payWithCard = trpc.checkout.payWithCard.useMutation();
  const createCheckout = trpc.checkout.create.useMutation();
  const createPreference = trpc.checkout.createPreference.useMutation();
  const payOffline = trpc.checkout.payOffline.useMutation();
  const [choice, setChoice] = useState("card");
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const inFlight = useRef(false);

  const list = methods.data ?? [];
  const cardMethods = list.filter(isCardMethod);
  const offline = list.filter(
    (method) => OFFLINE_PAYMENT_TYPES.has(method.paymentTypeId) && acceptsAmount(method, checkout.total.amountMinor),
  );
  const choices: MethodChoice[] = [
    { kind: "card" },
    { kind: "hosted" },
    ...offline.map((method): MethodChoice => ({ kind: "offline", method })),
  ];
  const selected = choices.find((candidate) => choiceKey(candidate) === choice) ?? { kind: "card" };

  // Whether the card was saved is only in the payment's answer, not in later reads of the result.
  const goToResult = (result: CheckoutResult) =>
    navigate(resultPathFor(result.checkoutId), {
      state: result.cardSaved === undefined ? null : { cardSaved: result.cardSaved },
    });

  const payCard = async (submission: CardFormSubmission) => {
    const card = {
      cardToken: submission.cardToken,
      paymentMethodId: submission.paymentMethodId,
      installments: submission.installments,
      ...(submission.saveCard && submission.saveCardToken
        ? { saveCard: true, saveCardToken: submission.saveCardToken }
        : {}),
    };
    // server: a declined checkout keeps its one payment (pay-with-card.ts), so another card after a decline is a
    // new checkout for the same order; it has its own idempotency key, so it too charges at most once.
    const target = current.data?.status === "rejected" ? await startReplacementCheckout() : access;
    await goToResult(await payWithCard.mutateAsync({ ...target, ...card }));
  };

  const startReplacementCheckout = async () => {
    const created = await createCheckout.mutateAsync({ items: checkout.items, payer: checkout.payer });
    // Kept for the result page and a reload; this page is left right after, so its state stays as it is.
    writeStoredCheckout({
      ...checkout,
      checkoutId: created.checkoutId,
      checkoutToken: created.checkoutToken,
      total: created.total,
    });
    return { checkoutId: created.checkoutId, checkoutToken: created.checkoutToken };
  };

  const payHosted = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      const { initPoint } = await createPreference.mutateAsync(access);
      setRedirecting(true);
      window.location.assign(initPoint);
    } catch (error) {
      setFailure(describeError(error, { t, language }));
    } finally {
      inFlight.current = false;
    }
  };

  const payWithOffline = async (method: PaymentMethod) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      await goToResult(await payOffline.mutateAsync({ ...access, paymentMethodId: method.id }));
    } catch (error) {
      setFailure(describeError(error, { t, language }));
    } finally {
      inFlight.current = false;
    }
  };

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

  const lastDecline =
    current.data && current.data.status === "rejected"
      ? describePaymentOutcome("rejected", current.data.reason ?? current.data.statusDetail)
      : null;

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
        <MethodPicker
          choices={choices}
          value={choiceKey(selected)}
          onChange={(key) => {
            setChoice(key);
            setFailure(null);
          }}
        />
        {failure ? <FailureAlert failure={failure} /> : null}
        {selected.kind === "card" ? (
          <CardForm
            idPrefix="card"
            methods={cardMethods}
            installmentsFor={checkout.total}
            identification={checkout.payer.identification}
            allowSaveCard={user !== null}
            submitLabel={t("checkout.card.pay")}
            busyLabel={t("checkout.paying")}
            onSubmit={payCard}
          />
        ) : selected.kind === "hosted" ? (
          <div className="ui-method-panel">
            <p>{t("checkout.hosted.text")}</p>
            <Button
              block
              busy={createPreference.isPending || redirecting}
              busyLabel={t("checkout.hosted.redirecting")}
              onClick={() => void payHosted()}
            >
              {t("checkout.hosted.pay")}
            </Button>
          </div>
        ) : (
          <div className="ui-method-panel">
            <p>
              {selected.method.paymentTypeId === "bank_transfer"
                ? t("checkout.offline.pixText")
                : t("checkout.offline.ticketText")}
            </p>
            <Button
              block
              busy={payOffline.isPending}
              busyLabel={t("checkout.offline.creating")}
              onClick={() => void payWithOffline(selected.method)}
            >
              {selected.method.paymentTypeId === "bank_transfer"
                ? t("checkout.offline.pixPay")
                : t("checkout.offline.ticketPay", { name: selected.method.name })}
            </Button>
          </div>
        )}
      </Card>
    </>
  );
}

/** `/checkout`: resumes the checkout of this tab when it still matches the cart, else asks for the payer. */
export function CheckoutPage() {
  const { t } = useI18n();
  const cart = useCart();
  const { user } = useCurrentUser();
  useDocumentTitle(t("page.checkout.title"));
  const signature = cartSignature(toCheckoutItems(cart.items));
  const [stored, setStored] = useState<StoredCheckout | null>(() => {
    const found = readStoredCheckout();
    // The cart changed since: that checkout is for other products. An empty cart (another tab bought it, or the
    // shopper comes back to retry) keeps the checkout.
    return found && (cart.items.length === 0 || found.cartSignature === signature) ? found : null;
  });
  const previousPayer = useRef<StoredCheckout["payer"] | null>(stored?.payer ?? null);

  useEffect(() => {
    if (stored && cart.items.length > 0 && stored.cartSignature !== signature) {
      clearStoredCheckout();
      setStored(null);
    }
  }, [stored, signature, cart.items.length]);

  const heading = <PageHeading title={t("page.checkout.title")} description={t("checkout.description")} />;

  if (stored) {
    return (
      <>
        {heading}
        <PaymentStep
          checkout={stored}
          onChangeDetails={() => {
            previousPayer.current = stored.payer;
            clearStoredCheckout();
            setStored(null);
          }}
        />
      </>
    );
  }

  if (cart.items.length === 0) {
    return (
      <>
        {heading}
        <EmptyState
          title={t("cart.empty.title")}
          description={t("checkout.emptyCart")}
          action={<Link to="/">{t("common.backToStore")}</Link>}
        />
      </>
    );
  }
  if (cart.total === null) {
    return (
      <>
        {heading}
        <Alert tone="warning">{t("cart.mixedCurrencies")}</Alert>
        <Link to="/cart">{t("checkout.backToCart")}</Link>
      </>
    );
  }

  const payer = previousPayer.current;
  const names = user ? splitName(user.name) : { firstName: "", lastName: "" };
  const initial: PayerValues = {
    email: payer?.email ?? user?.email ?? "",
    firstName: payer?.firstName ?? names.firstName,
    lastName: payer?.lastName ?? names.lastName,
    identificationType: payer?.identification.type ?? "",
    identificationNumber: payer?.identification.number ?? "",
  };

  return (
    <>
      {heading}
      <Card title={t("checkout.cartSummary")}>
        <ul className="ui-line-items">
          {cart.items.map((item) => (
            <li key={item.productId}>
              <span>{t("checkout.line", { quantity: item.quantity, name: item.name })}</span>
              <Price money={{ amountMinor: item.unitPriceMinor * item.quantity, currency: item.currency }} />
            </li>
          ))}
        </ul>
        <p className="ui-checkout-total">
          <span>{t("cart.total")}</span> <Price money={cart.total} />
        </p>
        <Link to="/cart">{t("checkout.editCart")}</Link>
      </Card>
      <PayerForm
        key={user?.id ?? "guest"}
        initial={initial}
        onCreated={(created) => {
          writeStoredCheckout(created);
          setStored(created);
        }}
      />
    </>
  );
}
