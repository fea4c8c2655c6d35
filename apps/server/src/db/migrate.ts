// Applies the numbered migrations with kysely's Migrator. The migrations are
// listed in code (not read from disk), so they travel with the bundle and run
// the same under tsx, vitest and any build. Add a new migration by creating
// `migrations/000N-what.ts` and listing it below; names sort lexically.
import { type Kysely, type Migration, type MigrationResult, Migrator } from "kysely";
import * as m0001 from "./migrations/0001-initial";
import * as m0002 from "./migrations/0002-shop";
import * as m0003 from "./migrations/0003-payment-attempts";
import * as m0004 from "./migrations/0004-provider-sync";
import * as m0005 from "./migrations/0005-payment-actions";
import * as m0006 from "./migrations/0006-rate-limits";
import * as m0007 from "./migrations/0007-staff-roles";
import * as m0008 from "./migrations/0008-payments-console";
import * as m0009 from "./migrations/0009-store-settings";
import * as m0010 from "./migrations/0010-admin-operations";
import * as m0011 from "./migrations/0011-email";
import * as m0012 from "./migrations/0012-product-translations";
import * as m0013 from "./migrations/0013-payment-plans";
import * as m0014 from "./migrations/0014-orders";
import * as m0015 from "./migrations/0015-payment-links";
import * as m0016 from "./migrations/0016-merchant-orders";
import * as m0018 from "./migrations/0018-user-search";
import * as m0019 from "./migrations/0019-point-intents";
import * as m0020 from "./migrations/0020-connected-accounts";
import * as m0021 from "./migrations/0021-charging-accounts";
import * as m0022 from "./migrations/0022-subscription-requests";
import * as m0023 from "./migrations/0023-webhook-ignored-reasons";
import * as m0024 from "./migrations/0024-point-intent-accounts";
import * as m0025 from "./migrations/0025-staff-invitations";
import * as m0026 from "./migrations/0026-checkout-order-numbers";
import * as m0027 from "./migrations/0027-store-orders";
import * as m0028 from "./migrations/0028-disputes";
import * as m0029 from "./migrations/0029-store-identity";
import * as m0030 from "./migrations/0030-console-search-indexes";
import * as m0031 from "./migrations/0031-provider-requests";
import * as m0033 from "./migrations/0033-console-requests-ledger";
import * as m0034 from "./migrations/0034-order-requests-ledger";
import * as m0035 from "./migrations/0035-table-comments";
import type { DB } from "./schema";

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "0001-initial": m0001,
  "0002-shop": m0002,
  "0003-payment-attempts": m0003,
  "0004-provider-sync": m0004,
  "0005-payment-actions": m0005,
  "0006-rate-limits": m0006,
  "0007-staff-roles": m0007,
  "0008-payments-console": m0008,
  "0009-store-settings": m0009,
  "0010-admin-operations": m0010,
  "0011-email": m0011,
  "0012-product-translations": m0012,
  "0013-payment-plans": m0013,
  "0014-orders": m0014,
  "0015-payment-links": m0015,
  "0016-merchant-orders": m0016,
  "0018-user-search": m0018,
  "0019-point-intents": m0019,
  "0020-connected-accounts": m0020,
  "0021-charging-accounts": m0021,
  "0022-subscription-requests": m0022,
  "0023-webhook-ignored-reasons": m0023,
  "0024-point-intent-accounts": m0024,
  "0025-staff-invitations": m0025,
  "0026-checkout-order-numbers": m0026,
  "0027-store-orders": m0027,
  "0028-disputes": m0028,
  "0029-store-identity": m0029,
  "0030-console-search-indexes": m0030,
  "0031-provider-requests": m0031,
  "0033-console-requests-ledger": m0033,
  "0034-order-requests-ledger": m0034,
  "0035-table-comments": m0035,
};

/** Thrown when a migration fails; names the migration and keeps the database error as `cause`. */
export class MigrationError extends Error {
  override readonly name = "MigrationError";
  constructor(
    message: string,
    readonly results: readonly MigrationResult[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Brings the database to the latest schema. Kysely takes an advisory lock, so
 * several server instances starting together migrate once. Throws a
 * `MigrationError` (the server must not start on a half-known schema).
 * `migrations` is for tests; the server always runs MIGRATIONS.
 */
export async function migrateToLatest(
  db: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === "Error");
    const which = failed ? `migration ${failed.migrationName} failed` : "migrating failed";
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Database ${which}: ${reason}`, results, { cause: error });
  }
  return results;
}
