// The card form of the checkout and of plan subscriptions. The card data is
// tokenized here, in the browser, straight with the provider (public key from
// system.publicConfig); the parent only ever receives the single-use token,
// so the card number and CVV never reach Cobro's server.

import { type CardField, type CardInput, cardErrorKey, validateCardInput } from "@cobro/contracts";
import { Alert, Button, FormErrorSummary, SelectField, TextField } from "@cobro/ui";
import { type ChangeEvent, type FormEvent, type ReactNode, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm, useWatch } from "react-hook-form";
import { describeError, type UserFacingError } from "../errors/describe-error";
import { FailureAlert } from "../errors/failure-alert";
import { collectFieldErrors, type FormFieldErrors, showFieldErrors, toSummaryErrors } from "../forms/form-errors";
import type { Translate } from "../i18n/dictionary";
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
  /**
   * Checks the extra fields before the card is tokenized; false stops the submit (the fields show why, and the first
   * of them takes focus).
   */
  validateExtra?: () => boolean | Promise<boolean>;
  /** Pays with the token; a thrown error is shown by the form (the CVV is cleared for the next try). */
  onSubmit: (submission: CardFormSubmission) => Promise<void>;
}

/** The card form's values as typed; card data stays in the browser. */
export interface CardFormValues {
  cardNumber: string;
  cardholderName: string;
  expiry: string;
  securityCode: string;
  installments: string;
  saveCard: boolean;
}

type CardFormField = "cardNumber" | "cardholderName" | "expiry" | "securityCode" | "installments";

/**
 * The fields that show errors, in page order. The document travels with the holder's name, so its problems are
 * shown there; installments only ever get the server's word (a count the issuer refuses).
 */
const FIELD_ORDER: readonly CardFormField[] = [
  "cardNumber",
  "cardholderName",
  "expiry",
  "securityCode",
  "installments",
];

/** The form field where a card field's (or the server's `installments`) problem is shown. */
function formFieldOf(field: CardField | "installments"): CardFormField {
  return field === "identification" ? "cardholderName" : field;
}

const EMPTY_VALUES: CardFormValues = {
  cardNumber: "",
  cardholderName: "",
  expiry: "",
  securityCode: "",
  installments: "1",
  saveCard: false,
};

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

/** What the provider needs of the typed card (`CardInput`), the expiry split into month and year. */
function toCardInput(values: CardFormValues, identification: CardInput["identification"]): CardInput {
  const { month, year } = splitExpiry(values.expiry) ?? { month: "", year: "" };
  return {
    cardNumber: values.cardNumber,
    cardholderName: values.cardholderName,
    expirationMonth: month,
    expirationYear: year,
    securityCode: values.securityCode,
    identification: identification ?? null,
  };
}

interface CardCheckOptions {
  methods: readonly PaymentMethodLike[];
  identification?: CardInput["identification"];
  requireBrand: boolean;
}

/**
 * The translated problem of each card field, from the shared card checks of @cobro/contracts (`validateCardInput`)
 * plus the brand: a payment needs the brand recognised from the number.
 */
export function cardFormErrors(values: CardFormValues, options: CardCheckOptions, t: Translate): FormFieldErrors {
  const method = detectCardMethod(values.cardNumber, options.methods);
  const problems = validateCardInput(toCardInput(values, options.identification), {
    securityCodeLength: method?.securityCodeLength,
  });
  const found: FormFieldErrors = {};
  for (const [field, problem] of Object.entries(problems) as [CardField, (typeof problems)[CardField]][]) {
    const shownAt = formFieldOf(field);
    if (problem && found[shownAt] === undefined) found[shownAt] = t(cardErrorKey(field, problem));
  }
  if (splitExpiry(values.expiry) === null) found.expiry = t("card.error.expiry.invalid");
  if (!found.cardNumber && !method && options.requireBrand) found.cardNumber = t("card.error.cardNumber.unknownBrand");
  return found;
}

