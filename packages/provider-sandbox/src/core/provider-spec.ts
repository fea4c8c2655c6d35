// Where the sandbox reads the provider spec it validates against. Installed from
// npm, the sandbox is compiled into dist/ and its build copies the bundled spec
// beside the code (dist/openapi.json); in this monorepo it runs from source and
// reads @cobro/spec's generated/openapi.json, so `npm run generate` takes effect
// without a build.

import { existsSync, readFileSync } from "node:fs";
import { loadProviderSpec } from "@cobro/spec";

/** The copy the published package ships (see tsdown.config.ts); absent beside the TypeScript source. */
const PUBLISHED_SPEC_URL = new URL("./openapi.json", import.meta.url);

let published: unknown;

/** The bundled provider spec, parsed once (check its shape with `asOpenApiDocument`); treat it as read-only. */
export function loadSandboxSpec(): unknown {
  if (!existsSync(PUBLISHED_SPEC_URL)) return loadProviderSpec();
  published ??= JSON.parse(readFileSync(PUBLISHED_SPEC_URL, "utf8"));
  return published;
}
