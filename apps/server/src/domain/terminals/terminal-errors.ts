// The provider's Point refusals in the console's words (docs/provider-facts.md §4.9): a busy terminal (409
// conflict_error), a STANDALONE terminal, an unknown terminal or intent, an intent already on the terminal.
import {
  ProviderBadRequestError,
  ProviderConflictError,
  ProviderError,
  ProviderNotFoundError,
} from "@cobro/provider-client";
import { AppError } from "../../errors/app-error";

function causeCodes(error: ProviderError): string[] {
  const body = error.body;
  if (typeof body !== "object" || body === null || !("cause" in body) || !Array.isArray(body.cause)) return [];
  return body.cause
    .map((cause: unknown) => (typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : ""))
    .filter((code: string) => code !== "");
}

/** Whether the provider said "this terminal already has a queued intent" (a refusal: no intent was made). */
export function isTerminalBusy(error: unknown): boolean {
  return (
    error instanceof ProviderConflictError &&
    (error.code === "conflict_error" || causeCodes(error).includes("conflict_error"))
  );
}

/** A staff-facing AppError for a Point refusal, or null when the error is not one the provider decided. */
export function toTerminalError(error: unknown, field = "deviceId"): AppError | null {
  if (isTerminalBusy(error)) {
    return new AppError("CONFLICT", "This terminal already has a charge waiting. Finish or cancel it first.", {
      reason: "terminal_busy",
      field,
      cause: error,
    });
  }
  if (error instanceof ProviderNotFoundError) {
    return new AppError("NOT_FOUND", "That card terminal was not found in this account.", {
      reason: "terminal_not_found",
      field,
      cause: error,
    });
  }
  if (error instanceof ProviderBadRequestError) {
    if (causeCodes(error).includes("device_not_in_pdv_mode")) {
      return new AppError(
        "BAD_REQUEST",
        "This terminal is in STANDALONE mode: switch it to PDV (and restart it) to charge from here.",
        { reason: "terminal_not_pdv", field, cause: error },
      );
    }
    return new AppError("BAD_REQUEST", "Mercado Pago refused the request. Check the values and try again.", {
      reason: "provider_rejected_request",
      cause: error,
    });
  }
  if (error instanceof ProviderError && error.status < 500 && !(error instanceof ProviderConflictError)) {
    return new AppError("BAD_REQUEST", "Mercado Pago refused the request.", {
      reason: "provider_rejected_request",
      cause: error,
    });
  }
  return null;
}
