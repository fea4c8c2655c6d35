// Helpers for tests that talk to a sandbox: a fetch that checks every response
// against the spec (the contract check), and a sandbox started with test-sized
// webhook delays.

import { DEFAULT_SELLER } from "./core/credentials";
import { asOpenApiDocument, type OpenApiDocument } from "./core/spec";
import { getProviderSpecValidator, SpecValidator } from "./core/validation";
import { type CreateSandboxOptions, createSandbox, type Sandbox } from "./create-sandbox";

/** A sandbox response that the spec does not allow. */
export class ContractViolationError extends Error {
  override name = "ContractViolationError";
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly errors: string[],
    readonly body: unknown,
  ) {
    super(
      `${method} ${path} → ${status} breaks the spec: ${errors.join("; ")}\nbody: ${JSON.stringify(body)?.slice(0, 2000)}`,
    );
  }
}

export interface ContractCheckOptions {
  /** The document to check against; default the bundled provider spec. */
  spec?: OpenApiDocument;
  /**
   * Forbid properties the spec does not list (default true): a field the
   * sandbox invents, or one the provider answers and the spec forgot, fails.
   */
  strict?: boolean;
}

/**
 * Wraps a fetch so that every response of a spec-described call is validated
 * against the spec's response schema for its status, extra properties
 * forbidden unless `strict: false`; a mismatch throws
 * `ContractViolationError` (the response is otherwise returned untouched).
 * Every sandbox test should send its requests through it.
 *
 * @example
 * const fetchChecked = createContractCheckingFetch(fetch);
 * const res = await fetchChecked(`${sandbox.url}/v1/payments/1`, { headers });
 */
export function createContractCheckingFetch(
  baseFetch: typeof fetch = fetch,
  options: ContractCheckOptions = {},
): typeof fetch {
  let validator: SpecValidator | undefined;
  const getValidator = () => {
    const strictResponses = options.strict ?? true;
    validator ??= options.spec
      ? new SpecValidator(asOpenApiDocument(options.spec), { strictResponses })
      : getProviderSpecValidator({ strictResponses });
    return validator;
  };
  const checked = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]): Promise<Response> => {
    // Read method and URL without building a Request, which would lock a streamed body the real fetch needs.
    // Duck-typed, not `instanceof Request`: a server may have replaced the global Request with a subclass.
    const request = typeof input === "object" && !(input instanceof URL) ? input : null;
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    const url = request ? request.url : input instanceof URL ? input.href : String(input);
    const response = await baseFetch(input, init);
    const path = new URL(url).pathname;
    const text = await response.clone().text();
    let body: unknown;
    if (text !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const result = getValidator().validateResponse({ method, path, status: response.status, body });
    if (!result.ok) throw new ContractViolationError(method, path, response.status, result.errors, body);
    return response;
  };
  return checked as typeof fetch;
}

/** Authorization header for a token (the default seller's when omitted). */
export function authHeaders(accessToken: string = DEFAULT_SELLER.accessToken): Record<string, string> {
  return { authorization: `Bearer ${accessToken}`, "content-type": "application/json" };
}

export interface TestSandbox extends Sandbox {
  /** A contract-checking fetch (see `createContractCheckingFetch`). */
  fetch: typeof fetch;
}

/**
 * A sandbox for tests: random port, quiet, webhook retries after 50/100/200 ms,
 * and a contract-checking `fetch`. Close it in `afterAll`/`afterEach`.
 */
export async function createTestSandbox(options: CreateSandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await createSandbox({ webhookRetryDelaysMs: [50, 100, 200], ...options });
  const fetchChecked = createContractCheckingFetch(fetch, options.spec ? { spec: options.spec } : {});
  return { ...sandbox, fetch: fetchChecked };
}

export { DEFAULT_SELLER };
