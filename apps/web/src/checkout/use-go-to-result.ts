import { useNavigate } from "react-router";
import type { RouterOutputs } from "../trpc";
import { resultPathFor } from "./result-params";

type CheckoutResult = RouterOutputs["checkout"]["result"];

/**
 * Goes to the result page of a payment just made. Whether the card was saved is only in the payment's answer, not
 * in later reads of the result, so it travels in the navigation state.
 */
export function useGoToResult() {
  const navigate = useNavigate();
  return (result: CheckoutResult) =>
    navigate(resultPathFor(result.checkoutId), {
      state: result.cardSaved === undefined ? null : { cardSaved: result.cardSaved },
    });
}
