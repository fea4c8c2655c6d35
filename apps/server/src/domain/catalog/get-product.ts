// One active product by its slug (products.slug is unique).

import type { CatalogLanguage, Product } from "@cobro/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { PRODUCT_COLUMNS, toProduct } from "./product-view";

export async function getProduct(options: {
  db: Kysely<DB>;
  slug: string;
  language?: CatalogLanguage;
}): Promise<Product> {
  const row = await options.db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where("slug", "=", options.slug)
    .where("active", "=", true)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "We could not find that product.", { field: "slug" });
  return toProduct(row, options.language);
}
