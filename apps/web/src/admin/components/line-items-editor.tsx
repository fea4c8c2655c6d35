// The item lines of a sale the console writes (a payment link, a merchant order): title, quantity and unit price per
// row, rows added and removed, and the running total. Prices are typed the way the page writes amounts ("1.250,50"
// in Spanish, "1,250.50" in English: parseMoneyInput); each area turns them into minor units and checks them by its own rules, then hands the messages back
// per row and field. Each row's labels carry its number ("Title 2") so every control has a distinct name.
import { parseMoneyInput } from "@cobro/contracts";
import type { CurrencyCode } from "@cobro/provider-client/money";
import { Button, TextField, VisuallyHidden } from "@cobro/ui";
import type { ReactNode } from "react";
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

export interface LineItemsEditorProps {
  /** The group's name (its legend). */
  legend: ReactNode;
  /** Help under the legend. */
  description?: ReactNode;
  rows: readonly LineItemRow[];
  currency: CurrencyCode;
  disabled?: boolean;
  onChange(rows: LineItemRow[]): void;
  /** The message of a row's field, from the area's own checks or the server. */
  errorOf?: (index: number, field: LineItemField) => string | undefined;
  /** A message about the lines as a whole (e.g. none given). */
  error?: string | undefined;
  /** Prefix of the controls' ids (`<prefix>-<row>-title`), so an error summary can link to them. */
  idPrefix: string;
  /** The most rows the area accepts. */
  maxRows?: number;
  /** More ways to add a row, shown beside "Add an item" (e.g. a catalog picker). */
  addons?: ReactNode;
}

export function lineItemFieldId(idPrefix: string, index: number, field: LineItemField): string {
  return `${idPrefix}-${index}-${field}`;
}

export function LineItemsEditor({
  legend,
  description,
  rows,
  currency,
  disabled = false,
  onChange,
  errorOf = () => undefined,
  error,
  idPrefix,
  maxRows = 50,
  addons,
}: LineItemsEditorProps) {
  const { t, formatMoney, moneyLocaleFor } = useI18n();
  const update = (index: number, patch: Partial<LineItemRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
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
      {rows.map((row, index) => {
        const n = index + 1;
        const id = (field: LineItemField) => lineItemFieldId(idPrefix, index, field);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; removing one re-renders the rest
          <div className="admin-line-item" key={index} data-testid="line-item">
            <TextField
              id={id("title")}
              label={numbered(t("admin.lineItems.title"), n)}
              value={row.title}
              maxLength={256}
              error={errorOf(index, "title")}
              onChange={(event) => update(index, { title: event.target.value, productId: undefined })}
            />
            <TextField
              id={id("quantity")}
              label={numbered(t("admin.lineItems.quantity"), n)}
              inputMode="numeric"
              value={row.quantity}
              error={errorOf(index, "quantity")}
              onChange={(event) => update(index, { quantity: event.target.value })}
            />
            <TextField
              id={id("unitPrice")}
              label={numbered(t("admin.lineItems.unitPrice", { currency }), n)}
              inputMode="decimal"
              value={row.unitPrice}
              error={errorOf(index, "unitPrice")}
              onChange={(event) => update(index, { unitPrice: event.target.value })}
            />
            {rows.length > 1 ? (
              <Button
                variant="secondary"
                className="admin-line-item__remove"
                aria-label={t("admin.lineItems.remove", { n })}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
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
        <Button
          variant="secondary"
          disabled={rows.length >= maxRows}
          onClick={() => onChange([...rows, emptyLineItem()])}
        >
          {t("admin.lineItems.add")}
        </Button>
        {addons}
        <strong className="admin-line-items__total" data-testid="line-items-total" aria-live="polite">
          {t("admin.lineItems.total", {
            amount: formatMoney(lineItemsTotal(rows, currency, moneyLocaleFor(currency)), currency),
          })}
        </strong>
      </div>
    </fieldset>
  );
}
