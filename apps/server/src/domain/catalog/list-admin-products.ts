// The console's product list: every product, active or not, newest first,
// keyset-paginated on (created_at, id) (index products_created_at_id_idx).
import type { AdminProduct } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";
import { ADMIN_PRODUCT_COLUMNS, toAdminProduct } from "./admin-product-view";

export async function listAdminProducts(options: {
  db: Kysely<DB>;
  limit: number;
  /** The id of the last product of the previous page. */
  cursor?: string | null;
}): Promise<{ items: AdminProduct[]; nextCursor: string | null }> {
  const { db, limit, cursor } = options;
  let query = db
    .selectFrom("products")
    .select(ADMIN_PRODUCT_COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (cursor) {
    query = query.where(
      sql<boolean>`(created_at, id) < (select c.created_at, c.id from products c where c.id = ${cursor})`,
    );
  }
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toAdminProduct), nextCursor: rows.length > limit && last ? last.id : null };
}
