// The one door browser tests (apps/web/e2e) use into the server's internals, as `@cobro/server/testing`:
// they seed rows and sessions the way the server itself writes them. Nothing in the product imports it.

export { hashPassword } from "./auth/passwords";
export { createSession, SESSION_COOKIE_NAME } from "./auth/sessions";
export { createDatabase } from "./db/database";
export { type DB, toJsonb, type UserRole } from "./db/schema";
export { DEMO_PRODUCT_IMAGES } from "./domain/catalog/demo-product-images";
export { createCheckout } from "./domain/checkout/create-checkout";
export { orderRows } from "./domain/orders/order-mirror";
export { pointIntentRows } from "./domain/terminals/point-intents";
export { insertConsoleOrder } from "./test/test-orders";
