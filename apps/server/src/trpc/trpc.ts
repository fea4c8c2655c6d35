// tRPC core: the request context and the three procedure kinds.
//
// - publicProcedure: anyone.
// - protectedProcedure: a valid session, else UNAUTHORIZED (401, "who are
//   you"); `ctx.user` and `ctx.session` are non-null inside.
// - adminProcedure: an admin session, else FORBIDDEN (403, "you may not").
//
// Each kind records itself in the procedure's meta (`access`), so tests can
// walk the router and check every procedure's guard (rbac-matrix.test.ts).
//
// Errors: domain code throws AppError; a middleware turns it into a TRPCError
// with the mapped code, and the errorFormatter (the one place) writes the
// user-facing message, the HTTP status and `data.fieldErrors`.
import { getConnInfo } from "@hono/node-server/conninfo";
import { initTRPC, TRPCError } from "@trpc/server";
import type { FetchCreateContextFnOptions } from "@trpc/server/adapters/fetch";
import type { Context as HonoContext } from "hono";
import {
  deleteSessionCookie,
  readSessionToken,
  type Session,
  type SessionUser,
  setSessionCookie,
  shouldUseSecureCookies,
  validateSessionToken,
} from "../auth/sessions";
import type { AppDeps } from "../deps";
import { AppError } from "../errors/app-error";
import { APP_ERROR_STATUS } from "./error-status";
import { formatTrpcError } from "./format-error";

export type ProcedureAccess = "public" | "protected" | "admin";

export interface TrpcMeta {
  access: ProcedureAccess;
}

export type TrpcContext = {
  deps: AppDeps;
  /** The signed-in user, or null. */
  user: SessionUser | null;
  session: Session | null;
  /** The client's IP address (null when unknown). */
  clientIp: string | null;
  /** Headers added to this tRPC response (Set-Cookie, Retry-After). */
  resHeaders: Headers;
  /** Sends the session cookie with this response. */
  setSessionCookie(token: string, expiresAt: Date): void;
  /** Clears the session cookie with this response. */
  deleteSessionCookie(): void;
};

export interface BuildTrpcContextOptions {
  deps: AppDeps;
  /** The request's Cookie header. */
  cookieHeader: string | null | undefined;
  clientIp: string | null;
  resHeaders: Headers;
}

/**
 * Builds the context of one tRPC request: validates the session cookie
 * (sending it again when its sliding expiry moved, or clearing it when it is no
 * longer valid). Tests call this directly with a cookie from createTestSession.
 */
export async function buildTrpcContext(options: BuildTrpcContextOptions): Promise<TrpcContext> {
  const { deps, resHeaders } = options;
  const secure = shouldUseSecureCookies(deps.publicUrl);
  const context: TrpcContext = {
    deps,
    user: null,
    session: null,
    clientIp: options.clientIp,
    resHeaders,
    setSessionCookie: (token, expiresAt) => setSessionCookie(resHeaders, token, expiresAt, secure),
    deleteSessionCookie: () => deleteSessionCookie(resHeaders, secure),
  };
  const token = readSessionToken(options.cookieHeader);
  if (token === null) return context;

  const validated = await validateSessionToken({ db: deps.db, token, now: deps.now() });
  if (validated === null) {
    context.deleteSessionCookie();
    return context;
  }
  if (validated.renewed) context.setSessionCookie(token, validated.session.expiresAt);
  context.user = validated.user;
  context.session = validated.session;
  return context;
}

export interface CreateTrpcContextOptions {
  /**
   * How to find the client IP. Default: the socket's remote address. Behind a
   * reverse proxy, pass a resolver that trusts its X-Forwarded-For.
   */
  resolveClientIp?: (c: HonoContext) => string | null;
}

/** The `createContext` for `@hono/trpc-server`: `trpcServer({ router: appRouter, createContext: createTrpcContext(deps) })`. */
export function createTrpcContext(deps: AppDeps, options: CreateTrpcContextOptions = {}) {
  const resolveClientIp = options.resolveClientIp ?? socketClientIp;
  return (opts: FetchCreateContextFnOptions, c: HonoContext): Promise<TrpcContext> =>
    buildTrpcContext({
      deps,
      cookieHeader: c.req.header("cookie"),
      clientIp: resolveClientIp(c),
      resHeaders: opts.resHeaders,
    });
}

function socketClientIp(c: HonoContext): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // app.request() in tests has no socket
  }
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<TrpcMeta>()
  .create({
    defaultMeta: { access: "public" },
    errorFormatter: formatTrpcError,
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

/** Turns an AppError thrown below into a TRPCError with the mapped code (callers and HTTP alike). */
const appErrorMiddleware = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      if (cause.retryAfterSeconds !== undefined) ctx.resHeaders.set("Retry-After", String(cause.retryAfterSeconds));
      throw toTrpcError(cause);
    }
  }
  return result;
});

/** The TRPCError for an AppError, its code taken from the one mapping in app-error.ts. */
export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: APP_ERROR_STATUS[error.code].trpcCode, message: error.message, cause: error });
}

const baseProcedure = t.procedure.use(appErrorMiddleware);

export const publicProcedure = baseProcedure.meta({ access: "public" });

export const protectedProcedure = baseProcedure.meta({ access: "protected" }).use(({ ctx, next }) => {
  if (ctx.user === null || ctx.session === null) {
    throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  }
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

export const adminProcedure = protectedProcedure.meta({ access: "admin" }).use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") {
    throw new AppError("FORBIDDEN", "You do not have access to this.");
  }
  return next();
});
