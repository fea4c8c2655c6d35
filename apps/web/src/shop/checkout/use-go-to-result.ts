import { useNavigate } from "react-router";
import type { RouterOutputs } from "../../trpc";
import { resultPathFor } from "./result-params";

type CheckoutResult = RouterOutputs["checkout"]["result"];

/**
 * What the checkout hands to the result page in the navigation state: the payment's own answer (so the page shows
 * the real outcome at once instead of an older cached read) and whether the card was saved, which is only in the
 * payment's answer, not in later reads of the result.
 */
export interface ResultHandover {
  paid: CheckoutResult;
  cardSaved?: boolean;
}

/** The handed-over answer from a navigation state, if it is one and names `checkoutId`. */
export function handoverFromState(state: unknown, checkoutId: string | null): ResultHandover | null {
  // After the first fresh read the page keeps only `cardSaved` (see checkout-result-page.tsx).
  if (typeof state !== "object" || state === null || !("paid" in state)) return null;
  const paid = (state as { paid: unknown }).paid;
  if (typeof paid !== "object" || paid === null) return null;
  const answer = paid as CheckoutResult;
  if (typeof answer.status !== "string" || answer.checkoutId !== checkoutId) return null;
  const cardSaved = (state as { cardSaved?: unknown }).cardSaved;
  return { paid: answer, cardSaved: typeof cardSaved === "boolean" ? cardSaved : undefined };
}

/** `cardSaved` as the checkout passed it along in the navigation state, if it did. */
export function cardSavedFromState(state: unknown): boolean | undefined {
  if (typeof state !== "object" || state === null || !("cardSaved" in state)) return undefined;
  return typeof state.cardSaved === "boolean" ? state.cardSaved : undefined;
}

/** Goes to the result page of a payment just made, handing it the payment's answer. */
export function useGoToResult() {
  const navigate = useNavigate();
  return (result: CheckoutResult) => {
    const state: ResultHandover = { paid: result };
    if (result.cardSaved !== undefined) state.cardSaved = result.cardSaved;
    return navigate(resultPathFor(result.checkoutId), { state });
  };
}
