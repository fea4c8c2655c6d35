// @vitest-environment jsdom
// The order dialogs as staff drive them: a partial refund typed in the currency's decimals with one idempotency
// key reused by "Try again", nothing sent for a bad amount or without a reason, and a declined card said in words.
// The real tRPC client talks to a fake server at the fetch level.
import "@testing-library/jest-dom/vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeTrpcError, FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import { RefundOrderDialog, SimpleActionDialog } from "./order-action-dialogs";

const ORDER_ID = "0b6f8a52-3f1e-4f39-9d55-0c1d2e3f4a5b";
const TX_ID = "pay_01JQ4S4KY8HWQ6NA5PXB65B3D3";

function renderWith(server: FakeTrpcServer, dialog: React.ReactNode) {
  return renderWithServer(server, dialog, { cartItems: [] });
}

describe("RefundOrderDialog", () => {
  it("refunds part of a transaction in minor units with one key, reused by Try again; unseen is not failed", async () => {
    let calls = 0;
    const server = new FakeTrpcServer({
      "admin.orders.refund": () => {
        calls += 1;
        if (calls === 1) {
          throw new FakeTrpcError("Mercado Pago did not answer.", { code: "PROVIDER_UNAVAILABLE", httpStatus: 503 });
        }
        return { orderId: ORDER_ID, outcome: "unknown", status: "processed", statusDetail: "accredited" };
      },
    });
    renderWith(
      server,
      <RefundOrderDialog
        orderId={ORDER_ID}
        transactionId={TX_ID}
        limit={{ amountMinor: 200_00, currency: "ARS" }}
        onClose={() => {}}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: `Refund transaction ${TX_ID}` });
    await user.clear(within(dialog).getByLabelText("Amount (ARS)"));
    await user.type(within(dialog).getByLabelText("Amount (ARS)"), "50,25");
    await user.selectOptions(within(dialog).getByLabelText("Reason"), "The customer asked");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await within(dialog).findByRole("button", { name: "Try again" });

    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    await within(dialog).findByText(/We are confirming it; trying again is safe/);

    const inputs = server.callsTo("admin.orders.refund") as { idempotencyKey: string }[];
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toMatchObject({
      orderId: ORDER_ID,
      transactionId: TX_ID,
      amountMinor: 50_25,
      reason: "requested_by_customer",
    });
    expect(inputs[1]?.idempotencyKey).toBe(inputs[0]?.idempotencyKey);
  });

  it("sends nothing without a reason or for more than is left", async () => {
    const server = new FakeTrpcServer({
      "admin.orders.refund": () => ({ orderId: ORDER_ID, outcome: "done", status: "processed", statusDetail: null }),
    });
    renderWith(
      server,
      <RefundOrderDialog
        orderId={ORDER_ID}
        transactionId={TX_ID}
        limit={{ amountMinor: 10_00, currency: "ARS" }}
        onClose={() => {}}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: `Refund transaction ${TX_ID}` });
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await within(dialog).findByText("Choose why you refund.");

    await user.clear(within(dialog).getByLabelText("Amount (ARS)"));
    await user.type(within(dialog).getByLabelText("Amount (ARS)"), "10.01");
    await user.selectOptions(within(dialog).getByLabelText("Reason"), "Duplicate payment");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await within(dialog).findByText(/at most/);
    expect(server.callsTo("admin.orders.refund")).toHaveLength(0);
  });
});

describe("SimpleActionDialog", () => {
  it("after a refusal, Try again is a new request with a new key", async () => {
    let calls = 0;
    const server = new FakeTrpcServer({
      "admin.orders.capture": () => {
        calls += 1;
        if (calls === 1) {
          throw new FakeTrpcError("Another action on this order is not finished yet.", {
            code: "CONFLICT",
            httpStatus: 409,
            reason: "action_in_progress",
          });
        }
        return { orderId: ORDER_ID, outcome: "done", status: "processed", statusDetail: "accredited" };
      },
    });
    renderWith(
      server,
      <SimpleActionDialog
        kind="capture"
        orderId={ORDER_ID}
        amount={{ amountMinor: 200_00, currency: "ARS" }}
        onClose={() => {}}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "Capture this order" });
    await user.click(within(dialog).getByRole("button", { name: "Capture" }));
    await user.click(await within(dialog).findByRole("button", { name: "Try again" }));
    await within(dialog).findByRole("button", { name: "Done" });

    const inputs = server.callsTo("admin.orders.capture") as { idempotencyKey: string }[];
    expect(inputs).toHaveLength(2);
    expect(inputs[1]?.idempotencyKey).not.toBe(inputs[0]?.idempotencyKey);
  });

  it("says a declined card's reason in words when processing", async () => {
    const server = new FakeTrpcServer({
      "admin.orders.process": () => ({
        orderId: ORDER_ID,
        outcome: "declined",
        status: "failed",
        statusDetail: "insufficient_amount",
      }),
    });
    renderWith(
      server,
      <SimpleActionDialog
        kind="process"
        orderId={ORDER_ID}
        amount={{ amountMinor: 200_00, currency: "ARS" }}
        onClose={() => {}}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "Process this order" });
    expect(dialog).toHaveTextContent("The card will be charged ARS 200.00 now.");
    await user.click(within(dialog).getByRole("button", { name: "Process" }));
    await within(dialog).findByText("The card was declined: insufficient funds.");
    expect(within(dialog).getByRole("button", { name: "Done" })).toBeInTheDocument();
    expect(server.callsTo("admin.orders.process")).toEqual([
      { orderId: ORDER_ID, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
  });
});
