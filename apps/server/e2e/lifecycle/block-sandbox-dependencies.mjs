// Loaded with `node --import` by live-mode.test.ts: makes the embedded
// sandbox's own dependencies impossible to load, as in an install without
// development dependencies. A live-mode server that still loaded the sandbox
// would fail to start.
import { register } from "node:module";

const hooks = `
  const BLOCKED = /^(ajv|ajv-formats|pngjs|qrcode|mercadopago-sandbox|@cobro\\/spec)(\\/|$)/;
  export async function resolve(specifier, context, next) {
    if (BLOCKED.test(specifier)) throw new Error("not installed (blocked by the test): " + specifier);
    return next(specifier, context);
  }
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
