// What the browser needs to load the provider's browser SDK and tokenize cards with it: never a
// secret (the public key is meant for browsers; the access token and webhook
// secret stay on the server).

import type { PublicConfig } from "@cobro/contracts";
import type { AppDeps } from "../deps";
import { browserSdkSettings } from "./browser-sdk";
import { getStoreAccount } from "./get-store-account";

export async function getPublicConfig(options: {
  deps: Pick<AppDeps, "provider" | "providerSettings" | "env">;
}): Promise<PublicConfig> {
  const { providerSettings, env } = options.deps;
  const account = await getStoreAccount(options);
  return {
    providerMode: providerSettings.mode,
    providerApiUrl: providerSettings.apiUrl,
    publicKey: providerSettings.publicKey,
    sdkUrl: browserSdkSettings(providerSettings, env).scriptUrl,
    siteId: account.siteId,
    currency: account.currency,
  };
}
