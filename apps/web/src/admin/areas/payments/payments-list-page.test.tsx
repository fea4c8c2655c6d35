// @vitest-environment jsdom
// The payments list as staff use it: the URL's filters reach the server, applying filters rewrites the URL, the
// keyset "next page" sends the cursor, the CSV link carries the same filters, and a viewer gets no "Sync now".
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import { PaymentsArea } from "./payments-area";

const SELLER = {
  id: "00000000-0000-4000-8000-0000000000b2",
  providerUserId: 2002,
  nickname: "SELLER_B",
  status: "active",
};

function row(id: number, amountMinor: number) {
  return {
    providerPaymentId: id,
    status: "approved",
    statusDetail: "accredited",
    amount: { amountMinor, currency: "ARS" },
    refunded: { amountMinor: 0, currency: "ARS" },
    paymentMethodId: "visa",
    paymentTypeId: "credit_card",
    installments: 1,
    payerEmail: "ana@example.com",
    externalReference: null,
    checkoutId: null,
    accountId: id === 2 ? SELLER.id : null,
    createdAt: "2026-11-20T10:00:00.000Z",
  };
}

function fakeServer(role: "viewer" | "operator") {
  return new FakeTrpcServer({
    "auth.me": () => ({ user: { id: "u1", email: "staff@example.com", name: "Staff", role } }),
    "system.publicConfig": () => ({
      providerMode: "sandbox",
      providerApiUrl: "https://provider.test",
      publicKey: "TEST-key",
      siteId: "MLA",
      currency: "ARS",
    }),
    "admin.payments.syncStatus": () => ({
      cursor: null,
      lastStartedAt: null,
      lastFinishedAt: null,
      lastApplied: 0,
      lastError: null,
    }),
    "admin.account.accountOptions": () => [SELLER],
    "admin.payments.list": (input) => {
      const { cursor } = input as { cursor?: string | null };
      return cursor
        ? { items: [row(3, 1_000)], nextCursor: null }
        : { items: [row(1, 50_000), row(2, 20_000)], nextCursor: "20000.2" };
    },
  });
}

let currentLocation = "";
function LocationProbe() {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}`;
  return null;
}

function renderList(server: FakeTrpcServer, path: string) {
  renderWithServer(
    server,
    <>
      <LocationProbe />
      <Routes>
        <Route path="/admin/payments/*" element={<PaymentsArea />} />
      </Routes>
    </>,
    { path, cartItems: [] },
  );
}

describe("PaymentsListPage", () => {
  it("reads the filters from the URL, pages by cursor, and exports the same filters", async () => {
    const server = fakeServer("operator");
    renderList(server, "/admin/payments?status=approved&amountMin=1000&sort=amount_desc");
    await screen.findByRole("link", { name: "1" });
    expect(server.callsTo("admin.payments.list")[0]).toMatchObject({
      filters: { status: ["approved"], amountMinMinor: 1000, sort: "amount_desc" },
      cursor: null,
    });
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/admin/payments.csv?status=approved&amountMin=1000&sort=amount_desc",
    );
    expect(screen.getByRole("button", { name: "Sync now" })).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByRole("link", { name: "3" });
    expect(server.callsTo("admin.payments.list").at(-1)).toMatchObject({ cursor: "20000.2" });
    expect(currentLocation).toContain("after=20000.2");
  });

  it("writes applied filters into the URL, amounts typed in pesos as minor units", async () => {
    const server = fakeServer("viewer");
    renderList(server, "/admin/payments");
    await screen.findByRole("link", { name: "1" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Minimum amount (ARS)"), "12.50");
    await user.type(screen.getByLabelText("Payer e-mail"), "ana@example.com");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(currentLocation).toBe("/admin/payments?amountMin=1250&email=ana%40example.com"));
    await waitFor(() =>
      expect(server.callsTo("admin.payments.list").at(-1)).toMatchObject({
        filters: { amountMinMinor: 1250, payerEmail: "ana@example.com" },
      }),
    );
    expect(screen.queryByRole("button", { name: "Sync now" })).toBeNull();
  });

  it("filters by account with the shared select, in the URL with the other filters, and labels each row's account", async () => {
    const server = fakeServer("viewer");
    renderList(server, "/admin/payments");
    const own = await screen.findByRole("row", { name: /^1 / });
    expect(own).toHaveTextContent("The store's own account");
    expect(screen.getByRole("row", { name: /^2 / })).toHaveTextContent("SELLER_B");
    const user = userEvent.setup();
    const select = screen.getByRole("combobox", { name: "Account" });
    await waitFor(() => expect(within(select).getByRole("option", { name: "SELLER_B" })).toBeInTheDocument());
    await user.selectOptions(select, "SELLER_B");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(currentLocation).toBe(`/admin/payments?account=${SELLER.id}`));
    await waitFor(() =>
      expect(server.callsTo("admin.payments.list").at(-1)).toMatchObject({ filters: { account: SELLER.id } }),
    );
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      `/api/admin/payments.csv?account=${SELLER.id}`,
    );
  });
});
