// The database's types for the rest of the server. Each table's shape, as kysely checks queries against it, is
// generated from the migrated schema into ./generated/tables.ts (`npm run generate:db --workspace @cobro/server`;
// `npm run generate:check` fails when it is stale); what a table or column means is its PostgreSQL comment, copied
// there. Column names are the SQL names (snake_case); no case-converting plugin sits in between, so what you read
// there is what psql shows. This file adds names for statuses and rows, and the helpers around them.
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
//   mirror must not reject them. Our own enumerations get a CHECK, which the
//   generated types read as a union of its values.
// - There is no card number, CVV or security-code column anywhere, by design.
import type { UserRole, WebhookEventStatusValue } from "@cobro/contracts";
import type { ColumnType, Insertable, Selectable, Updateable } from "kysely";
import type * as Tables from "./generated/tables";

export type { DB } from "./generated/tables";

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

export type ProviderAccountStatus = "active" | "revoked" | "disconnected";

export type EmailLocale = "en" | "es" | "pt";

export type OrderActionKind =
  | "add_transaction"
  | "update_transaction"
  | "delete_transaction"
  | "process"
  | "capture"
  | "cancel"
  | "refund";

// Tables other modules name by type (each is kysely's view of the table, generated).
export type CheckoutsTable = Tables.Checkouts;
export type OrdersTable = Tables.Orders;
export type WebhookEventsTable = Tables.WebhookEvents;
export type EmailTokensTable = Tables.EmailTokens;
export type ChargebacksTable = Tables.Chargebacks;
export type PointIntentsTable = Tables.PointIntents;
export type SubscriptionRequestsTable = Tables.SubscriptionRequests;

export type User = Selectable<Tables.Users>;
export type NewUser = Insertable<Tables.Users>;
export type UserUpdate = Updateable<Tables.Users>;
export type SessionRow = Selectable<Tables.Sessions>;
export type Product = Selectable<Tables.Products>;
export type NewProduct = Insertable<Tables.Products>;
export type Checkout = Selectable<Tables.Checkouts>;
export type Payment = Selectable<Tables.Payments>;
export type Refund = Selectable<Tables.Refunds>;
export type ProviderRequest = Selectable<Tables.ProviderRequests>;
export type PaymentLink = Selectable<Tables.PaymentLinks>;
export type Subscription = Selectable<Tables.Subscriptions>;
export type ProviderAccount = Selectable<Tables.ProviderAccounts>;
export type WebhookEvent = Selectable<Tables.WebhookEvents>;
export type AuditLogEntry = Selectable<Tables.AuditLog>;
export type OrderRow = Selectable<Tables.Orders>;
export type OrderActionRow = Selectable<Tables.OrderActions>;

/** Serialises a value for a jsonb column (pg would send a JS array as a PostgreSQL array). */
export function toJsonb(value: JsonValue | object): string {
  return JSON.stringify(value);
}
