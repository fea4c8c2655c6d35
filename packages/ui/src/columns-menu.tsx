import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";
import { Button } from "./button";

export interface ColumnsMenuColumn {
  id: string;
  label: ReactNode;
}

export interface ColumnsMenuProps {
  /** The button's words ("Columns"). */
  label: string;
  /** The columns that may be hidden, in the table's order. */
  columns: readonly ColumnsMenuColumn[];
  /** Ids of the columns hidden now. */
  hidden: readonly string[];
  onChange(hidden: string[]): void;
  /** The last item, which shows every column again ("Show all columns"). */
  showAllLabel: string;
}

/**
 * The "Columns" menu of a table: a checkbox item per optional column, ticked while it is shown, and "show all".
 * Built on Radix's DropdownMenu (arrow keys move, Space or Enter ticks, Escape closes and focus goes back to the
 * button); ticking keeps the menu open so several columns can be chosen at once.
 *
 * @example
 * <ColumnsMenu label="Columns" showAllLabel="Show all columns" columns={[{ id: "payer", label: "Payer" }]}
 *   hidden={hidden} onChange={setHidden} />
 */
export function ColumnsMenu({ label, columns, hidden, onChange, showAllLabel }: ColumnsMenuProps) {
  const toggle = (id: string, shown: boolean) =>
    onChange(shown ? hidden.filter((candidate) => candidate !== id) : [...hidden, id]);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm" className="ui-columns-menu__trigger">
          {label}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="ui-columns-menu" align="end" sideOffset={4} collisionPadding={8}>
          {columns.map((column) => (
            <DropdownMenu.CheckboxItem
              key={column.id}
              className="ui-columns-menu__item"
              checked={!hidden.includes(column.id)}
              onCheckedChange={(checked) => toggle(column.id, checked === true)}
              // Keep the menu open: a merchant usually hides or shows more than one column.
              onSelect={(event) => event.preventDefault()}
            >
              <span className="ui-columns-menu__check" aria-hidden="true">
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              {column.label}
            </DropdownMenu.CheckboxItem>
          ))}
          <DropdownMenu.Separator className="ui-columns-menu__separator" />
          <DropdownMenu.Item
            className="ui-columns-menu__item"
            disabled={hidden.length === 0}
            onSelect={() => onChange([])}
          >
            <span className="ui-columns-menu__check" aria-hidden="true" />
            {showAllLabel}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
