// @vitest-environment jsdom
// "New customer" as staff drive it: one idempotency key per dialog, reused when a lost answer is retried, and a
// fresh one after a definite refusal (a taken e-mail, shown next to the field in words). The real tRPC client talks
// to a fake server at the fetch level.
import "@testing-library/jest-dom/vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { FakeTrpcError, FakeTrpcServer } from "../../../test/fake-trpc-server";
import { renderWithServer } from "../../../test/render-app";
import { CreateCustomerDialog } from "./create-customer-dialog";

const CREATED = {
  id: "1000001-abcdefghijklmn",
  email: "ana@example.com",
  firstName: "Ana",
  lastName: null,
  phone: { areaCode: "", number: "" },
  identification: { type: "", number: "" },
  description: null,
  defaultCardId: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  cardCount: 0,
  linkedUser: null,
  cards: [],
};

function renderDialog(server: FakeTrpcServer) {
  return renderWithServer(
    server,
    <Routes>
      <Route path="/admin/customers" element={<CreateCustomerDialog onClose={() => {}} />} />
      <Route path="/admin/customers/:customerId" element={<p>detail page</p>} />
    </Routes>,
    { path: "/admin/customers", cartItems: [] },
  );
}

type CreateInput = { email: string; firstName: string; idempotencyKey: string };

describe("CreateCustomerDialog", () => {
  it("retries a lost answer with the same key, then opens the new customer", async () => {
    let calls = 0;
    const server = new FakeTrpcServer({
      "admin.customers.create": () => {
        calls += 1;
        if (calls === 1)
          throw new FakeTrpcError("Mercado Pago did not answer.", {
            code: "PROVIDER_UNAVAILABLE",
            httpStatus: 503,
            reason: "provider_unavailable",
          });
        return CREATED;
      },
    });
    renderDialog(server);
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "New customer" });
    await user.type(within(dialog).getByLabelText(/E-mail/), "  Ana@Example.com ");
    await user.type(within(dialog).getByLabelText("First name"), "Ana");
    await user.click(within(dialog).getByRole("button", { name: "Create customer" }));
    await within(dialog).findByRole("alert");
    await user.click(within(dialog).getByRole("button", { name: "Create customer" }));
    await screen.findByText("detail page");

    const inputs = server.callsTo("admin.customers.create") as CreateInput[];
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toMatchObject({ email: "ana@example.com", firstName: "Ana" });
    expect(inputs[1]?.idempotencyKey).toBe(inputs[0]?.idempotencyKey);
  });

  it("shows a taken e-mail in words next to the field, and the next try gets a new key", async () => {
    let calls = 0;
    const server = new FakeTrpcServer({
      "admin.customers.create": () => {
        calls += 1;
        if (calls === 1)
          throw new FakeTrpcError("Mercado Pago already has a customer with this e-mail address.", {
            code: "CONFLICT",
            httpStatus: 409,
            reason: "customer_email_taken",
            field: "email",
          });
        return CREATED;
      },
    });
    renderDialog(server);
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "New customer" });
    await user.type(within(dialog).getByLabelText(/E-mail/), "taken@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Create customer" }));
    expect(
      await within(dialog).findAllByText(
        "Mercado Pago already has a customer with this e-mail address. Search for it instead.",
      ),
    ).not.toHaveLength(0);
    expect(within(dialog).getByLabelText(/E-mail/)).toHaveAttribute("aria-invalid", "true");

    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.type(within(dialog).getByLabelText(/E-mail/), "ana@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Create customer" }));
    await screen.findByText("detail page");
    const inputs = server.callsTo("admin.customers.create") as CreateInput[];
    expect(inputs).toHaveLength(2);
    expect(inputs[1]?.idempotencyKey).not.toBe(inputs[0]?.idempotencyKey);
  });

  it("sends nothing for an e-mail that is not one", async () => {
    const server = new FakeTrpcServer({ "admin.customers.create": () => CREATED });
    renderDialog(server);
    const user = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: "New customer" });
    await user.type(within(dialog).getByLabelText(/E-mail/), "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Create customer" }));
    expect(await within(dialog).findAllByText("Enter a valid e-mail address")).not.toHaveLength(0);
    expect(server.callsTo("admin.customers.create")).toHaveLength(0);
  });
});
