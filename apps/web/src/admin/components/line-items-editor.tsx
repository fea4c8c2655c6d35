// The item lines of a sale the console writes (a payment link, a merchant order): title, quantity and unit price per
// row, rows added and removed, and the running total. Prices are typed the way the page writes amounts ("1.250,50"
// in Spanish, "1,250.50" in English: parseMoneyInput); each area turns them into minor units and checks them by its own rules, then hands the messages back
// per row and field. Each row's labels carry its number ("Title 2") so every control has a distinct name. The rows
// are the `items` field array of the area's react-hook-form form: each row keeps its own id, so removing one never
// hands its typing to the next.
import { parseMoneyInput } from "@cobro/contracts";
import type { CurrencyCode } from "@cobro/provider-client/money";
import { Button, TextField, VisuallyHidden } from "@cobro/ui";
import type { ReactNode } from "react";
import { type UseFormReturn, useFieldArray, useWatch } from "react-hook-form";
import { useI18n } from "../../i18n/i18n-context";

export interface LineItemRow {
  title: string;
  quantity: string;
  unitPrice: string;
  /** The catalog product the row came from, if any. */
  productId?: string | undefined;
}

export type LineItemField = "title" | "quantity" | "unitPrice";

export function emptyLineItem(): LineItemRow {
  return { title: "", quantity: "1", unitPrice: "" };
}

/** A price typed in `locale` ("12,50" in es-AR) → minor units; null when it is not an amount in the currency. */
export function priceTextToMinor(text: string, currency: CurrencyCode, locale: string): number | null {
  const result = parseMoneyInput(text, { currency, locale });
  return result.ok ? result.amountMinor : null;
}

/** The sum of the rows that have a price and a whole quantity, in minor units. */
export function lineItemsTotal(rows: readonly LineItemRow[], currency: CurrencyCode, locale: string): number {
  return rows.reduce((sum, row) => {
    const price = priceTextToMinor(row.unitPrice, currency, locale);
    const quantity = /^\d{1,9}$/.test(row.quantity.trim()) ? Number(row.quantity) : 0;
    return price === null ? sum : sum + price * quantity;
  }, 0);
}

/** The part of a form's values the editor owns. */
export interface LineItemsFormValues {
  items: LineItemRow[];
}

export interface LineItemsEditorProps<Values extends LineItemsFormValues> {
  /** The area's form, whose `items` are the rows. */
  form: UseFormReturn<Values>;
  /** The group's name (its legend). */
  legend: ReactNode;
  /** Help under the legend. */
  description?: ReactNode;
  currency: CurrencyCode;
  disabled?: boolean;
  /** The message of a row's field, from the area's own checks or the server. */
  errorOf?: (index: number, field: LineItemField) => string | undefined;
  /** A message about the lines as a whole (e.g. none given). */
  error?: string | undefined;
  /** Prefix of the controls' ids (`<prefix>-<row>-title`), so an error summary can link to them. */
  idPrefix: string;
  /** The most rows the area accepts. */
  maxRows?: number;
  /** More ways to add a row, shown beside "Add an item" (e.g. a catalog picker); `add` fills blank rows first. */
  addons?: (add: (row: LineItemRow) => void) => ReactNode;
}

export function lineItemFieldId(idPrefix: string, index: number, field: LineItemField): string {
  return `${idPrefix}-${index}-${field}`;
}

export function LineItemsEditor<Values extends LineItemsFormValues>({
  form,
  legend,
  description,
  currency,
  disabled = false,
  errorOf = () => undefined,
  error,
  idPrefix,
  maxRows = 50,
  addons,
}: LineItemsEditorProps<Values>) {
  const { t, formatMoney, moneyLocaleFor } = useI18n();
  // react-hook-form cannot prove that `items` is an array path of every `Values` that has items; it is.
  const { control, register, setValue, getValues } = form as unknown as UseFormReturn<LineItemsFormValues>;
  const { fields, append, remove, replace } = useFieldArray({ control, name: "items" });
  const rows = useWatch({ control, name: "items" });
  const add = (row: LineItemRow) =>
    replace([...getValues("items").filter((r) => r.title.trim() !== "" || r.unitPrice.trim() !== ""), row]);
  const numbered = (label: string, n: number) => (
    <>
      {label}
      <VisuallyHidden> {n}</VisuallyHidden>
    </>
  );
  return (
    <fieldset className="admin-fieldset admin-line-items" disabled={disabled}>
      <legend>{legend}</legend>
      {description ? <p className="ui-field__description">{description}</p> : null}
      {fields.map((row, index) => {
        const n = index + 1;
        const id = (field: LineItemField) => lineItemFieldId(idPrefix, index, field);
        return (
          <div className="admin-line-item" key={row.id} data-testid="line-item">
            <TextField
              id={id("title")}
              label={numbered(t("admin.lineItems.title"), n)}
              maxLength={256}
              error={errorOf(index, "title")}
              {...register(`items.${index}.title`, {
                // A title typed over a catalog product's makes the row free text.
                onChange: () => setValue(`items.${index}.productId`, undefined),
              })}
            />
            <TextField
              id={id("quantity")}
              label={numbered(t("admin.lineItems.quantity"), n)}
              inputMode="numeric"
              error={errorOf(index, "quantity")}
              {...register(`items.${index}.quantity`)}
            />
            <TextField
              id={id("unitPrice")}
              label={numbered(t("admin.lineItems.unitPrice", { currency }), n)}
              inputMode="decimal"
              error={errorOf(index, "unitPrice")}
              {...register(`items.${index}.unitPrice`)}
            />
            {fields.length > 1 ? (
              <Button
                variant="secondary"
                className="admin-line-item__remove"
                aria-label={t("admin.lineItems.remove", { n })}
                onClick={() => remove(index)}
              >
                ×
              </Button>
            ) : null}
          </div>
        );
      })}
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="admin-line-items__footer">
        <Button variant="secondary" disabled={fields.length >= maxRows} onClick={() => append(emptyLineItem())}>
          {t("admin.lineItems.add")}
        </Button>
        {addons?.(add)}
        <strong className="admin-line-items__total" data-testid="line-items-total" aria-live="polite">
          {t("admin.lineItems.total", {
            amount: formatMoney(lineItemsTotal(rows, currency, moneyLocaleFor(currency)), currency),
          })}
        </strong>
      </div>
    </fieldset>
  );
}
