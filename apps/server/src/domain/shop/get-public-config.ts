// What the browser needs to tokenize cards with the provider directly: never a
// secret (the public key is meant for browsers; the access token and webhook
// secret stay on the server).

import type { PublicConfig } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { getStoreAccount } from "./get-store-account";

export async function getPublicConfig(options: {
  deps: Pick<AppDeps, "provider" | "providerSettings">;
}): Promise<PublicConfig> {
  const { providerSettings } = options.deps;
  const account = await getStoreAccount(options);
  return {
    providerMode: providerSettings.mode,
    providerApiUrl: providerSettings.apiUrl,
    publicKey: providerSettings.publicKey,
    siteId: account.siteId,
    currency: account.currency,
  };
}
