// @vitest-environment jsdom
// The rules of a dialog's one key: made when it opens; kept after an answer that was not seen (no response, a 5xx,
// the provider still processing the same request, an "unknown" outcome) so "Try again" repeats the same intent;
// renewed after a refusal, a seen answer, or a reopening for a new intent.
import { act, cleanup, renderHook } from "@testing-library/react";
import { TRPCClientError } from "@trpc/client";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n/i18n-context";
import { useIntentKey } from "./use-intent-key";

afterEach(cleanup);

function trpcError(data: Record<string, unknown>) {
  const message = "refused";
  return new TRPCClientError(message, {
    result: { error: { message, code: -32600, data: { field: null, fieldErrors: null, reason: null, ...data } } },
  });
}

const networkError = new TRPCClientError("Failed to fetch");

function renderIntentKey() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider initialLanguage="en">{children}</I18nProvider>
  );
  return renderHook(() => useIntentKey(), { wrapper });
}

describe("useIntentKey", () => {
  it("makes one key when the dialog opens and keeps it across renders", () => {
    const { result, rerender } = renderIntentKey();
    const first = result.current.idempotencyKey;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    rerender();
    expect(result.current.idempotencyKey).toBe(first);
    expect(result.current.unknown).toBe(false);
  });

  it.each([
    ["no response", networkError],
    ["a 5xx", trpcError({ httpStatus: 503, appCode: "PROVIDER_UNAVAILABLE", reason: "provider_unavailable" })],
    [
      "the provider still processing the same request",
      trpcError({ httpStatus: 409, appCode: "CONFLICT", reason: "payment_in_progress" }),
    ],
  ])("keeps the key after %s, so Try again repeats the same intent", (_, error) => {
    const { result } = renderIntentKey();
    const first = result.current.idempotencyKey;
    let failure: ReturnType<typeof result.current.failed> | undefined;
    act(() => {
      failure = result.current.failed(error);
    });
    expect(failure?.unseen).toBe(true);
    expect(result.current.unknown).toBe(true);
    expect(result.current.idempotencyKey).toBe(first);
  });

  it("keeps the key after an unknown outcome, then a seen answer ends the intent", () => {
    const { result } = renderIntentKey();
    const first = result.current.idempotencyKey;
    act(() => result.current.answered("unknown"));
    expect(result.current.idempotencyKey).toBe(first);
    expect(result.current.unknown).toBe(true);
    act(() => result.current.answered("done"));
    expect(result.current.idempotencyKey).not.toBe(first);
    expect(result.current.unknown).toBe(false);
  });

  it.each([
    ["a bad field", trpcError({ httpStatus: 400, appCode: "BAD_REQUEST", field: "amountMinor" })],
    ["a conflict", trpcError({ httpStatus: 409, appCode: "CONFLICT", reason: "action_in_progress" })],
    ["a decline", trpcError({ httpStatus: 402, appCode: "PAYMENT_DECLINED" })],
  ])("makes a new key after a refusal (%s) and says it in words", (_, error) => {
    const { result } = renderIntentKey();
    const first = result.current.idempotencyKey;
    act(() => result.current.answered("unknown"));
    let failure: ReturnType<typeof result.current.failed> | undefined;
    act(() => {
      failure = result.current.failed(error);
    });
    expect(failure?.unseen).toBe(false);
    expect(failure?.message).not.toBe("");
    expect(result.current.unknown).toBe(false);
    expect(result.current.idempotencyKey).not.toBe(first);
  });

  it.each(["done", "created", "declined", "refused"])("makes a new key after a seen %s outcome", (outcome) => {
    const { result } = renderIntentKey();
    const first = result.current.idempotencyKey;
    act(() => result.current.answered(outcome));
    expect(result.current.idempotencyKey).not.toBe(first);
  });

  it("makes a new key when the dialog opens again for a new intent", () => {
    const { result } = renderIntentKey();
    const first = result.current.idempotencyKey;
    act(() => result.current.answered("unknown"));
    act(() => result.current.renew());
    expect(result.current.idempotencyKey).not.toBe(first);
    expect(result.current.unknown).toBe(false);
  });
});
