// The state of a console form that sends one card-token request which moves money (a virtual-terminal charge, a
// subscription without a plan): the request is reviewed in a confirmation dialog; one idempotency key serves it
// until it is over, so a "Try again" after an answer that was not seen repeats the same request; an answer not
// seen is "being confirmed", never failed; a refusal (nothing was made) ends the request: the next attempt gets a
// new key, while the secure fields keep what was typed (the card form makes a new single-use token on each
// review, so nobody retypes a card because, say, the e-mail was refused).
import { useState } from "react";
import { useI18n } from "../../i18n/i18n-context";
import { describeError } from "../../shared/errors/describe-error";

/** Our answer (or the provider's) was not seen: the same request is repeated with the same key. */
export function isUnseen(described: ReturnType<typeof describeError>): boolean {
  return described.network || (described.httpStatus !== null && described.httpStatus >= 500);
}

export interface CardChargeRequest<TInput> {
  /** The key of the request under review (and of its repeats). */
  idempotencyKey: string;
  /** The card form's React key: changes when its token can no longer be used. */
  cardGeneration: number;
  /** The card form's `unlockKey`: changes on a refusal, so the form takes a new review with the card as typed. */
  retryGeneration: number;
  /** The request in the confirmation dialog, with the card's brand. */
  pending: { input: TInput; brand: string } | null;
  /** The answer was not seen: the dialog offers "Try again" (same key) and cannot be dismissed. */
  unknown: boolean;
  /** The last refusal, in words. */
  failure: string | null;
  /** The field the last refusal named (e.g. `payer.email`), or null. */
  failureField: string | null;
  /** Opens the confirmation dialog for `input`. */
  review(input: TInput, brand: string): void;
  /** Records the server's answer to the request: `unknown` keeps the dialog open for a repeat. */
  answered(outcome: "done" | "unknown"): void;
  /** Records a failed call: unseen → unknown; a refusal → the request ends (new key; the card fields stay). */
  failed(error: unknown): void;
  /** Closes the dialog without sending (not while the outcome is unknown); the card's token is dropped. */
  cancelReview(): void;
}

export function useCardChargeRequest<TInput>(): CardChargeRequest<TInput> {
  const { t, language } = useI18n();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [cardGeneration, setCardGeneration] = useState(0);
  const [retryGeneration, setRetryGeneration] = useState(0);
  const [pending, setPending] = useState<{ input: TInput; brand: string } | null>(null);
  const [unknown, setUnknown] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [failureField, setFailureField] = useState<string | null>(null);
  const freshCard = () => setCardGeneration((generation) => generation + 1);
  return {
    idempotencyKey,
    cardGeneration,
    retryGeneration,
    pending,
    unknown,
    failure,
    failureField,
    review(input, brand) {
      setFailure(null);
      setFailureField(null);
      setUnknown(false);
      setPending({ input, brand });
    },
    answered(outcome) {
      if (outcome === "unknown") setUnknown(true);
    },
    failed(error) {
      const described = describeError(error, { t, language });
      if (isUnseen(described)) {
        setUnknown(true);
        return;
      }
      setFailure(described.message);
      setFailureField(described.field);
      setPending(null);
      setIdempotencyKey(crypto.randomUUID());
      setRetryGeneration((generation) => generation + 1);
    },
    cancelReview() {
      if (unknown) return;
      setPending(null);
      freshCard();
    },
  };
}
