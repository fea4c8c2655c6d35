// @vitest-environment jsdom
// The "charge on a terminal" dialog as staff drive it: the amount typed in the currency's decimals goes out in
// minor units; one idempotency key per dialog, reused when the answer was not seen; a fresh key after a definite
// refusal (a busy terminal); nothing sent for a bad amount, with the field named and nothing typed lost.
import "@testing-library/jest-dom/vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeTrpcError, FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import { ChargeDialog } from "./charge-dialog";

const DEVICE = "PAX_A910__SMARTPOS1400000001";

function intent(requestStatus: string) {
  return {
    id: "0b6f8a52-3f1e-4f39-9d55-0c1d2e3f4a5b",
    deviceId: DEVICE,
    intentId: requestStatus === "unknown" ? null : "7f25f9aa-eea6-4f9c-bf16-a341f71ba2f1",
    requestStatus,
    state: requestStatus === "unknown" ? null : "OPEN",
    final: false,
    amount: { amountMinor: 1_234_50, currency: "ARS" },
    description: null,
    installments: 1,
    installmentsCost: "seller",
    printOnTerminal: true,
    externalReference: null,
    checkoutId: null,
    checkoutStatus: null,
    paymentId: null,
    paymentStatus: null,
    error: null,
    createdAt: "2026-11-24T07:00:00.000Z",
    accountId: null,
    updatedAt: "2026-11-24T07:00:00.000Z",
  };
}

function open(server: FakeTrpcServer) {
  renderWithServer(server, <ChargeDialog deviceId={DEVICE} currency="ARS" onClose={() => {}} />, { cartItems: [] });
  return screen.getByRole("dialog", { name: `Charge on ${DEVICE}` });
}

describe("ChargeDialog", () => {
  it("sends minor units with one key, reused after an unseen answer", async () => {
    const answers = ["unknown", "succeeded"];
    const server = new FakeTrpcServer({ "admin.terminals.createIntent": () => intent(answers.shift() ?? "succeeded") });
    const dialog = open(server);
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText("Amount (ARS)"), "1234,50");
    await user.selectOptions(within(dialog).getByLabelText("Installments"), "3");
    await user.selectOptions(within(dialog).getByLabelText("Who pays the installments' interest"), "buyer");
    await user.click(within(dialog).getByRole("button", { name: "Send to the terminal" }));
    await within(dialog).findByText(/the same charge is never made twice/);
    await user.click(within(dialog).getByRole("button", { name: "Send to the terminal" }));

    const inputs = server.callsTo("admin.terminals.createIntent") as Record<string, unknown>[];
    await expect.poll(() => inputs.length).toBe(2);
    expect(inputs[0]).toMatchObject({
      deviceId: DEVICE,
      amountMinor: 1_234_50,
      installments: 3,
      installmentsCost: "buyer",
      printOnTerminal: true,
    });
    expect(inputs[1]?.idempotencyKey).toBe(inputs[0]?.idempotencyKey);
  });

  it("a busy terminal is said in words and the next try is a new charge (new key); a bad amount sends nothing", async () => {
    let calls = 0;
    const server = new FakeTrpcServer({
      "admin.terminals.createIntent": () => {
        calls += 1;
        if (calls === 1) {
          throw new FakeTrpcError("This terminal already has a charge waiting. Finish or cancel it first.", {
            code: "CONFLICT",
            httpStatus: 409,
            reason: "terminal_busy",
          });
        }
        return intent("succeeded");
      },
    });
    const dialog = open(server);
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText("Description"), "Table 4");
    await user.type(within(dialog).getByLabelText("Amount (ARS)"), "12,3,4");
    await user.click(within(dialog).getByRole("button", { name: "Send to the terminal" }));
    await within(dialog).findByText("Amount (ARS): that is not an amount. Write it like 5,000.50.");
    expect(server.callsTo("admin.terminals.createIntent")).toHaveLength(0);
    expect(within(dialog).getByLabelText("Description")).toHaveValue("Table 4");

    await user.clear(within(dialog).getByLabelText("Amount (ARS)"));
    await user.type(within(dialog).getByLabelText("Amount (ARS)"), "50");
    await user.click(within(dialog).getByRole("button", { name: "Send to the terminal" }));
    await within(dialog).findByText(/already has a charge waiting/);
    await user.click(within(dialog).getByRole("button", { name: "Send to the terminal" }));
    const inputs = server.callsTo("admin.terminals.createIntent") as { idempotencyKey: string; amountMinor: number }[];
    await expect.poll(() => inputs.length).toBe(2);
    expect(inputs[0]?.amountMinor).toBe(50_00);
    expect(inputs[1]?.idempotencyKey).not.toBe(inputs[0]?.idempotencyKey);
  });
});
