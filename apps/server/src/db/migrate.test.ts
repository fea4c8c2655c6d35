import { type Kysely, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { recordProviderRequest } from "../domain/provider-requests/record-provider-request";
import { createTestDatabase } from "../test/test-database";
import { MIGRATIONS, MigrationError, migrateToLatest } from "./migrate";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;

const EXPECTED_TABLES = [
  "audit_log",
  "chargeback_evidence_uploads",
  "chargebacks",
  "checkouts",
  "counters",
  "email_tokens",
  "merchant_order_requests",
  "merchant_orders",
  "oauth_states",
  "order_actions",
  "order_state_changes",
  "orders",
  "outbound_emails",
  "payment_actions",
  "payment_links",
  "payment_state_changes",
  "payments",
  "point_intents",
  "products",
  "provider_accounts",
  "provider_calls",
  "provider_requests",
  "provider_sync_state",
  "rate_limits",
  "refunds",
  "sessions",
  "staff_invitations",
  "store_logos",
  "store_settings",
  "subscription_requests",
  "subscriptions",
  "users",
  "webhook_event_attempts",
  "webhook_events",
];

describe("migrations", () => {
  it("create every table on a fresh database", async () => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
      order by table_name`.execute(db);
    expect(tables.rows.map((row) => row.table_name)).toEqual(EXPECTED_TABLES);
  });

  it("record every listed migration as applied, and re-running is a no-op", async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(MIGRATIONS));
    await expect(migrateToLatest(db)).resolves.toEqual([]);
  });

  it("have no column that could hold a card number, CVV or security code", async () => {
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns where table_schema = 'public'`.execute(db);
    const forbidden = /card_?number|pan$|cvv|cvc|security_?code|card_?code/i;
    expect(columns.rows.filter((row) => forbidden.test(row.column_name))).toEqual([]);
    expect(columns.rows.length).toBeGreaterThan(80);
  });

  it("store money as bigint minor units, never floats", async () => {
    const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' and (column_name like '%\\_minor' or data_type in ('real', 'double precision', 'numeric', 'money'))`.execute(
      db,
    );
    for (const column of columns.rows)
      expect(column, `${column.table_name}.${column.column_name}`).toMatchObject({ data_type: "bigint" });
    expect(columns.rows.map((row) => `${row.table_name}.${row.column_name}`).sort()).toEqual([
      "chargebacks.amount_minor",
      "checkouts.amount_minor",
      "merchant_orders.paid_minor",
      "merchant_orders.refunded_minor",
      "merchant_orders.total_minor",
      "order_actions.amount_minor",
      "order_state_changes.refunded_minor",
      "orders.amount_minor",
      "orders.refunded_minor",
      "payment_actions.amount_minor",
      "payment_state_changes.refunded_minor",
      "payments.amount_minor",
      "payments.installment_amount_minor",
      "payments.refunded_minor",
      "payments.total_paid_minor",
      "point_intents.amount_minor",
      "products.price_minor",
      "refunds.amount_minor",
      "subscription_requests.amount_minor",
      "subscriptions.amount_minor",
    ]);
  });

  it("reject a second user whose email differs only in case", async () => {
    await db.insertInto("users").values({ email: "case@example.test", password_hash: "x", name: "A" }).execute();
    await expect(
      sql`insert into users (email, password_hash, name) values ('CASE@example.test', 'x', 'B')`.execute(db),
    ).rejects.toThrow();
    // lower(email) unique index is what stops it even if normalisation were skipped:
    const index = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where indexname = 'users_email_lower_key'`.execute(db);
    expect(index.rows[0]?.indexdef).toMatch(/UNIQUE INDEX .* \(lower\(email\)\)/);
  });

  it("enforce the role and webhook status enumerations", async () => {
    await expect(
      db
        .insertInto("users")
        .values({ email: "role@example.test", password_hash: "x", name: "R", role: "owner" as "admin" })
        .execute(),
    ).rejects.toThrow(/check constraint/);
    await expect(
      db
        .insertInto("webhook_events")
        .values({
          dedupe_key: "k",
          topic: "payment",
          signature_valid: true,
          payload: "{}",
          status: "done" as "processed",
        })
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });

  it("return bigint columns as numbers and refuse unsafe integers", async () => {
    await db
      .insertInto("counters")
      .values({ name: "n", value: 2 ** 40 })
      .execute();
    const row = await db.selectFrom("counters").select("value").where("name", "=", "n").executeTakeFirstOrThrow();
    expect(row.value).toBe(2 ** 40);
    await sql`update counters set value = 9007199254740993 where name = 'n'`.execute(db);
    await expect(db.selectFrom("counters").select("value").where("name", "=", "n").execute()).rejects.toThrow(
      /safe integer/,
    );
  });

  it("index every foreign key column", async () => {
    const unindexed = await sql<{ table_name: string; column_name: string }>`
      select c.conrelid::regclass::text as table_name, a.attname as column_name
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
        )`.execute(db);
    expect(unindexed.rows).toEqual([]);
  });

  it("apply to an empty database from scratch, and roll back cleanly, newest first", async () => {
    const empty = await createTestDatabase({ from: "empty" });
    try {
      const results = await migrateToLatest(empty.db);
      expect(results.map((result) => [result.migrationName, result.status])).toEqual(
        Object.keys(MIGRATIONS).map((name) => [name, "Success"]),
      );
      for (const migration of Object.values(MIGRATIONS).reverse()) {
        await migration.down?.(empty.db as unknown as Kysely<unknown>);
      }
      const left = await sql<{ n: number }>`
        select count(*)::int as n from information_schema.tables
        where table_schema = 'public' and table_name not like 'kysely_%'`.execute(empty.db);
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      await empty.drop();
    }
  });

  it("0008 copies the list's columns out of payments already mirrored (date in milliseconds, e-mail lower-case)", async () => {
    const empty = await createTestDatabase({ from: "empty" });
    try {
      const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < "0008"));
      await migrateToLatest(empty.db, before);
      await sql`insert into payments (provider_payment_id, status, amount_minor, currency, snapshot, created_at)
        values
          (1, 'approved', 100, 'ARS',
           '{"date_created": "2026-01-10T10:00:00.123-03:00", "payer": {"email": "Ana@Example.COM"}, "external_reference": "ref-1"}',
           '2026-02-01T00:00:00Z'),
          (2, 'approved', 100, 'ARS', '{}', '2026-02-01T00:00:00.123456Z')`.execute(empty.db);
      await migrateToLatest(empty.db);
      const rows = await empty.db
        .selectFrom("payments")
        .select(["provider_payment_id", "provider_created_at", "payer_email", "external_reference"])
        .orderBy("provider_payment_id")
        .execute();
      expect(rows).toEqual([
        {
          provider_payment_id: 1,
          provider_created_at: new Date("2026-01-10T13:00:00.123Z"),
          payer_email: "ana@example.com",
          external_reference: "ref-1",
        },
        {
          provider_payment_id: 2,
          provider_created_at: new Date("2026-02-01T00:00:00.123Z"),
          payer_email: null,
          external_reference: null,
        },
      ]);
    } finally {
      await empty.drop();
    }
  });

  it("0031 moves stored refund and action keys into the request ledger, so a repeat after the upgrade replays", async () => {
    const empty = await createTestDatabase({ from: "empty" });
    try {
      const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < "0031"));
      await migrateToLatest(empty.db, before);
      await sql`insert into payments (provider_payment_id, status, amount_minor, currency, snapshot)
        values (1, 'approved', 1000, 'ARS', '{}'), (2, 'pending', 500, 'ARS', '{}')`.execute(empty.db);
      await sql`insert into refunds (provider_refund_id, provider_payment_id, amount_minor, currency, status,
          idempotency_key, completed_at)
        values (77, 1, 300, 'ARS', 'approved', 'key-refund-done', now()),
          (null, 1, 200, 'ARS', 'unknown', 'key-refund-unseen', null),
          (null, 1, 100, 'ARS', 'approved', null, now())`.execute(empty.db);
      await sql`insert into payment_actions (provider_payment_id, kind, currency, status, idempotency_key, error)
        values (2, 'cancel', 'ARS', 'failed', 'key-cancel-refused', 'Mercado Pago refused to cancel the payment.')`.execute(
        empty.db,
      );
      // A checkout whose card payment's answer was never seen, and one never paid.
      await sql`insert into checkouts (items, amount_minor, currency, status, idempotency_key, external_reference,
          payment_attempt_status, payment_attempted_at, payment_lease_until)
        values ('[]', 500, 'ARS', 'open', 'key-checkout-unseen', 'ref-unseen', 'unknown', '2026-01-01T00:00:00Z', null),
          ('[]', 700, 'ARS', 'open', 'key-checkout-new', 'ref-new', null, null, null)`.execute(empty.db);
      await migrateToLatest(empty.db);

      const requests = await empty.db
        .selectFrom("provider_requests")
        .select(["kind", "idempotency_key", "status", "answer", "error", "resource_type", "resource_id", "fingerprint"])
        .orderBy("idempotency_key")
        .execute();
      expect(requests).toEqual([
        {
          kind: "payment.cancel",
          idempotency_key: "key-cancel-refused",
          status: "failed",
          answer: null,
          error: { type: "refused", message: "Mercado Pago refused to cancel the payment." },
          resource_type: "payment",
          resource_id: "2",
          fingerprint: null,
        },
        {
          kind: "checkout.payment",
          idempotency_key: "key-checkout-unseen",
          status: "unknown",
          answer: null,
          error: null,
          resource_type: "checkout",
          resource_id: expect.any(String),
          fingerprint: null,
        },
        {
          kind: "payment.refund",
          idempotency_key: "key-refund-done",
          status: "succeeded",
          answer: { id: 77, status: "approved" },
          error: null,
          resource_type: "payment",
          resource_id: "1",
          fingerprint: null,
        },
        {
          kind: "payment.refund",
          idempotency_key: "key-refund-unseen",
          status: "unknown",
          answer: null,
          error: null,
          resource_type: "payment",
          resource_id: "1",
          fingerprint: null,
        },
      ]);
      const refunds = await empty.db
        .selectFrom("refunds")
        .leftJoin("provider_requests", "provider_requests.id", "refunds.provider_request_id")
        .select(["refunds.amount_minor", "refunds.status", "provider_requests.idempotency_key"])
        .orderBy("refunds.amount_minor", "desc")
        .execute();
      expect(refunds).toEqual([
        { amount_minor: 300, status: "approved", idempotency_key: "key-refund-done" },
        { amount_minor: 200, status: "unknown", idempotency_key: "key-refund-unseen" },
        { amount_minor: 100, status: "approved", idempotency_key: null },
      ]);
      // A repeat of a stored key finds its request (no second refund); the key for another kind is a conflict.
      const repeat = (kind: string) =>
        empty.db.transaction().execute((trx) =>
          recordProviderRequest(trx, {
            kind,
            idempotencyKey: "key-refund-unseen",
            providerAccountId: null,
            body: { amountMinor: 200 },
            resource: { type: "payment", id: "1" },
            now: new Date(),
          }),
        );
      expect(await repeat("payment.refund")).toMatchObject({ isNew: false, request: { status: "unknown" } });
      await expect(repeat("payment.capture")).rejects.toMatchObject({ reason: "idempotency_key_reused" });
      const checkouts = await empty.db
        .selectFrom("checkouts")
        .leftJoin("provider_requests", "provider_requests.id", "checkouts.provider_request_id")
        .select([
          "checkouts.idempotency_key",
          "provider_requests.status",
          "provider_requests.attempted_at",
          "provider_requests.resource_id",
          "checkouts.id",
        ])
        .orderBy("checkouts.amount_minor")
        .execute();
      expect(checkouts).toEqual([
        {
          idempotency_key: "key-checkout-unseen",
          status: "unknown",
          attempted_at: new Date("2026-01-01T00:00:00Z"),
          resource_id: checkouts[0]?.id,
          id: expect.any(String),
        },
        {
          idempotency_key: "key-checkout-new",
          status: null,
          attempted_at: null,
          resource_id: null,
          id: expect.any(String),
        },
      ]);
    } finally {
      await empty.drop();
    }
  });

  it("fail loudly, naming the migration, and leave nothing half-applied", async () => {
    const empty = await createTestDatabase({ from: "empty" });
    try {
      const broken = {
        ...MIGRATIONS,
        "0002-broken": {
          up: async (db: Kysely<unknown>) => {
            await sql`create table half_done (id int)`.execute(db);
            await sql`select * from no_such_table`.execute(db);
          },
        },
      };
      const error = await migrateToLatest(empty.db, broken).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as Error).message).toMatch(/migration 0002-broken failed: .*no_such_table/);
      // One transaction for the whole run: neither 0001's tables nor 0002's half remain.
      const tables = await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = 'public' and table_name in ('users', 'half_done')`.execute(empty.db);
      expect(tables.rows).toEqual([]);
    } finally {
      await empty.drop();
    }
  });
});