/** A react-hook-form resolver over `cardFormErrors`; `options()` is read at each validation (methods load late). */
function cardResolver(options: () => CardCheckOptions, t: Translate): Resolver<CardFormValues> {
  return (values) => {
    const found = cardFormErrors(values, options(), t);
    if (Object.keys(found).length === 0) return { values, errors: {} };
    const errors: FieldErrors<CardFormValues> = {};
    for (const [field, message] of Object.entries(found)) {
      errors[field as CardFormField] = { type: "validate", message };
    }
    return { values: {}, errors };
  };
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
  const checks = useRef<CardCheckOptions>({ methods, identification, requireBrand });
  checks.current = { methods, identification, requireBrand };
  const { register, handleSubmit, setError, setFocus, setValue, control, formState } = useForm<CardFormValues>({
    defaultValues: EMPTY_VALUES,
    resolver: cardResolver(() => checks.current, t),
    // The extra fields come first on the page: the focus goes to the first problem of both (see `submit`).
    shouldFocusError: false,
  });
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const [busy, setBusy] = useState(false);
  // A second press before React re-renders the disabled button must not start a second payment.
  const inFlight = useRef(false);

  const ids: Record<CardFormField, string> = {
    cardNumber: `${idPrefix}-number`,
    cardholderName: `${idPrefix}-holder`,
    expiry: `${idPrefix}-expiry`,
    securityCode: `${idPrefix}-cvv`,
    installments: `${idPrefix}-installments`,
  };

  const [cardNumber, installments] = useWatch({ control, name: ["cardNumber", "installments"] });
  const method = detectCardMethod(cardNumber, methods);
  const options = installmentsFor ? installmentOptions(installmentsFor.amountMinor, method) : [];
  // The brand decides what is allowed: a count the new brand does not offer falls back to one payment.
  const chosenInstallments = options.some((option) => String(option.count) === installments) ? installments : "1";

  const pay = async (values: CardFormValues, publicConfig: { providerApiUrl: string; publicKey: string }) => {
    setBusy(true);
    try {
      const tokenOptions = {
        providerApiUrl: publicConfig.providerApiUrl,
        publicKey: publicConfig.publicKey,
        card: toCardInput(values, identification),
      };
      const token = await tokenizeCard(tokenOptions);
      const saveCardToken = allowSaveCard && values.saveCard ? (await tokenizeCard(tokenOptions)).id : undefined;
      const brand = detectCardMethod(values.cardNumber, methods);
      const offered = options.some((option) => String(option.count) === values.installments);
      await onSubmit({
        cardToken: token.id,
        paymentMethodId: brand?.id ?? "",
        installments: offered ? Number(values.installments) || 1 : 1,
        saveCard: saveCardToken !== undefined,
        ...(saveCardToken ? { saveCardToken } : {}),
      });
    } catch (error) {
      const described = describeError(error, { t, language });
      setFailure(described);
      const fieldMessages: FormFieldErrors = {};
      for (const [field, messages] of Object.entries(described.fieldErrors)) {
        const shownAt = formFieldOf(field as CardField | "installments");
        if (FIELD_ORDER.includes(shownAt) && messages[0] && fieldMessages[shownAt] === undefined) {
          fieldMessages[shownAt] = messages[0];
        }
      }
      showFieldErrors(setError, fieldMessages, FIELD_ORDER);
    } finally {
      // A token is single use and a CVV should not linger: the next attempt types it again.
      setValue("securityCode", "");
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const publicConfig = config.data;
    if (inFlight.current || !publicConfig) return;
    inFlight.current = true;
    setFailure(null);
    try {
      const extraValid = validateExtra ? await validateExtra() : true;
      await handleSubmit(
        (values) => (extraValid ? pay(values, publicConfig) : undefined),
        (errors) => {
          const first = FIELD_ORDER.find((field) => errors[field] !== undefined);
          if (extraValid && first) setFocus(first);
        },
      )(event);
    } finally {
      inFlight.current = false;
    }
  };

  // Formatting as the shopper types: the input shows (and the form keeps) the tidied text.
  const tidy =
    (
      field: { onChange: (event: ChangeEvent<HTMLInputElement>) => Promise<unknown> },
      clean: (text: string) => string,
    ) =>
    (event: ChangeEvent<HTMLInputElement>) => {
      event.currentTarget.value = clean(event.currentTarget.value);
      return field.onChange(event);
    };
  const cardNumberField = register("cardNumber");
  const securityCodeField = register("securityCode");

  const errors = collectFieldErrors(formState.errors, FIELD_ORDER);
  const summary = toSummaryErrors(errors, (path) => ids[path as CardFormField]);
  return (
    <form
      className="ui-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-describedby={`${idPrefix}-secure`}
    >
      <FormErrorSummary title={t("errors.summaryTitle")} errors={summary} focusOnChange={false} />
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
        maxLength={23}
        {...cardNumberField}
        onChange={tidy(cardNumberField, formatCardNumber)}
      />
      <TextField
        id={ids.cardholderName}
        label={t("card.holder")}
        description={t("card.holderHelp")}
        error={errors.cardholderName}
        required
        autoComplete="cc-name"
        maxLength={100}
        {...register("cardholderName")}
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
          {...register("expiry")}
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
          {...securityCodeField}
          onChange={tidy(securityCodeField, (text) => text.replace(/\D/g, ""))}
        />
      </div>
      {installmentsFor ? (
        <SelectField
          id={ids.installments}
          label={t("card.installments")}
          description={method ? undefined : t("card.installmentsHelp")}
          error={errors.installments}
          value={chosenInstallments}
          {...register("installments")}
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
          <input id={`${idPrefix}-save`} type="checkbox" {...register("saveCard")} />
          <label htmlFor={`${idPrefix}-save`}>{t("card.saveCard")}</label>
        </div>
      ) : null}
      <Button type="submit" block busy={busy} busyLabel={busyLabel} disabled={disabled || !config.data}>
        {submitLabel}
      </Button>
    </form>
  );
}
