// All sandbox data: sellers and their tokens, per-seller collections (payments
// of seller 123, ...), global collections and id sequences. Kept in memory and,
// with a data directory, written to `<dataDir>/state.json` shortly after each
// change (and synchronously on close) so a restarted sandbox picks up where it
// stopped.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Collection, Seller, SiteId, StateStore } from "../context";
import {
  DEFAULT_SELLER,
  generateCredentials,
  hasAccessTokenShape,
  isSiteId,
  publicKeyForToken,
  userIdFromAccessToken,
} from "./credentials";
import { QUIET_LOGGER, type SandboxLogger } from "./logger";

/** A seller whose credentials are fixed by configuration (the default seller, `--sellers` in tests). */
export interface PresetSeller {
  accessToken: string;
  publicKey: string;
  siteId?: SiteId;
  /** Defaults to the token's trailing `-<digits>` (or a stable hash of the token). */
  userId?: number;
  nickname?: string;
  clientId?: string | null;
}

export interface StateStoreOptions {
  /** Persist to `<dataDir>/state.json`; in memory only when absent. */
  dataDir?: string | null;
  /** Site of sellers created on first sight of a token, and of the default seller. */
  defaultSiteId: SiteId;
  /** Extra sellers with fixed credentials (the default seller is always added first). */
  sellers?: PresetSeller[];
  /** Delay between a change and the write to disk. */
  persistDebounceMs?: number;
  logger?: SandboxLogger;
}

/** The store plus what only the sandbox's owner may do with it. */
export interface SandboxStateStore extends StateStore {
  /** Writes pending changes to disk now (no-op without a data directory). */
  flush(): void;
  /** Flushes and stops the pending write timer. */
  close(): void;
  /** The access tokens bound to a seller (for the control API). */
  accessTokensOf(userId: number): string[];
  readonly filePath: string | null;
}

const STATE_VERSION = 1;

interface PersistedState {
  version: number;
  savedAt: string;
  sequences: [string, number][];
  sellers: Seller[];
  accessTokens: [string, number][];
  revokedTokens: string[];
  sellerData: { userId: number; collections: { name: string; entries: [string, unknown][] }[] }[];
  globals: { name: string; entries: [string, unknown][] }[];
}

type Entries = Map<string, unknown>;

function keyOf(id: string | number): string {
  return String(id);
}

/**
 * Creates the sandbox's state store, loading `<dataDir>/state.json` when it
 * exists. Collections hold plain JSON values; a handler that changes an object
 * it got from `get()` must `put()` it back (or call `touch()`) so the change is
 * persisted.
 */
