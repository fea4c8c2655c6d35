import "@cobro/ui/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app";
import { AppProviders } from "./providers";
import { readServerErrorStatus } from "./server-error-status";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <App serverErrorStatus={readServerErrorStatus(document)} />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
