// @vitest-environment jsdom
// The console search: "/" focuses the box (not while typing in another field), Enter opens /admin/search?q=…, and
// the results page shows each group with its results as links, "see all" when there is more, a group the provider
// could not search, and the empty and error states.
import "@testing-library/jest-dom/vitest";
import type { AdminSearchOutput } from "@cobro/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { currentLocation, LocationProbe } from "../../test/account-filter-fixtures";
import { FakeTrpcError, FakeTrpcServer } from "../../test/fake-trpc-server";
import { renderWithServer } from "../../test/render-app";
import SearchPage from "../areas/search/search-page";
import { ConsoleSearch } from "./console-search";

const ME = { user: { id: "u1", email: "v@example.com", name: "V", role: "viewer" } };

const RESULTS: AdminSearchOutput = {
  query: "ana@example.com",
  queryKind: "email",
  groups: [
    {
      kind: "payments",
      items: [
        {
          id: "123456789",
          label: "123456789",
          amount: { amountMinor: 150_000, currency: "ARS" },
          status: "approved",
          date: "2026-11-20T10:00:00.000Z",
          detail: "ana@example.com · •••• 3704",
          url: "/admin/payments/123456789",
        },
      ],
      more: true,
      seeAllUrl: "/admin/payments?email=ana%40example.com",
      failed: false,
    },
    { kind: "shopOrders", items: [], more: false, seeAllUrl: null, failed: false },
    { kind: "customers", items: [], more: false, seeAllUrl: "/admin/customers?email=ana%40example.com", failed: true },
  ],
};

function renderSearch(server: FakeTrpcServer, path: string) {
  renderWithServer(
    server,
    <>
      <LocationProbe />
      <Routes>
        <Route path="/admin/search" element={<SearchPage />} />
        <Route path="/admin/other" element={<ConsoleSearch />} />
      </Routes>
    </>,
    { path, cartItems: [] },
  );
}

describe("[admin][search] the console search", () => {
  it("focuses on '/', leaves '/' typed into other fields alone, and opens the results on Enter", async () => {
    const server = new FakeTrpcServer({ "auth.me": () => ME, "admin.search": () => RESULTS });
    renderWithServer(
      server,
      <>
        <LocationProbe />
        <label>
          Note
          <input name="note" />
        </label>
        <Routes>
          <Route path="/admin/search" element={<SearchPage />} />
          <Route path="/admin/other" element={<ConsoleSearch />} />
        </Routes>
      </>,
      { path: "/admin/other", cartItems: [] },
    );
    const box = await screen.findByRole("searchbox", { name: "Search payments, orders, customers…" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("textbox", { name: "Note" }));
    await user.keyboard("a/b");
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("a/b");
    expect(box).not.toHaveFocus();
    await user.click(document.body);
    await user.keyboard("/");
    expect(box).toHaveFocus();
    expect(box).toHaveValue("");
    await user.keyboard("  Ana@Example.com {Enter}");
    await waitFor(() => expect(currentLocation()).toBe("/admin/search?q=Ana%40Example.com"));
    expect(server.callsTo("admin.search").at(-1)).toEqual({ q: "Ana@Example.com" });
  });

  it("shows each group with its results as links, 'see all' when there is more, and a failed group", async () => {
    const server = new FakeTrpcServer({ "auth.me": () => ME, "admin.search": () => RESULTS });
    renderSearch(server, "/admin/search?q=ana%40example.com");
    const payments = await screen.findByRole("region", { name: "Payments" });
    const link = within(payments).getByRole("link", { name: "123456789" });
    expect(link).toHaveAttribute("href", "/admin/payments/123456789");
    expect(payments).toHaveTextContent("•••• 3704");
    expect(within(payments).getByRole("link", { name: /See all/ })).toHaveAttribute(
      "href",
      "/admin/payments?email=ana%40example.com",
    );
    expect(within(screen.getByRole("region", { name: "Shop orders" })).getByText("None found.")).toBeInTheDocument();
    const customers = screen.getByRole("region", { name: "Customers" });
    expect(within(customers).getByText(/Mercado Pago did not answer/)).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search payments, orders, customers…" })).toHaveValue(
      "ana@example.com",
    );
  });

  it("shows the empty state", async () => {
    const empty = new FakeTrpcServer({
      "auth.me": () => ME,
      "admin.search": () => ({ ...RESULTS, groups: [{ ...RESULTS.groups[1] }] }),
    });
    renderSearch(empty, "/admin/search?q=nothing");
    expect(await screen.findByRole("heading", { name: "Nothing found" })).toBeInTheDocument();
  });

  it("shows the error state with a retry", async () => {
    let calls = 0;
    const server = new FakeTrpcServer({
      "auth.me": () => ME,
      "admin.search": () => {
        calls += 1;
        if (calls === 1) throw new FakeTrpcError("Database away", { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 });
        return RESULTS;
      },
    });
    renderSearch(server, "/admin/search?q=x");
    expect(await screen.findByRole("heading", { name: "The search could not be done" })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Payments" })).toBeInTheDocument();
  });

  it("asks for a query when there is none, without searching", async () => {
    const server = new FakeTrpcServer({ "auth.me": () => ME, "admin.search": () => RESULTS });
    renderSearch(server, "/admin/search");
    expect(await screen.findByText(/Type an id, an e-mail/)).toBeInTheDocument();
    expect(server.callsTo("admin.search")).toEqual([]);
  });
});
