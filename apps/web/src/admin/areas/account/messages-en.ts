// English words of the console's Accounts area; spread into the admin dictionary (this file defines its keys).
export const accountEn = {
  "admin.nav.account": "Accounts",
  "admin.account.title": "Accounts",
  "admin.account.description":
    "The Mercado Pago account the shop charges with, and the seller accounts connected to Cobro's application.",
  "admin.account.none": "—",
  "admin.account.never": "Never",
  "admin.account.expired": "Expired",
  "admin.account.charging.title": "The account the shop charges with",
  "admin.account.charging.description":
    "Read from Mercado Pago with the shop's own credentials. The credentials themselves are never shown.",
  "admin.account.charging.loading": "Reading the account from Mercado Pago…",
  "admin.account.charging.failed": "The account could not be read from Mercado Pago",
  "admin.account.charging.nickname": "Nickname",
  "admin.account.charging.userId": "User ID",
  "admin.account.charging.email": "E-mail",
  "admin.account.charging.site": "Site",
  "admin.account.charging.country": "Country",
  "admin.account.charging.mode": "Mode",
  "admin.account.mode.sandbox": "Test (embedded sandbox)",
  "admin.account.mode.test": "Test account",
  "admin.account.mode.live": "Live",
  "admin.account.connections.title": "Connected seller accounts",
  "admin.account.connections.description":
    "Sellers who authorized Cobro's application (marketplace mode). Their tokens are stored encrypted and refreshed automatically before they expire.",
  "admin.account.connections.loading": "Loading connected accounts…",
  "admin.account.connections.failed": "The connected accounts could not be loaded",
  "admin.account.connections.empty": "No seller account is connected",
  "admin.account.connections.emptyHint":
    "Connect one: the seller signs in to Mercado Pago and authorizes Cobro's application.",
  "admin.account.connect": "Connect a seller account",
  "admin.account.connecting": "Opening Mercado Pago…",
  "admin.account.notConfigured":
    "Connecting seller accounts needs Cobro's OAuth application: set MP_CLIENT_ID and MP_CLIENT_SECRET.",
  "admin.account.col.seller": "Seller",
  "admin.account.col.status": "Status",
  "admin.account.col.expiresIn": "Expires in",
  "admin.account.col.lastRefresh": "Last refresh",
  "admin.account.col.lastError": "Last error",
  "admin.account.col.actions": "Actions",
  "admin.account.status.active": "Connected",
  "admin.account.status.revoked": "Ended by Mercado Pago",
  "admin.account.status.disconnected": "Disconnected",
  "admin.account.endedAt": "on {date}",
  "admin.account.expiresInDays.one": "{count} day",
  "admin.account.expiresInDays.other": "{count} days",
  "admin.account.error.refresh_refused":
    "Mercado Pago refused the refresh token: the seller revoked access. Connect the seller again.",
  "admin.account.error.client_refused":
    "Mercado Pago refused Cobro's application credentials (MP_CLIENT_ID / MP_CLIENT_SECRET).",
  "admin.account.error.provider_unavailable": "Mercado Pago did not answer; the refresh will be tried again.",
  "admin.account.error.disconnected": "Disconnected by an admin.",
  "admin.account.error.deauthorized": "The seller removed Cobro's access in Mercado Pago.",
  "admin.account.refresh": "Refresh now",
  "admin.account.refreshNamed": "Refresh now ({name})",
  "admin.account.refreshed": "The tokens of {name} were refreshed.",
  "admin.account.revoked": "Mercado Pago refused to refresh {name}: the connection has ended.",
  "admin.account.refreshFailed": "The tokens of {name} could not be refreshed; see the last error.",
  "admin.account.disconnect": "Disconnect",
  "admin.account.disconnectNamed": "Disconnect ({name})",
  "admin.account.disconnectTitle": "Disconnect {name}?",
  "admin.account.disconnectBody":
    "Cobro deletes this seller's tokens at once and can no longer act for them. The seller can also remove the application from their Mercado Pago account. To connect them again, they must authorize again.",
  "admin.account.disconnected": "{name} was disconnected.",
  "admin.account.cancel": "Cancel",
  "admin.account.working": "Working…",
  "admin.account.connected": "The seller account {id} is connected.",
  "admin.account.callback.state_invalid":
    "This authorization link is not one Cobro started. Start again with “Connect a seller account”.",
  "admin.account.callback.state_other_session":
    "This authorization was started in another session. Start again from this browser.",
  "admin.account.callback.state_used": "This authorization was already used. Start again to connect another seller.",
  "admin.account.callback.state_expired": "The authorization took too long (more than 10 minutes). Start again.",
  "admin.account.callback.access_denied": "The seller did not authorize Cobro's application.",
  "admin.account.callback.code_refused":
    "Mercado Pago refused the authorization code (expired or already used). Start again.",
  "admin.account.callback.client_refused":
    "Mercado Pago refused Cobro's application credentials (MP_CLIENT_ID / MP_CLIENT_SECRET).",
  "admin.account.callback.provider_unavailable": "Mercado Pago did not answer. Start again in a moment.",
  "admin.account.callback.not_configured":
    "Connecting seller accounts needs MP_CLIENT_ID and MP_CLIENT_SECRET (Cobro's OAuth application).",
  "admin.account.callback.forbidden": "Only admins can connect seller accounts.",
} as const;
