// The packages this repository publishes (@cobro/provider-client,
// mercadopago-sandbox) export compiled JavaScript from dist/ by default, and
// their TypeScript source under the `@cobro/source` export condition. Every
// tool here asks for that condition, so nothing needs building before use:
// Vite and Vitest through this file, TypeScript through tsconfig.base.json's
// `customConditions`, tsx and Node through `--conditions=@cobro/source`,
// esbuild through its `conditions` (apps/server/scripts/build.mjs).
import { defaultClientConditions, defaultServerConditions } from "vite";

export const SOURCE_CONDITION = "@cobro/source";

/** Spread into a Vite or Vitest config: workspace packages resolve to their source, in browser and in Node code. */
export const workspaceSourceResolution = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
};
