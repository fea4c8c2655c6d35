import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type { Chargeback, ProviderHttpClient } from "./types";

/** One evidence file for `chargebacks.uploadDocumentation`. */
export interface ChargebackEvidenceFile {
  /** The file name the provider shows (`File: <name>`). */
  name: string;
  /** `image/jpeg`, `image/png` or `application/pdf`. */
  type: string;
  data: Blob | ArrayBuffer | Uint8Array;
}

/**
 * Chargebacks (`/v1/chargebacks`): a payer's dispute with their card issuer. provider: read the chargeback a
 * `chargebacks` notification names, then send the evidence while `date_documentation_deadline` has not passed
 * (https://www.mercadopago.com.br/developers/en/reference/chargebacks/_chargebacks_id/get,
 * https://www.mercadopago.com.mx/developers/en/docs/tiendanube/additional-content/chargebacks/how-to-manage).
 *
 * @example
 * const chargeback = await mp.chargebacks.get("234000062890459000");
 * await mp.chargebacks.uploadDocumentation(chargeback.id, [{ name: "receipt.pdf", type: "application/pdf", data }], {
 *   idempotencyKey: `chargeback-evidence-${uploadId}`,
 * });
 */
export function createChargebacksResource(http: ProviderHttpClient) {
  return {
    /** Reads one chargeback (the provider also accepts a payment id). */
    get(id: string, options?: ProviderRequestOptions): Promise<Chargeback> {
      return unwrap(http.GET("/v1/chargebacks/{id}", { params: { path: { id } }, ...toFetchOptions(options) }));
    },

    /**
     * Sends the evidence as `multipart/form-data`, one `files` field per file. provider: jpg, png or pdf, 10 MB in
     * all; answered 200 with no documented body, after which `documentation_status` is `review_pending`.
     */
    async uploadDocumentation(
      id: string,
      files: readonly ChargebackEvidenceFile[],
      options?: ProviderRequestOptions,
    ): Promise<{ status: number }> {
      const form = new FormData();
      for (const file of files) {
        const data = file.data instanceof Blob ? file.data : new Blob([file.data as BlobPart], { type: file.type });
        form.append("files", new File([data], file.name, { type: file.type }));
      }
      const result = await unwrap(
        http.POST("/v1/chargebacks/{id}/documentation", {
          params: { path: { id } },
          // The generated type describes the parts; the wire body is the FormData, sent as is (fetch sets the
          // multipart boundary).
          body: form as unknown as { files: string[] },
          bodySerializer: (body) => body as unknown as FormData,
          ...toFetchOptions(options),
        }),
      );
      return { status: "status" in result ? (result.status as number) : 200 };
    },
  };
}

/** The `chargebacks` resource of the provider client. */
export type ChargebacksResource = ReturnType<typeof createChargebacksResource>;
