// A small per-process cache of provider reads (payment methods, identification
// types, the store account, plans), keyed by the provider client so two clients
// (two sandboxes in one test run, a future second seller) never share entries.
// Each server instance keeps its own copy; a stale entry lives at most `ttlMs`.
// Concurrent misses share one provider call; failures are not cached.
import type { ProviderClient } from "@cobro/provider-client";

interface Entry<T> {
  value?: T;
  expiresAt: number;
  pending?: Promise<T>;
}

export interface ProviderCache<T> {
  /** The cached value for `provider`, loading it with `load` when missing or older than the TTL. */
  get(provider: ProviderClient, load: () => Promise<T>): Promise<T>;
  /** Forgets the value of `provider` (or every value). */
  clear(provider?: ProviderClient): void;
}

export function createProviderCache<T>(options: { ttlMs: number; now?: () => number }): ProviderCache<T> {
  const now = options.now ?? Date.now;
  let entries = new WeakMap<ProviderClient, Entry<T>>();
  return {
    get(provider, load) {
      const entry = entries.get(provider);
      if (entry?.value !== undefined && entry.expiresAt > now()) return Promise.resolve(entry.value);
      if (entry?.pending) return entry.pending;
      const pending = load().then(
        (value) => {
          entries.set(provider, { value, expiresAt: now() + options.ttlMs });
          return value;
        },
        (error: unknown) => {
          const current = entries.get(provider);
          if (current?.pending === pending) entries.delete(provider);
          throw error;
        },
      );
      entries.set(provider, { ...(entry ?? { expiresAt: 0 }), pending });
      return pending;
    },
    clear(provider) {
      if (provider) entries.delete(provider);
      else entries = new WeakMap();
    },
  };
}
