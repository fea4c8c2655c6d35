// The typed shape of every table, as kysely sees it. Column names are the SQL
// names (snake_case); no case-converting plugin sits in between, so what you
// read here is what psql shows.
//
// Conventions that hold in every table:
// - Money is an integer count of minor units (`*_minor`, bigint) plus a
//   `currency` (ISO 4217, char(3)); never a float.
// - bigint columns come back as JS numbers: database.ts installs a parser that
//   throws on values outside Number.MAX_SAFE_INTEGER instead of losing digits.
//   Provider ids (payment ids ~1e11) and minor-unit amounts fit comfortably.
// - jsonb columns are written as JSON text (`JSON.stringify(value)`, see
//   `toJsonb`) because pg would turn a JS array into a PostgreSQL array literal;
//   they are read back already parsed, as `JsonValue`; parse them with zod.
// - Provider-mirrored statuses are plain text: the provider may add values and a
//   mirror must not reject them. Our own enumerations get a CHECK.
// - There is no card number, CVV or security-code column anywhere, by design.
import type { StaffRole, UserRole, WebhookEventStatusValue } from "@cobro/contracts";
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { ProviderRequestStatus } from "../domain/provider-requests/provider-request-status";

export type { UserRole };

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };

/** A timestamptz column: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz column the database fills on insert (`default now()`). */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column: read parsed, written as JSON text. */
export type Jsonb = ColumnType<JsonValue, string, string>;
/** A nullable jsonb column. */
export type NullableJsonb = ColumnType<JsonValue | null, string | null | undefined, string | null>;

/** `ignored`: a topic Cobro does not act on yet, kept so it can be replayed once it does (the list is shared with the console). */
export { WEBHOOK_EVENT_STATUSES } from "@cobro/contracts";
export type WebhookEventStatus = WebhookEventStatusValue;

