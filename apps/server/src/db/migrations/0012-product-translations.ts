// Products in the shop's three languages: per-language title, description and
// image alt text (`{"es": {"title": …, "description": …, "imageAlt": …}}`),
// each falling back to the product's default name and description. One jsonb
// column rather than a table: it is read with the product, never queried by.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("translations", "jsonb", (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`alter table products add constraint products_translations_object_check
    check (jsonb_typeof(translations) = 'object')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("products").dropColumn("translations").execute();
}
