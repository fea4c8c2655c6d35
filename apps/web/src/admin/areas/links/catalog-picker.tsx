// Adds a catalog product (active, in the link's currency) as an item line of a new link.
import { SelectField } from "@cobro/ui";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import type { LineItemRow } from "../../components/line-items-editor";
import { minorToPrice } from "./link-form";

export function CatalogPicker({ currency, onPick }: { currency: string; onPick(row: LineItemRow): void }) {
  const { t, moneyLocaleFor } = useI18n();
  const products = trpc.admin.catalog.list.useQuery({ limit: 100 }, { staleTime: 60_000 });
  const usable = (products.data?.items ?? []).filter((product) => product.active && product.currency === currency);
  if (usable.length === 0) return null;
  return (
    <SelectField
      id="link-catalog-product"
      className="admin-inline-field"
      label={t("admin.links.item.fromCatalog")}
      value=""
      placeholder={t("admin.links.item.chooseProduct")}
      options={usable.map((product) => ({ value: product.id, label: product.title }))}
      onChange={(event) => {
        const product = usable.find((candidate) => candidate.id === event.target.value);
        if (!product) return;
        onPick({
          title: product.title,
          quantity: "1",
          unitPrice: minorToPrice(product.priceMinor, product.currency, moneyLocaleFor(product.currency)),
          productId: product.id,
        });
      }}
    />
  );
}
