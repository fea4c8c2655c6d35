// The card form of the checkout, plan subscriptions and "add a card". The card
// number, expiry and security code are the provider's secure fields (frames of
// its browser SDK, cross-origin to this page): this document never holds card
// data. The SDK makes the single-use card token; the parent only ever receives
// the token. The cardholder's name stays in our form (react-hook-form). Paying
// with a saved card mounts the security code field alone.

import type { CardField, CardFieldProblem } from "@cobro/contracts";
import { Alert, Button, ErrorState, FormErrorSummary, LoadingState, SelectField, TextField } from "@cobro/ui";
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "../../i18n/i18n-context";
import { describeError, type UserFacingError } from "../errors/describe-error";
import { FailureAlert } from "../errors/failure-alert";
import { collectFieldErrors, type FormFieldErrors, showFieldErrors, toSummaryErrors } from "../forms/form-errors";
import { CardTokenizationError, toCardTokenizationError } from "./card-token-error";
import { describeInstallmentChoice, type InstallmentChoice, installmentChoices, sdkAmount } from "./payer-costs";
import type { MercadoPagoInstance, SdkIssuer, SdkPaymentMethod, SecureField } from "./sdk/mercadopago-types";
import { useMercadoPago } from "./sdk/use-mercadopago";
import { SecureFieldBox, secureFieldMessage } from "./secure-field";

/** What the form hands to its parent: a token, never card data. */
export interface CardFormSubmission {
  cardToken: string;
  /** The brand the SDK recognised from the BIN ("" when none, e.g. a subscription that lets the provider tell). */
  paymentMethodId: string;
  issuerId?: string;
  installments: number;
  /** The shopper ticked "save this card" (signed in only). */
  saveCard: boolean;
  /** provider: card tokens are single use, so saving the card needs a second one. */
  saveCardToken?: string;
}

/** A saved card to pay with by its security code only. */
export interface SavedCardChoice {
  id: string;
  paymentMethodId: string | null;
  /** The card's first six digits, for its installments; null when unknown (one payment then). */
  bin: string | null;
}

export interface CardFormProps {
  /** Prefix of the controls' ids, unique on the page. */
  idPrefix: string;
  /** The amount to pay, for the installment choices; omit to offer no installments. */
  installmentsFor?: { amountMinor: number; currency: string };
  /** The payer's document, sent with the card to the provider (it must match the cardholder's). */
  identification?: { type: string; number: string } | null;
  submitLabel: string;
  busyLabel: string;
  /** Offers "save this card" (signed-in shoppers). */
  allowSaveCard?: boolean;
  /** The brand must be recognised from the card number (a payment needs its payment_method_id). */
  requireBrand?: boolean;
  /** Pays with this saved card: only its security code is asked for. */
  savedCard?: SavedCardChoice | null;
  /** Keeps the submit button disabled. */
  disabled?: boolean;
  /** The public key to make the card token with, when not the store's own (a checkout on a connected account). */
  publicKey?: string;
  /** Extra fields shown first inside the form (e.g. the payer's e-mail). */
  children?: ReactNode;
  /** Checks the extra fields before the card is tokenized; false stops the submit. */
  validateExtra?: () => boolean | Promise<boolean>;
  /** Pays with the token; a thrown error is shown by the form. */
  onSubmit: (submission: CardFormSubmission) => Promise<void>;
  /**
   * A form stays locked once `onSubmit` resolved. A console charge refused after its review (nothing was made)
   * changes this to unlock the form with the card as typed: the next submit makes a new single-use token.
   */
  unlockKey?: number;
}

interface HolderValues {
  cardholderName: string;
  installments: string;
  issuerId: string;
  saveCard: boolean;
}

type ShownField = "cardNumber" | "cardholderName" | "expiry" | "securityCode" | "installments";
const FIELD_ORDER: readonly ShownField[] = ["cardNumber", "cardholderName", "expiry", "securityCode", "installments"];

/** The form field where a card field's (or the server's) problem is shown. */
function shownFieldOf(field: string): ShownField | null {
  if (field === "identification") return "cardholderName";
  return (FIELD_ORDER as readonly string[]).includes(field) ? (field as ShownField) : null;
}

/** What the SDK says about a BIN: the brand, its issuers and the installments' payer costs. */
interface BinInfo {
  status: "idle" | "loading" | "ready" | "failed";
  method: SdkPaymentMethod | null;
  issuers: SdkIssuer[];
  choices: InstallmentChoice[];
}

const NO_BIN: BinInfo = { status: "idle", method: null, issuers: [], choices: [] };

