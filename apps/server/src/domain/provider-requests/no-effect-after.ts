// The verdict every reconciler reaches when the provider shows nothing of a request: not yet while the provider may
// still be acting on it, "no effect" once NO_PAYMENT_AFTER_MS have passed since it was recorded (the provider answers
// in seconds; a request it never received leaves nothing to find).
import type { ProviderRequest } from "../../db/schema";
import { NO_PAYMENT_AFTER_MS } from "../checkout/payment-attempt-policy";

/** null (not yet) until NO_PAYMENT_AFTER_MS after the request was recorded, then `failed` with `message`. */
export function noEffectAfterDeadline(request: Pick<ProviderRequest, "created_at">, now: Date, message: string) {
  if (now.getTime() - request.created_at.getTime() < NO_PAYMENT_AFTER_MS) return null;
  return { status: "failed", error: { type: "not_found", httpStatus: null, code: null, message } } as const;
}
