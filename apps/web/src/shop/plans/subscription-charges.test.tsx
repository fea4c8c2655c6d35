// @vitest-environment jsdom
// A subscription's charges on the shopper's account page, loaded when opened: each charge's date, amount and
// status with the payment it produced; a failed one says why in the shopper's words and that it will be retried;
// the empty and the failed-to-load states (with a retry).
import "@testing-library/jest-dom/vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeTrpcError, FakeTrpcServer } from "../../test/fake-trpc-server";
import { renderWithServer } from "../../test/render-app";
import { SubscriptionCharges } from "./subscription-charges";

const ID = "7d3f2b8e-0f6a-4c1e-9b7a-2a4c6e8f0b1d";

function open(server: FakeTrpcServer) {
  renderWithServer(server, <SubscriptionCharges subscriptionId={ID} name="Coffee club" />, { cartItems: [] });
  return userEvent.setup().click(screen.getByLabelText("Charges: Coffee club"));
}

describe("SubscriptionCharges", () => {
  it("asks nothing until opened, then shows each charge; a failed one with its reason in the shopper's words", async () => {
    const server = new FakeTrpcServer({
      "account.subscriptions.charges": () => [
        {
          id: 2,
          status: "recycling",
          date: "2026-12-24T12:00:00.000Z",
          amount: { amountMinor: 1_500_00, currency: "ARS" },
          retryAttempt: 1,
          payment: { id: 902, status: "rejected", statusDetail: "cc_rejected_insufficient_amount" },
        },
        {
          id: 1,
          status: "processed",
          date: "2026-11-24T12:00:00.000Z",
          amount: { amountMinor: 1_500_00, currency: "ARS" },
          retryAttempt: 0,
          payment: { id: 901, status: "approved", statusDetail: "accredited" },
        },
      ],
    });
    renderWithServer(server, <SubscriptionCharges subscriptionId={ID} name="Coffee club" />, { cartItems: [] });
    expect(server.callsTo("account.subscriptions.charges")).toHaveLength(0);
    await userEvent.setup().click(screen.getByLabelText("Charges: Coffee club"));
    const table = await screen.findByRole("table", { name: "Charges: Coffee club" });
    expect(server.callsTo("account.subscriptions.charges")).toEqual([{ id: ID }]);
    const [, failed, charged] = within(table).getAllByRole("row");
    expect(failed).toHaveTextContent("Failed");
    expect(failed).toHaveTextContent("Your card has insufficient funds.");
    expect(failed).toHaveTextContent("It will be tried again.");
    expect(failed).toHaveTextContent("payment #902");
    expect(charged).toHaveTextContent("Charged");
    expect(charged).toHaveTextContent("1,500.00");
    expect(charged).not.toHaveTextContent("insufficient");
  });

  it("says when there is no charge yet", async () => {
    await open(new FakeTrpcServer({ "account.subscriptions.charges": () => [] }));
    expect(await screen.findByText("No charges yet")).toBeVisible();
  });

  it("says when the charges could not be loaded, with a retry", async () => {
    await open(
      new FakeTrpcServer({
        "account.subscriptions.charges": () => {
          throw new FakeTrpcError("We could not find that subscription.", { code: "NOT_FOUND", httpStatus: 404 });
        },
      }),
    );
    expect(await screen.findByText("We could not load the charges")).toBeVisible();
    expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
  });
});
