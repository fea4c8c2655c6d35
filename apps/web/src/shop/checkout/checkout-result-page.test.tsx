// @vitest-environment jsdom
// The result page's states, rendered by the app's real tRPC client against a
// fake server at the fetch level. Every state the page shows is recorded (a
// MutationObserver on the document), so a stale "pending" flashed for one frame
// before the real outcome fails the test.
import "@testing-library/jest-dom/vitest";
import { QueryClient } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { getQueryKey } from "@trpc/react-query";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../app";
import type { Language } from "../../i18n/locale";
import { AppProviders } from "../../providers";
import { FakeTrpcServer } from "../../test/fake-trpc-server";
import { type RouterOutputs, trpc } from "../../trpc";

type CheckoutResult = RouterOutputs["checkout"]["result"];

const CHECKOUT_ID = "11111111-1111-4111-8111-111111111111";

function resultWith(status: string, reason: string | null = null): CheckoutResult {
  return {
    checkoutId: CHECKOUT_ID,
    orderNumber: 1042,
    status,
    statusDetail: reason ?? (status === "approved" ? "accredited" : null),
    reason,
    total: { amountMinor: 1850000, currency: "ARS" },
    paymentId: status === "open" ? null : 1320000001,
    paymentMethodId: status === "open" ? null : "visa",
    refunded: { amountMinor: 0, currency: "ARS" },
    updatedAt: "2026-11-24T00:00:00.000Z",
  } as CheckoutResult;
}

function serverAnswering(answer: () => CheckoutResult | Promise<CheckoutResult>) {
  return new FakeTrpcServer({
    "auth.me": () => ({ user: null }),
    "checkout.result": () => answer(),
  });
}

/** The states shown: the result's heading, or the loading state's text, each time it changes. */
function recordStates(): { states: string[]; stop: () => void } {
  const states: string[] = [];
  const read = () => {
    const title = document.querySelector("#result-title")?.textContent;
    const loading = document.querySelector(".ui-state--loading")?.textContent;
    const state = title ? `result: ${title}` : loading ? `loading: ${loading}` : null;
    if (state !== null && states.at(-1) !== state) states.push(state);
  };
  const observer = new MutationObserver(read);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { states, stop: () => observer.disconnect() };
}

/** Neutral loading states (the page's chunk, then "checking your payment"), then the final state, and nothing else. */
function expectOnlyLoadingThen(states: readonly string[], final: string): void {
  expect(states.at(-1)).toBe(final);
  expect(states.slice(0, -1).filter((state) => !state.startsWith("loading: "))).toEqual([]);
}

function renderResult(options: {
  server: FakeTrpcServer;
  path?: string;
  state?: unknown;
  client?: QueryClient;
  language?: Language;
}) {
  vi.stubGlobal("fetch", options.server.fetch);
  vi.stubGlobal("scrollTo", vi.fn());
  return render(
    <AppProviders language={options.language ?? "en"} queryClient={options.client}>
      <MemoryRouter
        initialEntries={[{ pathname: "/checkout/result", search: `?checkout_id=${CHECKOUT_ID}`, state: options.state }]}
      >
        <App />
      </MemoryRouter>
    </AppProviders>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("checkout result page", () => {
  it("never shows the cached 'open' read of the payment step: checking, then approved", async () => {
    // What the payment step left in the cache before the shopper paid.
    const client = new QueryClient();
    client.setQueryData(
      getQueryKey(trpc.checkout.result, { checkoutId: CHECKOUT_ID, checkoutToken: undefined }, "query"),
      resultWith("open"),
    );
    client.setQueryData(getQueryKey(trpc.checkout.result, { checkoutId: CHECKOUT_ID }, "query"), resultWith("open"));
    let answer: (value: CheckoutResult) => void = () => {};
    const server = serverAnswering(() => new Promise<CheckoutResult>((resolve) => (answer = resolve)));
    const recorder = recordStates();
    renderResult({ server, client });
    expect(await screen.findByText("Checking your payment…")).toBeInTheDocument();
    await vi.waitFor(() => expect(server.callsTo("checkout.result")).toHaveLength(1));
    answer(resultWith("approved"));
    expect(await screen.findByRole("heading", { name: "Thank you! Your payment was approved" })).toBeInTheDocument();
    recorder.stop();
    expectOnlyLoadingThen(recorder.states, "result: Thank you! Your payment was approved");
    expect(recorder.states).toContain("loading: Checking your payment…");
  });

  it("shows the payment's own answer handed over by the checkout at once, declined, then keeps it fresh", async () => {
    const server = serverAnswering(() => resultWith("rejected", "cc_rejected_other_reason"));
    const recorder = recordStates();
    renderResult({
      server,
      state: { paid: resultWith("rejected", "cc_rejected_other_reason") },
      language: "es",
    });
    expect(screen.getByRole("heading", { name: "Tu pago fue rechazado" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Probar con otra tarjeta" })).toHaveAttribute("href", "/checkout");
    // The fresh read still happens, and agrees.
    await vi.waitFor(() => expect(server.callsTo("checkout.result")).toHaveLength(1));
    recorder.stop();
    expect(recorder.states).toEqual(["result: Tu pago fue rechazado"]);
  });

  it("ignores a handed-over answer for another checkout", async () => {
    const server = serverAnswering(() => resultWith("approved"));
    const other = { ...resultWith("rejected"), checkoutId: "22222222-2222-4222-8222-222222222222" };
    const recorder = recordStates();
    renderResult({ server, state: { paid: other } });
    expect(await screen.findByRole("heading", { name: "Thank you! Your payment was approved" })).toBeInTheDocument();
    recorder.stop();
    expectOnlyLoadingThen(recorder.states, "result: Thank you! Your payment was approved");
  });

  it("shows a pending Pix payment with its QR code, copy-paste code and time left, in Portuguese", async () => {
    const pix = {
      ...resultWith("pending", null),
      statusDetail: "pending_waiting_transfer",
      paymentMethodId: "pix",
      total: { amountMinor: 14990, currency: "BRL" },
      refunded: { amountMinor: 0, currency: "BRL" },
      pix: {
        qrCode: "00020126580014br.gov.bcb.pix",
        qrCodeBase64: "iVBORw0KGgo=",
        expiresAt: new Date(Date.now() + 90 * 60_000).toISOString(),
      },
    } as CheckoutResult;
    renderResult({ server: serverAnswering(() => pix), language: "pt" });
    expect(await screen.findByRole("heading", { name: "Seu pagamento está pendente" })).toBeInTheDocument();
    expect(screen.getByText(/Estamos aguardando sua transferência Pix/)).toBeInTheDocument();
    expect(screen.getByAltText("QR code Pix para pagar R$ 149,90".replace(" ", " "))).toBeInTheDocument();
    expect(screen.getByDisplayValue("00020126580014br.gov.bcb.pix")).toBeInTheDocument();
    expect(screen.getByText(/Faltam 1 h (29|30) min para pagar/)).toBeInTheDocument();
    expect(screen.getByText(/Esta página se atualiza sozinha/)).toBeInTheDocument();
  });
});
