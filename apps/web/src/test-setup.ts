// Vitest setup: the app loads one language's dictionary at a time; tests render and translate in all of them.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { loadAdminDictionary, loadDictionary } from "./i18n/dictionaries";
import { LANGUAGES } from "./i18n/locale";

await Promise.all(LANGUAGES.map((language) => loadDictionary(language)));
// The console's words too, for the console's component tests (the app loads them only with the console).
await Promise.all(LANGUAGES.map((language) => loadAdminDictionary(language)));

// findBy*/waitFor give a slow machine (CI's two cores under a full run) 5 s instead of 1 s before calling an
// element missing; a passing test is no slower for it.
configure({ asyncUtilTimeout: 5_000 });

// Component tests keep the app's retry rules (4xx never, else twice) without the production back-off between tries
// (2 s, then 4 s): a test of a list that fails reaches its error state at once instead of 6 s later.
vi.mock("./trpc", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./trpc")>();
  return {
    ...actual,
    createQueryClient: () => {
      const client = actual.createQueryClient();
      const defaults = client.getDefaultOptions();
      client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
      return client;
    },
  };
});
