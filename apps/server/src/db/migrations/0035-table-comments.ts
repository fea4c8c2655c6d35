// Issue 20 §3: src/db/schema.ts is generated from the migrated database (kysely-codegen, scripts/generate-db.ts),
// so what a table or column means lives in the database, as PostgreSQL comments (psql's \d+ shows them), and the
// generator copies each onto its property in src/db/generated/tables.ts. Documentation only: nothing else changes.
import { type Kysely, sql } from "kysely";

/** [table, comment] */
const TABLE_COMMENTS: ReadonlyArray<readonly [string, string]> = [
  [
    "provider_requests",
    "The ledger of idempotent provider calls (domain/provider-requests): one row per intended effect, whatever its kind.",
  ],
  [
    "payment_links",
    "A payment link (checkout preference) made in the console, with the body and key it was asked for with.",
  ],
  [
    "payment_state_changes",
    "Every state the mirror went through, written by applyPaymentSnapshot when it creates or updates a payment.",
  ],
  [
    "provider_calls",
    "One row per logical provider call, written by the provider layer (provider/provider-call-log.ts).",
  ],
  ["oauth_states", "One OAuth authorization attempt: single use, short-lived, bound to the admin's session."],
  [
    "webhook_event_attempts",
    "One run of processWebhookEvent over an event: `outcome` null while it runs (or if its process died).",
  ],
  ["rate_limits", "rate-limiter-flexible's table (src/rate-limits/): written by its own SQL, read here only to prune."],
  ["store_settings", "One store setting per key (see domain/settings/store-settings.ts for the keys and their types)."],
  [
    "store_logos",
    "The store's logo images, by content hash (migration 0029); `store_settings.logo` names the one in use.",
  ],
  [
    "staff_invitations",
    "An invitation to the console (migration 0025); pending while accepted_at and revoked_at are null.",
  ],
  ["merchant_orders", "Migration 0016: the mirror of the provider's merchant orders."],
  [
    "merchant_order_requests",
    "Migration 0016: staff create / update requests, stored with their idempotency key before the call.",
  ],
  ["orders", "An order Cobro created through the Orders API (the virtual terminal), mirrored (migration 0014)."],
  ["point_intents", "A charge sent to a card terminal (Point) from the console (migration 0019)."],
  [
    "subscription_requests",
    "A console request that creates a subscription or changes its amount or card (migration 0022).",
  ],
];

