// @vitest-environment jsdom
// The shared item lines of the console's forms: numbered labels, rows added and removed, errors on their field,
// and the running total in the currency's minor units (no float math).
import "@testing-library/jest-dom/vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { FakeTrpcServer } from "../../test/fake-trpc-server";
import { renderWithServer } from "../../test/render-app";
import { LineItemsEditor, type LineItemsFormValues, lineItemsTotal, priceTextToMinor } from "./line-items-editor";

function Harness({ errors = {} }: { errors?: Record<string, string> }) {
  const form = useForm<LineItemsFormValues>({
    defaultValues: { items: [{ title: "Mate", quantity: "2", unitPrice: "12,50" }] },
  });
  return (
    <LineItemsEditor
      form={form}
      legend="Items"
      idPrefix="test-item"
      currency="ARS"
      maxRows={2}
      errorOf={(index, field) => errors[`${index}.${field}`]}
    />
  );
}

describe("LineItemsEditor", () => {
  it("numbers each row's labels, adds and removes rows, and keeps the total", async () => {
    const user = userEvent.setup();
    renderWithServer(new FakeTrpcServer({}), <Harness />);
    expect(screen.getByRole("group", { name: "Items" })).toBeInTheDocument();
    expect(screen.getByLabelText("Title 1")).toHaveValue("Mate");
    expect(screen.getByTestId("line-items-total")).toHaveTextContent("Total: ARS 25.00");
    expect(screen.queryByRole("button", { name: "Remove item 1" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Add an item" }));
    expect(screen.getByRole("button", { name: "Add an item" })).toBeDisabled();
    await user.type(screen.getByLabelText("Title 2"), "Bombilla");
    await user.type(screen.getByLabelText("Unit price (ARS) 2"), "0.10");
    expect(screen.getByTestId("line-items-total")).toHaveTextContent("Total: ARS 25.10");

    await user.click(screen.getByRole("button", { name: "Remove item 1" }));
    // The second row moves up with its own typing (rows keep their ids, not their places).
    expect(screen.getByLabelText("Title 1")).toHaveValue("Bombilla");
    expect(screen.getByLabelText("Quantity 1")).toHaveValue("1");
    expect(screen.getByLabelText("Unit price (ARS) 1")).toHaveValue("0.10");
    expect(screen.getByTestId("line-items-total")).toHaveTextContent("Total: ARS 0.10");
  });

  it("shows an error on its field", () => {
    renderWithServer(new FakeTrpcServer({}), <Harness errors={{ "0.unitPrice": "Enter a price in ARS" }} />);
    const price = screen.getByLabelText("Unit price (ARS) 1");
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(price).toHaveAttribute("id", "test-item-0-unitPrice");
    expect(price).toHaveAccessibleDescription("Enter a price in ARS");
  });
});

describe("line item amounts", () => {
  it("reads prices in the currency's decimals and sums whole quantities only", () => {
    expect(priceTextToMinor("12,50", "ARS", "es-AR")).toBe(1250);
    expect(priceTextToMinor("1.250,50", "ARS", "es-AR")).toBe(125_050);
    expect(priceTextToMinor("1,250.50", "ARS", "en-US")).toBe(125_050);
    expect(priceTextToMinor("ten", "ARS", "en-US")).toBeNull();
    expect(priceTextToMinor("", "ARS", "en-US")).toBeNull();
    expect(
      lineItemsTotal(
        [
          { title: "a", quantity: "3", unitPrice: "0.10" },
          { title: "b", quantity: "x", unitPrice: "5" },
        ],
        "ARS",
        "en-US",
      ),
    ).toBe(30);
  });
});
