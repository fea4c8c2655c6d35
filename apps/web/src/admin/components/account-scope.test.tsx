// @vitest-environment jsdom
// The account filter on the console lists that are the provider's own searches (payment links, merchant orders,
// customers, terminals): the store's own account by default (no "every account" choice, nothing sent), a chosen
// connection goes into the URL and the list's query, and a row opens its detail with the account in the URL. The
// detail of a connected account's link is read with that account and offers its actions, sent to that seller.
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { currentLocation, LocationProbe, SELLER_CONNECTION } from "../../test/account-filter-fixtures";
import { FakeTrpcServer } from "../../test/fake-trpc-server";
import { renderWithServer } from "../../test/render-app";
import { CustomersListPage } from "../areas/customers/customers-list-page";
import { LinkDetailPage } from "../areas/links/link-detail-page";
import { LinksListPage } from "../areas/links/links-list-page";
import { MerchantOrdersListPage } from "../areas/merchant-orders/merchant-orders-list-page";
import { TerminalsListPage } from "../areas/terminals/terminals-list-page";

const money = (amountMinor: number) => ({ amountMinor, currency: "ARS" });

function staff(role: string) {
  return { user: { id: "u1", email: `${role}@example.com`, name: "Staff", role } };
}

function renderList(server: FakeTrpcServer, route: string, element: ReactElement, path = route) {
  renderWithServer(
    server,
    <>
      <LocationProbe />
      <Routes>
        <Route path={route} element={element} />
      </Routes>
    </>,
    { path, cartItems: [] },
  );
}

/** Picks the seller in the filter, submits with `submit`, and checks the URL, the last query and the row's link. */
async function chooseSeller(
  server: FakeTrpcServer,
  procedure: string,
  submit: string,
  rowLink: RegExp,
  detailKey = "account",
) {
  const select = screen.getByRole("combobox", { name: "Account" });
  // One search per account: the store's own is the default and there is no "every account".
  expect(select).toHaveValue("own");
  expect(within(select).queryByRole("option", { name: "All accounts" })).toBeNull();
  await waitFor(() => expect(within(select).getByRole("option", { name: "SELLER_B" })).toBeInTheDocument());
  expect(server.callsTo(procedure)[0]).not.toHaveProperty("account");

  const user = userEvent.setup();
  await user.selectOptions(select, "SELLER_B");
  await user.click(screen.getByRole("button", { name: submit }));
  await waitFor(() => expect(currentLocation()).toContain(`account=${SELLER_CONNECTION.id}`));
  await waitFor(() => expect(server.callsTo(procedure).at(-1)).toMatchObject({ account: SELLER_CONNECTION.id }));
  await waitFor(() =>
    expect(screen.getByRole("link", { name: rowLink })).toHaveAttribute(
      "href",
      expect.stringContaining(`?${detailKey}=${SELLER_CONNECTION.id}`),
    ),
  );
}