/** [table, column, comment] */
const COLUMN_COMMENTS: ReadonlyArray<readonly [string, string, string]> = [
  [
    "checkouts",
    "provider_request_id",
    "The provider request of the checkout's direct payment (`checkout.payment`, keyed by `idempotency_key`); null before any attempt.",
  ],
  [
    "refunds",
    "provider_request_id",
    "The provider request that made it (its key, account and call status); null for refunds from elsewhere.",
  ],
  ["payment_actions", "provider_request_id", "The provider request (key, account, where the call stands)."],
  [
    "provider_requests",
    "kind",
    "What the call does, e.g. `payment.refund`; the reconcile loop's registry is keyed by it.",
  ],
  [
    "provider_requests",
    "provider_account_id",
    "The account the first try went to (null: the store's own); every retry goes there.",
  ],
  [
    "provider_requests",
    "fingerprint",
    "sha256 of the canonical request; null only for rows copied in by migration 0031.",
  ],
  ["provider_requests", "lease_until", "While in the future, one instance holds the right to call."],
  [
    "provider_requests",
    "deadline_at",
    "After it no new call is made: only reconciliation. Null: no deadline (a checkout may be paid again later).",
  ],
  ["provider_requests", "attempted_at", "When the last call went out (set by each claim)."],
  ["provider_requests", "answer", "The provider's answer, as received."],
  ["provider_requests", "error", "What went wrong: type, HTTP status, provider code, a safe message; never a token."],
  ["users", "email", "Stored normalised (trimmed, lower-case); unique on lower(email)."],
  ["users", "provider_customer_id", "The provider customer this user's saved cards live under."],
  ["users", "disabled_at", "Set while the user is disabled: no session is valid and signing in is refused."],
  ["users", "email_verified_at", "When the owner proved the address (a verification or reset link); null until then."],
  ["users", "locale", "The language the user chose for their e-mails (en/es/pt); null: the store's."],
  ["sessions", "id", "SHA-256 (lower-case hex) of the session token; the token itself is never stored."],
  ["sessions", "expires_at", "Sliding expiry, pushed forward while the session is used."],
  ["sessions", "absolute_expires_at", "Hard cap from creation; the session dies here whatever its activity."],
  [
    "products",
    "translations",
    "Per-language texts (`{ es: { title, description, imageAlt } }`); write with `toJsonb`.",
  ],
  ["checkouts", "user_id", "Null for a guest checkout."],
  ["checkouts", "guest_token_hash", "SHA-256 hex of the token a guest uses to come back to their checkout."],
  ["checkouts", "items", "Snapshot of what was bought (product id, name, unit price, quantity)."],
  ["checkouts", "payer_name", '"First Last", for display.'],
  ["checkouts", "payer_identification", "`{ type, number }` of the payer's identification document."],
  ["checkouts", "payment_method", "e.g. hosted (Checkout Pro), card, pix, ticket."],
  [
    "checkouts",
    "provider_checked_at",
    "When `checkout.result` last re-read this checkout's payment from the provider (polling fallback).",
  ],
  [
    "checkouts",
    "reconcile_after",
    "When the reconciliation job next re-reads this checkout from the provider; null when nothing is pending.",
  ],
  [
    "checkouts",
    "preference_expired_at",
    "When the hosted-checkout preference was made unpayable at the provider (the checkout has its payment).",
  ],
  [
    "checkouts",
    "provider_account_id",
    "The connected account this checkout charges on (migration 0021), fixed at creation; null: the store's own.",
  ],
  ["checkouts", "order_number", 'The human order number ("#1042"), counted by PostgreSQL (migration 0026).'],
  [
    "checkouts",
    "locale",
    "The language the shopper used when the checkout was made: its e-mails and item names are in it.",
  ],
  [
    "checkouts",
    "replaced_by",
    "The new checkout for the same order made after this one's payment was declined or cancelled (at most one).",
  ],
  [
    "payments",
    "installment_amount_minor",
    "Each installment as the provider charges it (transaction_details.installment_amount).",
  ],
  [
    "payments",
    "total_paid_minor",
    "What the payer pays in all, financing cost included (transaction_details.total_paid_amount).",
  ],
  [
    "payments",
    "provider_last_updated",
    "The provider's date_last_updated; older notifications never overwrite newer state.",
  ],
  ["payments", "snapshot", "The provider's payment body as last fetched (no card data beyond first six/last four)."],
  ["payments", "provider_created_at", "The provider's date_created (the console sorts and filters on it)."],
  ["payments", "payer_email", "The payer's e-mail, lower-case, as the provider reported it."],
  [
    "payments",
    "preference_id",
    "The checkout preference (payment link) the payment paid, when the provider says (metadata.preference_id).",
  ],
  [
    "payments",
    "provider_account_id",
    "The connected account whose credentials hold this payment (migration 0021); null: the store's own.",
  ],
  ["payment_links", "title_summary", "The items' titles, for the list (the provider's search returns item ids only)."],
  [
    "payment_links",
    "request",
    "The exact body sent to the provider (re-sent as is with the same key when the answer was not seen).",
  ],
  ["payment_state_changes", "at", "The snapshot's date_last_updated, else when it was applied."],
  ["refunds", "provider_refund_id", "Null until the provider answers."],
  ["refunds", "reason", "Why staff refunded (required in the console)."],
  ["refunds", "error", "Why the provider refused it, in words safe to show staff."],
  ["payment_actions", "amount_minor", "Captures: the amount captured (null: in full)."],
  ["provider_accounts", "provider_user_id", "The seller's provider user id (OAuth `user_id`)."],
  [
    "provider_accounts",
    "access_token_ciphertext",
    "AES-256-GCM, see crypto/token-encryption.ts. */ /** Null once the connection ended (tokens are wiped then).",
  ],
  [
    "provider_accounts",
    "ended_reason",
    "Why the connection ended: `disconnected` (by staff), `refresh_refused` (the provider revoked it).",
  ],
  [
    "provider_accounts",
    "refresh_lease_until",
    "Set while one refresher holds the account (the provider rotates refresh tokens).",
  ],
  ["oauth_states", "state_hash", "SHA-256 hex of the state (the state itself is never stored)."],
  [
    "webhook_events",
    "dedupe_key",
    "topic:data.id:x-request-id (the three joined by colons): the same delivery twice is one row.",
  ],
  [
    "webhook_events",
    "deliveries",
    "How many times the provider delivered this notification (redeliveries fold into one row).",
  ],
  [
    "webhook_events",
    "ignored_reason",
    "Why the event is `ignored` (a `WEBHOOK_IGNORED_REASONS` code); null otherwise.",
  ],
  ["rate_limits", "expire", "Epoch milliseconds; null never expires."],
  ["provider_sync_state", "resource", 'What is synced, e.g. "payments".'],
  [
    "provider_sync_state",
    "cursor",
    "The newest provider `date_last_updated` applied; the next run reads from a little before it.",
  ],
  ["store_settings", "version", "Bumped on every change."],
  ["email_tokens", "token_hash", "SHA-256 (lower-case hex) of the link's token; the token itself is never stored."],
  ["staff_invitations", "token_hash", "SHA-256 (lower-case hex) of the link's current token; a resend replaces it."],
  ["outbound_emails", "dedupe_key", "One intended message per key, e.g. order-confirmation:<checkoutId>."],
  ["merchant_orders", "snapshot", "The provider's body as last seen; write with `toJsonb`."],
  [
    "orders",
    "provider_account_id",
    "The connected account the order charges on (migration 0021); null: the store's own (every console order today).",
  ],
  [
    "point_intents",
    "provider_account_id",
    "The account the intent was sent with (migration 0024); null: the store's own account.",
  ],
];

function literal(text: string | null): string {
  return text === null ? "null" : `'${text.replaceAll("'", "''")}'`;
}

function statements(comment: (text: string) => string | null): string {
  return [
    ...TABLE_COMMENTS.map(([table, text]) => `comment on table "${table}" is ${literal(comment(text))}`),
    ...COLUMN_COMMENTS.map(
      ([table, column, text]) => `comment on column "${table}"."${column}" is ${literal(comment(text))}`,
    ),
  ].join(";\n");
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // One round trip: a fresh database (every test file's server process) migrates in one more query, not seventy.
  await sql.raw(statements((text) => text)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(statements(() => null)).execute(db);
}
