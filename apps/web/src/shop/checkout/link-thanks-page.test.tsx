// @vitest-environment jsdom
// The thank-you page of a payment link believes the server's re-read of the payment, never the query the provider
// (or anyone) put in the address.
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeTrpcError, FakeTrpcServer } from "../../test/fake-trpc-server";
import { renderWithServer } from "../../test/render-app";
import { LinkThanksPage } from "./link-thanks-page";

function renderAt(url: string, server: FakeTrpcServer) {
  return renderWithServer(server, <LinkThanksPage />, { path: url, cartItems: [] });
}

const APPROVED_QUERY =
  "/thank-you?payment_id=123&status=approved&collection_status=approved&preference_id=1-abc&external_reference=order-7";

describe("LinkThanksPage", () => {
  it("says what the server read from the provider, not the query's status", async () => {
    const server = new FakeTrpcServer({ "checkout.linkResult": () => ({ state: "pending", amount: null }) });
    renderAt(APPROVED_QUERY, server);
    expect(await screen.findByRole("heading", { name: "Your payment is being processed" })).toBeVisible();
    expect(screen.queryByText(/approved/i)).toBeNull();
    expect(server.callsTo("checkout.linkResult")[0]).toEqual({ preferenceId: "1-abc", paymentId: 123 });
    expect(screen.getByText("Reference: order-7")).toBeVisible();
  });

  it("an approved payment, as the server confirmed it, with its amount", async () => {
    const server = new FakeTrpcServer({
      "checkout.linkResult": () => ({ state: "approved", amount: { amountMinor: 3001_00, currency: "ARS" } }),
    });
    renderAt(APPROVED_QUERY, server);
    expect(await screen.findByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
    expect(screen.getByTestId("link-thanks-message")).toHaveTextContent("ARS 3,001.00");
  });

  it("stays neutral when the payment cannot be confirmed or the address has no payment", async () => {
    const failing = new FakeTrpcServer({
      "checkout.linkResult": () => {
        throw new FakeTrpcError("We could not find this payment.", { code: "NOT_FOUND", httpStatus: 404 });
      },
    });
    renderAt(APPROVED_QUERY, failing);
    expect(await screen.findByRole("heading", { name: "Thank you" })).toBeVisible();
    expect(screen.getByTestId("link-thanks-message")).toHaveTextContent(
      "If you paid, the seller will see your payment once Mercado Pago confirms it.",
    );
    cleanup();

    const empty = new FakeTrpcServer({});
    renderAt("/thank-you", empty);
    expect(await screen.findByRole("heading", { name: "Thank you" })).toBeVisible();
    expect(empty.callsTo("checkout.linkResult")).toHaveLength(0);
  });
});
