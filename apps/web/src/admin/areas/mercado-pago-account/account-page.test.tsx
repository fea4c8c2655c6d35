// @vitest-environment jsdom
// The Accounts page as an admin drives it: a callback's outcome in words, a connection ended by the provider with
// its reason, disconnecting only after confirmation, and no "Connect" without an OAuth application. The real tRPC
// client talks to a fake server at the fetch level.
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../providers";
import { FakeTrpcServer } from "../../../test/fake-trpc-server";
import AccountPage from "./account-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CHARGING = {
  userId: 1000001,
  nickname: "TESTSELLER",
  email: "seller@testuser.com",
  siteId: "MLA",
  countryId: "AR",
  mode: "sandbox",
};

const ACTIVE = {
  id: "00000000-0000-4000-8000-000000000001",
  providerUserId: 2000001,
  nickname: "SHOP_AMIGA",
  siteId: "MLA",
  status: "active",
  liveMode: false,
  scope: "offline_access read write",
  connectedAt: "2026-01-01T00:00:00.000Z",
  expiresAt: new Date(Date.now() + 100 * 24 * 3600 * 1000 + 3600 * 1000).toISOString(),
  lastRefreshedAt: null,
  lastError: null,
  lastErrorAt: null,
  endedAt: null,
  endedReason: null,
};

const REVOKED = {
  ...ACTIVE,
  id: "00000000-0000-4000-8000-000000000002",
  providerUserId: 2000002,
  nickname: "GONE_SHOP",
  status: "revoked",
  expiresAt: null,
  lastError: "refresh_refused",
  lastErrorAt: "2026-02-01T00:00:00.000Z",
  endedAt: "2026-02-01T00:00:00.000Z",
  endedReason: "refresh_refused",
};

const OWN_SETTING = { accountId: null, updatedAt: null, fallback: null };