/** Looks up the brand, issuers and payer costs of `bin` with the SDK. */
async function lookUpBin(
  mp: MercadoPagoInstance,
  bin: string,
  options: { knownMethodId: string | null; installmentsFor?: { amountMinor: number; currency: string } },
): Promise<BinInfo> {
  const methods = await mp.getPaymentMethods({ bin });
  const method =
    methods.results.find((candidate) => candidate.id === options.knownMethodId) ?? methods.results[0] ?? null;
  if (!method) return { status: "ready", method: null, issuers: [], choices: [] };
  const [issuers, installments] = await Promise.all([
    mp.getIssuers({ paymentMethodId: method.id, bin }).catch(() => [] as SdkIssuer[]),
    options.installmentsFor
      ? mp.getInstallments({
          amount: sdkAmount(options.installmentsFor.amountMinor, options.installmentsFor.currency),
          bin,
          paymentTypeId: method.payment_type_id,
        })
      : Promise.resolve([]),
  ]);
  const costs = installments.find((entry) => entry.payment_method_id === method.id) ?? installments[0];
  return {
    status: "ready",
    method,
    issuers,
    choices: options.installmentsFor
      ? installmentChoices(costs?.payer_costs ?? [], options.installmentsFor.currency)
      : [],
  };
}

/** Makes this form's own SDK instance; a failure to start it shows the "unavailable" state. */
function SecureCardFormWithSdk({
  create,
  ...props
}: CardFormProps & { create: () => MercadoPagoInstance; providerMode: "sandbox" | "live"; onFailed: () => void }) {
  const [mp] = useState<MercadoPagoInstance | null>(() => {
    try {
      return create();
    } catch {
      return null;
    }
  });
  const { onFailed } = props;
  useEffect(() => {
    if (!mp) onFailed();
  }, [mp, onFailed]);
  return mp ? <SecureCardForm {...props} mp={mp} /> : null;
}

