// @vitest-environment jsdom
// Where the browser cannot stream (no EventSource, as here), the charge page falls back to re-reading the charge
// every 2 seconds until it is final: the fallback the live stream's failures lead to as well.
import "@testing-library/jest-dom/vitest";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderApp } from "../../../test/render-app";

vi.setConfig({ testTimeout: 30_000 });

const ID = "0b6f8a52-3f1e-4f39-9d55-0c1d2e3f4a5b";

function intent(state: string) {
  return {
    id: ID,
    deviceId: "PAX_A910__SMARTPOS1400000001",
    intentId: "7f25f9aa-eea6-4f9c-bf16-a341f71ba2f1",
    requestStatus: "succeeded",
    state,
    final: state === "FINISHED",
    amount: { amountMinor: 1_234_50, currency: "ARS" },
    description: "Table 4",
    installments: 1,
    installmentsCost: "seller",
    printOnTerminal: true,
    externalReference: null,
    checkoutId: null,
    checkoutStatus: null,
    paymentId: state === "FINISHED" ? 99 : null,
    paymentStatus: state === "FINISHED" ? "approved" : null,
    error: null,
    createdAt: "2026-11-24T07:00:00.000Z",
    accountId: null,
    updatedAt: "2026-11-24T07:00:00.000Z",
  };
}

describe("[admin][terminals] the charge page without server-sent events", () => {
  it("polls the charge until it is final, and stops", async () => {
    expect(typeof EventSource).toBe("undefined");
    let reads = 0;
    const server = new FakeTrpcServer({
      "auth.me": () => ({
        user: { id: "55555555-5555-4555-8555-555555555555", email: "o@example.com", name: "Op", role: "operator" },
      }),
      "admin.terminals.intent": () => {
        reads += 1;
        return intent(reads >= 2 ? "FINISHED" : "OPEN");
      },
    });
    renderApp(server, `/admin/terminals/intents/${ID}`);
    expect(await screen.findByTestId("intent-state")).toHaveTextContent("Waiting for the terminal");
    await waitFor(() => expect(screen.getByTestId("intent-state")).toHaveTextContent("Finished"), { timeout: 6_000 });
    expect(server.callsTo("admin.terminals.intentUpdates")).toEqual([]);
    const settled = server.callsTo("admin.terminals.intent").length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(server.callsTo("admin.terminals.intent")).toHaveLength(settled);
  });
});
