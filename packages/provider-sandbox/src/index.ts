// mercadopago-sandbox: a stateful local Mercado Pago.

export { BROWSER_PATHS, buildSandboxApp, type SandboxAppDeps } from "./app";
export type * from "./context";
export type { ClockAdvance, SandboxControl, SellerCredentials } from "./control/sandbox-control";
export { DEFAULT_SELLER, DEFAULT_WEBHOOK_SECRET } from "./core/credentials";
export {
  badField,
  type ClassicErrorBody,
  classicError,
  isOrdersPath,
  notFound,
  type OrdersErrorBody,
  ordersError,
  SandboxHttpError,
} from "./core/errors";
export type { FaultAction, FaultRule, FaultRuleInput } from "./core/faults";
export { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from "./core/idempotency";
export type { SandboxLogger } from "./core/logger";
export { CONTROL_PATH_PREFIX, markPublicPath, PUBLIC_PATH_PREFIXES } from "./core/public-paths";
export type { OpenApiDocument } from "./core/spec";
export type { PresetSeller } from "./core/state";
export { SpecValidator, validateResponse } from "./core/validation";
export { DEFAULT_WEBHOOK_RETRY_DELAYS_MS } from "./core/webhooks";
export { type CreateSandboxOptions, createSandbox, type Sandbox } from "./create-sandbox";
export { RESOURCE_ROUTES } from "./resources";
export { DEFAULT_OAUTH_APP, type OAuthApp } from "./resources/oauth";
export {
  authHeaders,
  ContractViolationError,
  createContractCheckingFetch,
  createTestSandbox,
  type TestSandbox,
} from "./testing";