export interface UsersTable {
  id: Generated<string>;
  /** Stored normalised (trimmed, lower-case); unique on lower(email). */
  email: string;
  password_hash: string;
  name: string;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  /** The provider customer this user's saved cards live under. */
  provider_customer_id: string | null;
  /** Set while the user is disabled: no session is valid and signing in is refused. */
  disabled_at: Timestamp | null;
  /** When the owner proved the address (a verification or reset link); null until then. */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The language the user chose for their e-mails (en/es/pt); null: the store's. */
  locale: ColumnType<EmailLocale | null, EmailLocale | null | undefined, EmailLocale | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SessionsTable {
  /** SHA-256 (lower-case hex) of the session token; the token itself is never stored. */
  id: string;
  user_id: string;
  /** Sliding expiry, pushed forward while the session is used. */
  expires_at: Timestamp;
  /** Hard cap from creation; the session dies here whatever its activity. */
  absolute_expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface ProductsTable {
  id: Generated<string>;
  slug: string;
  name: string;
  description: string;
  image_url: string | null;
  price_minor: number;
  currency: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  /** Per-language texts (`{ es: { title, description, imageAlt } }`); write with `toJsonb`. */
  translations: ColumnType<JsonValue, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface CheckoutsTable {
  id: Generated<string>;
  /** Null for a guest checkout. */
  user_id: string | null;
  /** SHA-256 hex of the token a guest uses to come back to their checkout. */
  guest_token_hash: string | null;
  /** Snapshot of what was bought (product id, name, unit price, quantity). */
  items: Jsonb;
  amount_minor: number;
  currency: string;
  status: string;
  payer_email: string | null;
  /** "First Last", for display. */
  payer_name: string | null;
  payer_first_name: string | null;
  payer_last_name: string | null;
  /** `{ type, number }` of the payer's identification document. */
  payer_identification: NullableJsonb;
  /** e.g. hosted (Checkout Pro), card, pix, ticket. */
  payment_method: string | null;
  idempotency_key: string;
  external_reference: string;
  provider_preference_id: string | null;
  provider_payment_id: number | null;
  /** When `checkout.result` last re-read this checkout's payment from the provider (polling fallback). */
  provider_checked_at: Timestamp | null;
  /**
   * The provider request of the checkout's direct payment (`checkout.payment`, keyed by `idempotency_key`): where the
   * call stands, its lease and its last try. Null before any attempt.
   */
  provider_request_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the reconciliation job next re-reads this checkout from the provider; null when nothing is pending. */
  reconcile_after: Timestamp | null;
  reconcile_attempts: ColumnType<number, number | undefined, number>;
  /** When the hosted-checkout preference was made unpayable at the provider (the checkout has its payment). */
  preference_expired_at: Timestamp | null;
  /** The connected account this checkout charges on (migration 0021), fixed at creation; null: the store's own. */
  provider_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The human order number ("#1042"), counted by PostgreSQL (migration 0026). */
  order_number: Generated<number>;
  /** The language the shopper used when the checkout was made: its e-mails and item names are in it. */
  locale: ColumnType<EmailLocale | null, EmailLocale | null | undefined, EmailLocale | null>;
  /** The new checkout for the same order made after this one's payment was declined or cancelled (at most one). */
  replaced_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface PaymentsTable {
  id: Generated<string>;
  provider_payment_id: number;
  checkout_id: string | null;
  user_id: string | null;
  status: string;
  status_detail: string | null;
  amount_minor: number;
  refunded_minor: ColumnType<number, number | undefined, number>;
  currency: string;
  payment_method_id: string | null;
  payment_type_id: string | null;
  installments: number | null;
  /** Each installment as the provider charges it (transaction_details.installment_amount). */
  installment_amount_minor: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the payer pays in all, financing cost included (transaction_details.total_paid_amount). */
  total_paid_minor: ColumnType<number | null, number | null | undefined, number | null>;
  /** The provider's date_last_updated; older notifications never overwrite newer state. */
  provider_last_updated: Timestamp | null;
  /** The provider's payment body as last fetched (no card data beyond first six/last four). */
  snapshot: Jsonb;
  /** The provider's date_created (the console sorts and filters on it). */
  provider_created_at: CreatedAt;
  /** The payer's e-mail, lower-case, as the provider reported it. */
  payer_email: string | null;
  external_reference: string | null;
  /** The checkout preference (payment link) the payment paid, when the provider says (metadata.preference_id). */
  preference_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The connected account whose credentials hold this payment (migration 0021); null: the store's own. */
  provider_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** pending: stored, the call may be out; created / failed: the provider's answer; unknown: no answer seen. */
export type PaymentLinkStatus = "pending" | "created" | "failed" | "unknown";

/** A payment link (checkout preference) made in the console, with the body and key it was asked for with. */
export interface PaymentLinksTable {
  id: Generated<string>;
  idempotency_key: string;
  status: PaymentLinkStatus;
  provider_preference_id: string | null;
  init_point: string | null;
  /** The items' titles, for the list (the provider's search returns item ids only). */
  title_summary: string;
  /** The exact body sent to the provider (re-sent as is with the same key when the answer was not seen). */
  request: Jsonb;
  error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Every state the mirror went through, written by applyPaymentSnapshot when it creates or updates a payment. */
export interface PaymentStateChangesTable {
  id: Generated<string>;
  provider_payment_id: number;
  status: string;
  status_detail: string | null;
  refunded_minor: number;
  currency: string;
  /** The snapshot's date_last_updated, else when it was applied. */
  at: Timestamp;
  recorded_at: CreatedAt;
}

/** One row per logical provider call, written by the provider layer (provider/provider-call-log.ts). */
export interface ProviderCallsTable {
  id: Generated<string>;
  method: string;
  path: string;
  status: number | null;
  error: string | null;
  duration_ms: number;
  attempts: number;
  idempotency_key: string | null;
  resource_id: string | null;
  created_at: CreatedAt;
}

export interface RefundsTable {
  id: Generated<string>;
  /** Null until the provider answers. */
  provider_refund_id: number | null;
  provider_payment_id: number;
  amount_minor: number;
  currency: string;
  status: string;
  created_by: string | null;
  /** The provider request that made it (its key, account and call status); null for refunds from elsewhere. */
  provider_request_id: string | null;
  /** Why staff refunded (required in the console). */
  reason: string | null;
  note: string | null;
  /** Why the provider refused it, in words safe to show staff. */
  error: string | null;
  completed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface PaymentActionsTable {
  id: Generated<string>;
  provider_payment_id: number;
  kind: "capture" | "cancel";
  /** Captures: the amount captured (null: in full). */
  amount_minor: number | null;
  currency: string;
  /** The provider request (key, account, where the call stands). */
  provider_request_id: string;
  reason: string | null;
  note: string | null;
  error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
}

/**
 * The ledger of idempotent provider calls (migration 0031, see domain/provider-requests): one row per intended
 * effect, whatever its kind.
 */
export interface ProviderRequestsTable {
  id: Generated<string>;
  /** What the call does, e.g. `payment.refund`; the reconcile loop's registry is keyed by it. */
  kind: string;
  idempotency_key: string;
  /** The account the first try went to (null: the store's own); every retry goes there. */
  provider_account_id: string | null;
  /** sha256 of the canonical request; null only for rows copied in by migration 0031. */
  fingerprint: string | null;
  status: ProviderRequestStatus;
  /** While in the future, one instance holds the right to call. */
  lease_until: Timestamp | null;
  /** After it no new call is made: only reconciliation. Null: no deadline (a checkout may be paid again later). */
  deadline_at: Timestamp | null;
  /** When the last call went out (set by each claim). */
  attempted_at: Timestamp | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** The provider's answer, as received. */
  answer: NullableJsonb;
  /** What went wrong: type, HTTP status, provider code, a safe message; never a token. */
  error: NullableJsonb;
  resource_type: string;
  resource_id: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  completed_at: Timestamp | null;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  provider_subscription_id: string;
  user_id: string | null;
  provider_plan_id: string | null;
  status: string;
  amount_minor: number;
  currency: string;
  next_payment_date: Timestamp | null;
  snapshot: Jsonb;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ProviderAccountsTable {
  id: Generated<string>;
  /** The seller's provider user id (OAuth `user_id`). */
  provider_user_id: number;
  connected_by: string | null;
  /** AES-256-GCM, see crypto/token-encryption.ts. */
  /** Null once the connection ended (tokens are wiped then). */
  access_token_ciphertext: string | null;
  refresh_token_ciphertext: string | null;
  public_key: string | null;
  scope: string | null;
  live_mode: boolean;
  expires_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  status: ColumnType<ProviderAccountStatus, ProviderAccountStatus | undefined, ProviderAccountStatus>;
  nickname: string | null;
  site_id: string | null;
  connected_at: CreatedAt;
  last_refreshed_at: Timestamp | null;
  last_error: string | null;
  last_error_at: Timestamp | null;
  ended_at: Timestamp | null;
  /** Why the connection ended: `disconnected` (by staff), `refresh_refused` (the provider revoked it). */
  ended_reason: string | null;
  ended_by: string | null;
  /** Set while one refresher holds the account (the provider rotates refresh tokens). */
  refresh_lease_until: Timestamp | null;
}

export type ProviderAccountStatus = "active" | "revoked" | "disconnected";

/** One OAuth authorization attempt: single use, short-lived, bound to the admin's session. */
export interface OauthStatesTable {
  id: Generated<string>;
  /** SHA-256 hex of the state (the state itself is never stored). */
  state_hash: string;
  session_id: string;
  user_id: string;
  redirect_uri: string;
  code_verifier_ciphertext: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface WebhookEventsTable {
  id: Generated<string>;
  /** `${topic}:${data.id}:${x-request-id}`: the same delivery twice is one row. */
  dedupe_key: string;
  topic: string;
  action: string | null;
  data_id: string | null;
  request_id: string | null;
  signature_valid: boolean;
  status: ColumnType<WebhookEventStatus, WebhookEventStatus | undefined, WebhookEventStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  payload: Jsonb;
  received_at: CreatedAt;
  processed_at: Timestamp | null;
  /** How many times the provider delivered this notification (redeliveries fold into one row). */
  deliveries: ColumnType<number, number | undefined, number>;
  last_delivered_at: Timestamp | null;
  /** Why the event is `ignored` (a `WEBHOOK_IGNORED_REASONS` code); null otherwise. */
  ignored_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One run of processWebhookEvent over an event: `outcome` null while it runs (or if its process died). */
export interface WebhookEventAttemptsTable {
  id: Generated<string>;
  webhook_event_id: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  outcome: "processed" | "ignored" | "failed" | null;
  error: string | null;
}

export interface CountersTable {
  name: string;
  value: ColumnType<number, number | undefined, number>;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_user_id: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  idempotency_key: string | null;
  details: NullableJsonb;
  created_at: CreatedAt;
}

/** rate-limiter-flexible's table (src/rate-limits/): written by its own SQL, read here only to prune. */
export interface RateLimitsTable {
  key: string;
  points: ColumnType<number, number | undefined, number>;
  /** Epoch milliseconds; null never expires. */
  expire: number | null;
}

export interface ProviderSyncStateTable {
  /** What is synced, e.g. "payments". */
  resource: string;
  /** The newest provider `date_last_updated` applied; the next run reads from a little before it. */
  cursor: Timestamp | null;
  last_started_at: Timestamp | null;
  last_finished_at: Timestamp | null;
  last_applied: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  updated_at: CreatedAt;
}

/** One store setting per key (see domain/settings/store-settings.ts for the keys and their types). */
export interface StoreSettingsTable {
  key: string;
  value: Jsonb;
  /** Bumped on every change. */
  version: ColumnType<number, number | undefined, number>;
  updated_by: string | null;
  updated_at: CreatedAt;
}

/** The store's logo images, by content hash (migration 0029); `store_settings.logo` names the one in use. */
export interface StoreLogosTable {
  sha256: string;
  content_type: "image/png" | "image/jpeg" | "image/webp";
  data: Buffer;
  uploaded_by: string | null;
  created_at: CreatedAt;
}

export type EmailLocale = "en" | "es" | "pt";

export interface EmailTokensTable {
  /** SHA-256 (lower-case hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  purpose: "verify_email" | "reset_password";
  email: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** An invitation to the console (migration 0025); pending while accepted_at and revoked_at are null. */
export interface StaffInvitationsTable {
  id: Generated<string>;
  email: string;
  role: StaffRole;
  /** SHA-256 (lower-case hex) of the link's current token; a resend replaces it. */
  token_hash: string;
  invited_by: string | null;
  expires_at: Timestamp;
  sent_count: ColumnType<number, number | undefined, number>;
  last_sent_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_user_id: string | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface OutboundEmailsTable {
  id: Generated<string>;
  /** One intended message per key, e.g. order-confirmation:<checkoutId>. */
  dedupe_key: string;
  kind: string;
  to_email: string;
  locale: EmailLocale | null;
  payload: Jsonb;
  status: ColumnType<
    "pending" | "sent" | "failed",
    "pending" | "sent" | "failed" | undefined,
    "pending" | "sent" | "failed"
  >;
  attempts: ColumnType<number, number | undefined, number>;
  lease_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: CreatedAt;
}

/** Migration 0016: the mirror of the provider's merchant orders. */
export interface MerchantOrdersTable {
  provider_merchant_order_id: number;
  status: string;
  order_status: string | null;
  preference_id: string | null;
  external_reference: string | null;
  total_minor: number;
  paid_minor: number;
  refunded_minor: ColumnType<number, number | undefined, number>;
  currency: string;
  /** The provider's body as last seen; write with `toJsonb`. */
  snapshot: ColumnType<JsonValue, string, string>;
  provider_created_at: Timestamp | null;
  provider_updated_at: Timestamp | null;
  updated_at: CreatedAt;
}

export interface ChargebacksTable {
  provider_chargeback_id: string;
  provider_payment_id: number | null;
  amount_minor: number;
  currency: string;
  reason: string | null;
  coverage_applied: boolean | null;
  coverage_eligible: boolean | null;
  documentation_required: boolean;
  documentation_status: string;
  documentation_deadline: ColumnType<Date | null, Date | string | null, Date | string | null>;
  snapshot: Jsonb;
  provider_created_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  provider_updated_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  updated_at: CreatedAt;
}

export type ChargebackEvidenceUploadStatus = "pending" | "succeeded" | "failed" | "unknown";

export interface ChargebackEvidenceUploadsTable {
  id: Generated<string>;
  idempotency_key: string;
  provider_chargeback_id: string;
  status: ChargebackEvidenceUploadStatus;
  files: Jsonb;
  total_bytes: number;
  error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Migration 0016: staff create / update requests; their key and call status are the ledger's (migration 0034). */
export interface MerchantOrderRequestsTable {
  id: Generated<string>;
  provider_request_id: string;
  kind: "create" | "update";
  provider_merchant_order_id: number | null;
  /** The body sent to the provider: every repeat of the key sends it again. */
  request: ColumnType<JsonValue, string, string>;
  created_by: string | null;
  created_at: CreatedAt;
}

export type OrderActionKind =
  | "add_transaction"
  | "update_transaction"
  | "delete_transaction"
  | "process"
  | "capture"
  | "cancel"
  | "refund";

/** An order Cobro created through the Orders API (the virtual terminal), mirrored (migration 0014). */
export interface OrdersTable {
  id: Generated<string>;
  provider_order_id: string | null;
  /** The create's request in the ledger (its key and call status; migration 0034). */
  provider_request_id: string;
  external_reference: string;
  processing_mode: "automatic" | "manual";
  capture_mode: "automatic" | "manual";
  status: string | null;
  status_detail: string | null;
  amount_minor: number;
  refunded_minor: ColumnType<number, number | undefined, number>;
  currency: string;
  description: string | null;
  payer_email: string;
  payer_identification_type: string | null;
  payer_identification_number: string | null;
  payment_method_id: string | null;
  installments: number | null;
  transactions: ColumnType<JsonValue, string | undefined, string>;
  snapshot: NullableJsonb;
  error: string | null;
  created_by: string | null;
  /** The connected account the order charges on (migration 0021); null: the store's own (every console order today). */
  provider_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  provider_updated_at: Timestamp | null;
}

export interface OrderActionsTable {
  id: Generated<string>;
  order_id: string;
  kind: OrderActionKind;
  transaction_id: string | null;
  amount_minor: number | null;
  /** The action's request in the ledger (its key and call status; migration 0034). */
  provider_request_id: string;
  reason: string | null;
  /** Why it failed: a refusal's reason code or a decline's status detail. */
  error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface OrderStateChangesTable {
  id: Generated<string>;
  order_id: string;
  status: string;
  status_detail: string | null;
  refunded_minor: number;
  at: Timestamp;
}

/** A charge sent to a card terminal (Point) from the console (migration 0019). */
export interface PointIntentsTable {
  id: Generated<string>;
  /** The create's request in the ledger (its key, call status and refusal words; migration 0034). */
  provider_request_id: string;
  device_id: string;
  provider_intent_id: string | null;
  state: string | null;
  amount_minor: number;
  currency: string;
  description: string | null;
  installments: number;
  installments_cost: string;
  print_on_terminal: boolean;
  external_reference: string | null;
  request: ColumnType<JsonValue, string, string>;
  provider_payment_id: number | null;
  created_by: string | null;
  /** The account the intent was sent with (migration 0024); null: the store's own account. */
  provider_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type SubscriptionRequestStatus = "pending" | "succeeded" | "failed" | "unknown";

/** A console request that creates a subscription or changes its amount or card (migration 0022). */
export interface SubscriptionRequestsTable {
  id: Generated<string>;
  idempotency_key: string;
  kind: "create" | "change";
  provider_subscription_id: string | null;
  request_status: SubscriptionRequestStatus;
  request: ColumnType<JsonValue, string, string>;
  card_token_sha256: string | null;
  amount_minor: number | null;
  currency: string | null;
  error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface DB {
  email_tokens: EmailTokensTable;
  outbound_emails: OutboundEmailsTable;
  staff_invitations: StaffInvitationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  products: ProductsTable;
  checkouts: CheckoutsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  provider_requests: ProviderRequestsTable;
  subscriptions: SubscriptionsTable;
  provider_accounts: ProviderAccountsTable;
  oauth_states: OauthStatesTable;
  webhook_events: WebhookEventsTable;
  webhook_event_attempts: WebhookEventAttemptsTable;
  counters: CountersTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  provider_sync_state: ProviderSyncStateTable;
  payment_actions: PaymentActionsTable;
  payment_links: PaymentLinksTable;
  store_settings: StoreSettingsTable;
  store_logos: StoreLogosTable;
  payment_state_changes: PaymentStateChangesTable;
  provider_calls: ProviderCallsTable;
  merchant_orders: MerchantOrdersTable;
  merchant_order_requests: MerchantOrderRequestsTable;
  chargebacks: ChargebacksTable;
  chargeback_evidence_uploads: ChargebackEvidenceUploadsTable;
  orders: OrdersTable;
  order_actions: OrderActionsTable;
  order_state_changes: OrderStateChangesTable;
  point_intents: PointIntentsTable;
  subscription_requests: SubscriptionRequestsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type Checkout = Selectable<CheckoutsTable>;
export type Payment = Selectable<PaymentsTable>;
export type Refund = Selectable<RefundsTable>;
export type ProviderRequest = Selectable<ProviderRequestsTable>;
export type PaymentLink = Selectable<PaymentLinksTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type ProviderAccount = Selectable<ProviderAccountsTable>;
export type WebhookEvent = Selectable<WebhookEventsTable>;
export type AuditLogEntry = Selectable<AuditLogTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderActionRow = Selectable<OrderActionsTable>;

/** Serialises a value for a jsonb column (pg would send a JS array as a PostgreSQL array). */
export function toJsonb(value: JsonValue | object): string {
  return JSON.stringify(value);
}
