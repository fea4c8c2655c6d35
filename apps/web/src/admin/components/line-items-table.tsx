// The item lines of a sale as a detail page shows them (a payment, a payment link, a merchant order): title,
// quantity and unit price, one row each.
import { Money } from "@cobro/ui";
import { useI18n } from "../../i18n/i18n-context";

export interface LineItemView {
  title: string;
  quantity: number;
  /** Null when the provider did not say. */
  unitPrice: { amountMinor: number; currency: string } | null;
}

export function LineItemsTable({ items, testId }: { items: readonly LineItemView[]; testId?: string }) {
  const { t, moneyLocaleFor } = useI18n();
  return (
    // Named, like the console's DataTable: on a phone the table scrolls sideways inside this frame.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className="admin-table-wrap" aria-label={t("admin.col.items")} tabIndex={0}>
      <table className="admin-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t("admin.col.item")}</th>
            <th scope="col" className="num">
              {t("admin.col.quantity")}
            </th>
            <th scope="col" className="num">
              {t("admin.col.unitPrice")}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: item lines may lack ids and never reorder here
            <tr key={index}>
              <td>{item.title}</td>
              <td className="num">× {item.quantity}</td>
              <td className="num">
                {item.unitPrice ? <Money {...item.unitPrice} locale={moneyLocaleFor(item.unitPrice.currency)} /> : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
