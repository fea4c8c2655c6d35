// @vitest-environment jsdom
// The refund and capture dialogs as staff drive them: typing an amount in the currency's decimals, choosing a
// reason, confirming, retrying. The real tRPC client talks to a fake server at the fetch level.
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeTrpcError, FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import { CaptureDialog, RefundDialog } from "./payment-action-dialogs";

const PAYMENT_ID = 1320000001;

function renderWith(server: FakeTrpcServer, dialog: React.ReactNode, language: "en" | "es" | "pt" = "en") {
  return renderWithServer(server, dialog, { cartItems: [], language });
}

describe("RefundDialog", () => {
  it("sends the typed amount in minor units with one idempotency key, reused when retried", async () => {
    let calls = 0;
    const server = new FakeTrpcServer({
      "admin.payments.refund": () => {
        calls += 1;
        if (calls === 1) {
          throw new FakeTrpcError("Mercado Pago did not answer.", { code: "PROVIDER_UNAVAILABLE", httpStatus: 503 });
        }
        return { status: "unknown", outcome: "unknown", paymentStatus: null };
      },
    });
    renderWith(
      server,
      <RefundDialog
        providerPaymentId={PAYMENT_ID}
        limit={{ amountMinor: 100_000, currency: "ARS" }}
        onClose={() => {}}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "Refund this payment" });
    await user.click(within(dialog).getByLabelText("Refund everything left"));
    await user.clear(within(dialog).getByLabelText("Amount (ARS)"));
    await user.type(within(dialog).getByLabelText("Amount (ARS)"), "250,50");
    await user.selectOptions(within(dialog).getByLabelText("Reason"), "The customer asked");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await within(dialog).findByText(/not answering right now/);

    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await within(dialog).findByText(/We are confirming it with Mercado Pago/);

    const inputs = server.callsTo("admin.payments.refund") as { idempotencyKey: string }[];
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toMatchObject({
      providerPaymentId: PAYMENT_ID,
      amountMinor: 25_050,
      reason: "requested_by_customer",
    });
    expect(inputs[1]?.idempotencyKey).toBe(inputs[0]?.idempotencyKey);
  });

  it("reads 5.000,50 typed in the Spanish console as 500050 centavos, and names the field of a bad amount", async () => {
    const server = new FakeTrpcServer({
      "admin.payments.refund": () => ({ status: "approved", outcome: "done", paymentStatus: null }),
    });
    renderWith(
      server,
      <RefundDialog
        providerPaymentId={PAYMENT_ID}
        limit={{ amountMinor: 1_000_000, currency: "ARS" }}
        onClose={() => {}}
      />,
      "es",
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "Devolver este pago" });
    await user.click(within(dialog).getByLabelText("Devolver todo lo disponible"));
    const field = within(dialog).getByLabelText("Monto (ARS)");
    // The field starts with what is left, written the Spanish way.
    expect(field).toHaveValue("10000,00");
    await user.clear(field);
    await user.type(field, "5,000.50");
    await user.selectOptions(within(dialog).getByLabelText("Motivo"), "Lo pidió el cliente");
    await user.click(within(dialog).getByRole("button", { name: "Devolver" }));
    await within(dialog).findByText("Monto (ARS): eso no es un monto. Escríbelo así: 5.000,50.");
    expect(server.callsTo("admin.payments.refund")).toHaveLength(0);
    // Nothing typed is lost: the field keeps the text to fix.
    expect(field).toHaveValue("5,000.50");

    await user.clear(field);
    await user.type(field, "5.000,50");
    await user.click(within(dialog).getByRole("button", { name: "Devolver" }));
    await waitFor(() => expect(server.callsTo("admin.payments.refund")).toHaveLength(1));
    expect(server.callsTo("admin.payments.refund")[0]).toMatchObject({ amountMinor: 500_050 });
    // The finished dialog closes with one neutral button, not a red one.
    const close = await within(dialog).findByRole("button", { name: "Listo" });
    expect(close).not.toHaveClass("ui-button--danger");
    expect(within(dialog).getAllByRole("button")).toHaveLength(1);
  });

  it("after a refusal, the next attempt is a new request with a new key", async () => {
    let calls = 0;
    const server = new FakeTrpcServer({
      "admin.payments.refund": () => {
        calls += 1;
        if (calls === 1) {
          throw new FakeTrpcError("This payment cannot be refunded.", {
            code: "BAD_REQUEST",
            httpStatus: 400,
            reason: "payment_not_refundable",
          });
        }
        return { status: "approved", outcome: "done", paymentStatus: null };
      },
    });
    renderWith(
      server,
      <RefundDialog
        providerPaymentId={PAYMENT_ID}
        limit={{ amountMinor: 100_000, currency: "ARS" }}
        onClose={() => {}}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "Refund this payment" });
    await user.selectOptions(within(dialog).getByLabelText("Reason"), "The customer asked");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await within(dialog).findByText("This payment cannot be refunded in its current state.");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await within(dialog).findByText("Done: Mercado Pago confirmed it.");

    const inputs = server.callsTo("admin.payments.refund") as { idempotencyKey: string }[];
    expect(inputs).toHaveLength(2);
    expect(inputs[1]?.idempotencyKey).not.toBe(inputs[0]?.idempotencyKey);
  });

  it("sends nothing without a reason or for more than is left", async () => {
    const server = new FakeTrpcServer({
      "admin.payments.refund": () => ({ status: "approved", outcome: "done", paymentStatus: null }),
    });
    renderWith(
      server,
      <RefundDialog
        providerPaymentId={PAYMENT_ID}
        limit={{ amountMinor: 1_000, currency: "ARS" }}
        onClose={() => {}}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "Refund this payment" });
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await within(dialog).findByText("Choose why you are refunding.");

    await user.click(within(dialog).getByLabelText("Refund everything left"));
    await user.clear(within(dialog).getByLabelText("Amount (ARS)"));
    await user.type(within(dialog).getByLabelText("Amount (ARS)"), "10.01");
    await user.selectOptions(within(dialog).getByLabelText("Reason"), "Duplicate payment");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    await within(dialog).findByText(/at most/);
    expect(server.callsTo("admin.payments.refund")).toHaveLength(0);
  });
});

describe("CaptureDialog", () => {
  it("captures less than authorized, in minor units, and says it is done", async () => {
    const server = new FakeTrpcServer({
      "admin.payments.capture": () => ({ status: "succeeded", outcome: "done", paymentStatus: "approved" }),
    });
    renderWith(
      server,
      <CaptureDialog
        providerPaymentId={PAYMENT_ID}
        limit={{ amountMinor: 50_000, currency: "ARS" }}
        onClose={() => {}}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "Capture this payment" });
    await user.clear(within(dialog).getByLabelText("Amount to capture (ARS)"));
    await user.type(within(dialog).getByLabelText("Amount to capture (ARS)"), "300");
    await user.click(within(dialog).getByRole("button", { name: "Capture" }));
    await within(dialog).findByText("Done: Mercado Pago confirmed it.");
    await waitFor(() => expect(server.callsTo("admin.payments.capture")).toHaveLength(1));
    expect(server.callsTo("admin.payments.capture")[0]).toMatchObject({
      providerPaymentId: PAYMENT_ID,
      amountMinor: 30_000,
    });
  });
});
