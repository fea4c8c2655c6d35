// @vitest-environment jsdom
// The list kit's table: its "Columns" menu hides optional columns (never the first, which names the row), the choice
// is remembered per list across a reload, and "Show all columns" brings them back.
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n/i18n-context";
import { type AdminColumn, AdminTable } from "./admin-table";
import { columnsStorageKey } from "./use-hidden-columns";

interface Row {
  id: string;
  payer: string;
  reference: string;
}

const ROWS: Row[] = [{ id: "p1", payer: "ana@example.com", reference: "order-1" }];
const COLUMNS: AdminColumn<Row>[] = [
  { id: "id", header: "ID", cell: (row) => row.id },
  { id: "payer", header: "Payer", cell: (row) => row.payer },
  { id: "reference", header: "Reference", cell: (row) => row.reference },
];
const QUERY = { isPending: false, isError: false, error: null, isRefetching: false, refetch: () => undefined };

function renderTable(path = "/admin/payments") {
  return render(
    <I18nProvider initialLanguage="en">
      <MemoryRouter initialEntries={[path]}>
        <AdminTable
          label="Payments"
          query={QUERY}
          items={ROWS}
          loadingLabel="Loading"
          failedTitle="Failed"
          empty={{ title: "None" }}
          columns={COLUMNS}
          rowKey={(row) => row.id}
        />
      </MemoryRouter>
    </I18nProvider>,
  );
}

const headers = () =>
  within(screen.getByRole("table", { name: "Payments" }))
    .getAllByRole("columnheader")
    .map((header) => header.textContent);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe("AdminTable's columns menu", () => {
  it("hides an optional column, remembers it for the list across a reload, and shows all again", {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    renderTable();
    expect(headers()).toEqual(["ID", "Payer", "Reference"]);

    await user.click(screen.getByRole("button", { name: "Columns" }));
    const menu = await screen.findByRole("menu");
    // The first column names the row: it is never offered.
    expect(within(menu).queryByRole("menuitemcheckbox", { name: /ID/ })).toBeNull();
    const payer = within(menu).getByRole("menuitemcheckbox", { name: /Payer/ });
    expect(payer).toHaveAttribute("aria-checked", "true");
    await user.click(payer);
    // The menu stays open for the next choice.
    expect(within(menu).getByRole("menuitemcheckbox", { name: /Payer/ })).toHaveAttribute("aria-checked", "false");
    expect(headers()).toEqual(["ID", "Reference"]);
    expect(screen.queryByText("ana@example.com")).toBeNull();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(columnsStorageKey("/admin/payments")) ?? "[]")).toEqual(["payer"]);

    // A reload of the list: still hidden. Another list keeps its own columns.
    cleanup();
    renderTable();
    expect(headers()).toEqual(["ID", "Reference"]);
    cleanup();
    renderTable("/admin/virtual-terminal");
    expect(headers()).toEqual(["ID", "Payer", "Reference"]);
    cleanup();

    renderTable();
    await user.click(screen.getByRole("button", { name: "Columns" }));
    await user.click(await screen.findByRole("menuitem", { name: /Show all columns/ }));
    expect(headers()).toEqual(["ID", "Payer", "Reference"]);
    expect(window.localStorage.getItem(columnsStorageKey("/admin/payments"))).toBeNull();
  });

  it("ignores a stored value that is not a list of ids", () => {
    window.localStorage.setItem(columnsStorageKey("/admin/payments"), "{not json");
    renderTable();
    expect(headers()).toEqual(["ID", "Payer", "Reference"]);
  });

  it("folds ids out of the key, so every detail page of a kind shares its choice", () => {
    expect(columnsStorageKey("/admin/customers/123/payments")).toBe(columnsStorageKey("/admin/customers/456/payments"));
    expect(columnsStorageKey("/admin/disputes", "claims")).not.toBe(columnsStorageKey("/admin/disputes"));
  });
});
