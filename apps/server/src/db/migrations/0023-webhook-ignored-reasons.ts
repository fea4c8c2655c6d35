// Why a notification was kept `ignored`: a reason code (`WEBHOOK_IGNORED_REASONS` in contracts, shown in words in
// the console's webhook inbox). Null for events that were processed, failed or are waiting.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("webhook_events").addColumn("ignored_reason", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("webhook_events").dropColumn("ignored_reason").execute();
}
