// A products row as the storefront sees it.

import type { Money, Product } from "@cobro/contracts";
import { type CurrencyCode, isSupportedCurrency } from "@cobro/provider-client/money";
import type { Product as ProductRow } from "../../db/schema";
import { AppError } from "../../errors/app-error";

/** The column list every storefront query selects. */
export const PRODUCT_COLUMNS = ["id", "slug", "name", "description", "image_url", "price_minor", "currency"] as const;

export type ProductColumns = Pick<ProductRow, (typeof PRODUCT_COLUMNS)[number]>;

/** A currency read from the database (char(3)); refuses one the money helpers cannot handle exactly. */
export function storedCurrency(code: string): CurrencyCode {
  const currency = code.trim();
  if (!isSupportedCurrency(currency))
    throw new AppError("INTERNAL", `Unsupported currency ${currency} in the catalog.`);
  return currency;
}

export function toMoney(amountMinor: number, currency: string): Money {
  return { amountMinor, currency: storedCurrency(currency) };
}

export function toProduct(row: ProductColumns): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    price: toMoney(row.price_minor, row.currency),
  };
}