/** The card form with its secure fields, once the SDK is ready. */
function SecureCardForm({
  mp,
  providerMode,
  idPrefix,
  installmentsFor,
  identification,
  submitLabel,
  busyLabel,
  allowSaveCard = false,
  requireBrand = true,
  savedCard = null,
  disabled = false,
  children,
  validateExtra,
  onSubmit,
  unlockKey,
}: CardFormProps & { mp: MercadoPagoInstance; providerMode: "sandbox" | "live"; onFailed?: () => void }) {
  const { t, language, formatMoney, locale } = useI18n();
  const { register, handleSubmit, setError, setFocus, clearErrors, formState, watch } = useForm<HolderValues>({
    defaultValues: { cardholderName: "", installments: "1", issuerId: "", saveCard: false },
    shouldFocusError: false,
  });
  const [fieldProblems, setFieldProblems] = useState<Partial<Record<CardField, CardFieldProblem | null>>>({});
  const [bin, setBin] = useState<string | null>(savedCard?.bin ?? null);
  const [binInfo, setBinInfo] = useState<BinInfo>(NO_BIN);
  const [failure, setFailure] = useState<UserFacingError | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const securityCodeField = useRef<SecureField | null>(null);
  // Bumped after a failed attempt: the CVV field is mounted afresh, so a security code never lingers for the next try.
  const [cvvGeneration, setCvvGeneration] = useState(0);

  const ids = {
    cardNumber: `${idPrefix}-number`,
    cardholderName: `${idPrefix}-holder`,
    expiry: `${idPrefix}-expiry`,
    securityCode: `${idPrefix}-cvv`,
    installments: `${idPrefix}-installments`,
    issuer: `${idPrefix}-issuer`,
  };

  const amountMinor = installmentsFor?.amountMinor;
  const currency = installmentsFor?.currency;
  const knownMethodId = savedCard?.paymentMethodId ?? null;
  useEffect(() => {
    if (!bin) {
      setBinInfo(NO_BIN);
      return;
    }
    let active = true;
    setBinInfo({ ...NO_BIN, status: "loading" });
    const forAmount = amountMinor !== undefined && currency ? { amountMinor, currency } : undefined;
    lookUpBin(mp, bin, { knownMethodId, installmentsFor: forAmount }).then(
      (info) => {
        if (active) setBinInfo(info);
      },
      () => {
        if (active) setBinInfo({ ...NO_BIN, status: "failed" });
      },
    );
    return () => {
      active = false;
    };
  }, [mp, bin, knownMethodId, amountMinor, currency]);

  // The brand decides the security code's length (4 on the front for Amex).
  const codeLength = binInfo.method?.settings?.[0]?.security_code?.length;
  useEffect(() => {
    if (codeLength) securityCodeField.current?.update({ settings: { mode: "mandatory", length: codeLength } });
  }, [codeLength]);

  const setProblem = useCallback((field: CardField, problem: CardFieldProblem | null) => {
    setFieldProblems((current) => (current[field] === problem ? current : { ...current, [field]: problem }));
  }, []);

  const chosenCount = watch("installments");
  const offered = binInfo.choices.some((choice) => String(choice.count) === chosenCount);

  /** Answers true once the payment went through: the form then stays locked until the page moves on. */
  const pay = async (values: HolderValues): Promise<boolean> => {
    setBusy(true);
    try {
      const method = binInfo.method;
      if (!savedCard && requireBrand && !method) {
        throw new CardTokenizationError("invalid_card", "No brand for this card number", {
          fieldErrors: { cardNumber: fieldProblems.cardNumber ?? (bin ? "invalid" : "required") },
        });
      }
      const tokenParams = savedCard
        ? { cardId: savedCard.id }
        : {
            cardholderName: values.cardholderName.trim(),
            ...(identification?.type && identification.number
              ? { identificationType: identification.type, identificationNumber: identification.number }
              : {}),
          };
      const createToken = async () => {
        let token: Awaited<ReturnType<typeof mp.fields.createCardToken>>;
        try {
          token = await mp.fields.createCardToken(tokenParams);
        } catch (error) {
          throw toCardTokenizationError(error);
        }
        if (!token?.id) throw new CardTokenizationError("invalid_card", "No card token was made");
        return token.id;
      };
      const cardToken = await createToken();
      // provider: a token is single use; saving the card takes a second one made from the same fields.
      const saveCardToken = !savedCard && allowSaveCard && values.saveCard ? await createToken() : undefined;
      const issuerId = values.issuerId || (binInfo.issuers.length === 1 ? String(binInfo.issuers[0]?.id ?? "") : "");
      await onSubmit({
        cardToken,
        paymentMethodId: method?.id ?? savedCard?.paymentMethodId ?? "",
        ...(issuerId ? { issuerId } : {}),
        installments: offered ? Number(values.installments) || 1 : 1,
        saveCard: saveCardToken !== undefined,
        ...(saveCardToken ? { saveCardToken } : {}),
      });
      return true;
    } catch (error) {
      const described = describeError(error, { t, language });
      setFailure(described);
      const holderMessages: FormFieldErrors = {};
      for (const [field, messages] of Object.entries(described.fieldErrors)) {
        const shownAt = shownFieldOf(field);
        if (!shownAt || !messages[0]) continue;
        if (shownAt === "cardNumber" || shownAt === "expiry" || shownAt === "securityCode") {
          const problem = error instanceof CardTokenizationError ? error.fieldErrors[shownAt] : undefined;
          setProblem(shownAt, problem ?? "invalid");
        } else if (holderMessages[shownAt] === undefined) {
          holderMessages[shownAt] = messages[0];
        }
      }
      showFieldErrors(setError, holderMessages, ["cardholderName", "installments"] as const);
      setCvvGeneration((generation) => generation + 1);
      setBusy(false);
      return false;
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the signal, not a value read here
  useEffect(() => {
    inFlight.current = false;
    setBusy(false);
  }, [unlockKey]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    clearErrors();
    let paid = false;
    try {
      const extraValid = validateExtra ? await validateExtra() : true;
      await handleSubmit(
        async (values) => {
          if (extraValid) paid = await pay(values);
        },
        (errors) => {
          // No card number typed yet (no BIN from the frame): say so beside the holder's name.
          if (!savedCard && !bin) setProblem("cardNumber", fieldProblems.cardNumber ?? "required");
          const first = FIELD_ORDER.find((field) => errors[field as keyof HolderValues] !== undefined);
          if (extraValid && first) setFocus(first as keyof HolderValues);
        },
      )(event);
    } finally {
      // A payment that went through never runs twice: a late click before the page moves on does nothing.
      if (!paid) inFlight.current = false;
    }
  };

  const holderErrors = collectFieldErrors(formState.errors, ["cardholderName", "installments"]);
  const secureErrors: Partial<Record<ShownField, string>> = {};
  for (const field of ["cardNumber", "expiry", "securityCode"] as const) {
    const problem = fieldProblems[field];
    if (problem) secureErrors[field] = secureFieldMessage(t, field, problem);
  }
  if (!savedCard && requireBrand && bin && binInfo.status === "ready" && !binInfo.method) {
    secureErrors.cardNumber = t("card.error.cardNumber.unknownBrand");
  }
  const errors = { ...secureErrors, ...holderErrors };
  const summary = toSummaryErrors(errors, (path) => ids[path as ShownField]);
  const method = binInfo.method;
  const brandLogo = method?.secure_thumbnail ?? method?.thumbnail;

  return (
    <form
      className="ui-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-describedby={`${idPrefix}-secure`}
    >
      <FormErrorSummary title={t("errors.summaryTitle")} errors={summary} focusOnChange={false} />
      {failure ? <FailureAlert failure={failure} /> : null}
      <p className="ui-form__note" id={`${idPrefix}-secure`}>
        {t("card.secureNote")}
      </p>
      {children}
      {providerMode === "sandbox" && !savedCard ? (
        <Alert tone="info" title={t("card.sandbox.title")}>
          <p>{t("card.sandbox.text")}</p>
        </Alert>
      ) : null}
      {savedCard ? null : (
        <>
          <SecureFieldBox
            mp={mp}
            type="cardNumber"
            id={ids.cardNumber}
            label={t("card.field.cardNumber")}
            error={errors.cardNumber}
            onValidity={(problem) => setProblem("cardNumber", problem)}
            onBin={setBin}
          />
          {method ? (
            <p className="ui-card-brand" data-testid="card-brand">
              {/* Decorative: the brand's name follows as text. */}
              {brandLogo ? <img src={brandLogo} alt="" width={40} height={24} /> : null}
              <span>{t("card.detectedBrand", { brand: method.name })}</span>
            </p>
          ) : null}
          <TextField
            id={ids.cardholderName}
            label={t("card.holder")}
            description={t("card.holderHelp")}
            error={errors.cardholderName}
            required
            autoComplete="cc-name"
            maxLength={100}
            {...register("cardholderName", {
              validate: (value) => (value.trim() === "" ? t("card.error.cardholderName.required") : true),
            })}
          />
        </>
      )}
      <div className="ui-form__row">
        {savedCard ? null : (
          <SecureFieldBox
            mp={mp}
            type="expirationDate"
            id={ids.expiry}
            label={t("card.field.expirationDate")}
            error={errors.expiry}
            onValidity={(problem) => setProblem("expiry", problem)}
          />
        )}
        <SecureFieldBox
          key={`cvv-${cvvGeneration}`}
          mp={mp}
          type="securityCode"
          id={ids.securityCode}
          label={t("card.field.securityCode")}
          description={savedCard ? t("checkout.savedCards.cvvHelp") : t("card.securityCodeHelp")}
          error={errors.securityCode}
          onValidity={(problem) => setProblem("securityCode", problem)}
          onField={(field) => {
            securityCodeField.current = field;
          }}
        />
      </div>
      {binInfo.issuers.length > 1 ? (
        <SelectField
          id={ids.issuer}
          label={t("card.issuer")}
          {...register("issuerId")}
          options={binInfo.issuers.map((issuer) => ({ value: String(issuer.id), label: issuer.name }))}
        />
      ) : null}
      {installmentsFor ? (
        binInfo.status === "loading" ? (
          <LoadingState label={t("installments.loading")} />
        ) : binInfo.status === "failed" ? (
          <Alert tone="warning">{t("installments.failed")}</Alert>
        ) : binInfo.choices.length > 0 ? (
          <SelectField
            id={ids.installments}
            label={t("card.installments")}
            error={errors.installments}
            {...register("installments")}
            options={binInfo.choices.map((choice) => ({
              value: String(choice.count),
              label: describeInstallmentChoice(choice, { t, formatMoney, locale, currency: installmentsFor.currency }),
            }))}
          />
        ) : (
          <p className="ui-field__description" id={`${ids.installments}-help`}>
            {t("card.installmentsHelp")}
          </p>
        )
      ) : null}
      {allowSaveCard && !savedCard ? (
        <div className="ui-checkbox">
          <input id={`${idPrefix}-save`} type="checkbox" {...register("saveCard")} />
          <label htmlFor={`${idPrefix}-save`}>{t("card.saveCard")}</label>
        </div>
      ) : null}
      <Button
        type="submit"
        block
        busy={busy}
        busyLabel={busyLabel}
        // The brand and installments of the card typed are still being looked up.
        disabled={disabled || binInfo.status === "loading"}
      >
        {submitLabel}
      </Button>
    </form>
  );
}

/**
 * The card form: loads the provider's browser SDK (from the public config's `sdkUrl`), then mounts its secure
 * fields. While the SDK loads a loading state shows; if it cannot load, an error with a retry (the shopper can
 * choose another payment method meanwhile).
 */
export function CardForm(props: CardFormProps) {
  const { t } = useI18n();
  const sdk = useMercadoPago(props.publicKey);
  const [startFailed, setStartFailed] = useState(false);
  const onFailed = useCallback(() => setStartFailed(true), []);
  if (sdk.status === "loading") return <LoadingState label={t("card.sdk.loading")} />;
  if (sdk.status === "failed" || startFailed) {
    const retry = () => {
      setStartFailed(false);
      if (sdk.status === "failed") sdk.retry();
    };
    return (
      <ErrorState title={t("card.sdk.failed")} onRetry={retry} retryLabel={t("card.sdk.retry")} headingLevel={3} />
    );
  }
  // A new SDK instance or a switch between saved and new card remounts the fields.
  return (
    <SecureCardFormWithSdk
      key={props.savedCard?.id ?? "new"}
      {...props}
      create={sdk.create}
      providerMode={sdk.providerMode}
      onFailed={onFailed}
    />
  );
}
