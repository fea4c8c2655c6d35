// HTTP methods of the tRPC endpoint: queries are GETs and mutations POSTs
// (tRPC's own rule, without method override). Any other method is a 405 here;
// tRPC answers a query sent as POST, or a mutation sent as GET, with its own
// 405, to which this adds the `Allow` header the spec requires.
import type { AnyTRPCRouter } from "@trpc/server";
import type { MiddlewareHandler } from "hono";
import { respondWithError } from "./error-pages";

export const TRPC_ALLOW_HEADER = "GET, POST";

/** The `Allow` value for a batch of procedures: GET for queries, POST for mutations, both for a mix. */
export function allowedTrpcMethods(router: AnyTRPCRouter, procedureNames: readonly string[]): string {
  const procedures = router._def.procedures as Record<string, { _def: { type: string } } | undefined>;
  const methods = new Set<string>();
  for (const name of procedureNames) {
    const type = procedures[name]?._def.type;
    if (type === "query") methods.add("GET");
    else if (type === "mutation") methods.add("POST");
  }
  return methods.size === 1 ? [...methods].join(", ") : TRPC_ALLOW_HEADER;
}

/** The procedure names of a tRPC request path (`/api/trpc/a.b,c.d` → ["a.b", "c.d"]). */
export function trpcProcedureNames(path: string): string[] {
  const prefix = "/api/trpc/";
  if (!path.startsWith(prefix)) return [];
  return decodeURIComponent(path.slice(prefix.length))
    .split(",")
    .filter((name) => name !== "");
}

export function trpcMethods(options: { router: AnyTRPCRouter }): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "POST") {
      return respondWithError(c, 405, { headers: { Allow: TRPC_ALLOW_HEADER } });
    }
    await next();
    if (c.res.status === 405 && !c.res.headers.has("Allow")) {
      c.header("Allow", allowedTrpcMethods(options.router, trpcProcedureNames(c.req.path)));
    }
  };
}
