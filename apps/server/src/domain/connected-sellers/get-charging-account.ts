// The provider account Cobro charges with: `GET /users/me` with the store's own credentials. The access token is
// never part of the answer.
import type { ChargingAccount } from "@cobro/contracts";
import { ProviderConnectionError, ProviderError } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";

export async function getChargingAccount(options: {
  deps: Pick<AppDeps, "provider" | "providerSettings">;
}): Promise<ChargingAccount> {
  const { deps } = options;
  let me: Awaited<ReturnType<AppDeps["provider"]["account"]["me"]>>;
  try {
    me = await deps.provider.account.me();
  } catch (error) {
    if (error instanceof ProviderConnectionError || (error instanceof ProviderError && error.status >= 500)) {
      throw new AppError("PROVIDER_UNAVAILABLE", "Mercado Pago did not answer. Try again in a moment.", {
        reason: "provider_unavailable",
        cause: error,
      });
    }
    if (error instanceof ProviderError && (error.status === 401 || error.status === 403)) {
      throw new AppError("PROVIDER_UNAVAILABLE", "Mercado Pago refused the store's credentials.", {
        reason: "provider_rejected_request",
        cause: error,
      });
    }
    throw error;
  }
  // provider: test accounts carry the `test_user` tag.
  const tags = Array.isArray(me.tags) ? me.tags : [];
  const mode =
    deps.providerSettings.mode === "sandbox" ? "sandbox" : tags.includes("test_user") ? "test" : ("live" as const);
  return {
    userId: Number(me.id),
    nickname: me.nickname ?? null,
    email: me.email ?? null,
    siteId: me.site_id ?? null,
    countryId: me.country_id ?? null,
    mode,
  };
}
