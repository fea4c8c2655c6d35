// @vitest-environment jsdom
// Creating a payment link as staff do: typing items in the currency's decimals, picking a catalog product,
// submitting twice, and a refusal that names the field. The real tRPC client talks to a fake server at the fetch
// level. (The QR code needs a canvas, which jsdom has not: the link to copy still shows.)
import "@testing-library/jest-dom/vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeTrpcError, FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import { LinkCreatePage } from "./link-create-page";

const INIT_POINT = "https://sandbox.test/checkout/v1/redirect?pref_id=1-abc";

function fakeServer(create: (input: unknown) => unknown) {
  return new FakeTrpcServer({
    "auth.me": () => ({ user: { id: "u1", email: "op@example.com", name: "Op", role: "operator" } }),
    "system.publicConfig": () => ({
      providerMode: "sandbox",
      providerApiUrl: "https://provider.test",
      publicKey: "TEST-key",
      sdkUrl: "https://provider.test/sdk.js",
      siteId: "MLA",
      currency: "ARS",
    }),
    "checkout.paymentMethods": () => [
      { id: "visa", name: "Visa", paymentTypeId: "credit_card", thumbnail: null },
      { id: "amex", name: "American Express", paymentTypeId: "credit_card", thumbnail: null },
    ],
    "admin.catalog.list": () => ({
      items: [
        {
          id: "00000000-0000-4000-8000-000000000001",
          slug: "mate",
          title: "Mate cup",
          description: "",
          priceMinor: 1_250_00,
          currency: "ARS",
          imageUrl: null,
          active: true,
          translations: {},
          createdAt: "2026-11-01T00:00:00.000Z",
          updatedAt: "2026-11-01T00:00:00.000Z",
        },
      ],
      nextCursor: null,
    }),
    "admin.links.create": create,
  });
}

function renderPage(server: FakeTrpcServer) {
  return renderWithServer(server, <LinkCreatePage />, { cartItems: [] });
}

describe("LinkCreatePage", () => {
  it("sends prices in minor units with one idempotency key, and shows the link to copy", async () => {
    let calls = 0;
    const server = fakeServer(() => {
      calls += 1;
      if (calls === 1) return { outcome: "unknown", preferenceId: null, initPoint: null };
      return { outcome: "created", preferenceId: "1-abc", initPoint: INIT_POINT };
    });
    renderPage(server);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Title 1"), "Consulting");
    await user.clear(screen.getByLabelText("Quantity 1"));
    await user.type(screen.getByLabelText("Quantity 1"), "3");
    await user.type(screen.getByLabelText("Unit price (ARS) 1"), "99,95");
    await user.selectOptions(await screen.findByLabelText("Add a catalog product"), "Mate cup");
    await user.click(await screen.findByLabelText("American Express"));
    await user.type(screen.getByLabelText("Most installments (optional)"), "6");
    await user.click(screen.getByRole("button", { name: "Create link" }));
    await screen.findByText(/we are not sure the link was made/);

    // The same form again: the same key, so the provider replays instead of making a second link.
    await user.click(screen.getByRole("button", { name: "Create link" }));
    await screen.findByText("The payment link is ready. Send it to your customer.");
    expect(screen.getByLabelText("Link to pay")).toHaveValue(INIT_POINT);

    const inputs = server.callsTo("admin.links.create") as { idempotencyKey: string }[];
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toEqual({
      items: [
        { title: "Consulting", quantity: 3, unitPriceMinor: 99_95 },
        { title: "Mate cup", quantity: 1, unitPriceMinor: 1_250_00, productId: "00000000-0000-4000-8000-000000000001" },
      ],
      currency: "ARS",
      excludedPaymentMethods: ["amex"],
      maxInstallments: 6,
      idempotencyKey: expect.any(String),
    });
    expect(inputs[1]?.idempotencyKey).toBe(inputs[0]?.idempotencyKey);
  });

  it("checks the form before sending, and a refusal names the field and starts a new key", async () => {
    const server = fakeServer(() => {
      throw new FakeTrpcError("This reference belongs to a shop order. Choose another one.", {
        code: "BAD_REQUEST",
        httpStatus: 400,
        field: "externalReference",
        reason: "external_reference_taken",
      });
    });
    renderPage(server);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Create link" }));
    expect(await screen.findByText("Enter a title (at most 256 characters)")).toBeVisible();
    expect(screen.getByText("Enter a price above zero, in ARS")).toBeVisible();
    expect(server.callsTo("admin.links.create")).toHaveLength(0);

    await user.type(screen.getByLabelText("Title 1"), "Consulting");
    await user.type(screen.getByLabelText("Unit price (ARS) 1"), "10");
    await user.type(screen.getByLabelText("External reference (optional)"), "order-1");
    await user.click(screen.getByRole("button", { name: "Create link" }));
    await waitFor(() =>
      expect(screen.getByLabelText("External reference (optional)")).toHaveAttribute("aria-invalid", "true"),
    );
    expect(screen.getAllByText("This reference belongs to a shop order. Choose another one.").length).toBeGreaterThan(
      0,
    );

    await user.clear(screen.getByLabelText("External reference (optional)"));
    await user.type(screen.getByLabelText("External reference (optional)"), "order-2");
    await user.click(screen.getByRole("button", { name: "Create link" }));
    await waitFor(() => expect(server.callsTo("admin.links.create")).toHaveLength(2));
    const inputs = server.callsTo("admin.links.create") as { idempotencyKey: string }[];
    expect(inputs[1]?.idempotencyKey).not.toBe(inputs[0]?.idempotencyKey);
  });
});
