import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import {
  DEFAULT_PROVIDER_API_URL,
  loadOrCreateSecretFile,
  ProviderConfigError,
  resolveLiveProviderSettings,
  startProvider,
} from "./provider-setup";

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "cobro-provider-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe("resolveLiveProviderSettings", () => {
  it("is null without an access token (sandbox mode)", () => {
    expect(resolveLiveProviderSettings(loadEnv({}))).toBeNull();
  });

  it("names every missing variable and no value", () => {
    const env = loadEnv({ MP_ACCESS_TOKEN: "APP_USR-1234567890123456-secretsecret" });
    expect(() => resolveLiveProviderSettings(env)).toThrow(ProviderConfigError);
    expect(() => resolveLiveProviderSettings(env)).toThrow(/MP_PUBLIC_KEY and MP_WEBHOOK_SECRET are missing/);
    try {
      resolveLiveProviderSettings(env);
    } catch (error) {
      expect(String(error)).not.toContain("secretsecret");
    }
    const withKey = loadEnv({ MP_ACCESS_TOKEN: "APP_USR-x", MP_PUBLIC_KEY: "APP_USR-pk" });
    expect(() => resolveLiveProviderSettings(withKey)).toThrow(/MP_WEBHOOK_SECRET is missing/);
  });

  it("uses the default host unless MP_API_URL is set", () => {
    const base = { MP_ACCESS_TOKEN: "APP_USR-x", MP_PUBLIC_KEY: "APP_USR-pk", MP_WEBHOOK_SECRET: "whsec" };
    expect(resolveLiveProviderSettings(loadEnv(base))).toEqual({
      mode: "live",
      apiUrl: DEFAULT_PROVIDER_API_URL,
      publicKey: "APP_USR-pk",
      webhookSecret: "whsec",
      accessToken: "APP_USR-x",
    });
    expect(resolveLiveProviderSettings(loadEnv({ ...base, MP_API_URL: "http://127.0.0.1:9999/" }))?.apiUrl).toBe(
      "http://127.0.0.1:9999",
    );
  });
});

describe("loadOrCreateSecretFile", () => {
  it("creates a private random secret once and then keeps it", async () => {
    const file = join(await tempDir(), "nested", "secret");
    const first = await loadOrCreateSecretFile(file);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateSecretFile(file)).toBe(first);
    expect((await readFile(file, "utf8")).trim()).toBe(first);
  });
});

describe("startProvider in sandbox mode", () => {
  it("starts the embedded sandbox with a kept webhook secret and our webhook URL", async () => {
    const dataDir = await tempDir();
    const runtime = await startProvider({ env: loadEnv({}), dataDir, publicUrl: "http://127.0.0.1:4321" });
    cleanups.push(() => runtime.close());
    expect(runtime.settings.mode).toBe("sandbox");
    expect(runtime.settings.apiUrl).toBe(runtime.sandbox?.url);
    expect(runtime.settings.publicKey).toBe(runtime.sandbox?.control.defaultSeller.publicKey);
    const secret = (await readFile(join(dataDir, "sandbox-webhook-secret"), "utf8")).trim();
    expect(runtime.settings.webhookSecret).toBe(secret);
    expect(runtime.sandbox?.context.config.webhookSecret).toBe(secret);
    expect(runtime.sandbox?.context.config.defaultNotificationUrl).toBe(
      "http://127.0.0.1:4321/api/webhooks/mercadopago",
    );
    const response = await fetch(`${runtime.settings.apiUrl}/__sandbox`);
    expect(response.status).toBe(200);
  });
});
