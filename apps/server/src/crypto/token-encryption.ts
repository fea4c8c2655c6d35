// Encryption at rest for provider OAuth tokens (AES-256-GCM, node:crypto).
//
// Format: `v1.<iv>.<ciphertext>.<tag>`, each part base64url. The version prefix
// lets a future format or key scheme coexist with stored v1 values. A fresh
// random 12-byte IV per message (the GCM standard size); the 16-byte tag makes
// any change to IV, ciphertext, tag or associated data fail decryption.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";

const FORMAT_VERSION = "v1";
const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const DEV_KEY_FILE = "token-encryption.key";

/** Thrown when a ciphertext is malformed, was tampered with, or was made with another key. */
export class DecryptionError extends Error {
  override readonly name = "DecryptionError";
}

/**
 * Encrypts a secret (e.g. an OAuth access token) with AES-256-GCM under a
 * 32-byte key. `associatedData`, when given, is authenticated but not stored:
 * pass the same value to `decryptSecret` (e.g. the row's provider user id, so
 * a ciphertext copied to another row does not decrypt).
 */
export function encryptSecret(key: Uint8Array, plaintext: string, associatedData?: string): string {
  assertKeyLength(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [FORMAT_VERSION, iv, ciphertext, tag]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Decrypts what `encryptSecret` produced; throws `DecryptionError` on any tampering or a wrong key. */
export function decryptSecret(key: Uint8Array, encrypted: string, associatedData?: string): string {
  assertKeyLength(key);
  const parts = encrypted.split(".");
  if (parts.length !== 4 || parts[0] !== FORMAT_VERSION) {
    throw new DecryptionError("Unrecognised encrypted value format");
  }
  const [, ivText = "", ciphertextText = "", tagText = ""] = parts;
  const iv = Buffer.from(ivText, "base64url");
  const ciphertext = Buffer.from(ciphertextText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new DecryptionError("Unrecognised encrypted value format");
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new DecryptionError("Encrypted value failed authentication (tampered, or another key)");
  }
}

/**
 * Parses TOKEN_ENCRYPTION_KEY: 64 hex characters or base64/base64url of exactly
 * 32 bytes (e.g. `openssl rand -base64 32`). The error never echoes the value.
 */
export function parseEncryptionKey(text: string): Uint8Array {
  const trimmed = text.trim();
  let bytes: Buffer;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) {
    bytes = Buffer.from(trimmed, "hex");
  } else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    bytes = Buffer.from(trimmed.replaceAll("-", "+").replaceAll("_", "/"), "base64");
  } else {
    throw new Error("TOKEN_ENCRYPTION_KEY must be 32 bytes written as 64 hex characters or base64");
  }
  if (bytes.length !== KEY_BYTES) {
    throw new Error(`TOKEN_ENCRYPTION_KEY must decode to exactly 32 bytes (it decodes to ${bytes.length})`);
  }
  return new Uint8Array(bytes);
}

/**
 * Development/sandbox mode only: reads the key kept in `<dataDir>/token-encryption.key`,
 * creating a random one (file mode 0600) the first time. Losing the file makes
 * stored provider tokens unreadable (reconnect the accounts).
 */
export async function loadOrCreateDevKey(dataDir: string): Promise<Uint8Array> {
  const file = path.join(dataDir, DEV_KEY_FILE);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails if the file exists, so two processes starting together agree on one key.
    await writeFile(file, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  return parseEncryptionKey(await readFile(file, "utf8"));
}

export interface ResolveTokenEncryptionKeyOptions {
  /** TOKEN_ENCRYPTION_KEY from the environment, if set. */
  configuredKey: string | undefined;
  /** "live" requires a configured key; "sandbox" falls back to a dev key under dataDir. */
  mode: "sandbox" | "live";
  dataDir: string;
}

/**
 * The key main.ts puts in AppDeps: the configured TOKEN_ENCRYPTION_KEY when set;
 * in live mode a missing key is a startup error (a key generated on the fly
 * would sit next to the data it protects); in sandbox mode a persisted dev key.
 */
export async function resolveTokenEncryptionKey(options: ResolveTokenEncryptionKeyOptions): Promise<Uint8Array> {
  if (options.configuredKey !== undefined) return parseEncryptionKey(options.configuredKey);
  if (options.mode === "live") {
    throw new Error(
      "TOKEN_ENCRYPTION_KEY is required with live Mercado Pago credentials (32 random bytes, e.g. `openssl rand -base64 32`)",
    );
  }
  return loadOrCreateDevKey(options.dataDir);
}

function assertKeyLength(key: Uint8Array): void {
  if (key.length !== KEY_BYTES) throw new Error("The token encryption key must be 32 bytes");
}
