// What the middlewares of app.ts leave on each request's Hono context, for the
// handlers after them (`c.get("logger")`, `c.get("clientIp")`).
import type { RequestIdVariables } from "hono/request-id";
import type { Logger } from "../logging/logger";

export interface AppVariables extends RequestIdVariables {
  /** The root logger's child for this request: every line carries `requestId`. */
  logger: Logger;
  /** The client's address under TRUST_PROXY (http/trust-proxy.ts); null when unknown (in-process tests). */
  clientIp: string | null;
}

export interface AppEnv {
  Variables: AppVariables;
}
