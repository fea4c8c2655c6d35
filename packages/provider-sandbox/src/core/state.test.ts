import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SELLER } from "./credentials";
import { createStateStore } from "./state";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-state-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("state store", () => {
  it("always has the default seller with its documented credentials", () => {
    const store = createStateStore({ defaultSiteId: "MLB" });
    expect(store.sellerForAccessToken(DEFAULT_SELLER.accessToken)).toMatchObject({ userId: 1000001, siteId: "MLB" });
    expect(store.sellerForPublicKey(DEFAULT_SELLER.publicKey)?.userId).toBe(1000001);
  });

  it("keeps collections per seller and in insertion order", () => {
    const store = createStateStore({ defaultSiteId: "MLA" });
    const mine = store.collection<{ id: number }>(1, "payments");
    mine.put(30, { id: 30 });
    mine.put(4, { id: 4 });
    expect(mine.list().map((p) => p.id)).toEqual([30, 4]);
    expect(store.collection(2, "payments").list()).toEqual([]);
    expect(mine.get("30")).toEqual({ id: 30 });
    expect(mine.delete(30)).toBe(true);
    expect(mine.delete(30)).toBe(false);
  });

  it("hands out increasing ids per sequence, starting where asked", () => {
    const store = createStateStore({ defaultSiteId: "MLA" });
    expect(store.nextId("payment", 1000)).toBe(1000);
    expect(store.nextId("payment", 1000)).toBe(1001);
    expect(store.nextId("refund")).toBe(1);
  });

  it("creates sellers with fresh credentials and refuses revoked tokens", () => {
    const store = createStateStore({ defaultSiteId: "MLA" });
    const { seller, accessToken } = store.createSeller({ siteId: "MLM", nickname: "shop" });
    expect(seller).toMatchObject({ siteId: "MLM", nickname: "shop" });
    expect(accessToken).toMatch(new RegExp(`^TEST-\\d{16}-\\d{6}-[0-9a-f]{32}-${seller.userId}$`));
    expect(store.sellerForAccessToken(accessToken)?.userId).toBe(seller.userId);
    store.revokeAccessToken(accessToken);
    expect(store.sellerForAccessToken(accessToken)).toBeUndefined();
    store.bindAccessToken(accessToken, seller.userId);
    expect(store.sellerForAccessToken(accessToken)?.userId).toBe(seller.userId);
  });

  it("persists to dataDir/state.json and reloads on start", () => {
    const dataDir = tempDir();
    const first = createStateStore({ dataDir, defaultSiteId: "MLA" });
    first.collection<{ amount: number }>(77, "payments").put(1, { amount: 5 });
    first.global<{ code: string }>("oauth_codes").put("TG-1", { code: "TG-1" });
    first.nextId("payment", 500);
    first.sellerForAccessToken("TEST-persisted-42");
    first.close();
    expect(existsSync(join(dataDir, "state.json"))).toBe(true);

    const second = createStateStore({ dataDir, defaultSiteId: "MLA" });
    expect(second.collection(77, "payments").get(1)).toEqual({ amount: 5 });
    expect(second.global("oauth_codes").get("TG-1")).toEqual({ code: "TG-1" });
    expect(second.nextId("payment", 500)).toBe(501);
    expect(second.sellerByUserId(42)).toBeDefined();
    second.close();
  });

  it("writes soon after a change without an explicit flush", async () => {
    const dataDir = tempDir();
    const store = createStateStore({ dataDir, defaultSiteId: "MLA", persistDebounceMs: 10 });
    store.collection(1, "things").put("a", { ok: true });
    await new Promise((resolve) => setTimeout(resolve, 80));
    const saved = JSON.parse(readFileSync(join(dataDir, "state.json"), "utf8"));
    expect(JSON.stringify(saved.sellerData)).toContain('"ok":true');
    store.close();
  });

  it("moves a broken state file aside and starts empty", () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, "state.json"), "{not json");
    const store = createStateStore({ dataDir, defaultSiteId: "MLA" });
    expect(store.sellers().map((s) => s.userId)).toEqual([1000001]);
    expect(readdirSync(dataDir).some((f) => f.startsWith("state.json.broken-"))).toBe(true);
  });

  it("reset forgets everything but the preset sellers", () => {
    const store = createStateStore({
      defaultSiteId: "MLA",
      sellers: [{ accessToken: "APP_USR-preset-9001", publicKey: "APP_USR-pk-9001", siteId: "MLC" }],
    });
    store.collection(1, "x").put(1, {});
    store.sellerForAccessToken("TEST-temp-5");
    store.reset();
    expect(store.collection(1, "x").list()).toEqual([]);
    expect(
      store
        .sellers()
        .map((s) => s.userId)
        .sort(),
    ).toEqual([1000001, 9001]);
    expect(store.sellerForPublicKey("APP_USR-pk-9001")?.siteId).toBe("MLC");
  });
});
