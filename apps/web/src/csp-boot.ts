// What the page must do under the server's strict Content-Security-Policy before any other module runs (main.tsx
// imports this first):
// - zod compiles its object parsers with `new Function` and probes for it when a schema is made, at import time; under
//   a script-src without 'unsafe-eval' the probe's caught error is still reported as a policy violation, so zod runs
//   without that compilation (its `jitless` setting, meant for strict CSPs);
// - the response's style nonce goes to get-nonce for the dialogs' scroll lock (csp-nonce.ts).
import { config } from "zod";
import { applyCspNonce } from "./csp-nonce";

config({ jitless: true });
applyCspNonce(document);
