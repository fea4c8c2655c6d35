// The provider client against a real sandbox over HTTP. Every response goes
// through the contract-checking fetch (a response the spec does not allow
// fails the test), and every call is recorded as the spec operation it is
// (`METHOD /path-template`), so a test can prove which operations were served.

import { createProviderClient, type ProviderClient, type ProviderClientOptions } from "@cobro/provider-client";
import { listOperations } from "@cobro/spec";
import type { SiteId } from "../../src/context";
import { getProviderSpecValidator } from "../../src/core/validation";
import { testCard } from "../../src/data/test-cards";
import { type CreateSandboxOptions, createContractCheckingFetch, createSandbox, type Sandbox } from "../../src/index";
import { cardTokenBody, TEST_DNI } from "../../src/test-support/card-payments";

/** One response the sandbox gave to the client. */
export interface ServedCall {
  /** `METHOD /path-template` as the spec spells it, or null for a path outside the spec. */
  operation: string | null;
  method: string;
  path: string;
  status: number;
}

/** Every operation of the bundled spec as `METHOD /path-template` (56 of them). */
export function specOperations(): string[] {
  return listOperations().map((op) => `${op.method.toUpperCase()} ${op.path}`);
}

/** The spec operation a request is, as `METHOD /path-template`, or null. */
export function operationOf(method: string, path: string): string | null {
  const match = getProviderSpecValidator().index.find(method, path);
  return match ? `${match.operation.method.toUpperCase()} ${match.operation.template}` : null;
}

/**
 * A fetch for the client: contract-checked, and recording each call that got a
 * response into `served` (requests that never got one — dropped, timed out —
 * are not recorded).
 */
export function createRecordingFetch(served: ServedCall[]): (request: Request) => Promise<Response> {
  const checked = createContractCheckingFetch(fetch);
  return async (request) => {
    const path = new URL(request.url).pathname;
    const response = await checked(request);
    served.push({
      operation: operationOf(request.method, path),
      method: request.method,
      path,
      status: response.status,
    });
    return response;
  };
}

export interface ClientSandbox {
  sandbox: Sandbox;
  /** What the sandbox answered, in order. */
  served: ServedCall[];
  /** The recording, contract-checking fetch the clients use (wrap it to watch single attempts). */
  fetch: (request: Request) => Promise<Response>;
  /** A client for a token (the default seller's when omitted), over the recording, contract-checking fetch. */
  clientFor(accessToken?: string, options?: Partial<ProviderClientOptions>): ProviderClient;
  /** A fresh seller of a site, with its own client, so that searches see only this test's data. */
  newSeller(siteId?: SiteId): { client: ProviderClient; userId: number; accessToken: string; publicKey: string };
  close(): Promise<void>;
}

/** Starts a sandbox on a random port whose clock moves only when a test advances it. */
export async function startClientSandbox(options: CreateSandboxOptions = {}): Promise<ClientSandbox> {
  const sandbox = await createSandbox({ port: 0, tickIntervalMs: 0, webhookRetryDelaysMs: [50, 100, 200], ...options });
  const served: ServedCall[] = [];
  const recordingFetch = createRecordingFetch(served);
  const clientFor = (
    accessToken = sandbox.control.defaultSeller.accessToken,
    extra: Partial<ProviderClientOptions> = {},
  ) =>
    createProviderClient({
      accessToken,
      baseUrl: sandbox.url,
      fetch: recordingFetch,
      // Retries wait no real time here; reliability tests inject their own sleep.
      sleep: async () => {},
      ...extra,
    });
  return {
    sandbox,
    served,
    fetch: recordingFetch,
    clientFor,
    newSeller(siteId = "MLA") {
      const seller = sandbox.control.createSeller({ siteId });
      return {
        client: clientFor(seller.accessToken),
        userId: seller.userId,
        accessToken: seller.accessToken,
        publicKey: seller.publicKey,
      };
    },
    close: () => sandbox.close(),
  };
}

/** Tokenizes a site's test card through the client; the cardholder name picks the outcome (APRO approves). */
export async function tokenizeTestCard(
  client: ProviderClient,
  options: {
    cardholder?: string;
    siteId?: SiteId;
    brand?: string;
    identification?: { type: string; number: string };
  } = {},
): Promise<{ id: string; paymentMethodId: string }> {
  const card = testCard(options.siteId ?? "MLA", options.brand ?? "visa");
  const token = await client.cardTokens.create(
    cardTokenBody({
      siteId: card.siteId,
      brand: options.brand,
      name: options.cardholder ?? "APRO",
      identification: options.identification ?? TEST_DNI,
    }),
  );
  return { id: token.id, paymentMethodId: card.paymentMethodId };
}
