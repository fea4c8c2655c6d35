// The storefront: active products in creation order, keyset-paginated on
// (created_at, id) (index products_active_created_at_id_idx).

import type { CatalogLanguage, Product } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import { toKeysetPage } from "../../db/keyset-page";
import type { DB } from "../../db/schema";
import { PRODUCT_COLUMNS, toProduct } from "./product-view";

export async function listProducts(options: {
  db: Kysely<DB>;
  limit: number;
  /** The id of the last product of the previous page. */
  cursor?: string | null;
  /** Names and descriptions in this language where the product has them. */
  language?: CatalogLanguage;
}): Promise<{ items: Product[]; nextCursor: string | null }> {
  const { db, limit, cursor, language } = options;
  let query = db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where("active", "=", true)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .limit(limit + 1);
  if (cursor) {
    // Compared in SQL against the cursor row, keeping PostgreSQL's microseconds.
    query = query.where(
      sql<boolean>`(created_at, id) > (select c.created_at, c.id from products c where c.id = ${cursor})`,
    );
  }
  return toKeysetPage(await query.execute(), limit, (row) => toProduct(row, language));
}
