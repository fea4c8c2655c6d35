// Turns any failure a page can meet (a tRPC error, a card tokenization error,
// a dropped connection) into words for the shopper plus errors per form
// field. Server messages are English; where a translatable code exists (the
// `reason` of the contract, a payment status_detail) the shopper's language
// wins, and English server messages are shown only to English readers.

import type { CardField, CardFieldProblem } from "@cobro/contracts";
import { cardErrorKey, isAppErrorReason } from "@cobro/contracts";
import { TRPCClientError } from "@trpc/client";
import type { Translate } from "../../i18n/dictionary";
import type { Language } from "../../i18n/locale";
import { describePaymentOutcome, isKnownStatusDetail } from "../../i18n/payment-status";
import { CardTokenizationError } from "../payments/card-token-error";

/** Messages per form field, keyed by the input's dotted path (`payer.email`) or a card field (`cardNumber`). */
export type FieldErrorMessages = Record<string, string[]>;

export interface UserFacingError {
  /** One sentence for an alert or error summary. */
  message: string;
  /** For a declined payment: what to do next. */
  hint: string | null;
  fieldErrors: FieldErrorMessages;
  /** The one field the server pointed at, if any. */
  field: string | null;
  /** The server's translatable code, if any. */
  reason: string | null;
  /** The server's AppError code (BAD_REQUEST, PAYMENT_DECLINED, …), or null. */
  appCode: string | null;
  /** null when no answer arrived (offline). */
  httpStatus: number | null;
  retryAfterSeconds: number | null;
  /** True when no response arrived: checking the connection and retrying may help. */
  network: boolean;
}

interface ErrorData {
  httpStatus: number | null;
  appCode: string | null;
  field: string | null;
  reason: string | null;
  fieldErrors: FieldErrorMessages;
  retryAfterSeconds: number | null;
}

function readErrorData(data: unknown): ErrorData {
  const record = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
  const text = (key: string) => (typeof record[key] === "string" && record[key] !== "" ? String(record[key]) : null);
  const number = (key: string) => (typeof record[key] === "number" ? Number(record[key]) : null);
  const fieldErrors: FieldErrorMessages = {};
  const rawFieldErrors = record.fieldErrors;
  if (typeof rawFieldErrors === "object" && rawFieldErrors !== null) {
    for (const [key, messages] of Object.entries(rawFieldErrors)) {
      if (Array.isArray(messages)) {
        const strings = messages.filter((message): message is string => typeof message === "string");
        if (strings.length > 0) fieldErrors[key] = strings;
      }
    }
  }
  return {
    httpStatus: number("httpStatus"),
    appCode: text("appCode") ?? text("code"),
    field: text("field"),
    reason: text("reason"),
    fieldErrors,
    retryAfterSeconds: number("retryAfterSeconds"),
  };
}

function genericMessage(data: ErrorData, t: Translate): string {
  switch (data.appCode) {
    case "UNAUTHORIZED":
      return t("errors.unauthorized");
    case "FORBIDDEN":
      return t("errors.forbidden");
    case "NOT_FOUND":
      return t("errors.notFound");
    case "CONFLICT":
      return t("errors.conflict");
    case "PAYMENT_DECLINED":
    case "PAYMENT_REQUIRED":
      return t("errors.paymentDeclined");
    case "TOO_MANY_REQUESTS":
      return data.retryAfterSeconds !== null
        ? t("errors.tooManyRequestsSeconds", { seconds: data.retryAfterSeconds })
        : t("errors.tooManyRequests");
    case "PROVIDER_UNAVAILABLE":
    case "SERVICE_UNAVAILABLE":
      return t("errors.unavailable");
    case "BAD_REQUEST":
      return t("errors.badRequest");
    default:
      return t("errors.unexpected");
  }
}

/** Whether the server's own (English) message may be shown: 4xx AppErrors only, and only to English readers. */
function serverMessageFits(data: ErrorData, language: Language): boolean {
  return (
    language === "en" &&
    data.httpStatus !== null &&
    data.httpStatus >= 400 &&
    data.httpStatus < 500 &&
    data.appCode !== "TOO_MANY_REQUESTS"
  );
}

/** A failure with words only: no hint, field, server code or status. */
function plainFailure(message: string, network: boolean): UserFacingError {
  return {
    message,
    hint: null,
    fieldErrors: {},
    field: null,
    reason: null,
    appCode: null,
    httpStatus: null,
    retryAfterSeconds: null,
    network,
  };
}

function describeCardError(error: CardTokenizationError, t: Translate): UserFacingError {
  const fieldErrors: FieldErrorMessages = {};
  for (const [field, problem] of Object.entries(error.fieldErrors) as [CardField, CardFieldProblem | undefined][]) {
    if (problem) fieldErrors[field] = [t(cardErrorKey(field, problem))];
  }
  const firstFieldMessage = Object.values(fieldErrors)[0]?.[0];
  const message =
    error.kind === "invalid_card"
      ? (firstFieldMessage ?? t("card.error.generic"))
      : error.kind === "configuration"
        ? t("card.error.configuration")
        : error.kind === "network"
          ? t("errors.network")
          : t("card.error.unavailable");
  return {
    ...plainFailure(message, error.kind === "network"),
    fieldErrors,
    field: Object.keys(fieldErrors)[0] ?? null,
    httpStatus: error.status,
  };
}

/**
 * Describes a failure for the shopper in their language.
 *
 * - A tRPC error with a `reason` that is a payment status_detail (`cc_rejected_insufficient_amount`) gives that
 *   decline's words and a "what to do next" hint; another known reason gives its own words.
 * - Otherwise English readers see the server's message for 4xx errors; everyone else a translated message for the
 *   error's code. 5xx never shows server text.
 * - `fieldErrors` are the server's per-field messages; the field a reason points at gets the translated words.
 * - A `CardTokenizationError` maps its field problems to card field messages.
 * - Anything without a response (offline, CORS, DNS) is a network error.
 *
 * @example
 * const failure = describeError(mutation.error, { t, language });
 * <Alert tone="danger" title={failure.message}>{failure.hint}</Alert>
 */
export function describeError(error: unknown, i18n: { t: Translate; language: Language }): UserFacingError {
  const { t, language } = i18n;
  if (error instanceof CardTokenizationError) return describeCardError(error, t);

  if (error instanceof TRPCClientError) {
    const data = readErrorData(error.data);
    if (data.httpStatus === null && data.appCode === null) return plainFailure(t("errors.network"), true);
    let message: string;
    let hint: string | null = null;
    if (data.reason !== null && isKnownStatusDetail(data.reason)) {
      const outcome = describePaymentOutcome("rejected", data.reason);
      message = t(outcome.detailKey);
      hint = outcome.nextKey ? t(outcome.nextKey) : null;
    } else if (data.reason !== null && isAppErrorReason(data.reason)) {
      message = t(`reason.${data.reason}`);
    } else if (serverMessageFits(data, language) && error.message.trim() !== "") {
      message = error.message;
    } else {
      message = genericMessage(data, t);
    }
    const fieldErrors = { ...data.fieldErrors };
    if (data.field !== null && (data.reason !== null || language !== "en")) fieldErrors[data.field] = [message];
    return {
      message,
      hint,
      fieldErrors,
      field: data.field,
      reason: data.reason,
      appCode: data.appCode,
      httpStatus: data.httpStatus,
      retryAfterSeconds: data.retryAfterSeconds,
      network: false,
    };
  }

  return plainFailure(t("errors.unexpected"), false);
}
