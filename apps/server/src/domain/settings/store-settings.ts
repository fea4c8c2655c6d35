// The store's settings, read from the database on every use: each server
// instance sees a change with its next read, with no restart and no state only
// one process knows. One row per key; a missing row means the default. A read
// is one primary-key lookup, cheap beside the provider call it precedes.
import { DEFAULT_STORE_SETTINGS, type StoreSettings, storeSettingsSchema } from "@cobro/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

/** The row key of each setting (snake_case, as the table's check wants). */
export const STORE_SETTING_KEYS: Readonly<Record<keyof StoreSettings, string>> = {
  cardCapture: "card_capture",
  storeName: "store_name",
  statementDescriptor: "statement_descriptor",
  senderName: "sender_name",
  senderAddress: "sender_address",
  brandColor: "brand_color",
  logo: "logo",
};

export interface StoreSettingsRead {
  settings: StoreSettings;
  /** The sum of the rows' versions: changes whenever any setting does. */
  version: number;
}

/**
 * The store's current settings. A stored value the schema no longer accepts
 * falls back to the default (logged by nobody: the console shows the effective
 * value, and saving writes a valid one).
 */
export async function getStoreSettings(options: { db: Kysely<DB> }): Promise<StoreSettingsRead> {
  const rows = await options.db.selectFrom("store_settings").select(["key", "value", "version"]).execute();
  const raw: Record<string, unknown> = { ...DEFAULT_STORE_SETTINGS };
  let version = 0;
  for (const [name, key] of Object.entries(STORE_SETTING_KEYS)) {
    const row = rows.find((candidate) => candidate.key === key);
    if (!row) continue;
    version += row.version;
    const single = storeSettingsSchema.shape[name as keyof StoreSettings].safeParse(row.value);
    if (single.success) raw[name] = single.data;
  }
  return { settings: storeSettingsSchema.parse(raw), version };
}
