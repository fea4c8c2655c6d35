#!/usr/bin/env node
// Compiles the server for production: src/main.ts and the workspace packages
// it imports (TypeScript source) into dist/, one ES module plus chunks, so
// `npm start` runs plain JavaScript on node with no TypeScript loader. Every
// third-party package stays external (loaded from node_modules at run time).
// The embedded sandbox is reached through a dynamic import() and lands in its
// own chunk, loaded only in sandbox mode.
//
//   node apps/server/scripts/build.mjs        (or: npm run build --workspace @cobro/server)
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(serverDir, "dist");

/** The workspace's own packages (read as TypeScript source, through the `@cobro/source` export condition). */
const WORKSPACE_PACKAGE = /^(@cobro\/|mercadopago-sandbox(\/|$))/;

/**
 * Bare imports stay external, except the workspace's own packages, which
 * are compiled in from their source. A deep import into a
 * package without an `exports` map (`ajv/dist/2020`) is written out with the
 * file it resolves to (`ajv/dist/2020.js`): Node's ES module loader does not
 * guess extensions the way TypeScript's bundler resolution does.
 */
const externalizeDependencies = {
  name: "externalize-dependencies",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (WORKSPACE_PACKAGE.test(args.path) || args.path.startsWith("node:")) return undefined;
      const parts = args.path.split("/");
      const nameLength = args.path.startsWith("@") ? 2 : 1;
      if (parts.length <= nameLength) return { path: args.path, external: true };
      const packageName = parts.slice(0, nameLength).join("/");
      const require = createRequire(args.importer);
      let manifestPath;
      try {
        manifestPath = require.resolve(`${packageName}/package.json`);
      } catch {
        return { path: args.path, external: true }; // an `exports` map that hides package.json: Node resolves it
      }
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
      if (manifest.exports !== undefined) return { path: args.path, external: true };
      const file = path.relative(path.dirname(manifestPath), require.resolve(args.path)).split(path.sep).join("/");
      return { path: `${packageName}/${file}`, external: true };
    });
  },
};

/**
 * Code that finds files next to itself (`new URL("../x", import.meta.url)`:
 * the web app's dist, the provider spec) must keep finding them from its
 * source location, not from the bundle's. Each module's `import.meta.url`
 * becomes the URL of its source file, expressed relative to the bundle, so
 * dist/ works wherever the checkout is.
 */
const keepSourceLocations = {
  name: "keep-source-locations",
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
      const { readFile } = await import("node:fs/promises");
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join("/");
      const replaced = source.replaceAll(
        "import.meta.url",
        `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
      );
      return { contents: replaced, loader: "ts", resolveDir: path.dirname(args.path) };
    });
  },
};

export async function buildServer() {
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(serverDir, "src/main.ts") },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    sourcemap: true,
    // Names stay readable in stack traces; the bundle is not shipped to browsers, so size hardly matters.
    minify: false,
    legalComments: "none",
    logLevel: "warning",
    // Workspace packages resolve to their TypeScript source (see workspace-source.mts at the repository root).
    conditions: ["@cobro/source", "module"],
    plugins: [externalizeDependencies, keepSourceLocations],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = performance.now();
  await buildServer();
  console.log(
    `server built into ${path.relative(process.cwd(), outdir) || outdir} in ${Math.round(performance.now() - started)} ms`,
  );
}
