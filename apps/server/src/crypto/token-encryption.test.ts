import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  DecryptionError,
  decryptSecret,
  encryptSecret,
  loadOrCreateDevKey,
  parseEncryptionKey,
  resolveTokenEncryptionKey,
} from "./token-encryption";

const key = new Uint8Array(randomBytes(32));
const ACCESS_TOKEN = "APP_USR-1234567890123456-010203-abcdef0123456789abcdef0123456789-123456789";

describe("encryptSecret / decryptSecret", () => {
  it("round-trips, with a fresh IV each time and a versioned format", () => {
    const first = encryptSecret(key, ACCESS_TOKEN);
    const second = encryptSecret(key, ACCESS_TOKEN);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(first).not.toContain(ACCESS_TOKEN);
    expect(decryptSecret(key, first)).toBe(ACCESS_TOKEN);
    expect(decryptSecret(key, second)).toBe(ACCESS_TOKEN);
    expect(decryptSecret(key, encryptSecret(key, ""))).toBe("");
    expect(decryptSecret(key, encryptSecret(key, "ñandú €"))).toBe("ñandú €");
  });

  it("rejects a tampered ciphertext, IV or tag", () => {
    const encrypted = encryptSecret(key, ACCESS_TOKEN);
    const parts = encrypted.split(".");
    for (const index of [1, 2, 3]) {
      const tampered = [...parts];
      const bytes = Buffer.from(tampered[index] ?? "", "base64url");
      bytes[0] = (bytes[0] ?? 0) ^ 0x01;
      tampered[index] = bytes.toString("base64url");
      expect(() => decryptSecret(key, tampered.join("."))).toThrow(DecryptionError);
    }
  });

  it("rejects another key, other associated data and malformed input", () => {
    const encrypted = encryptSecret(key, ACCESS_TOKEN, "provider-user:42");
    expect(decryptSecret(key, encrypted, "provider-user:42")).toBe(ACCESS_TOKEN);
    expect(() => decryptSecret(key, encrypted, "provider-user:43")).toThrow(DecryptionError);
    expect(() => decryptSecret(key, encrypted)).toThrow(DecryptionError);
    expect(() => decryptSecret(new Uint8Array(randomBytes(32)), encrypted, "provider-user:42")).toThrow(
      DecryptionError,
    );
    expect(() => decryptSecret(key, "v2.a.b.c")).toThrow(DecryptionError);
    expect(() => decryptSecret(key, ACCESS_TOKEN)).toThrow(DecryptionError);
  });

  it("refuses keys that are not 32 bytes", () => {
    expect(() => encryptSecret(new Uint8Array(16), "x")).toThrow(/32 bytes/);
  });
});

describe("parseEncryptionKey", () => {
  const raw = randomBytes(32);

  it("accepts 64 hex characters, base64 and base64url", () => {
    expect(Buffer.from(parseEncryptionKey(raw.toString("hex")))).toEqual(raw);
    expect(Buffer.from(parseEncryptionKey(raw.toString("base64")))).toEqual(raw);
    expect(Buffer.from(parseEncryptionKey(` ${raw.toString("base64url")}\n`))).toEqual(raw);
  });

  it("explains a wrong length without echoing the value", () => {
    const short = randomBytes(16).toString("base64");
    expect(() => parseEncryptionKey(short)).toThrow(/exactly 32 bytes \(it decodes to 16\)/);
    try {
      parseEncryptionKey(short);
    } catch (error) {
      expect((error as Error).message).not.toContain(short);
    }
    expect(() => parseEncryptionKey("not a key!")).toThrow(/64 hex characters or base64/);
  });
});

describe("dev key and resolveTokenEncryptionKey", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  async function tempDir(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), "cobro-key-"));
    dirs.push(dir);
    return dir;
  }

  it("creates a random key once, with 0600 permissions, and reads the same key back", async () => {
    const dir = await tempDir();
    const dataDir = path.join(dir, "data");
    const first = await loadOrCreateDevKey(dataDir);
    const second = await loadOrCreateDevKey(dataDir);
    expect(first).toHaveLength(32);
    expect(Buffer.from(second)).toEqual(Buffer.from(first));
    const file = path.join(dataDir, "token-encryption.key");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(parseEncryptionKey(await readFile(file, "utf8")))).toEqual(Buffer.from(first));
  });

  it("requires TOKEN_ENCRYPTION_KEY in live mode and prefers it whenever set", async () => {
    const dir = await tempDir();
    await expect(resolveTokenEncryptionKey({ configuredKey: undefined, mode: "live", dataDir: dir })).rejects.toThrow(
      /TOKEN_ENCRYPTION_KEY is required/,
    );
    const configured = randomBytes(32);
    const resolved = await resolveTokenEncryptionKey({
      configuredKey: configured.toString("hex"),
      mode: "live",
      dataDir: dir,
    });
    expect(Buffer.from(resolved)).toEqual(configured);
    const dev = await resolveTokenEncryptionKey({ configuredKey: undefined, mode: "sandbox", dataDir: dir });
    expect(Buffer.from(dev)).toEqual(Buffer.from(await loadOrCreateDevKey(dir)));
  });
});
