// Seller tokens at rest: AES-256-GCM with the server's key, each bound (associated data) to its account and its
// kind, so a ciphertext copied to another row or swapped between the access and refresh columns does not decrypt.
import { decryptSecret, encryptSecret } from "../../crypto/token-encryption";

export type TokenKind = "access" | "refresh";

function associatedData(providerUserId: number | string, kind: TokenKind): string {
  return `provider_accounts:${providerUserId}:${kind}`;
}

export function encryptToken(key: Uint8Array, providerUserId: number | string, kind: TokenKind, token: string): string {
  return encryptSecret(key, token, associatedData(providerUserId, kind));
}

export function decryptToken(
  key: Uint8Array,
  providerUserId: number | string,
  kind: TokenKind,
  ciphertext: string,
): string {
  return decryptSecret(key, ciphertext, associatedData(providerUserId, kind));
}
