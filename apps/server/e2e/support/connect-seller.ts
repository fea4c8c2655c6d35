// A seller connected to the running server the way an admin does it: Cobro's authorization URL, the seller's consent
// on the sandbox's OAuth page (as their browser posts it), Cobro's callback with the admin's session.
import type { Sandbox } from "mercadopago-sandbox";
import { expect } from "vitest";
import { consentAtSandbox } from "../../src/test/connected-sellers";
import { callProcedure, type HttpSession } from "./trpc-http";

export interface ConnectedSeller {
  /** Cobro's connection id (the console's `account`). */
  accountId: string;
  /** The seller's own access token at the sandbox, to read what the seller holds. */
  token: string;
  publicKey: string;
  providerUserId: number;
}

/** Connects a new seller over HTTP (the server must run in live mode with the sandbox's OAuth application). */
export async function connectSellerOverHttp(options: {
  serverUrl: string;
  sandbox: Sandbox;
  admin: HttpSession;
}): Promise<ConnectedSeller> {
  const { serverUrl, sandbox, admin } = options;
  const connections = async () =>
    (
      await callProcedure<{ items: { id: string; providerUserId: number; status: string }[] }>(
        serverUrl,
        admin,
        "admin.account.connections",
        undefined,
        "query",
      )
    ).data?.items ?? [];
  const before = new Set((await connections()).map((item) => item.id));
  const started = await callProcedure<{ authorizationUrl: string }>(serverUrl, admin, "admin.account.startConnect", {});
  expect(started.error ?? null).toBeNull();
  expect(started.status).toBe(200);
  // The live authorization host stands for the provider's page: the sandbox serves it.
  const callback = (await consentAtSandbox(started.data?.authorizationUrl ?? "", "authorize", sandbox.url)).href;
  expect(callback.startsWith(serverUrl)).toBe(true);
  const back = await fetch(callback, { headers: { cookie: admin.cookie }, redirect: "manual" });
  expect(back.status).toBe(303);
  expect(back.headers.get("location")).toContain("connected=");
  const connection = (await connections()).find((item) => !before.has(item.id));
  expect(connection?.status).toBe("active");
  const seller = sandbox.control.sellers().find((candidate) => candidate.userId === connection?.providerUserId);
  if (!connection || !seller) throw new Error("the seller was not connected");
  expect(seller.userId).not.toBe(sandbox.control.defaultSeller.userId);
  return {
    accountId: connection.id,
    token: seller.accessTokens.at(-1) ?? "",
    publicKey: seller.publicKey,
    providerUserId: seller.userId,
  };
}

/** A call to the sandbox as one seller (its token), e.g. to read what the seller holds. */
export async function atSandbox<T>(
  sandboxUrl: string,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandboxUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(init.headers ?? {}) },
  });
  return { status: response.status, body: (await response.json()) as T };
}
