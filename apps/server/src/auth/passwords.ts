// Password hashing with scrypt from node:crypto (no argon2 library is
// installed). Parameters follow OWASP's scrypt guidance: N=2^17, r=8, p=1,
// which needs 128 MiB per hash, so `maxmem` is raised above Node's 32 MiB
// default. The stored string is self-describing (PHC-like):
//
//   $scrypt$ln=17,r=8,p=1$<salt, base64 no padding>$<key, base64 no padding>
//
// so parameters can be raised later and old hashes still verify (and can be
// upgraded on the next sign-in, see `needsRehash`).
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export interface ScryptParams {
  /** log2 of the CPU/memory cost N. */
  logN: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT_PARAMS: Readonly<ScryptParams> = { logN: 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
// Bounds on what a stored hash may ask for, so a corrupted row cannot make a
// sign-in allocate gigabytes.
const LOG_N_RANGE = [10, 20] as const;
const R_RANGE = [1, 32] as const;
const P_RANGE = [1, 16] as const;
const HASH_PATTERN = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Hashes a password with a fresh random salt. `params` exists for tests and fixtures; production uses the defaults. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, params, KEY_BYTES);
  return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${encodeBase64(salt)}$${encodeBase64(key)}`;
}

/** Checks a password against a stored hash in constant time. Throws only if the stored hash is malformed. */
export async function verifyPassword(password: string, encodedHash: string): Promise<boolean> {
  const parsed = parseHash(encodedHash);
  const key = await deriveKey(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash uses weaker parameters than the current defaults. */
export function needsRehash(encodedHash: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): boolean {
  const current = parseHash(encodedHash).params;
  return current.logN < params.logN || current.r < params.r || current.p < params.p;
}

function parseHash(encodedHash: string): { params: ScryptParams; salt: Buffer; key: Buffer } {
  const match = HASH_PATTERN.exec(encodedHash);
  if (!match) throw new Error("Unrecognised password hash format");
  const [, logNText = "", rText = "", pText = "", saltText = "", keyText = ""] = match;
  const params: ScryptParams = { logN: Number(logNText), r: Number(rText), p: Number(pText) };
  if (!inRange(params.logN, LOG_N_RANGE) || !inRange(params.r, R_RANGE) || !inRange(params.p, P_RANGE)) {
    throw new Error("Password hash parameters out of range");
  }
  const salt = Buffer.from(saltText, "base64");
  const key = Buffer.from(keyText, "base64");
  if (salt.length < 16 || key.length < 16) throw new Error("Password hash too short");
  return { params, salt, key };
}

function deriveKey(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const N = 2 ** params.logN;
  // scrypt needs 128·N·r bytes; leave headroom above it.
  const maxmem = 256 * N * params.r;
  // NFKC so the same password typed on different keyboards/OSes matches.
  const normalized = password.normalize("NFKC");
  return new Promise((resolve, reject) => {
    scrypt(normalized, salt, keyLength, { N, r: params.r, p: params.p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function inRange(value: number, [min, max]: readonly [number, number]): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

function encodeBase64(bytes: Buffer): string {
  return bytes.toString("base64").replace(/=+$/, "");
}
