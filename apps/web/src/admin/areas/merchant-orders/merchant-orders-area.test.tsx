// @vitest-environment jsdom
// The merchant orders area as staff drive it, against a fake server at the fetch level (the app's real tRPC
// client, hooks and router): the new-order form keeps one idempotency key through an unseen answer and a retry,
// takes a new one after a refusal, names the field at fault, and sends prices in minor units. A connected seller's
// order offers its edit, sent with the seller's account (the same account and key again after an unseen answer).
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../../app";
import { AppProviders } from "../../../providers";
import { FakeTrpcError, FakeTrpcServer } from "../../../test/fake-trpc-server";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CONFIG = {
  providerMode: "sandbox",
  providerApiUrl: "https://provider.test",
  publicKey: "pk",
  siteId: "MLA",
  currency: "ARS",
};

const money = (amountMinor: number) => ({ amountMinor, currency: "ARS" });
const ORDER = {
  id: 20000000001,
  status: "opened",
  orderStatus: "payment_required",
  preferenceId: "1000001-pref",
  externalReference: "ref-1",
  total: money(2500),
  paid: money(0),
  paymentsCount: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  lastUpdated: "2026-01-01T00:00:00.000Z",
};

/** The order's detail as the server answers it. */
const DETAIL = {
  ...ORDER,
  refunded: money(0),
  siteId: "MLA",
  notificationUrl: null,
  additionalInfo: null,
  payerId: null,
  isTest: false,
  items: [{ id: null, title: "Mate", quantity: 2, unitPrice: money(1250) }],
  payments: [],
  shipments: [],
  syncedAt: "2026-01-01T00:00:00.000Z",
  stale: false,
  requests: [],
};

function staff(role: string) {
  return { id: "11111111-1111-4111-8111-111111111111", email: `${role}@example.com`, name: `The ${role}`, role };
}

function renderApp(server: FakeTrpcServer, path: string) {
  vi.stubGlobal("fetch", server.fetch);
  vi.stubGlobal("scrollTo", vi.fn());
  render(
    <AppProviders language="en">
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("[admin][merchant-orders] new merchant order form", () => {
  it("keeps its key through an unseen answer, takes a new one after a refusal, and names the field", async () => {
    const user = userEvent.setup();
    let answer: "unknown" | "refuse" | "done" = "unknown";
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("operator") }),
      "system.publicConfig": () => CONFIG,
      "admin.merchantOrders.create": () => {
        if (answer === "refuse") {
          throw new FakeTrpcError("Mercado Pago has no preference with that id. Check the preference id.", {
            code: "BAD_REQUEST",
            httpStatus: 400,
            field: "preferenceId",
            reason: "merchant_order_preference_not_found",
          });
        }
        return { outcome: answer, merchantOrderId: answer === "done" ? ORDER.id : null };
      },
      "admin.merchantOrders.get": () => DETAIL,
    });
    renderApp(server, "/admin/merchant-orders/new");
    await user.type(await screen.findByLabelText(/^Title/), "Mate");
    await user.clear(screen.getByLabelText(/^Quantity/));
    await user.type(screen.getByLabelText(/^Quantity/), "2");
    await user.type(screen.getByLabelText(/^Unit price/), "12,50");
    expect(screen.getByTestId("line-items-total")).toHaveTextContent("Total: ARS 25.00");
    await user.type(screen.getByLabelText(/^Preference id/), "1000001-pref");

    await user.click(screen.getByRole("button", { name: "Create merchant order" }));
    expect(await screen.findByText(/did not reach us/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create merchant order" }));
    await screen.findByText(/did not reach us/);
    const [first, second] = server.callsTo("admin.merchantOrders.create") as { idempotencyKey: string }[];
    expect(first).toMatchObject({
      items: [{ title: "Mate", quantity: 2, unitPriceMinor: 1250 }],
      preferenceId: "1000001-pref",
    });
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);

    answer = "refuse";
    await user.click(screen.getByRole("button", { name: "Create merchant order" }));
    const preference = screen.getByLabelText(/^Preference id/);
    expect(
      await within(preference.closest(".ui-field") as HTMLElement).findByText(/^Mercado Pago has no preference/),
    ).toHaveTextContent("Mercado Pago has no preference (payment link) with that id.");
    expect(preference).toHaveAccessibleDescription(/Mercado Pago has no preference \(payment link\) with that id\./);
    expect(preference).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/^Title/)).toHaveValue("Mate");

    answer = "done";
    await user.clear(preference);
    await user.click(screen.getByRole("button", { name: "Create merchant order" }));
    expect(await screen.findByText(`Merchant order ${ORDER.id} was created.`)).toBeInTheDocument();
    const calls = server.callsTo("admin.merchantOrders.create") as { idempotencyKey: string; preferenceId?: string }[];
    expect(calls).toHaveLength(4);
    expect(calls[3]?.idempotencyKey).not.toBe(first?.idempotencyKey);
    expect(calls[3]?.preferenceId).toBeUndefined();
  });

  it("refuses a bad quantity before sending anything", async () => {
    const user = userEvent.setup();
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("admin") }),
      "system.publicConfig": () => CONFIG,
    });
    renderApp(server, "/admin/merchant-orders/new");
    await user.type(await screen.findByLabelText(/^Title/), "Mate");
    await user.clear(screen.getByLabelText(/^Quantity/));
    await user.type(screen.getByLabelText(/^Quantity/), "0");
    await user.type(screen.getByLabelText(/^Unit price/), "10");
    await user.click(screen.getByRole("button", { name: "Create merchant order" }));
    expect(await screen.findByText("The quantity must be at least 1")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Quantity/)).toHaveAttribute("aria-invalid", "true");
    expect(server.callsTo("admin.merchantOrders.create")).toHaveLength(0);
  });
});

describe("[admin][merchant-orders] a connected seller's merchant order", () => {
  it("offers the edit and sends it with the seller's account, the same account and key after an unseen answer", async () => {
    const user = userEvent.setup();
    const seller = "00000000-0000-4000-8000-0000000000b2";
    let answer: "unknown" | "done" = "unknown";
    const server = new FakeTrpcServer({
      "auth.me": () => ({ user: staff("operator") }),
      "system.publicConfig": () => CONFIG,
      "admin.merchantOrders.update": () => ({ outcome: answer, merchantOrderId: ORDER.id }),
      "admin.merchantOrders.get": () => DETAIL,
    });
    renderApp(server, `/admin/merchant-orders/${ORDER.id}?account=${seller}`);
    expect(await screen.findByText(/belongs to a connected seller: it is read and changed/)).toBeInTheDocument();
    expect(server.callsTo("admin.merchantOrders.get").at(-1)).toMatchObject({ account: seller });
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.type(await screen.findByLabelText(/^Additional info/), "Gift wrap");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(/did not reach us/)).toBeInTheDocument();
    answer = "done";
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(/saved/i)).toBeInTheDocument();
    const calls = server.callsTo("admin.merchantOrders.update") as { idempotencyKey: string }[];
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ merchantOrderId: ORDER.id, account: seller, additionalInfo: "Gift wrap" });
    expect(calls[1]).toEqual(calls[0]);
  });
});
