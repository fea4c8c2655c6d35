// A products row as the console sees it (active or not, with its times).
import type { AdminProduct } from "@cobro/contracts";
import type { Product as ProductRow } from "../../db/schema";
import { PRODUCT_COLUMNS, storedCurrency, storedTranslations } from "./product-view";

// The storefront's columns plus what only staff see.
export const ADMIN_PRODUCT_COLUMNS = [...PRODUCT_COLUMNS, "active", "created_at", "updated_at"] as const;

export type AdminProductRow = Pick<ProductRow, (typeof ADMIN_PRODUCT_COLUMNS)[number]>;

export function toAdminProduct(row: AdminProductRow): AdminProduct {
  return {
    id: row.id,
    slug: row.slug,
    title: row.name,
    description: row.description,
    priceMinor: row.price_minor,
    currency: storedCurrency(row.currency),
    imageUrl: row.image_url,
    active: row.active,
    translations: storedTranslations(row.translations),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
