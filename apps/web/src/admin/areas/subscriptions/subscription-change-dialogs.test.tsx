// @vitest-environment jsdom
// Changing a subscription's amount as an operator drives it: confirmed first, one idempotency key per dialog reused
// by "Try again" after an answer that was not seen ("being confirmed", never "failed"), a refusal said in words
// with a new key for the next attempt, and nothing sent for an amount that is not one.
import "@testing-library/jest-dom/vitest";
import type { AdminSubscriptionDetail } from "@cobro/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeTrpcError, FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import { ChangeAmountDialog } from "./subscription-change-dialogs";

const SUBSCRIPTION: AdminSubscriptionDetail = {
  id: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
  status: "authorized",
  reason: "Coffee club",
  payerEmail: "payer@testuser.com",
  payerId: 1,
  planId: null,
  externalReference: null,
  amount: { amountMinor: 1_500_00, currency: "ARS" },
  nextPaymentDate: null,
  createdAt: null,
  shopperEmail: null,
  plan: null,
  pendingChanges: [],
  charges: [],
  summary: null,
};

function renderDialog(server: FakeTrpcServer, done: string[] = []) {
  return renderWithServer(
    server,
    <ChangeAmountDialog subscription={SUBSCRIPTION} onClose={() => {}} onDone={(message) => done.push(message)} />,
    { cartItems: [] },
  );
}

describe("ChangeAmountDialog", () => {
  it("an unseen answer is 'being confirmed' and Try again sends the same key", async () => {
    let calls = 0;
    const server = new FakeTrpcServer({
      "admin.subscriptions.change": () => {
        calls += 1;
        if (calls === 1) {
          throw new FakeTrpcError("Mercado Pago did not answer.", { code: "PROVIDER_UNAVAILABLE", httpStatus: 503 });
        }
        if (calls === 2) return { requestId: "r1", outcome: "unknown", subscriptionId: SUBSCRIPTION.id };
        return { requestId: "r1", outcome: "done", subscriptionId: SUBSCRIPTION.id };
      },
      "admin.subscriptions.get": () => SUBSCRIPTION,
      "admin.subscriptions.search": () => ({ items: [], total: 0, offset: 0, limit: 20 }),
    });
    const done: string[] = [];
    renderDialog(server, done);
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "Change what this subscription charges?" });
    await user.clear(within(dialog).getByLabelText("New amount of each charge (ARS)"));
    await user.type(within(dialog).getByLabelText("New amount of each charge (ARS)"), "1800,50");
    await user.click(within(dialog).getByRole("button", { name: "Change the amount" }));
    await within(dialog).findByText(/Mercado Pago has not confirmed it yet/);
    expect(within(dialog).queryByRole("alert", { name: /failed/i })).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    await within(dialog).findByText(/Mercado Pago has not confirmed it yet/);
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    await expect.poll(() => done.length).toBe(1);

    const inputs = server.callsTo("admin.subscriptions.change") as { idempotencyKey: string; amountMinor: number }[];
    expect(inputs).toHaveLength(3);
    expect(inputs[0]).toMatchObject({ subscriptionId: SUBSCRIPTION.id, amountMinor: 1_800_50 });
    expect(new Set(inputs.map((input) => input.idempotencyKey)).size).toBe(1);
  });

  it("a refusal is said in words and the next attempt is a new request; a non-amount is never sent", async () => {
    const server = new FakeTrpcServer({
      "admin.subscriptions.change": () => {
        throw new FakeTrpcError("This subscription was cancelled and can no longer be changed.", {
          code: "CONFLICT",
          httpStatus: 409,
          reason: "subscription_cancelled",
        });
      },
      "admin.subscriptions.get": () => SUBSCRIPTION,
      "admin.subscriptions.search": () => ({ items: [], total: 0, offset: 0, limit: 20 }),
    });
    renderDialog(server);
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "Change what this subscription charges?" });
    const field = within(dialog).getByLabelText("New amount of each charge (ARS)");
    await user.clear(field);
    await user.type(field, "abc");
    await user.click(within(dialog).getByRole("button", { name: "Change the amount" }));
    await within(dialog).findByText("New amount of each charge (ARS): that is not an amount. Write it like 5,000.50.");
    expect(server.callsTo("admin.subscriptions.change")).toHaveLength(0);

    await user.clear(field);
    await user.type(field, "2000");
    await user.click(within(dialog).getByRole("button", { name: "Change the amount" }));
    await within(dialog).findByText(/cancelled/i);
    await user.click(within(dialog).getByRole("button", { name: "Change the amount" }));
    await expect.poll(() => server.callsTo("admin.subscriptions.change").length).toBe(2);
    const inputs = server.callsTo("admin.subscriptions.change") as { idempotencyKey: string }[];
    expect(inputs[1]?.idempotencyKey).not.toBe(inputs[0]?.idempotencyKey);
  });
});
