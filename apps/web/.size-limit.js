// Size budgets of the built web app, checked by `npm run size` after `vite build` (CI and `npm test`).
// Which files a route loads is read from Vite's manifest (dist/.vite/manifest.json) rather than written
// as globs: chunk names carry hashes, and shared chunks are named after whichever module rolldown picks,
// so a hand-written list would silently stop counting a chunk the route starts to load.
import { readFileSync } from "node:fs";

const MANIFEST = new URL("./dist/.vite/manifest.json", import.meta.url);

/** The page modules of the routes measured here (see src/app.tsx). */
const CHECKOUT_PAGE = "src/pages/checkout-page.tsx";
const ADMIN_PAGE = "src/pages/admin-page.tsx";

let manifest;
try {
  manifest = JSON.parse(readFileSync(MANIFEST, "utf8"));
} catch {
  throw new Error(
    "dist/.vite/manifest.json is missing: build the web app first (npm run build --workspace @cobro/web)",
  );
}

function chunk(key) {
  const found = manifest[key];
  if (!found) throw new Error(`${key} is not a chunk of the build: update .size-limit.js to the route's page module`);
  return found;
}

/** `key` and every chunk it imports statically: what the browser loads with it. */
function staticClosure(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of chunk(key).imports ?? []) staticClosure(imported, into);
  return into;
}

/**
 * A route's page and everything it may load later too (its own dynamic imports), but not the other routes'
 * pages, which the router imports dynamically from a chunk every route shares.
 */
function routeClosure(key, otherRoutes, into = new Set()) {
  if (into.has(key)) return into;
  staticClosure(key, into);
  for (const loaded of [...into]) {
    for (const dynamic of chunk(loaded).dynamicImports ?? []) {
      if (!otherRoutes.has(dynamic)) routeClosure(dynamic, otherRoutes, into);
    }
  }
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error("the build has no entry chunk");
const shell = staticClosure(entryKey);
if (shell.has(ADMIN_PAGE)) throw new Error("the admin page is in the app's entry: shoppers would download admin code");

/** Every page module the router loads on demand (the dynamic imports of the app's shell). */
const routePages = new Set([...shell].flatMap((key) => chunk(key).dynamicImports ?? []));

const files = (keys) => [...keys].map((key) => `dist/${chunk(key).file}`).filter((file) => file.endsWith(".js"));
const checkoutRoute = new Set([...shell, ...routeClosure(CHECKOUT_PAGE, routePages)]);
const adminOnly = [...routeClosure(ADMIN_PAGE, routePages)].filter((key) => !shell.has(key));

export default [
  {
    name: "checkout route: every script a visit to /checkout loads (gzip)",
    path: files(checkoutRoute),
    gzip: true,
    // The goal is 100 KiB. React 19's react-dom alone is ~60 KiB and react-router, TanStack Query, tRPC's
    // client and zod (the checkout validates with the shared schemas) add ~60 more, so this budget holds
    // the line where it is today; lower it as the shared code shrinks.
    limit: "165 KiB",
  },
  {
    name: "admin area: chunks only an admin loads (gzip)",
    path: files(adminOnly),
    gzip: true,
    limit: "20 KiB",
  },
  {
    name: "all scripts of the app (gzip)",
    path: "dist/assets/*.js",
    gzip: true,
    limit: "250 KiB",
  },
];
