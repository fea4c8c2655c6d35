/// <reference types="vitest/config" />
// Builds the shopper and admin app into dist/, which the server serves with an
// SPA fallback. The server's CSP allows scripts and styles from our origin
// only, so nothing may be inlined: assets always become files.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { workspaceSourceResolution } from "../../workspace-source.mjs";

// Build tooling, not the app: the server's env.ts rules do not apply here.
const apiTarget = process.env.COBRO_API_URL ?? "http://127.0.0.1:3000";

const apiProxy = {
  "/api": { target: apiTarget, changeOrigin: false, xfwd: true },
};

export default defineConfig({
  ...workspaceSourceResolution,
  plugins: [react()],
  server: { host: "127.0.0.1", port: 5173, proxy: apiProxy },
  preview: { host: "127.0.0.1", port: 4173, proxy: apiProxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Maps stay on disk for error reports; the built code does not point at them and the server never serves them.
    sourcemap: "hidden",
    // What each route loads, for the size budgets (.size-limit.js); under dist/.vite, which the server never serves.
    manifest: true,
    // font-src is 'self' only, so never inline assets as data: URLs.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // @cobro/ui is side-effect free (its package.json) so that the confirmation dialog and Radix stay out of
              // the routes that never ask (the checkout). Its other small components are kept in one chunk rather
              // than a dozen tiny ones, each of which would cost a request and its own compression overhead; the
              // console-only ones (`@cobro/ui/admin`) stay out of it.
              name: "ui",
              test: /packages[\\/]ui[\\/]src[\\/](?!(confirm-dialog|checkbox-field|columns-menu|offset-pager|textarea-field|admin)\.tsx?$)[^\\/]+\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            {
              // What must run before any schema is made (src/csp-boot.ts): zod and the settings the CSP needs, in one
              // chunk, so that zod's eval probe is off before a chunk that makes schemas runs (otherwise the shared
              // chunk holding zod and the contracts would run first, and the CSP would report the probe).
              name: "boot",
              test: /node_modules[\\/](zod|get-nonce)[\\/]|apps[\\/]web[\\/]src[\\/]csp-(boot|nonce)\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: "node",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
    // findBy*/waitFor may wait 5 s (src/test-setup.ts); a test doing that once must not hit vitest's own 5 s limit.
    testTimeout: 15_000,
  },
});
