import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type { IdentificationType, ProviderHttpClient } from "./types";

/**
 * Identification document types (`/v1/identification_types`): DNI, CPF, CNPJ, RUT… for the token's site, with
 * their length limits, to build a payer form.
 *
 * @example
 * const types = await mp.identificationTypes.list();
 */
export function createIdentificationTypesResource(http: ProviderHttpClient) {
  return {
    /** Lists the document types (a plain array). */
    list(options?: ProviderRequestOptions): Promise<IdentificationType[]> {
      return unwrap(http.GET("/v1/identification_types", { ...toFetchOptions(options) }));
    },
  };
}

/** The `identificationTypes` resource of the provider client. */
export type IdentificationTypesResource = ReturnType<typeof createIdentificationTypesResource>;
