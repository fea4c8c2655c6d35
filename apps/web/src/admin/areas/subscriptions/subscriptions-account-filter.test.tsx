// @vitest-environment jsdom
// The subscriptions list searches one account at a time: the shared account select (no "every account" choice, no
// ended connection, the store's own by default) goes into the URL and the search; a connected account's row opens its detail with
// `?account=<id>`, read with that account; its pause and its amount change are sent with that account (the card is
// changed on the store's own subscriptions only).
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { currentLocation, LocationProbe, SELLER_CONNECTION } from "../../../test/account-filter-fixtures";
import { FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import SubscriptionsArea from "./subscriptions-area";

function subscription(id: string, reason: string) {
  return {
    id,
    status: "authorized",
    reason,
    payerEmail: "payer@testuser.com",
    payerId: 7,
    planId: null,
    externalReference: null,
    amount: { amountMinor: 150_000, currency: "ARS" },
    nextPaymentDate: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    shopperEmail: null,
  };
}

describe("[admin][subscriptions] the account filter", () => {
  it("goes into the URL and the search; a seller's row opens its detail and acts with the account", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: { id: "u1", email: "o@example.com", name: "Op", role: "operator" } }),
      "admin.account.accountOptions": () => [
        SELLER_CONNECTION,
        { id: "00000000-0000-4000-8000-0000000000c3", providerUserId: 3003, nickname: "OLD_C", status: "revoked" },
      ],
      "admin.subscriptions.search": (input) => {
        const { account } = input as { account?: string };
        const item = account ? subscription("sub-seller", "Seller gym") : subscription("sub-own", "Own gym");
        return { items: [item], total: 1, offset: 0, limit: 20 };
      },
      "admin.subscriptions.get": () => ({
        ...subscription("sub-seller", "Seller gym"),
        plan: null,
        charges: [],
        summary: null,
        pendingChanges: [],
      }),
      "admin.subscriptions.changeStatus": () => ({
        ...subscription("sub-seller", "Seller gym"),
        status: "paused",
        plan: null,
        charges: [],
        summary: null,
        pendingChanges: [],
      }),
    });
    renderWithServer(
      server,
      <>
        <LocationProbe />
        <Routes>
          <Route path="/admin/subscriptions/*" element={<SubscriptionsArea />} />
        </Routes>
      </>,
      { path: "/admin/subscriptions", cartItems: [] },
    );
    expect(await screen.findByRole("link", { name: "Own gym" })).toBeInTheDocument();
    expect(server.callsTo("admin.subscriptions.search").at(-1)).not.toHaveProperty("account");
    const select = screen.getByRole("combobox", { name: "Account" });
    expect(select).toHaveValue("own");
    expect(within(select).queryByRole("option", { name: "All accounts" })).toBeNull();

    const user = userEvent.setup();
    await waitFor(() => expect(within(select).getByRole("option", { name: "SELLER_B" })).toBeInTheDocument());
    // An ended connection has no credentials to search with: not offered here (the payments list still lists it).
    expect(within(select).queryByRole("option", { name: /OLD_C/ })).toBeNull();
    await user.selectOptions(select, "SELLER_B");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(currentLocation()).toBe(`/admin/subscriptions?account=${SELLER_CONNECTION.id}`));
    await waitFor(() =>
      expect(server.callsTo("admin.subscriptions.search").at(-1)).toMatchObject({ account: SELLER_CONNECTION.id }),
    );
    const row = await screen.findByRole("link", { name: "Seller gym" });
    expect(row).toHaveAttribute("href", `/admin/subscriptions/sub-seller?account=${SELLER_CONNECTION.id}`);

    await user.click(row);
    expect(await screen.findByRole("heading", { name: "Seller gym" })).toBeInTheDocument();
    expect(server.callsTo("admin.subscriptions.get").at(-1)).toEqual({
      subscriptionId: "sub-seller",
      account: SELLER_CONNECTION.id,
    });
    expect(screen.getByText(/belongs to a connected seller account/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change amount" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change card" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Pause" }));
    const dialog = await screen.findByRole("dialog", { name: "Pause this subscription?" });
    await user.click(within(dialog).getByRole("button", { name: "Pause" }));
    await waitFor(() =>
      expect(server.callsTo("admin.subscriptions.changeStatus").at(-1)).toEqual({
        subscriptionId: "sub-seller",
        action: "pause",
        account: SELLER_CONNECTION.id,
      }),
    );
  });
});