describe("the account filter of the provider-search lists", () => {
  it("payment links: the filter goes into the URL and the search, and a row opens with the account", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => staff("operator"),
      "admin.account.accountOptions": () => [SELLER_CONNECTION],
      "admin.links.list": () => ({
        items: [
          {
            preferenceId: "2002-pref",
            createdAt: "2026-11-20T10:00:00.000Z",
            externalReference: "seller-ref",
            payerEmail: null,
            expiresFrom: null,
            expiresTo: null,
            expired: false,
            console: null,
          },
        ],
        total: 1,
        offset: 0,
        limit: 20,
      }),
    });
    renderList(server, "/admin/links", <LinksListPage />);
    await screen.findByRole("row", { name: /seller-ref/ });
    // Creating is on the store's own account: offered there, not while a seller's list is on show.
    expect(screen.getByRole("link", { name: "New payment link" })).toBeInTheDocument();
    await chooseSeller(server, "admin.links.list", "Apply", /2002-pref/);
    expect(screen.queryByRole("link", { name: "New payment link" })).toBeNull();
  });

  it("merchant orders: the filter goes into the URL and the search, and a row opens with the account", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => staff("operator"),
      "admin.account.accountOptions": () => [SELLER_CONNECTION],
      "admin.merchantOrders.search": () => ({
        items: [
          {
            id: 20000000001,
            status: "opened",
            orderStatus: "payment_required",
            preferenceId: null,
            externalReference: "seller-order",
            total: money(2500),
            paid: money(0),
            paymentsCount: 0,
            createdAt: "2026-01-01T00:00:00.000Z",
            lastUpdated: "2026-01-01T00:00:00.000Z",
          },
        ],
        total: 1,
        offset: 0,
        limit: 25,
        nextOffset: null,
      }),
    });
    renderList(server, "/admin/merchant-orders", <MerchantOrdersListPage />);
    await screen.findByRole("row", { name: /seller-order/ });
    // Creating is on the store's own account: offered there, not while a seller's list is on show.
    expect(screen.getByRole("link", { name: "New merchant order" })).toBeInTheDocument();
    await chooseSeller(server, "admin.merchantOrders.search", "Search", /^20000000001$/);
    expect(screen.queryByRole("link", { name: "New merchant order" })).toBeNull();
  });

  it("customers: the filter goes into the URL and the search, and a row opens with the account", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => staff("operator"),
      "admin.account.accountOptions": () => [SELLER_CONNECTION],
      "admin.customers.search": () => ({
        items: [
          {
            id: "2002-customer",
            email: "buyer@seller.test",
            firstName: null,
            lastName: null,
            phone: { areaCode: "", number: "" },
            identification: { type: "", number: "" },
            description: null,
            defaultCardId: null,
            createdAt: null,
            updatedAt: null,
            cardCount: 0,
            linkedUser: null,
          },
        ],
        total: 1,
        offset: 0,
        limit: 20,
      }),
    });
    renderList(server, "/admin/customers", <CustomersListPage />);
    await screen.findByRole("link", { name: "buyer@seller.test" });
    // Creating is on the store's own account: offered there, not while a seller's list is on show.
    expect(screen.getByRole("button", { name: "New customer" })).toBeInTheDocument();
    await chooseSeller(server, "admin.customers.search", "Search", /buyer@seller\.test/);
    expect(screen.queryByRole("button", { name: "New customer" })).toBeNull();
  });

  it("terminals: the filter goes into the URL and the list, a row opens with the account, its mode is switched there", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => staff("operator"),
      "admin.account.accountOptions": () => [SELLER_CONNECTION],
      "admin.terminals.devices": () => ({
        devices: [
          { id: "PAX_A910__SMARTPOS2002", posId: "1", storeId: "2", externalPosId: null, operatingMode: "PDV" },
        ],
        total: 1,
        offset: 0,
        limit: 20,
      }),
      "admin.terminals.events": () => ({ events: [] }),
    });
    renderList(server, "/admin/terminals", <TerminalsListPage />);
    await screen.findByRole("link", { name: "PAX_A910__SMARTPOS2002" });
    // The store's own terminals can be switched by an operator.
    expect(screen.getByRole("columnheader", { name: "Actions" })).toBeInTheDocument();
    // The terminal page keeps `account=` for its charges filter: the seller's terminal opens with `seller=`.
    await chooseSeller(server, "admin.terminals.devices", "Filter", /PAX_A910__SMARTPOS2002/, "seller");
    // A seller's terminal is switched on the seller's account.
    expect(screen.getByRole("columnheader", { name: "Actions" })).toBeInTheDocument();
    server.on("admin.terminals.setMode", (input) => ({
      deviceId: "PAX_A910__SMARTPOS2002",
      operatingMode: (input as { operatingMode: string }).operatingMode,
      restartRequired: true,
    }));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Switch to/ }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Switch mode" }));
    await waitFor(() =>
      expect(server.callsTo("admin.terminals.setMode")).toEqual([
        { deviceId: "PAX_A910__SMARTPOS2002", operatingMode: "STANDALONE", account: SELLER_CONNECTION.id },
      ]),
    );
  });
});

describe("a connected account's link", () => {
  it("is read with the account in the URL and offers edit and expire, saying they act on the seller's account", async () => {
    const server = new FakeTrpcServer({
      "auth.me": () => staff("operator"),
      "admin.account.accountOptions": () => [SELLER_CONNECTION],
      "admin.links.get": () => ({
        preferenceId: "2002-pref",
        initPoint: "https://provider.test/checkout/v1/redirect?pref_id=2002-pref",
        createdAt: "2026-11-20T10:00:00.000Z",
        lastUpdated: null,
        externalReference: "seller-ref",
        payerEmail: null,
        items: [{ id: null, title: "Seller's poncho", quantity: 1, unitPrice: money(12000) }],
        total: money(12000),
        expiresFrom: null,
        expiresTo: null,
        expired: false,
        backUrls: { success: "", pending: "", failure: "" },
        autoReturn: null,
        excludedPaymentMethods: [],
        maxInstallments: null,
        console: null,
        payments: [],
        merchantOrders: [],
      }),
    });
    renderList(
      server,
      "/admin/links/:preferenceId",
      <LinkDetailPage />,
      `/admin/links/2002-pref?account=${SELLER_CONNECTION.id}`,
    );
    await screen.findByRole("heading", { name: "Seller's poncho" });
    expect(server.callsTo("admin.links.get")[0]).toEqual({ preferenceId: "2002-pref", account: SELLER_CONNECTION.id });
    expect(screen.getByText(/read and changed with that seller's credentials/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Expire now" })).toBeInTheDocument();
  });
});