export function createStateStore(options: StateStoreOptions): SandboxStateStore {
  const logger = options.logger ?? QUIET_LOGGER;
  const debounceMs = options.persistDebounceMs ?? 100;
  const filePath = options.dataDir ? join(options.dataDir, "state.json") : null;
  const presets: PresetSeller[] = [
    {
      accessToken: DEFAULT_SELLER.accessToken,
      publicKey: DEFAULT_SELLER.publicKey,
      userId: DEFAULT_SELLER.userId,
      nickname: DEFAULT_SELLER.nickname,
    },
    ...(options.sellers ?? []),
  ];

  let sequences = new Map<string, number>();
  let sellers = new Map<number, Seller>();
  let tokens = new Map<string, number>();
  // Revoked tokens stay refused: otherwise a revoked TEST- token would re-create its seller on first sight.
  let revoked = new Set<string>();
  let publicKeys = new Map<string, number>();
  let sellerData = new Map<number, Map<string, Entries>>();
  let globals = new Map<string, Entries>();
  let dirty = false;
  let timer: NodeJS.Timeout | null = null;

  function clearAll(): void {
    sequences = new Map();
    sellers = new Map();
    tokens = new Map();
    revoked = new Set();
    publicKeys = new Map();
    sellerData = new Map();
    globals = new Map();
  }

  function touch(): void {
    if (!filePath) return;
    dirty = true;
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      try {
        flush();
      } catch (error) {
        logger.error("could not write sandbox state", error);
      }
    }, debounceMs);
    timer.unref();
  }

  function wrap<T>(entries: Entries): Collection<T> {
    return {
      get: (id) => entries.get(keyOf(id)) as T | undefined,
      put: (id, value) => {
        entries.set(keyOf(id), value);
        touch();
        return value;
      },
      delete: (id) => {
        const removed = entries.delete(keyOf(id));
        if (removed) touch();
        return removed;
      },
      list: () => [...entries.values()] as T[],
    };
  }

  function addSeller(seller: Seller): Seller {
    sellers.set(seller.userId, seller);
    publicKeys.set(seller.publicKey, seller.userId);
    touch();
    return seller;
  }

  function newSeller(
    userId: number,
    fields: { siteId?: SiteId; nickname?: string; publicKey: string; clientId?: string | null },
  ): Seller {
    return addSeller({
      userId,
      siteId: fields.siteId ?? options.defaultSiteId,
      nickname: fields.nickname ?? `TESTUSER${userId}`,
      email: `test_user_${userId}@testuser.com`,
      publicKey: fields.publicKey,
      clientId: fields.clientId ?? null,
    });
  }

  function seedPresets(): void {
    for (const preset of presets) {
      const userId = preset.userId ?? userIdFromAccessToken(preset.accessToken);
      const existing = sellers.get(userId);
      if (existing) {
        if (existing.publicKey !== preset.publicKey) {
          publicKeys.delete(existing.publicKey);
          existing.publicKey = preset.publicKey;
          publicKeys.set(preset.publicKey, userId);
        }
      } else {
        newSeller(userId, {
          siteId: preset.siteId ?? options.defaultSiteId,
          nickname: preset.nickname,
          publicKey: preset.publicKey,
          clientId: preset.clientId,
        });
      }
      tokens.set(preset.accessToken, userId);
      revoked.delete(preset.accessToken);
    }
  }

  function serialize(): PersistedState {
    return {
      version: STATE_VERSION,
      savedAt: new Date().toISOString(),
      sequences: [...sequences],
      sellers: [...sellers.values()],
      accessTokens: [...tokens],
      revokedTokens: [...revoked],
      sellerData: [...sellerData].map(([userId, collections]) => ({
        userId,
        collections: [...collections].map(([name, entries]) => ({ name, entries: [...entries] })),
      })),
      globals: [...globals].map(([name, entries]) => ({ name, entries: [...entries] })),
    };
  }

  function load(state: PersistedState): void {
    clearAll();
    sequences = new Map(state.sequences);
    for (const seller of state.sellers) {
      sellers.set(seller.userId, seller);
      publicKeys.set(seller.publicKey, seller.userId);
    }
    tokens = new Map(state.accessTokens);
    revoked = new Set(state.revokedTokens ?? []);
    for (const { userId, collections } of state.sellerData) {
      sellerData.set(userId, new Map(collections.map(({ name, entries }) => [name, new Map(entries)])));
    }
    globals = new Map(state.globals.map(({ name, entries }) => [name, new Map(entries)]));
  }

  function flush(): void {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!filePath || !options.dataDir || !dirty) return;
    mkdirSync(options.dataDir, { recursive: true });
    // Write then rename, so a crash mid-write never leaves a truncated state file.
    const temp = `${filePath}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(serialize()));
    renameSync(temp, filePath);
    dirty = false;
  }

  if (filePath && existsSync(filePath)) {
    try {
      const parsed = JSON.parse(readFileSync(filePath, "utf8")) as PersistedState;
      if (parsed.version !== STATE_VERSION) throw new Error(`unsupported state version ${String(parsed.version)}`);
      load(parsed);
      logger.info(`loaded state from ${filePath}`);
    } catch (error) {
      // A broken file must not stop the sandbox: keep it aside for inspection and start empty.
      const aside = `${filePath}.broken-${Date.now()}`;
      renameSync(filePath, aside);
      logger.warn(`could not read ${filePath} (${String(error)}); moved it to ${aside} and started empty`);
      clearAll();
    }
  }
  seedPresets();

  const store: SandboxStateStore = {
    filePath,
    collection<T>(userId: number, name: string): Collection<T> {
      let collections = sellerData.get(userId);
      if (!collections) {
        collections = new Map();
        sellerData.set(userId, collections);
      }
      let entries = collections.get(name);
      if (!entries) {
        entries = new Map();
        collections.set(name, entries);
      }
      return wrap<T>(entries);
    },
    global<T>(name: string): Collection<T> {
      let entries = globals.get(name);
      if (!entries) {
        entries = new Map();
        globals.set(name, entries);
      }
      return wrap<T>(entries);
    },
    nextId(sequence: string, start = 1): number {
      const last = sequences.get(sequence);
      const next = last === undefined ? start : Math.max(last + 1, start);
      sequences.set(sequence, next);
      touch();
      return next;
    },
    sellers: () => [...sellers.values()],
    sellerByUserId: (userId) => sellers.get(userId),
    sellerForAccessToken(token: string): Seller | undefined {
      const bound = tokens.get(token);
      if (bound !== undefined) return sellers.get(bound);
      if (revoked.has(token) || !hasAccessTokenShape(token)) return undefined;
      const userId = userIdFromAccessToken(token);
      const seller =
        sellers.get(userId) ??
        newSeller(userId, { siteId: options.defaultSiteId, publicKey: publicKeyForToken(token) });
      tokens.set(token, userId);
      touch();
      return seller;
    },
    sellerForPublicKey(publicKey: string): Seller | undefined {
      const userId = publicKeys.get(publicKey);
      return userId === undefined ? undefined : sellers.get(userId);
    },
    createSeller(input) {
      let userId = store.nextId("seller_user_id", 2_000_001);
      while (sellers.has(userId)) userId = store.nextId("seller_user_id", 2_000_001);
      const credentials = generateCredentials(userId, input.tokenPrefix ?? "TEST", input.applicationId);
      const seller = newSeller(userId, {
        siteId: isSiteId(input.siteId) ? input.siteId : options.defaultSiteId,
        nickname: input.nickname,
        publicKey: credentials.publicKey,
        clientId: input.clientId ?? null,
      });
      tokens.set(credentials.accessToken, userId);
      touch();
      return { seller, accessToken: credentials.accessToken, refreshToken: credentials.refreshToken };
    },
    bindAccessToken(token: string, userId: number): void {
      tokens.set(token, userId);
      revoked.delete(token);
      touch();
    },
    revokeAccessToken(token: string): void {
      tokens.delete(token);
      revoked.add(token);
      touch();
    },
    accessTokensOf: (userId) => [...tokens].filter(([, id]) => id === userId).map(([token]) => token),
    touch,
    reset(): void {
      clearAll();
      seedPresets();
      touch();
    },
    flush,
    close(): void {
      flush();
    },
  };
  return store;
}
