// The Chromium every browser test here drives (Playwright's web tests, the sandbox's page tests), so that
// `npm install && npm test` is enough on a fresh machine: the build shipped inside the @sparticuz/chromium npm
// package (its binary and the few libraries it needs, brotli-compressed), unpacked on first use into
// node_modules/.cache. Nothing is downloaded from anywhere but the npm registry, by npm. CHROMIUM_PATH points at
// another Chromium instead (e.g. Debian's /usr/bin/chromium).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";

/** How Playwright launches the browser: its binary, the environment it needs and the flags every test uses. */
export interface TestBrowser {
  executablePath: string;
  /** The environment of the browser process (Playwright's `env` launch option): the unpacked libraries and fonts. */
  env: Record<string, string>;
  args: string[];
}

/** Headless, no sandbox (tests run as root in CI), nothing that reaches out to the internet on its own. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Where the browser comes from, for the line a test run prints. */
export function describeTestBrowser(): string {
  const override = process.env.CHROMIUM_PATH;
  return override ? `Chromium at ${override} (CHROMIUM_PATH)` : `Chromium from the npm package @sparticuz/chromium`;
}

/**
 * The browser to launch: CHROMIUM_PATH when set, else the packaged build (unpacked once per version; several runs
 * at once each unpack into a directory of their own and the first rename wins).
 */
export function testBrowser(): TestBrowser {
  const args = [...CHROMIUM_ARGS];
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`CHROMIUM_PATH is ${override}, and there is no file there.`);
    return { executablePath: override, env: environment({}), args };
  }
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `@sparticuz/chromium ships Chromium for Linux x64 only; on ${process.platform}/${process.arch} point CHROMIUM_PATH at a Chromium or Chrome binary.`,
    );
  }
  const dir = unpacked();
  return {
    executablePath: path.join(dir, "chromium"),
    env: environment({
      // Its NSS libraries (Debian's come only with Debian's Chromium) and SwiftShader's GL, ahead of the system's.
      LD_LIBRARY_PATH: [path.join(dir, "lib"), dir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(":"),
      FONTCONFIG_PATH: dir,
    }),
    args,
  };
}

function environment(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  return { ...env, ...extra };
}

function unpacked(): string {
  const require = createRequire(import.meta.url);
  const packageDir = path.resolve(path.dirname(require.resolve("@sparticuz/chromium")), "..");
  const { version } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string };
  const nodeModules = path.resolve(packageDir, "../..");
  const target = path.join(nodeModules, ".cache", "cobro-test-browser", `chromium-${version}`);
  if (existsSync(path.join(target, "chromium"))) return target;

  const bin = path.join(packageDir, "bin");
  const temporary = `${target}.${process.pid}.${Date.now()}`;
  mkdirSync(temporary, { recursive: true });
  try {
    writeFileSync(path.join(temporary, "chromium"), brotliDecompressSync(readFileSync(path.join(bin, "chromium.br"))), {
      mode: 0o755,
    });
    for (const archive of ["al2023.tar.br", "swiftshader.tar.br", "fonts.tar.br"]) {
      const tar = spawnSync("tar", ["-x", "-C", temporary], {
        input: brotliDecompressSync(readFileSync(path.join(bin, archive))),
      });
      if (tar.status !== 0) throw new Error(`unpacking ${archive} failed: ${tar.stderr?.toString() ?? tar.error}`);
    }
    // The package's fonts.conf names AWS Lambda's folders; this one names the fonts unpacked beside it.
    writeFileSync(
      path.join(temporary, "fonts.conf"),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        "<fontconfig>",
        `  <dir>${path.join(target, "fonts")}</dir>`,
        `  <cachedir>${path.join(target, "fonts-cache")}</cachedir>`,
        "</fontconfig>",
        "",
      ].join("\n"),
    );
    try {
      renameSync(temporary, target);
    } catch (error) {
      // Another run unpacked it first: use theirs.
      if (!existsSync(path.join(target, "chromium"))) throw error;
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
  return target;
}
