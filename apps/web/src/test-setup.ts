// Vitest setup: the app loads one language's dictionary at a time; tests render and translate in all of them.
import { configure } from "@testing-library/react";
import { loadAdminDictionary, loadDictionary } from "./i18n/dictionaries";
import { LANGUAGES } from "./i18n/locale";

await Promise.all(LANGUAGES.map((language) => loadDictionary(language)));
// The console's words too, for the console's component tests (the app loads them only with the console).
await Promise.all(LANGUAGES.map((language) => loadAdminDictionary(language)));

// findBy*/waitFor give a slow machine (CI's two cores under a full run) 5 s instead of 1 s before calling an
// element missing; a passing test is no slower for it.
configure({ asyncUtilTimeout: 5_000 });
