// Whether a product page has something to show: an active product with that
// slug (products.slug is unique, so the lookup uses its index). The server
// answers /products/<slug> with a 404 when it does not.

import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

export async function productExists(options: { db: Kysely<DB>; slug: string }): Promise<boolean> {
  const row = await options.db
    .selectFrom("products")
    .select("id")
    .where("slug", "=", options.slug)
    .where("active", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}
