import { passwordSchema } from "@cobro/contracts";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword } from "./passwords";

const FAST = { logN: 10, r: 8, p: 1 };

describe("passwords", () => {
  it("hashes with the OWASP scrypt parameters by default, in a self-describing format", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
    expect(DEFAULT_SCRYPT_PARAMS).toEqual({ logN: 17, r: 8, p: 1 });
  });

  it("salts every hash", async () => {
    const [a, b] = await Promise.all([hashPassword("same password", FAST), hashPassword("same password", FAST)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password", a)).toBe(true);
    expect(await verifyPassword("same password", b)).toBe(true);
  });

  it("verifies with the parameters stored in the hash and flags weaker ones for rehash", async () => {
    const weak = await hashPassword("pa55word-long", FAST);
    expect(await verifyPassword("pa55word-long", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(weak, FAST)).toBe(false);
  });

  it("treats Unicode compositions of the same password alike (NFKC)", async () => {
    const composed = "contraseña-segura";
    const decomposed = "contrasen\u0303a-segura";
    const hash = await hashPassword(composed, FAST);
    expect(await verifyPassword(decomposed, hash)).toBe(true);
  });

  it("rejects malformed or out-of-range stored hashes instead of guessing", async () => {
    await expect(verifyPassword("x", "plaintext")).rejects.toThrow(/format/);
    const huge = (await hashPassword("x".repeat(8), FAST)).replace("ln=10", "ln=30");
    await expect(verifyPassword("x".repeat(8), huge)).rejects.toThrow(/out of range/);
  });

  it("enforces 8 to 128 characters", () => {
    expect(passwordSchema.safeParse("1234567").success).toBe(false);
    expect(passwordSchema.safeParse("12345678").success).toBe(true);
    expect(passwordSchema.safeParse("a".repeat(128)).success).toBe(true);
    expect(passwordSchema.safeParse("a".repeat(129)).success).toBe(false);
    expect(passwordSchema.safeParse("1234567").error?.issues[0]?.message).toBe(
      "Password must be at least 8 characters",
    );
  });
});
