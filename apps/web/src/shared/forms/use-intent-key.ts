// One idempotency key per intent, the single way a dialog or form that moves money (or makes anything at the
// provider) holds its key. The key is made when the dialog opens for a new intent; an answer that was not seen
// (no response, a 5xx, the provider still processing the same request, an "unknown" outcome) keeps it, so
// "Try again" repeats the same intent and the server replays instead of acting twice; a seen answer (done, a
// refusal, a decline) ends the intent, so the next attempt (corrected fields, another card) gets a new key.
import { useState } from "react";
import { useI18n } from "../../i18n/i18n-context";
import { describeError, type UserFacingError } from "../errors/describe-error";

// The provider answered 409/423 for this very key: the same request is still being processed there.
const SAME_REQUEST_IN_FLIGHT = "payment_in_progress";

/**
 * Whether a failed call's answer was not seen, so the request may have taken effect: no response, a 5xx, or the
 * provider still processing the same request. Anything else (a 4xx refusal) made nothing.
 */
function isUnseen(described: UserFacingError): boolean {
  if (described.network) return true;
  if (described.reason === SAME_REQUEST_IN_FLIGHT) return true;
  // Only a 4xx is a refusal; no status at all (an error the client raised itself) is not proof nothing was made.
  return described.httpStatus === null || described.httpStatus >= 500;
}

/** A failed call in words, and whether its answer was unseen (the key was kept). */
export interface IntentFailure extends UserFacingError {
  unseen: boolean;
}

export interface IntentKey {
  /** The key every attempt of the current intent sends. */
  idempotencyKey: string;
  /** The last attempt's answer was not seen: the next attempt repeats it with the same key. */
  unknown: boolean;
  /**
   * Records the server's answer: `"unknown"` keeps the key for a repeat; any other outcome (done, created,
   * declined, refused) ends the intent, so the next attempt gets a new key.
   */
  answered(outcome: string): void;
  /** Records a failed call: unseen → the key is kept; a refusal → a new key. Returns the failure in words. */
  failed(error: unknown): IntentFailure;
  /** Starts a new intent (the dialog opens again for something else): a new key. */
  renew(): void;
}

/**
 * The key of a dialog's intent, by the rules above.
 *
 * @example
 * const intent = useIntentKey();
 * const refund = trpc.admin.payments.refund.useMutation({
 *   onSuccess: (result) => intent.answered(result.outcome),
 *   onError: (error) => intent.failed(error),
 * });
 * refund.mutate({ ...input, idempotencyKey: intent.idempotencyKey });
 */
export function useIntentKey(): IntentKey {
  const { t, language } = useI18n();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [unknown, setUnknown] = useState(false);
  const renew = () => {
    setUnknown(false);
    setIdempotencyKey(crypto.randomUUID());
  };
  return {
    idempotencyKey,
    unknown,
    answered(outcome) {
      if (outcome === "unknown") setUnknown(true);
      else renew();
    },
    failed(error) {
      const described = describeError(error, { t, language });
      const unseen = isUnseen(described);
      if (unseen) setUnknown(true);
      else renew();
      return { ...described, unseen };
    },
    renew,
  };
}
