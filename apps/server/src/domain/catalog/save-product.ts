// Creates, edits and deactivates catalog products from the console. Inputs
// arrive validated by the contracts' schemas (price in integer minor units,
// URL-safe slug); a slug another product has is a CONFLICT naming `slug`, not
// a database error. The price must be in the store's currency: the provider
// charges in the store account's currency whatever the catalog says, so a
// product in another one could never be sold. Every change is audited with
// the fields that changed.
import type { AdminProduct, ProductFields, ProductTranslations } from "@cobro/contracts";
import type { Kysely } from "kysely";
import { type DB, type JsonValue, toJsonb } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { getStoreAccount } from "../../provider/get-store-account";
import { recordAudit } from "../audit/record-audit";
import { ADMIN_PRODUCT_COLUMNS, type AdminProductRow, toAdminProduct } from "./admin-product-view";

const SLUG_TAKEN_MESSAGE = "Another product already uses this slug. Choose a different one.";

/** True for PostgreSQL's unique violation on products.slug. */
function isSlugConflict(error: unknown): boolean {
  const pg = error as { code?: unknown; constraint?: unknown } | null;
  return pg?.code === "23505" && typeof pg.constraint === "string" && pg.constraint.includes("slug");
}

function slugTaken(cause?: unknown): AppError {
  return new AppError("CONFLICT", SLUG_TAKEN_MESSAGE, { field: "slug", reason: "slug_taken", cause });
}

export type SaveProductDeps = Pick<AppDeps, "db" | "provider">;

/** Refuses (400 naming `currency`) a price in a currency other than the store account's. */
async function assertStoreCurrency(deps: SaveProductDeps, fields: ProductFields): Promise<void> {
  const account = await getStoreAccount({ deps });
  if (fields.currency !== account.currency) {
    throw new AppError(
      "BAD_REQUEST",
      `This shop sells in ${account.currency}; price the product in ${account.currency}.`,
      {
        field: "currency",
      },
    );
  }
}

function columnsOf(fields: ProductFields) {
  return {
    slug: fields.slug,
    name: fields.title,
    description: fields.description,
    price_minor: fields.priceMinor,
    currency: fields.currency,
    image_url: fields.imageUrl,
    active: fields.active,
    ...(fields.translations === undefined ? {} : { translations: toJsonb(withoutEmptyTexts(fields.translations)) }),
  };
}

/** Translations as stored: empty texts dropped (they mean "use the default"), empty languages dropped. */
export function withoutEmptyTexts(translations: ProductTranslations): ProductTranslations {
  const kept: ProductTranslations = {};
  for (const [language, texts] of Object.entries(translations) as [keyof typeof translations, object][]) {
    const nonEmpty = Object.fromEntries(
      Object.entries(texts).filter(([, text]) => typeof text === "string" && text !== ""),
    );
    if (Object.keys(nonEmpty).length > 0) kept[language] = nonEmpty;
  }
  return kept;
}

/** JSON.stringify replacer that writes object keys sorted. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
}

/** What changed between two views, for the audit log: `{ field: { from, to } }`. */
function diff(before: AdminProduct, after: AdminProduct): { [key: string]: JsonValue } {
  const changes: { [key: string]: JsonValue } = {};
  for (const key of ["slug", "title", "description", "priceMinor", "currency", "imageUrl", "active"] as const) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  // Compared as stored (empty texts dropped); keys in a fixed order so the comparison is stable.
  const stable = (value: AdminProduct["translations"]) => JSON.stringify(withoutEmptyTexts(value), sortedKeys);
  if (stable(before.translations) !== stable(after.translations)) {
    changes.translations = {
      from: withoutEmptyTexts(before.translations) as JsonValue,
      to: withoutEmptyTexts(after.translations) as JsonValue,
    };
  }
  return changes;
}

export async function createProduct(options: {
  deps: SaveProductDeps;
  actorUserId: string | null;
  fields: ProductFields;
  now?: Date;
}): Promise<AdminProduct> {
  const now = options.now ?? new Date();
  // Before the transaction: a provider call never runs inside one.
  await assertStoreCurrency(options.deps, options.fields);
  try {
    return await options.deps.db.transaction().execute(async (trx) => {
      const row: AdminProductRow = await trx
        .insertInto("products")
        .values({ ...columnsOf(options.fields), created_at: now, updated_at: now })
        .returning(ADMIN_PRODUCT_COLUMNS)
        .executeTakeFirstOrThrow();
      const product = toAdminProduct(row);
      await recordAudit({
        db: trx,
        actorUserId: options.actorUserId,
        action: "product.created",
        resourceType: "product",
        resourceId: product.id,
        details: { slug: product.slug, priceMinor: product.priceMinor, currency: product.currency },
        now,
      });
      return product;
    });
  } catch (error) {
    if (isSlugConflict(error)) throw slugTaken(error);
    throw error;
  }
}

export async function updateProduct(options: {
  deps: SaveProductDeps;
  actorUserId: string | null;
  productId: string;
  fields: ProductFields;
  now?: Date;
}): Promise<{ product: AdminProduct; changed: boolean }> {
  const now = options.now ?? new Date();
  // Before the transaction: a provider call never runs inside one.
  await assertStoreCurrency(options.deps, options.fields);
  try {
    return await options.deps.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("products")
        .select(ADMIN_PRODUCT_COLUMNS)
        .where("id", "=", options.productId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) {
        throw new AppError("NOT_FOUND", "That product does not exist.", { field: "id", reason: "not_found" });
      }
      const before = toAdminProduct(current);
      const { translations, ...fields } = options.fields;
      const wanted: AdminProduct = { ...before, ...fields, translations: translations ?? before.translations };
      const changes = diff(before, wanted);
      // Saving an unchanged form writes nothing and audits nothing.
      if (Object.keys(changes).length === 0) return { product: before, changed: false };
      const updated = await trx
        .updateTable("products")
        .set({ ...columnsOf(options.fields), updated_at: now })
        .where("id", "=", options.productId)
        .returning(ADMIN_PRODUCT_COLUMNS)
        .executeTakeFirstOrThrow();
      const product = toAdminProduct(updated);
      await recordAudit({
        db: trx,
        actorUserId: options.actorUserId,
        action: "product.updated",
        resourceType: "product",
        resourceId: product.id,
        details: changes,
        now,
      });
      return { product, changed: true };
    });
  } catch (error) {
    if (isSlugConflict(error)) throw slugTaken(error);
    throw error;
  }
}

/** Takes a product out of the shop (it stays in past orders and in the console). */
export async function deactivateProduct(options: {
  db: Kysely<DB>;
  actorUserId: string | null;
  productId: string;
  now?: Date;
}): Promise<{ product: AdminProduct; changed: boolean }> {
  const now = options.now ?? new Date();
  return options.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("products")
      .select(ADMIN_PRODUCT_COLUMNS)
      .where("id", "=", options.productId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError("NOT_FOUND", "That product does not exist.", { field: "id", reason: "not_found" });
    if (!current.active) return { product: toAdminProduct(current), changed: false };
    const updated = await trx
      .updateTable("products")
      .set({ active: false, updated_at: now })
      .where("id", "=", options.productId)
      .returning(ADMIN_PRODUCT_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: "product.deactivated",
      resourceType: "product",
      resourceId: options.productId,
      now,
    });
    return { product: toAdminProduct(updated), changed: true };
  });
}
