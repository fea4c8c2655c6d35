// tRPC core: the request context and the procedure kinds (public; protected: a session, else 401; viewer, operator,
// admin: staff of at least that role, else 403). Each kind records itself in the meta (`access`) so
// rbac-matrix.test.ts can check every procedure's guard. Control characters are refused (a 400 naming the field)
// before zod sees the input. Domain code throws AppError; errorFormatter is the one place that turns it into the
// user's message, the HTTP status and `data.fieldErrors`.
import { hasRoleAtLeast, type StaffRole } from "@cobro/contracts";
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
import { isDatabaseUnavailableError } from "../db/database-errors";
import type { AppDeps } from "../deps";
import { AppError } from "../errors/app-error";
import type { AppEnv } from "../http/app-env";
import { socketAddressOf } from "../http/request-context";
import { resolveClientIp } from "../http/trust-proxy";
import type { Logger } from "../logging/logger";
import { consumeRateLimit, type RateLimitRule } from "../rate-limits/limiter";
import { ControlCharacterError, findControlCharacters } from "./control-characters";
import { APP_ERROR_STATUS } from "./error-status";
import { formatTrpcError } from "./format-error";

export type ProcedureAccess = "public" | "protected" | StaffRole;

export interface TrpcMeta {
  access: ProcedureAccess;
}

export type TrpcContext = {
  /** The app's deps, `logger` being this request's child logger. */
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
  /** The session cookie's value, if the request has one. */
  sessionToken: string | null;
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
  const token = options.sessionToken;
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

/**
 * The `createContext` for `@hono/trpc-server`: `trpcServer({ router: appRouter, createContext: createTrpcContext(deps) })`.
 * Takes the request's logger and client address from app.ts's middlewares; mounted on its own (tests), it falls back
 * to the root logger and resolves the address itself.
 */
export function createTrpcContext(deps: AppDeps) {
  return async (opts: FetchCreateContextFnOptions, c: HonoContext): Promise<TrpcContext> => {
    const vars = (c as HonoContext<AppEnv>).var;
    const logger: Logger = vars.logger ?? deps.logger;
    const clientIp =
      vars.clientIp !== undefined
        ? vars.clientIp
        : resolveClientIp({
            socketAddress: socketAddressOf(c),
            forwardedFor: c.req.header("x-forwarded-for"),
            trustProxy: deps.env.TRUST_PROXY,
          });
    try {
      return await buildTrpcContext({
        deps: { ...deps, logger },
        sessionToken: readSessionToken(c),
        clientIp,
        resHeaders: opts.resHeaders,
      });
    } catch (error) {
      // tRPC answers without a context (a 503 while the database is away, else a generic 500); this is the one
      // place that knows the request's logger.
      if (isDatabaseUnavailableError(error)) logger.warn({ err: error }, "database unavailable");
      else logger.error({ err: error }, "tRPC context failed");
      throw error;
    }
  };
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<TrpcMeta>()
  .create({
    defaultMeta: { access: "public" },
    errorFormatter: formatTrpcError,
    // Subscriptions are server-sent events (the console follows a terminal's charge live). A ping every 10 s
    // keeps proxies from closing an idle stream, and tells the browser to reconnect when 25 s pass without one;
    // a stream lasts at most 30 minutes (the browser then reconnects and gets the current state at once).
    sse: {
      enabled: true,
      ping: { enabled: true, intervalMs: 10_000 },
      client: { reconnectAfterInactivityMs: 25_000 },
      maxDurationMs: 30 * 60_000,
    },
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

/** Refuses control characters in any string of the raw input, naming each field (a 400, never a 500). */
const controlCharacterMiddleware = t.middleware(async ({ getRawInput, next }) => {
  const issues = findControlCharacters(await getRawInput());
  if (issues.length > 0) throw new TRPCError({ code: "BAD_REQUEST", cause: new ControlCharacterError(issues) });
  return next();
});

/**
 * Counts the request against a per-address rule (rate-limits/rules.ts) and refuses it with TOO_MANY_REQUESTS and
 * Retry-After once the address is over. Shared by every server instance (PostgreSQL).
 */
export function rateLimitPerIp(rule: RateLimitRule) {
  return t.middleware(async ({ ctx, next }) => {
    const outcome = await consumeRateLimit(ctx.deps.db, rule, ctx.clientIp ?? "unknown");
    if (outcome.limited) {
      throw new AppError("TOO_MANY_REQUESTS", "Too many requests. Try again later.", {
        retryAfterSeconds: outcome.retryAfterSeconds,
      });
    }
    return next();
  });
}

const baseProcedure = t.procedure.use(appErrorMiddleware).use(controlCharacterMiddleware);

export const publicProcedure = baseProcedure.meta({ access: "public" });

export const protectedProcedure = baseProcedure.meta({ access: "protected" }).use(({ ctx, next }) => {
  if (ctx.user === null || ctx.session === null) {
    throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  }
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

/** A procedure for staff of at least `role` (admin ⊃ operator ⊃ viewer); shoppers and lesser staff get FORBIDDEN. */
function staffProcedure(role: StaffRole) {
  return protectedProcedure.meta({ access: role }).use(({ ctx, next }) => {
    if (!hasRoleAtLeast(ctx.user.role, role)) {
      throw new AppError("FORBIDDEN", "You do not have access to this.");
    }
    return next();
  });
}

/** Read-only console procedures: viewers, operators and admins. */
export const viewerProcedure = staffProcedure("viewer");
/** Money actions: operators and admins. */
export const operatorProcedure = staffProcedure("operator");
/** Users, settings and accounts: admins only. */
export const adminProcedure = staffProcedure("admin");
