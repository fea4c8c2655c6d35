// How fast the console's payments list and detail answer over a mirror of
// 10 000 payments (issue "Admin console I": the list reads only the local
// mirror, so it stays fast at any size). A real PostgreSQL (embedded, in a
// temporary folder), the real migrations, the domain functions the procedures
// call. Prints medians and 95th percentiles; asserts nothing (speed goals live
// here, not in timed unit tests).
//
//   npm run bench --workspace @cobro/server
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createDatabase } from "../src/db/database";
import { startEmbeddedPostgres } from "../src/db/embedded-postgres";
import { migrateToLatest } from "../src/db/migrate";
import { getPaymentDetail } from "../src/domain/payments/get-payment-detail";
import { listPayments } from "../src/domain/payments/list-payments";

const PAYMENTS = 10_000;
const RUNS = 40;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 5; i++) await run(); // warm-up: plans and caches
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(58)} median ${percentile(samples, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(2).padStart(7)} ms`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), "cobro-bench-payments-"));
chmodSync(dir, 0o755);
const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, "postgres") });
const db = createDatabase(postgres.connectionString, { maxConnections: 4 });
try {
  await migrateToLatest(db);
  // 10 000 mirrored payments over 90 days, mixed statuses, methods, amounts and payers.
  await sql`
    insert into payments (provider_payment_id, status, status_detail, amount_minor, refunded_minor, currency,
      payment_method_id, payment_type_id, installments, provider_created_at, payer_email, external_reference,
      provider_last_updated, snapshot, created_at, updated_at)
    select 1300000000 + n,
      (array['approved','approved','approved','rejected','pending','refunded','authorized'])[1 + n % 7],
      (array['accredited','accredited','accredited','cc_rejected_other_reason','pending_contingency','refunded','pending_capture'])[1 + n % 7],
      100 + (n * 7919) % 500000, 0, 'ARS',
      (array['visa','master','amex','pix'])[1 + n % 4], 'credit_card', 1,
      now() - (n || ' minutes')::interval * 13, 'buyer-' || (n % 800) || '@testuser.com', 'ref-' || n,
      now() - (n || ' minutes')::interval * 13, '{}'::jsonb, now(), now()
    from generate_series(1, ${sql.lit(PAYMENTS)}) as n
  `.execute(db);
  // One payment with a long history for the detail: state changes, provider calls, notifications, staff actions.
  const target = 1300000000 + 4242;
  for (let i = 0; i < 20; i++) {
    await db
      .insertInto("payment_state_changes")
      .values({
        provider_payment_id: target,
        status: "approved",
        refunded_minor: i * 10,
        currency: "ARS",
        at: new Date(),
      })
      .execute();
    await sql`insert into provider_calls (method, path, status, duration_ms, attempts, resource_id)
      values ('GET', ${`/v1/payments/${target}`}, 200, 120, 1, ${String(target)})`.execute(db);
  }
  await sql`analyze`.execute(db);
  console.log(`payments mirrored: ${PAYMENTS}; ${RUNS} runs each after 5 warm-up runs\n`);

  const all = { sort: "created_desc" as const };
  await time("list: first page of 50, newest first", () => listPayments({ db, filters: all, cursor: null, limit: 50 }));
  await time("list: approved, 100.00–2 000.00 ARS, by amount", () =>
    listPayments({
      db,
      filters: { sort: "amount_desc", status: ["approved"], amountMinMinor: 10_000, amountMaxMinor: 200_000 },
      cursor: null,
      limit: 50,
    }),
  );
  await time("list: one payer's payments (e-mail filter)", () =>
    listPayments({ db, filters: { ...all, payerEmail: "buyer-17@testuser.com" }, cursor: null, limit: 50 }),
  );
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const next: { nextCursor: string | null } = await listPayments({ db, filters: all, cursor, limit: 50 });
    cursor = next.nextCursor;
  }
  const deep = cursor;
  await time("list: page 101 (keyset, past 5 000 rows)", () =>
    listPayments({ db, filters: all, cursor: deep, limit: 50 }),
  );
  const deps = { db, now: () => new Date() };
  await time("detail: one payment with its timeline (40 entries)", () =>
    getPaymentDetail({ deps, providerPaymentId: target }),
  );
} finally {
  await db.destroy();
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
