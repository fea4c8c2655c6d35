// @vitest-environment jsdom
// The charges list searches one account at a time: the shared account select goes into the URL and the search, and
// a connected account's charge links to its subscription with `?account=<id>`.
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { currentLocation, LocationProbe, SELLER_CONNECTION } from "../../../test/account-filter-fixtures";
import { FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import ChargesArea from "./charges-area";

describe("[admin][charges] the account filter", () => {
  it("reads the account from the URL, writes the chosen one to the URL and the search, and links with it", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: { id: "u1", email: "v@example.com", name: "V", role: "viewer" } }),
      "admin.account.accountOptions": () => [SELLER_CONNECTION],
      "admin.subscriptions.charges": (input) => {
        const { account } = input as { account?: string };
        return {
          items: [
            {
              id: account ? 22 : 11,
              status: "processed",
              amount: { amountMinor: 150_000, currency: "ARS" },
              debitDate: "2026-11-20T10:00:00.000Z",
              retryAttempt: 0,
              nextRetryDate: null,
              payment: null,
              subscriptionId: account ? "sub-seller" : "sub-own",
              reason: account ? "Seller gym" : "Own gym",
            },
          ],
          total: 1,
          offset: 0,
          limit: 20,
        };
      },
    });
    renderWithServer(
      server,
      <>
        <LocationProbe />
        <Routes>
          <Route path="/admin/charges/*" element={<ChargesArea />} />
        </Routes>
      </>,
      { path: `/admin/charges?account=${SELLER_CONNECTION.id}`, cartItems: [] },
    );
    const sellerLink = await screen.findByRole("link", { name: /Seller gym/ });
    expect(sellerLink).toHaveAttribute("href", `/admin/subscriptions/sub-seller?account=${SELLER_CONNECTION.id}`);
    expect(server.callsTo("admin.subscriptions.charges").at(-1)).toMatchObject({ account: SELLER_CONNECTION.id });
    const select = screen.getByRole("combobox", { name: "Account" });
    await waitFor(() => expect(select).toHaveValue(SELLER_CONNECTION.id));
    expect(within(select).queryByRole("option", { name: "All accounts" })).toBeNull();

    const user = userEvent.setup();
    await user.selectOptions(select, "own");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(currentLocation()).toBe("/admin/charges"));
    await waitFor(() => expect(server.callsTo("admin.subscriptions.charges").at(-1)).not.toHaveProperty("account"));
    expect(await screen.findByRole("link", { name: /Own gym/ })).toHaveAttribute(
      "href",
      "/admin/subscriptions/sub-own",
    );
  });
});