function renderPage(server: FakeTrpcServer, url = "/admin/account") {
  vi.stubGlobal("fetch", server.fetch);
  return render(
    <AppProviders language="en" cartItems={[]}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/admin/account" element={<AccountPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("AccountPage", () => {
  it("shows the charging account, a callback refusal in words, and why a connection ended", async () => {
    const server = new FakeTrpcServer({
      "admin.account.chargingAccount": () => CHARGING,
      "admin.account.chargingSetting": () => OWN_SETTING,
      "admin.account.connections": () => ({ items: [ACTIVE, REVOKED], oauthAvailable: true }),
    });
    renderPage(server, "/admin/account?oauthError=state_used");
    expect(
      await screen.findByText("This authorization was already used. Start again to connect another seller."),
    ).toBeVisible();
    expect(await screen.findByText("TESTSELLER")).toBeVisible();
    // The site and country in words (the site's code kept for support), not "MLA" and "AR".
    expect(screen.getByText("Argentina (MLA)")).toBeVisible();
    expect(screen.getByText("Argentina")).toBeVisible();
    expect(screen.getByText("Test (embedded sandbox)")).toBeVisible();
    const active = await screen.findByTestId("connection-2000001");
    expect(active).toHaveTextContent("Connected");
    expect(active).toHaveTextContent("100 days");
    expect(active).toHaveTextContent("Never");
    const revoked = screen.getByTestId("connection-2000002");
    expect(revoked).toHaveTextContent("Ended by Mercado Pago");
    expect(revoked).toHaveTextContent("Mercado Pago refused the refresh token: the seller revoked access.");
    expect(within(revoked).queryAllByRole("button")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Connect a seller account" })).toBeEnabled();
  });

  it("disconnects only after confirmation", async () => {
    const server = new FakeTrpcServer({
      "admin.account.chargingAccount": () => CHARGING,
      "admin.account.chargingSetting": () => OWN_SETTING,
      "admin.account.connections": () => ({ items: [ACTIVE], oauthAvailable: true }),
      "admin.account.disconnect": () => ({
        ...ACTIVE,
        status: "disconnected",
        endedAt: "2026-03-01T00:00:00.000Z",
        endedReason: "disconnected",
      }),
    });
    renderPage(server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Disconnect (SHOP_AMIGA)" }));
    const dialog = screen.getByRole("dialog", { name: "Disconnect SHOP_AMIGA?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.callsTo("admin.account.disconnect")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Disconnect (SHOP_AMIGA)" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Disconnect SHOP_AMIGA?" })).getByRole("button", {
        name: "Disconnect",
      }),
    );
    expect(await screen.findByText("SHOP_AMIGA was disconnected.")).toBeVisible();
    expect(server.callsTo("admin.account.disconnect")).toEqual([{ accountId: ACTIVE.id }]);
  });

  it("offers no Connect without an OAuth application, and says what to configure", async () => {
    const server = new FakeTrpcServer({
      "admin.account.chargingAccount": () => ({ ...CHARGING, mode: "live" }),
      "admin.account.chargingSetting": () => OWN_SETTING,
      "admin.account.connections": () => ({ items: [], oauthAvailable: false }),
    });
    renderPage(server);
    expect(await screen.findByText("No seller account is connected")).toBeVisible();
    expect(
      screen.getByText(
        "Connecting seller accounts needs Cobro's OAuth application: set MP_CLIENT_ID and MP_CLIENT_SECRET.",
      ),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: "Connect a seller account" })).toBeNull();
    expect(await screen.findByText("Live")).toBeVisible();
  });

  it("switches where new payments are charged only after confirmation, and marks the charging connection", async () => {
    let setting: { accountId: string | null; updatedAt: string | null; fallback: null } = OWN_SETTING;
    const server = new FakeTrpcServer({
      "admin.account.chargingAccount": () => CHARGING,
      "admin.account.chargingSetting": () => setting,
      "admin.account.connections": () => ({ items: [ACTIVE, REVOKED], oauthAvailable: true }),
      "admin.account.setChargingAccount": (input) => {
        setting = { accountId: (input as { accountId: string | null }).accountId, updatedAt: null, fallback: null };
        return setting;
      },
    });
    renderPage(server);
    const user = userEvent.setup();
    expect(await screen.findByTestId("charging-account-current")).toHaveTextContent("The store's own account");
    const select = await screen.findByRole("combobox", { name: "Charge new payments on" });
    // Only active connections can charge.
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["The store's own account", "SHOP_AMIGA"]);
    const switchButton = screen.getByRole("button", { name: "Switch…" });
    expect(switchButton).toBeDisabled();
    await user.selectOptions(select, ACTIVE.id);
    await user.click(switchButton);
    const dialog = screen.getByRole("dialog", { name: "Charge new payments on SHOP_AMIGA?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.callsTo("admin.account.setChargingAccount")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Switch…" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Charge new payments on SHOP_AMIGA?" })).getByRole("button", {
        name: "Switch the charging account",
      }),
    );
    expect(await screen.findByText("New payments are now charged on SHOP_AMIGA.")).toBeVisible();
    expect(server.callsTo("admin.account.setChargingAccount")).toEqual([{ accountId: ACTIVE.id }]);
    expect(await screen.findByTestId("charging-account-current")).toHaveTextContent("SHOP_AMIGA");
    expect(screen.getByTestId("connection-2000001")).toHaveTextContent("Charges new payments");
  });

  it("says when Mercado Pago ended the charging connection and the shop went back to its own account", async () => {
    const server = new FakeTrpcServer({
      "admin.account.chargingAccount": () => CHARGING,
      "admin.account.chargingSetting": () => ({
        accountId: null,
        updatedAt: "2026-02-01T00:00:00.000Z",
        fallback: { at: "2026-02-01T00:00:00.000Z", fromAccountId: REVOKED.id, reason: "refresh_refused" },
      }),
      "admin.account.connections": () => ({ items: [ACTIVE, REVOKED], oauthAvailable: true }),
    });
    renderPage(server);
    expect(
      await screen.findByText(/Mercado Pago ended the connection of GONE_SHOP on .*, so new payments are charged on/),
    ).toBeVisible();
  });
});
