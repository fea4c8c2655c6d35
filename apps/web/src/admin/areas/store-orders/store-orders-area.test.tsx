// @vitest-environment jsdom
// The console's Orders area (the shop's orders) as staff drive it, against a fake server at the fetch level (the
// app's real tRPC client, hooks and router): the list and its filters in the URL, the detail with its payment
// link, and the receipt resend (operators only, asked first, one key per dialog).
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderApp } from "../../../test/render-app";

vi.setConfig({ testTimeout: 30_000 });

const CONFIG = {
  providerMode: "sandbox",
  providerApiUrl: "https://provider.test",
  publicKey: "pk",
  siteId: "MLA",
  currency: "ARS",
};
const CHECKOUT_ID = "0a07bb45-71d8-4eff-b3ce-34c28523b441";
const ORDER = {
  checkoutId: CHECKOUT_ID,
  orderNumber: "0A07BB45",
  state: "paid",
  total: { amountMinor: 150_000, currency: "ARS" },
  items: [{ name: "Mate", quantity: 2, unitPrice: { amountMinor: 75_000, currency: "ARS" } }],
  payer: { email: "ana@example.com", name: "Ana Gómez", userId: null },
  providerPaymentId: 1234567,
  paymentCount: 1,
  createdAt: "2026-11-26T12:00:00.000Z",
};
const DETAIL = {
  ...ORDER,
  paymentMethod: "card",
  externalReference: CHECKOUT_ID,
  payments: [
    {
      providerPaymentId: 1234567,
      status: "approved",
      statusDetail: "accredited",
      amount: { amountMinor: 150_000, currency: "ARS" },
      refunded: { amountMinor: 0, currency: "ARS" },
      paymentMethodId: "visa",
      createdAt: "2026-11-26T12:00:05.000Z",
    },
  ],
  timeline: [
    { at: "2026-11-26T12:00:00.000Z", kind: "created", what: null, providerPaymentId: null },
    { at: "2026-11-26T12:00:05.000Z", kind: "payment", what: "approved", providerPaymentId: 1234567 },
    { at: "2026-11-26T12:00:06.000Z", kind: "email", what: "order_confirmation", providerPaymentId: null },
  ],
};

function staff(role: string) {
  return { id: "11111111-1111-4111-8111-111111111111", email: `${role}@example.com`, name: `The ${role}`, role };
}

function serverAs(role: string) {
  return new FakeTrpcServer({
    "auth.me": () => ({ user: staff(role) }),
    "system.publicConfig": () => CONFIG,
    "admin.storeOrders.list": () => ({ items: [ORDER], nextCursor: null }),
    "admin.storeOrders.get": () => DETAIL,
    "admin.storeOrders.resendReceipt": () => ({ queued: true, to: "ana@example.com" }),
    "admin.storeOrders.guests": () => ({
      items: [
        {
          email: "ana@example.com",
          orderCount: 2,
          lifetimeValue: { amountMinor: 300_000, currency: "ARS" },
          lastOrderAt: "2026-11-26T12:00:00.000Z",
        },
      ],
      nextCursor: null,
    }),
  });
}

describe("[admin][store-orders] the shop's orders", () => {
  it("lists an order with its number, items, payer and payment, and filters by state and e-mail through the URL", async () => {
    const user = userEvent.setup();
    const server = serverAs("viewer");
    renderApp(server, "/admin/store-orders");
    const row = (await screen.findByRole("link", { name: "0A07BB45" }, { timeout: 10_000 })).closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("Mate ×2")).toBeInTheDocument();
    expect(within(row).getByText(/ana@example.com/)).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "1234567" })).toHaveAttribute("href", "/admin/payments/1234567");

    await user.selectOptions(screen.getByLabelText("State"), "Payment refused");
    await user.type(screen.getByLabelText(/Payer e-mail/), "ana@");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() =>
      expect(server.callsTo("admin.storeOrders.list").at(-1)).toMatchObject({
        filters: { state: "failed", payerEmail: "ana@" },
      }),
    );
  });

  it("lists the guest buyers by e-mail with their lifetime value, each linking to their orders", async () => {
    renderApp(serverAs("viewer"), "/admin/store-orders/guests");
    const link = await screen.findByRole("link", { name: "ana@example.com" }, { timeout: 10_000 });
    expect(link).toHaveAttribute("href", "/admin/store-orders?email=ana%40example.com");
    const row = link.closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("ARS 3,000.00")).toBeInTheDocument();
  });

  it("shows a viewer the order's payments and timeline, and no resend", async () => {
    renderApp(serverAs("viewer"), `/admin/store-orders/${CHECKOUT_ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Order 0A07BB45" })).toBeInTheDocument();
    expect(within(screen.getByTestId("store-order-payments")).getByRole("link", { name: "1234567" })).toHaveAttribute(
      "href",
      "/admin/payments/1234567",
    );
    expect(screen.getByTestId("store-order-timeline")).toHaveTextContent("Receipt e-mailed to the shopper");
    expect(screen.getByRole("link", { name: "Printable receipt" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resend receipt" })).not.toBeInTheDocument();
  });

  it("lets an operator resend the receipt after confirming, with one key for the dialog", async () => {
    const user = userEvent.setup();
    const server = serverAs("operator");
    renderApp(server, `/admin/store-orders/${CHECKOUT_ID}`);
    await user.click(await screen.findByRole("button", { name: "Resend receipt" }));
    const dialog = screen.getByRole("dialog", { name: "Resend the receipt?" });
    expect(server.callsTo("admin.storeOrders.resendReceipt")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Resend receipt" }));
    expect(await screen.findByText("The receipt is on its way to ana@example.com.")).toBeInTheDocument();
    const [call] = server.callsTo("admin.storeOrders.resendReceipt") as {
      checkoutId: string;
      idempotencyKey: string;
    }[];
    expect(call?.checkoutId).toBe(CHECKOUT_ID);
    expect(call?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});
