// The card form of the checkout and of plan subscriptions. The card data is
// tokenized here, in the browser, straight with the provider (public key from
// system.publicConfig); the parent only ever receives the single-use token,
// so the card number and CVV never reach Cobro's server.

import { type CardField, cardErrorKey, validateCardInput } from "@cobro/contracts";
import { Alert, Button, FormErrorSummary, SelectField, TextField } from "@cobro/ui";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { describeError, type UserFacingError } from "../errors/describe-error";
import { FailureAlert } from "../errors/failure-alert";
import { type FormFieldErrors, toSummaryErrors } from "../forms/form-errors";
import { useI18n } from "../i18n/i18n-context";
import { trpc } from "../trpc";
import { detectCardMethod, type PaymentMethodLike } from "./card-brand";
import { installmentOptions } from "./installments";
import { tokenizeCard } from "./tokenize-card";

/** What the form hands to its parent: a token, never card data. */
export interface CardFormSubmission {
  cardToken: string;
  paymentMethodId: string;
  installments: number;
  /** The shopper ticked "save this card" (signed in only). */
  saveCard: boolean;
  /** provider: card tokens are single use, so saving the card needs a second one. */
  saveCardToken?: string;
}

export interface CardFormProps {
  /** Prefix of the controls' ids, unique on the page. */
  idPrefix: string;
  methods: readonly PaymentMethodLike[];
  /** The amount to pay, for the installment choices; omit to offer no installments. */
  installmentsFor?: { amountMinor: number; currency: string };
  /** The payer's document, sent with the card to the provider (it must match the cardholder's). */
  identification?: { type: string; number: string } | null;
  submitLabel: string;
  busyLabel: string;
  /** Offers "save this card" (signed-in shoppers). */
  allowSaveCard?: boolean;
  /**
   * The brand must be recognised from the card number (a payment needs its payment_method_id); a subscription
   * lets the provider tell the brand from the token.
   */
  requireBrand?: boolean;
  /** Keeps the submit button disabled (e.g. while the payment methods load). */
  disabled?: boolean;
  /** Extra fields shown first inside the form (e.g. the payer's e-mail). */
  children?: ReactNode;
  /** Checks the extra fields before the card is tokenized; false stops the submit (the fields show why). */
  validateExtra?: () => boolean;
  /** Pays with the token; a thrown error is shown by the form (the CVV is cleared for the next try). */
  onSubmit: (submission: CardFormSubmission) => Promise<void>;
}

const FIELD_ORDER: readonly CardField[] = ["cardNumber", "cardholderName", "expiry", "securityCode", "identification"];

/**
 * "11/30", "11 / 2030", "1130" → month and year as typed; empty text gives empty parts (a "required" error), text
 * that is no expiry gives null (an "invalid" error).
 */
export function splitExpiry(text: string): { month: string; year: string } | null {
  const compact = text.replace(/\s+/g, "");
  if (compact === "") return { month: "", year: "" };
  const parts = compact.split("/");
  if (parts.length === 2 && /^\d{1,2}$/.test(parts[0] ?? "") && /^(\d{2}|\d{4})$/.test(parts[1] ?? "")) {
    return { month: parts[0] ?? "", year: parts[1] ?? "" };
  }
  if (/^\d{4}$|^\d{6}$/.test(compact)) return { month: compact.slice(0, 2), year: compact.slice(2) };
  return null;
}

