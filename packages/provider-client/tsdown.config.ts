// Builds the published package: one ES module per entry point in dist/, each
// with a bundled declaration file (dist/*.d.mts), so Node, TypeScript
// (`nodenext` or `bundler` resolution) and bundlers all read plain JavaScript.
// Inside this monorepo nothing needs the build: package.json's `@cobro/source`
// export condition points every workspace tool at src/ (see README.md).
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    money: "src/money.ts",
    webhooks: "src/webhook-signature.ts",
    generated: "src/generated/provider-api.ts",
  },
  format: "esm",
  platform: "node",
  target: "node20",
  dts: true,
  sourcemap: false,
  clean: true,
  // package.json's exports are written by hand (they also carry the workspace's source condition).
  exports: false,
});
