// @vitest-environment jsdom
// The orders list's account filter (the one every console list shares): the URL's account reaches the server, the
// select lists the store's own account and each connection by nickname, applying it rewrites the URL, and each row
// says its account.
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import { OrdersListPage } from "./orders-list-page";

const SELLER = {
  id: "00000000-0000-4000-8000-0000000000b2",
  providerUserId: 2002,
  nickname: "SELLER_B",
  status: "active",
};

const ORDER = {
  id: "00000000-0000-4000-8000-00000000000a",
  providerOrderId: "ORD01",
  createStatus: "succeeded",
  status: "processed",
  statusDetail: "accredited",
  processingMode: "automatic",
  captureMode: "automatic",
  amount: { amountMinor: 150_00, currency: "ARS" },
  refunded: { amountMinor: 0, currency: "ARS" },
  payerEmail: "ana@example.com",
  externalReference: "counter-1",
  description: null,
  accountId: null,
  createdAt: "2026-11-20T10:00:00.000Z",
};

let currentLocation = "";
function LocationProbe() {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}`;
  return null;
}

describe("OrdersListPage: the account filter", () => {
  it("sends the URL's account, offers own and each connection, and writes a new choice to the URL", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: { id: "u1", email: "staff@example.com", name: "Staff", role: "viewer" } }),
      "admin.account.accountOptions": () => [SELLER],
      "admin.orders.list": () => ({ items: [ORDER], nextCursor: null }),
    });
    renderWithServer(
      server,
      <>
        <LocationProbe />
        <Routes>
          <Route path="/admin/virtual-terminal" element={<OrdersListPage />} />
        </Routes>
      </>,
      { path: "/admin/virtual-terminal?account=own", cartItems: [] },
    );
    const row = await screen.findByRole("row", { name: /counter-1/ });
    expect(row).toHaveTextContent("The store's own account");
    expect(server.callsTo("admin.orders.list")[0]).toMatchObject({ filters: { account: "own" } });
    const select = screen.getByRole("combobox", { name: "Account" });
    await waitFor(() => expect(within(select).getByRole("option", { name: "SELLER_B" })).toBeInTheDocument());
    const user = userEvent.setup();
    await user.selectOptions(select, "SELLER_B");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(currentLocation).toContain(`account=${SELLER.id}`));
    await waitFor(() =>
      expect(server.callsTo("admin.orders.list").at(-1)).toMatchObject({ filters: { account: SELLER.id } }),
    );
  });
});
