// Changes store settings: each changed key is written (its version bumped) and
// audited with its old and new value and who changed it, in one transaction.
import type { StoreSettings } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import { type DB, toJsonb } from "../../db/schema";
import { recordAudit } from "../audit/record-audit";
import { getStoreSettings, STORE_SETTING_KEYS, type StoreSettingsRead } from "./store-settings";

export async function updateStoreSettings(options: {
  db: Kysely<DB>;
  actorUserId: string | null;
  /** The console's input (`UpdateStoreSettingsInput`), or a logo set by uploadStoreLogo. */
  changes: Partial<StoreSettings>;
  now?: Date;
}): Promise<StoreSettingsRead & { changed: (keyof StoreSettings)[] }> {
  const now = options.now ?? new Date();
  return options.db.transaction().execute(async (trx) => {
    // One change at a time, so the audit's "from" is the value really replaced.
    await sql`select pg_advisory_xact_lock(hashtext('cobro:store-settings'))`.execute(trx);
    const before = await getStoreSettings({ db: trx });
    const changed: (keyof StoreSettings)[] = [];
    for (const name of Object.keys(STORE_SETTING_KEYS) as (keyof StoreSettings)[]) {
      const next = options.changes[name];
      // Values are strings or small objects (the logo): compared by their JSON.
      if (next === undefined || JSON.stringify(next) === JSON.stringify(before.settings[name])) continue;
      const key = STORE_SETTING_KEYS[name];
      await trx
        .insertInto("store_settings")
        .values({ key, value: toJsonb(next), updated_by: options.actorUserId, updated_at: now })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            value: toJsonb(next),
            version: sql`store_settings.version + 1`,
            updated_by: options.actorUserId,
            updated_at: now,
          }),
        )
        .execute();
      await recordAudit({
        db: trx,
        actorUserId: options.actorUserId,
        action: "store_setting.changed",
        resourceType: "store_setting",
        resourceId: key,
        details: { from: before.settings[name], to: next },
        now,
      });
      changed.push(name);
    }
    const after = changed.length > 0 ? await getStoreSettings({ db: trx }) : before;
    return { ...after, changed };
  });
}
