// The Chromium every browser test here drives (Playwright's web tests, the sandbox's page tests), found so that
// `npm install && npm test` is enough on a fresh machine, never downloading a browser from anywhere but the npm
// registry or Debian's archive:
// 1. CHROMIUM_PATH when set;
// 2. Debian's Chromium (/usr/bin/chromium), installed here with apt-get when missing and we may (root with apt);
// 3. else the build shipped inside the @sparticuz/chromium npm package (its binary and the few libraries it needs,
//    brotli-compressed), unpacked on first use into node_modules/.cache. It is a headless shell: every browser
//    test passed with it but two of the console's longest (admin/subscriptions, admin/terminals' live intent),
//    which ran past their minute on a loaded machine where Debian's passed, so it is the fallback, said so.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
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

/** Debian's Chromium package installs it here. */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** The browser to launch (see the top of this file for the order). */
export function testBrowser(): TestBrowser {
  const args = [...CHROMIUM_ARGS];
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`CHROMIUM_PATH is ${override}, and there is no file there.`);
    return { executablePath: override, env: environment({}), args };
  }
  if (existsSync(DEBIAN_CHROMIUM) || installDebianChromium()) {
    return { executablePath: DEBIAN_CHROMIUM, env: environment({}), args };
  }
  return packagedChromium();
}

/** The build shipped in the @sparticuz/chromium npm package, unpacked once per version. */
export function packagedChromium(): TestBrowser {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `No Chromium: install one (Debian: apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium or Chrome binary (@sparticuz/chromium ships Linux x64 only; this is ${process.platform}/${process.arch}).`,
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
    args: [...CHROMIUM_ARGS],
  };
}

/** As root on a machine with apt-get: installs Debian's Chromium (once; apt waits for another run's lock). */
function installDebianChromium(): boolean {
  const apt = "/usr/bin/apt-get";
  const mayInstall = process.getuid?.() === 0 && existsSync(apt) && writable("/var/lib/dpkg");
  if (!mayInstall) {
    console.warn(
      "[test-browser] Debian's Chromium is not installed and this user may not install it (apt-get install -y chromium as root): using the Chromium shipped in the @sparticuz/chromium npm package instead.",
    );
    return false;
  }
  console.warn("[test-browser] installing Debian's Chromium for the browser tests (apt-get install -y chromium)…");
  const options = { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } } as const;
  const lock = ["-o", "DPkg::Lock::Timeout=300"];
  const install = () =>
    spawnSync(apt, [...lock, "install", "-y", "--no-install-recommends", "chromium"], options).status === 0;
  // A fresh machine has no package lists yet: read them once, then try again.
  if (!install() && (spawnSync(apt, [...lock, "update"], options).status !== 0 || !install())) {
    console.warn("[test-browser] apt-get could not install Chromium: using the one shipped in @sparticuz/chromium.");
    return false;
  }
  return existsSync(DEBIAN_CHROMIUM);
}

function writable(directory: string): boolean {
  try {
    accessSync(directory, constants.W_OK);
    return true;
  } catch {
    return false;
  }
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
