// A provider_accounts row as the console shows it: never a token.
import { CONNECTION_ERROR_CODES, type ConnectedAccount, type ConnectionErrorCode } from "@cobro/contracts";
import type { ProviderAccount } from "../../db/schema";

function errorCode(value: string | null): ConnectionErrorCode | null {
  return value !== null && (CONNECTION_ERROR_CODES as readonly string[]).includes(value)
    ? (value as ConnectionErrorCode)
    : null;
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

export function toConnectedAccount(row: ProviderAccount): ConnectedAccount {
  return {
    id: row.id,
    providerUserId: Number(row.provider_user_id),
    nickname: row.nickname,
    siteId: row.site_id,
    status: row.status,
    liveMode: row.live_mode,
    scope: row.scope,
    connectedAt: row.connected_at.toISOString(),
    expiresAt: iso(row.expires_at),
    lastRefreshedAt: iso(row.last_refreshed_at),
    lastError: errorCode(row.last_error),
    lastErrorAt: iso(row.last_error_at),
    endedAt: iso(row.ended_at),
    endedReason: errorCode(row.ended_reason),
  };
}