/** The card number in groups of four as the shopper types ("4509 9535 6623 3704"); Amex keeps its own spacing. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 19);
  if (/^3[47]/.test(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(" ");
  }
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export function CardForm({
  idPrefix,
  methods,
  installmentsFor,
  identification,
  submitLabel,
  busyLabel,
  allowSaveCard = false,
  requireBrand = true,
  disabled = false,
  children,
  validateExtra,
  onSubmit,
}: CardFormProps) {
  const { t, language, formatMoney } = useI18n();
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  const [cardNumber, setCardNumber] = useState("");
  const [holder, setHolder] = useState("");
  const [expiry, setExpiry] = useState("");
  const [securityCode, setSecurityCode] = useState("");
  const [installments, setInstallments] = useState("1");
  const [saveCard, setSaveCard] = useState(false);
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const [busy, setBusy] = useState(false);
  // A second press before React re-renders the disabled button must not start a second payment.
  const inFlight = useRef(false);

  const ids: Record<CardField | "installments", string> = {
    cardNumber: `${idPrefix}-number`,
    cardholderName: `${idPrefix}-holder`,
    expiry: `${idPrefix}-expiry`,
    securityCode: `${idPrefix}-cvv`,
    identification: `${idPrefix}-holder`,
    installments: `${idPrefix}-installments`,
  };

  const method = detectCardMethod(cardNumber, methods);
  const options = installmentsFor ? installmentOptions(installmentsFor.amountMinor, method) : [];
  // The brand decides what is allowed: a count the new brand does not offer falls back to one payment.
  const chosenInstallments = options.some((option) => String(option.count) === installments) ? installments : "1";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || !config.data) return;
    const expiryParts = splitExpiry(expiry);
    const { month, year } = expiryParts ?? { month: "", year: "" };
    const card = {
      cardNumber,
      cardholderName: holder,
      expirationMonth: month,
      expirationYear: year,
      securityCode,
      identification: identification ?? null,
    };
    const problems = validateCardInput(card, { securityCodeLength: method?.securityCodeLength });
    const found: FormFieldErrors = {};
    for (const field of FIELD_ORDER) {
      const problem = problems[field];
      if (problem) found[field] = t(cardErrorKey(field, problem));
    }
    if (expiryParts === null) found.expiry = t("card.error.expiry.invalid");
    if (!found.cardNumber && !method && requireBrand) found.cardNumber = t("card.error.cardNumber.unknownBrand");
    setErrors(found);
    setFailure(null);
    const extraValid = validateExtra ? validateExtra() : true;
    if (Object.keys(found).length > 0 || !extraValid) return;

    inFlight.current = true;
    setBusy(true);
    try {
      const tokenOptions = { providerApiUrl: config.data.providerApiUrl, publicKey: config.data.publicKey, card };
      const token = await tokenizeCard(tokenOptions);
      const saveCardToken = allowSaveCard && saveCard ? (await tokenizeCard(tokenOptions)).id : undefined;
      await onSubmit({
        cardToken: token.id,
        paymentMethodId: method?.id ?? "",
        installments: Number(chosenInstallments) || 1,
        saveCard: saveCardToken !== undefined,
        ...(saveCardToken ? { saveCardToken } : {}),
      });
    } catch (error) {
      const described = describeError(error, { t, language });
      setFailure(described);
      const fieldMessages: FormFieldErrors = {};
      for (const field of FIELD_ORDER) {
        const message = described.fieldErrors[field]?.[0];
        if (message) fieldMessages[field] = message;
      }
      setErrors(fieldMessages);
    } finally {
      // A token is single use and a CVV should not linger: the next attempt types it again.
      setSecurityCode("");
      inFlight.current = false;
      setBusy(false);
    }
  };

  const summary = toSummaryErrors(errors, (path) => ids[path as CardField]);
  return (
    <form className="ui-form" noValidate onSubmit={submit} aria-describedby={`${idPrefix}-secure`}>
      <FormErrorSummary title={t("errors.summaryTitle")} errors={summary} />
      {failure ? <FailureAlert failure={failure} /> : null}
      {config.isError ? <Alert tone="danger">{t("card.error.configuration")}</Alert> : null}
      <p className="ui-form__note" id={`${idPrefix}-secure`}>
        {t("card.secureNote")}
      </p>
      {children}
      {config.data?.providerMode === "sandbox" ? (
        <Alert tone="info" title={t("card.sandbox.title")}>
          <p>{t("card.sandbox.text")}</p>
        </Alert>
      ) : null}
      <TextField
        id={ids.cardNumber}
        label={t("card.number")}
        description={method ? t("card.detectedBrand", { brand: method.name }) : undefined}
        error={errors.cardNumber}
        required
        inputMode="numeric"
        autoComplete="cc-number"
        value={cardNumber}
        maxLength={23}
        onChange={(event) => setCardNumber(formatCardNumber(event.currentTarget.value))}
      />
      <TextField
        id={ids.cardholderName}
        label={t("card.holder")}
        description={t("card.holderHelp")}
        error={errors.cardholderName ?? errors.identification}
        required
        autoComplete="cc-name"
        value={holder}
        maxLength={100}
        onChange={(event) => setHolder(event.currentTarget.value)}
      />
      <div className="ui-form__row">
        <TextField
          id={ids.expiry}
          label={t("card.expiry")}
          description={t("card.expiryHelp")}
          error={errors.expiry}
          required
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
          value={expiry}
          onChange={(event) => setExpiry(event.currentTarget.value)}
        />
        <TextField
          id={ids.securityCode}
          label={t("card.securityCode")}
          description={t("card.securityCodeHelp")}
          error={errors.securityCode}
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={securityCode}
          onChange={(event) => setSecurityCode(event.currentTarget.value.replace(/\D/g, ""))}
        />
      </div>
      {installmentsFor ? (
        <SelectField
          id={ids.installments}
          label={t("card.installments")}
          description={method ? undefined : t("card.installmentsHelp")}
          value={chosenInstallments}
          onChange={(event) => setInstallments(event.currentTarget.value)}
          options={options.map((option) => ({
            value: String(option.count),
            label:
              option.count === 1
                ? t("installments.single", {
                    amount: formatMoney(option.perInstallmentMinor, installmentsFor.currency),
                  })
                : t("installments.multiple", {
                    count: option.count,
                    amount: formatMoney(option.perInstallmentMinor, installmentsFor.currency),
                  }),
          }))}
        />
      ) : null}
      {allowSaveCard ? (
        <div className="ui-checkbox">
          <input
            id={`${idPrefix}-save`}
            type="checkbox"
            checked={saveCard}
            onChange={(event) => setSaveCard(event.currentTarget.checked)}
          />
          <label htmlFor={`${idPrefix}-save`}>{t("card.saveCard")}</label>
        </div>
      ) : null}
      <Button type="submit" block busy={busy} busyLabel={busyLabel} disabled={disabled || !config.data}>
        {submitLabel}
      </Button>
    </form>
  );
}
