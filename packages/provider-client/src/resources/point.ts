import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type {
  DeviceList,
  DeviceListQuery,
  OperatingMode,
  OperatingModeValue,
  PaymentIntent,
  PaymentIntentCancelResult,
  PaymentIntentEventList,
  PaymentIntentEventsQuery,
  PaymentIntentRequest,
  PaymentIntentStatus,
  ProviderHttpClient,
} from "./types";

/**
 * Point card terminals (`/point/integration-api`, the payment-intent API). provider: intent amounts are integer
 * cents (`1500` = 15.00, use `toPointCents`); a terminal takes one queued intent at a time (409 otherwise); device
 * ids look like `PAX_A910__SMARTPOS1234`.
 *
 * @example
 * const intent = await mp.point.createIntent(deviceId, { amount: 1500, description: "Table 4" });
 * const { state } = await mp.point.getIntent(intent.id);
 */
export function createPointResource(http: ProviderHttpClient) {
  return {
    /** Lists the account's terminals, optionally by `store_id` / `pos_id`. */
    devices(query: DeviceListQuery = {}, options?: ProviderRequestOptions): Promise<DeviceList> {
      return unwrap(http.GET("/point/integration-api/devices", { params: { query }, ...toFetchOptions(options) }));
    },

    /** Switches a terminal between `PDV` (takes intents from your system) and `STANDALONE`. */
    setOperatingMode(
      deviceId: string,
      mode: OperatingModeValue,
      options?: ProviderRequestOptions,
    ): Promise<OperatingMode> {
      return unwrap(
        http.PATCH("/point/integration-api/devices/{device_id}", {
          params: { path: { device_id: deviceId } },
          body: { operating_mode: mode },
          ...toFetchOptions(options),
        }),
      );
    },

    /** Sends a payment intent to a terminal. */
    createIntent(
      deviceId: string,
      body: PaymentIntentRequest,
      options?: ProviderRequestOptions,
    ): Promise<PaymentIntent> {
      return unwrap(
        http.POST("/point/integration-api/devices/{device_id}/payment-intents", {
          params: { path: { device_id: deviceId } },
          body,
          ...toFetchOptions(options),
        }),
      );
    },

    /** Cancels an intent. provider: only while it has not reached the terminal (else 400, code `"101"`). */
    cancelIntent(
      deviceId: string,
      intentId: string,
      options?: ProviderRequestOptions,
    ): Promise<PaymentIntentCancelResult> {
      return unwrap(
        http.DELETE("/point/integration-api/devices/{device_id}/payment-intents/{payment_intent_id}", {
          params: { path: { device_id: deviceId, payment_intent_id: intentId } },
          ...toFetchOptions(options),
        }),
      );
    },

    /** Reads an intent with its `state` (`OPEN`, `ON_TERMINAL`, …, `FINISHED`). */
    getIntent(intentId: string, options?: ProviderRequestOptions): Promise<PaymentIntent> {
      return unwrap(
        http.GET("/point/integration-api/payment-intents/{payment_intent_id}", {
          params: { path: { payment_intent_id: intentId } },
          ...toFetchOptions(options),
        }),
      );
    },

    /** The latest state change of one intent. */
    intentEvents(intentId: string, options?: ProviderRequestOptions): Promise<PaymentIntentStatus> {
      return unwrap(
        http.GET("/point/integration-api/payment-intents/{payment_intent_id}/events", {
          params: { path: { payment_intent_id: intentId } },
          ...toFetchOptions(options),
        }),
      );
    },

    /** State changes of every intent between two days (`YYYY-MM-DD`, camelCase query keys as the provider has). */
    events(query: PaymentIntentEventsQuery, options?: ProviderRequestOptions): Promise<PaymentIntentEventList> {
      return unwrap(
        http.GET("/point/integration-api/payment-intents/events", { params: { query }, ...toFetchOptions(options) }),
      );
    },
  };
}

/** The `point` resource of the provider client. */
export type PointResource = ReturnType<typeof createPointResource>;
