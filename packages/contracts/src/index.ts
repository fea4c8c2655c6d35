// @cobro/contracts: what the web app and the server both need at run time.
// Everything here is pure (zod and plain data), so it bundles into the browser.
export * from "./account";
export * from "./admin-account";
export * from "./admin-account-scope";
export * from "./admin-areas";
export * from "./admin-catalog";
export * from "./admin-customers";
export * from "./admin-disputes";
export * from "./admin-links";
export * from "./admin-merchant-orders";
export * from "./admin-operations";
export * from "./admin-orders";
export * from "./admin-payments";
export * from "./admin-plans";
export * from "./admin-subscriptions";
export * from "./admin-terminals";
export * from "./admin-users";
export * from "./card-number";
export * from "./errors";
export * from "./money-input";
export * from "./offset-paging";
export * from "./password-policy";
export * from "./routes";
export * from "./sandbox-test-controls";
export * from "./shop";
export * from "./sites";
export * from "./store-settings";
