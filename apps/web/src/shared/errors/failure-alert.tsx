import { Alert } from "@cobro/ui";
import type { UserFacingError } from "./describe-error";

/** A failed action in the shopper's words, with what to do next when there is a hint (a declined card). */
export function FailureAlert({ failure }: { failure: UserFacingError }) {
  return (
    <Alert tone="danger" title={failure.message}>
      {failure.hint ? <p>{failure.hint}</p> : null}
    </Alert>
  );
}
