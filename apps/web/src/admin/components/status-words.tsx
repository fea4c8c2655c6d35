// The console's one way to say a provider or Cobro code in words: a payment's or an order's status_detail, a
// decline reason (`cc_rejected_other_reason` → "declined by the card's issuer"), a refund reason, a payment method
// ("master", "credit_card" → "Mastercard · credit card"), and the status words of refunds, shipments, checkouts and
// timelines ("processed", "paid"). Every page that shows such a code goes through here, so the three languages say it the same way everywhere. A code without words (one the
// provider added later) is shown as it is, marked as code, rather than hidden.
import {
  isAppErrorReason,
  isPaymentTypeId,
  paymentMethodName,
  REFUND_REASONS,
  type RefundReason,
} from "@cobro/contracts";
import type { MessageKey } from "../../i18n/dictionary";
import { useI18n } from "../../i18n/i18n-context";
import { adminWordsEn } from "../../i18n/messages-admin-words-en";

function wordsKey(prefix: "admin.statusDetail." | "admin.status.", code: string): MessageKey | null {
  const key = `${prefix}${code}`;
  return Object.hasOwn(adminWordsEn, key) ? (key as MessageKey) : null;
}

/** True when the console has words for this status_detail or decline reason. */
export function hasStatusDetailWords(code: string): boolean {
  return wordsKey("admin.statusDetail.", code) !== null;
}

function isRefundReason(code: string): code is RefundReason {
  return (REFUND_REASONS as readonly string[]).includes(code);
}

/** Words for codes, in the reader's language; an unknown code comes back as it is. */
export function useStatusWords() {
  const { t } = useI18n();
  /** A status_detail or decline reason ("cc_rejected_other_reason"), as a phrase ("declined by the card's issuer"). */
  const detail = (code: string): string => {
    const key = wordsKey("admin.statusDetail.", code);
    return key ? t(key) : code;
  };
  /** A status ("processed", "paid") as a word. */
  const status = (code: string): string => {
    const key = wordsKey("admin.status.", code);
    return key ? t(key) : code;
  };
  /** A refund's reason ("duplicate") as staff chose it in the dialog. */
  const refundReason = (code: string): string =>
    isRefundReason(code) ? t(`admin.payments.refundReason.${code}`) : code;
  /** Any reason code: a refund's reason, a refusal's reason (`reason.*`), or a decline's status detail. */
  const reason = (code: string): string => {
    if (isRefundReason(code)) return refundReason(code);
    if (isAppErrorReason(code)) return t(`reason.${code}` as MessageKey);
    return detail(code);
  };
  /** A payment's method and type ("master", "credit_card") as "Mastercard · credit card"; either may be missing. */
  const method = (methodId: string | null, typeId?: string | null): string => {
    const type = typeId && isPaymentTypeId(typeId) ? t(`admin.paymentType.${typeId}`) : (typeId ?? null);
    const name = methodId ? paymentMethodName(methodId) : null;
    // "Mercado Pago · Mercado Pago balance" says the same twice: the type alone is enough there.
    if (methodId === "account_money" && type) return type;
    return [name, type].filter(Boolean).join(" · ");
  };
  return { detail, status, refundReason, reason, method };
}

/** A status_detail or decline reason in words, with the provider's code kept at hand for support (its title). */
export function StatusDetailWords({ code, capitalize = false }: { code: string; capitalize?: boolean }) {
  const words = useStatusWords();
  const known = hasStatusDetailWords(code);
  const text = words.detail(code);
  return (
    <span title={code} data-code={code} className={known ? undefined : "admin-mono"}>
      {capitalize && known ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text}
    </span>
  );
}

/** A status word, the raw value kept as data for tests and support. */
export function StatusWord({ code }: { code: string }) {
  const words = useStatusWords();
  return <span data-status={code}>{words.status(code)}</span>;
}
