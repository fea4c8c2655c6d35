// The identity documents of the store's site (DNI, CPF, …) with their length
// limits, for the payer form. Cached per process for 10 minutes.

import type { IdentificationType } from "@cobro/contracts";
import type { IdentificationType as ProviderIdentificationType } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { createProviderCache } from "../../provider/provider-cache";
import { toShopperError } from "../../provider/provider-failure";

export const IDENTIFICATION_TYPES_TTL_MS = 10 * 60 * 1000;
const typesCache = createProviderCache<ProviderIdentificationType[]>({ ttlMs: IDENTIFICATION_TYPES_TTL_MS });

export async function listIdentificationTypes(options: {
  deps: Pick<AppDeps, "provider">;
}): Promise<IdentificationType[]> {
  const { provider } = options.deps;
  try {
    const types = await typesCache.get(provider, () => provider.identificationTypes.list());
    return types.map((type) => ({
      id: type.id,
      name: type.name,
      type: type.type,
      minLength: type.min_length,
      maxLength: type.max_length,
    }));
  } catch (error) {
    throw toShopperError(error, { action: "load the document types" });
  }
}
