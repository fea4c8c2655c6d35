// The items of a link: title, quantity and unit price per row, rows added by hand or from the catalog.
import { Button } from "@cobro/ui";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { emptyItem, type ItemRow, minorToPrice } from "./link-form";

interface ItemsEditorProps {
  rows: ItemRow[];
  currency: string;
  disabled: boolean;
  errors: Record<string, string>;
  onChange(rows: ItemRow[]): void;
  /** Offer the catalog's products (create form). */
  withCatalog?: boolean;
}

function CatalogPicker({
  currency,
  disabled,
  onPick,
}: {
  currency: string;
  disabled: boolean;
  onPick(row: ItemRow): void;
}) {
  const { t } = useI18n();
  const products = trpc.admin.catalog.list.useQuery({ limit: 100 }, { staleTime: 60_000 });
  const usable = (products.data?.items ?? []).filter((product) => product.active && product.currency === currency);
  if (usable.length === 0) return null;
  return (
    <label>
      {t("admin.links.item.fromCatalog")}
      <select
        value=""
        disabled={disabled}
        onChange={(event) => {
          const product = usable.find((candidate) => candidate.id === event.target.value);
          if (!product) return;
          onPick({
            title: product.title,
            quantity: "1",
            unitPrice: minorToPrice(product.priceMinor, product.currency),
            productId: product.id,
          });
        }}
      >
        <option value="">{t("admin.links.item.chooseProduct")}</option>
        {usable.map((product) => (
          <option key={product.id} value={product.id}>
            {product.title}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ItemsEditor({ rows, currency, disabled, errors, onChange, withCatalog }: ItemsEditorProps) {
  const { t } = useI18n();
  const update = (index: number, patch: Partial<ItemRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const errorOf = (index: number, field: string) => errors[`items.${index}.${field}`];
  return (
    <fieldset className="links-items">
      <legend>{t("admin.links.items")}</legend>
      {rows.map((row, index) => {
        const n = index + 1;
        const titleError = errorOf(index, "title");
        const quantityError = errorOf(index, "quantity");
        const priceError = errorOf(index, "unitPriceMinor");
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; removing one re-renders the rest
          <div className="links-item" key={index} data-testid={`link-item-${n}`}>
            <div className="links-field">
              <label>
                {t("admin.links.item.title")} {n}
                <input
                  value={row.title}
                  maxLength={256}
                  disabled={disabled}
                  aria-invalid={titleError ? true : undefined}
                  onChange={(event) => update(index, { title: event.target.value, productId: undefined })}
                />
              </label>
              {titleError ? <span role="alert">{titleError}</span> : null}
            </div>
            <div className="links-field">
              <label>
                {t("admin.links.item.quantity")} {n}
                <input
                  inputMode="numeric"
                  value={row.quantity}
                  disabled={disabled}
                  aria-invalid={quantityError ? true : undefined}
                  onChange={(event) => update(index, { quantity: event.target.value })}
                />
              </label>
              {quantityError ? <span role="alert">{quantityError}</span> : null}
            </div>
            <div className="links-field">
              <label>
                {t("admin.links.item.unitPrice", { currency })} {n}
                <input
                  inputMode="decimal"
                  value={row.unitPrice}
                  disabled={disabled}
                  aria-invalid={priceError ? true : undefined}
                  onChange={(event) => update(index, { unitPrice: event.target.value })}
                />
              </label>
              {priceError ? <span role="alert">{priceError}</span> : null}
            </div>
            {rows.length > 1 ? (
              <Button
                variant="secondary"
                disabled={disabled}
                aria-label={t("admin.links.item.remove", { n })}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                ×
              </Button>
            ) : null}
          </div>
        );
      })}
      {errors.items ? <span role="alert">{errors.items}</span> : null}
      <div className="links-item-actions">
        <Button
          variant="secondary"
          disabled={disabled || rows.length >= 20}
          onClick={() => onChange([...rows, emptyItem()])}
        >
          {t("admin.links.item.add")}
        </Button>
        {withCatalog ? (
          <CatalogPicker
            currency={currency}
            disabled={disabled}
            onPick={(row) => onChange([...rows.filter((r) => r.title || r.unitPrice), row])}
          />
        ) : null}
      </div>
    </fieldset>
  );
}
