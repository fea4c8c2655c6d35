import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type {
  Customer,
  CustomerRequest,
  CustomerSearchQuery,
  CustomerSearchResult,
  CustomerUpdateRequest,
  ProviderHttpClient,
} from "./types";

/**
 * Customers (`/v1/customers`): a payer record that saved cards hang off. provider: the e-mail is unique per seller.
 *
 * @example
 * const { results } = await mp.customers.search({ email: "buyer@example.com" });
 * const customer = results[0] ?? (await mp.customers.create({ email: "buyer@example.com" }));
 */
export function createCustomersResource(http: ProviderHttpClient) {
  return {
    /** Creates a customer. */
    create(body: CustomerRequest, options?: ProviderRequestOptions): Promise<Customer> {
      return unwrap(http.POST("/v1/customers", { body, ...toFetchOptions(options) }));
    },

    /** Reads one customer. */
    get(customerId: string, options?: ProviderRequestOptions): Promise<Customer> {
      return unwrap(
        http.GET("/v1/customers/{customerId}", { params: { path: { customerId } }, ...toFetchOptions(options) }),
      );
    },

    /** Changes a customer (only the fields sent). */
    update(customerId: string, body: CustomerUpdateRequest, options?: ProviderRequestOptions): Promise<Customer> {
      return unwrap(
        http.PUT("/v1/customers/{customerId}", {
          params: { path: { customerId } },
          body,
          ...toFetchOptions(options),
        }),
      );
    },

    /** Deletes a customer; resolves with the deleted customer. */
    remove(customerId: string, options?: ProviderRequestOptions): Promise<Customer> {
      return unwrap(
        http.DELETE("/v1/customers/{customerId}", { params: { path: { customerId } }, ...toFetchOptions(options) }),
      );
    },

    /** Searches customers, e.g. by `email`. */
    search(query: CustomerSearchQuery = {}, options?: ProviderRequestOptions): Promise<CustomerSearchResult> {
      return unwrap(http.GET("/v1/customers/search", { params: { query }, ...toFetchOptions(options) }));
    },
  };
}

/** The `customers` resource of the provider client. */
export type CustomersResource = ReturnType<typeof createCustomersResource>;
