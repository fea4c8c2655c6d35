// The state of a console form that sends one card-token request which moves money (a virtual-terminal charge, a
// subscription without a plan): the request is reviewed in a confirmation dialog and keyed by `useIntentKey`, so a
// "Try again" after an answer that was not seen repeats the same request; an answer not seen is "being
// confirmed", never failed; a refusal (nothing was made) ends the request: the next attempt gets a new key, while
// the secure fields keep what was typed (the card form makes a new single-use token on each review, so nobody
// retypes a card because, say, the e-mail was refused).
import { useState } from "react";
import { useIntentKey } from "../../shared/forms/use-intent-key";

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
  const intent = useIntentKey();
  const [cardGeneration, setCardGeneration] = useState(0);
  const [retryGeneration, setRetryGeneration] = useState(0);
  const [pending, setPending] = useState<{ input: TInput; brand: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [failureField, setFailureField] = useState<string | null>(null);
  return {
    idempotencyKey: intent.idempotencyKey,
    cardGeneration,
    retryGeneration,
    pending,
    unknown: intent.unknown,
    failure,
    failureField,
    review(input, brand) {
      setFailure(null);
      setFailureField(null);
      setPending({ input, brand });
    },
    answered(outcome) {
      intent.answered(outcome);
    },
    failed(error) {
      const described = intent.failed(error);
      if (described.unseen) return;
      setFailure(described.message);
      setFailureField(described.field);
      setPending(null);
      setRetryGeneration((generation) => generation + 1);
    },
    cancelReview() {
      if (intent.unknown) return;
      setPending(null);
      setCardGeneration((generation) => generation + 1);
    },
  };
}
