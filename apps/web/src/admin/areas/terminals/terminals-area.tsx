// The console's card terminals area (Point): the terminals and the period's charge events at /admin/terminals,
// one terminal (charge on it, its charges) at /admin/terminals/:deviceId, and one charge followed live at
// /admin/terminals/intents/:id.
import { Route, Routes } from "react-router";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { PointIntentPage } from "./point-intent-page";
import { TerminalPage } from "./terminal-page";
import { TerminalsListPage } from "./terminals-list-page";
import "./terminals.css";

export default function TerminalsArea() {
  return (
    <Routes>
      <Route path="" element={<TerminalsListPage />} />
      <Route path="intents/:id" element={<PointIntentPage />} />
      <Route path=":deviceId" element={<TerminalPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
