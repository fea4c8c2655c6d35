// Builds the published package (`mercadopago-sandbox`): plain JavaScript for
// Node in dist/ (the library, index.mjs, with its declarations, and the
// command, cli.mjs), with everything that is not on npm compiled in: the
// provider client's money and webhook code, and the provider spec, copied to
// dist/openapi.json where src/core/provider-spec.ts finds it. Inside this
// monorepo nothing needs the build: the `@cobro/source` export condition points
// every workspace tool at src/ (see README.md).
import { createRequire } from "node:module";
import { defineConfig } from "tsdown";

/** Workspace packages that are not published: compiled into the sandbox. */
const WORKSPACE_ONLY = [/^@cobro\/spec(\/|$)/, /^@cobro\/provider-client(\/|$)/];

export default defineConfig({
  entry: { index: "src/index.ts", cli: "src/cli.ts" },
  format: "esm",
  platform: "node",
  target: "node20",
  dts: { resolve: WORKSPACE_ONLY, eager: true },
  sourcemap: false,
  clean: true,
  deps: { alwaysBundle: WORKSPACE_ONLY },
  // Read the workspace packages from their source (dist/ may not exist).
  inputOptions: { resolve: { conditionNames: ["@cobro/source", "import", "node", "default"] } },
  outputOptions: {
    banner: (chunk) => (chunk.isEntry && chunk.name === "cli" ? "#!/usr/bin/env node" : ""),
  },
  copy: [
    { from: createRequire(import.meta.url).resolve("@cobro/spec/openapi.json"), to: "dist" },
    // Read at run time beside the compiled code (src/browser-sdk/sdk-routes.ts).
    { from: "src/browser-sdk/static/*", to: "dist/static" },
  ],
  // package.json's exports are written by hand (they also carry the workspace's source condition).
  exports: false,
});
