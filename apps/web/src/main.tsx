// First: the settings the Content-Security-Policy needs, before any other module makes a schema or a style.
import "./csp-boot";
import "@cobro/ui/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app";
import { loadDictionary } from "./i18n/dictionaries";
import { detectLanguage } from "./i18n/i18n-context";
import { FALLBACK_LANGUAGE, type Language } from "./i18n/locale";
import { AppProviders } from "./providers";
import { readServerErrorStatus } from "./server-error-status";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
const root = container;

/** The shopper's language, its words loaded; English when that load fails (a flaky network), so the shop still shows. */
async function loadLanguage(): Promise<Language> {
  const language = detectLanguage();
  try {
    await loadDictionary(language);
    return language;
  } catch (error) {
    if (language === FALLBACK_LANGUAGE) throw error;
    console.error(`[web] could not load the ${language} dictionary; showing ${FALLBACK_LANGUAGE}`, error);
    await loadDictionary(FALLBACK_LANGUAGE);
    return FALLBACK_LANGUAGE;
  }
}

const language = await loadLanguage();
createRoot(root).render(
  <StrictMode>
    <AppProviders language={language}>
      <BrowserRouter>
        <App serverErrorStatus={readServerErrorStatus(document)} />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
