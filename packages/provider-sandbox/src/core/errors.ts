// Errors in the provider's two shapes. Handlers throw SandboxHttpError; the app's
// error handler writes it out, so every failure leaves the sandbox the way the
// real provider's would.

export interface ClassicErrorCause {
  code: number | string;
  description: string;
  data?: string | null;
}

export interface ClassicErrorBody {
  message: string;
  error: string;
  status: number;
  cause: ClassicErrorCause[];
}

export interface OrdersErrorEntry {
  code: string;
  message: string;
  details?: string[];
}

export interface OrdersErrorBody {
  errors: OrdersErrorEntry[];
  data?: unknown;
}

/** An HTTP error response the sandbox answers with (status, body and optional headers). */
export class SandboxHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ClassicErrorBody | OrdersErrorBody | Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(
      typeof (body as { message?: unknown }).message === "string"
        ? String((body as { message: string }).message)
        : `HTTP ${status}`,
    );
    this.name = "SandboxHttpError";
  }
}

const CLASSIC_ERROR_BY_STATUS: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  423: "resource_locked",
  429: "too_many_requests",
  500: "internal_error",
  502: "bad_gateway",
  503: "service_unavailable",
};

/** A classic `{message, error, status, cause[]}` error (Payments, Preferences, Customers, ...). */
export function classicError(
  status: number,
  message: string,
  options: { error?: string; cause?: ClassicErrorCause[]; headers?: Record<string, string> } = {},
): SandboxHttpError {
  return new SandboxHttpError(
    status,
    { message, error: options.error ?? CLASSIC_ERROR_BY_STATUS[status] ?? "error", status, cause: options.cause ?? [] },
    options.headers,
  );
}

/** An Orders API `{errors[], data?}` error. */
export function ordersError(
  status: number,
  code: string,
  message: string,
  options: { details?: string[]; data?: unknown } = {},
): SandboxHttpError {
  const entry: OrdersErrorEntry = { code, message };
  if (options.details) entry.details = options.details;
  const body: OrdersErrorBody = { errors: [entry] };
  if (options.data !== undefined) body.data = options.data;
  return new SandboxHttpError(status, body);
}

/** 404 in the classic shape for a resource kind and id, e.g. notFound("payment", 123). */
export function notFound(resource: string, id: string | number): SandboxHttpError {
  return classicError(404, `${resource} not found`, {
    cause: [{ code: "not_found", description: `${resource} ${id} not found`, data: null }],
  });
}

/** 400 in the classic shape that names the offending field. */
export function badField(
  field: string,
  description: string,
  code: number | string = "invalid_parameter",
): SandboxHttpError {
  return classicError(400, description, { cause: [{ code, description: `${field}: ${description}`, data: field }] });
}

/** Orders API paths answer errors in the Orders shape. */
export function isOrdersPath(path: string): boolean {
  return path === "/v1/orders" || path.startsWith("/v1/orders/");
}
