// @vitest-environment jsdom
// A terminal's charges filtered by account: the URL's `account` reaches the intents query, choosing an account in
// the shared select rewrites the URL and the query, and each row names its account. A connected seller's terminal
// (`?seller=`) offers its mode switch, sent with the seller's account (again on "Try again"), and no charge.
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { currentLocation, LocationProbe, SELLER_CONNECTION } from "../../../test/account-filter-fixtures";
import { FakeTrpcError, FakeTrpcServer, type ProcedureHandler } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import TerminalsArea from "./terminals-area";

// The page renders the whole area; on a busy machine the first render alone can pass the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

const DEVICE = "PAX_A910__SMARTPOS1400000001";

function intent(id: string, accountId: string | null) {
  return {
    id,
    deviceId: DEVICE,
    intentId: null,
    requestStatus: "succeeded",
    state: "FINISHED",
    final: true,
    amount: { amountMinor: 1_500, currency: "ARS" },
    description: null,
    installments: 1,
    installmentsCost: "seller",
    printOnTerminal: false,
    externalReference: `ref-${id.slice(-1)}`,
    checkoutId: null,
    checkoutStatus: null,
    paymentId: null,
    paymentStatus: null,
    error: null,
    accountId,
    createdAt: "2026-11-24T07:00:00.000Z",
    updatedAt: "2026-11-24T07:00:00.000Z",
  };
}

/** The fake server of one PDV terminal's page, as `role`, with the test's own procedures. */
function terminalServer(role: string, handlers: Record<string, ProcedureHandler>) {
  return new FakeTrpcServer({
    "auth.me": () => ({ user: { id: "u1", email: `${role}@example.com`, name: role, role } }),
    "system.publicConfig": () => ({
      providerMode: "sandbox",
      providerApiUrl: "https://provider.test",
      publicKey: "TEST-key",
      siteId: "MLA",
      currency: "ARS",
    }),
    "admin.account.accountOptions": () => [SELLER_CONNECTION],
    "admin.terminals.devices": () => ({
      devices: [{ id: DEVICE, operatingMode: "PDV", storeId: "1", posId: "2", externalPosId: null }],
      total: 1,
      offset: 0,
      limit: 50,
    }),
    ...handlers,
  });
}

describe("[admin][terminals] a terminal's charges by account", () => {
  it("reads the account from the URL, applies the shared select to the URL and the query, and labels the rows", async () => {
    const server = terminalServer("viewer", {
      "admin.terminals.intents": (input) => {
        const { account } = input as { account?: string };
        const items = [intent("00000000-0000-4000-8000-000000000001", null)];
        if (account !== "own") items.push(intent("00000000-0000-4000-8000-000000000002", SELLER_CONNECTION.id));
        return { intents: items, total: items.length };
      },
    });
    renderWithServer(
      server,
      <>
        <LocationProbe />
        <Routes>
          <Route path="/admin/terminals/*" element={<TerminalsArea />} />
        </Routes>
      </>,
      { path: `/admin/terminals/${DEVICE}?account=own`, cartItems: [] },
    );
    const table = await screen.findByRole("table", { name: "Charges sent from the console" });
    expect(server.callsTo("admin.terminals.intents").at(-1)).toMatchObject({ deviceId: DEVICE, account: "own" });
    expect(within(table).getByRole("row", { name: /ref-1/ })).toHaveTextContent("The store's own account");

    const user = userEvent.setup();
    const select = screen.getByRole("combobox", { name: "Account" });
    expect(select).toHaveValue("own");
    await waitFor(() => expect(within(select).getByRole("option", { name: "SELLER_B" })).toBeInTheDocument());
    await user.selectOptions(select, "SELLER_B");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await waitFor(() => expect(currentLocation()).toBe(`/admin/terminals/${DEVICE}?account=${SELLER_CONNECTION.id}`));
    await waitFor(() =>
      expect(server.callsTo("admin.terminals.intents").at(-1)).toMatchObject({
        deviceId: DEVICE,
        account: SELLER_CONNECTION.id,
      }),
    );
    expect(await screen.findByRole("row", { name: /ref-2/ })).toHaveTextContent("SELLER_B");

    await user.selectOptions(screen.getByRole("combobox", { name: "Account" }), "");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await waitFor(() => expect(currentLocation()).toBe(`/admin/terminals/${DEVICE}`));
    await waitFor(() => expect(server.callsTo("admin.terminals.intents").at(-1)).not.toHaveProperty("account"));
  });

  it("a seller's terminal offers the mode switch on the seller's account, the same account on Try again, no charge", async () => {
    let attempts = 0;
    const server = terminalServer("operator", {
      "admin.terminals.intents": () => ({ intents: [], total: 0 }),
      "admin.terminals.setMode": (input) => {
        attempts += 1;
        if (attempts === 1) throw new FakeTrpcError("unavailable", { code: "PROVIDER_UNAVAILABLE", httpStatus: 503 });
        return {
          deviceId: DEVICE,
          operatingMode: (input as { operatingMode: string }).operatingMode,
          restartRequired: true,
        };
      },
    });
    renderWithServer(
      server,
      <Routes>
        <Route path="/admin/terminals/*" element={<TerminalsArea />} />
      </Routes>,
      { path: `/admin/terminals/${DEVICE}?seller=${SELLER_CONNECTION.id}`, cartItems: [] },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Switch to/ }));
    expect(screen.queryByTestId("terminal-charge")).not.toBeInTheDocument();
    expect(
      screen.getByText(/belongs to a connected seller: its mode is switched on that seller's account/),
    ).toBeVisible();
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Switch mode" }));
    await waitFor(() => expect(attempts).toBe(1));
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Switch mode" })).toBeEnabled());
    await user.click(within(dialog).getByRole("button", { name: "Switch mode" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.callsTo("admin.terminals.setMode")).toEqual([
      { deviceId: DEVICE, operatingMode: "STANDALONE", account: SELLER_CONNECTION.id },
      { deviceId: DEVICE, operatingMode: "STANDALONE", account: SELLER_CONNECTION.id },
    ]);
  });
});
