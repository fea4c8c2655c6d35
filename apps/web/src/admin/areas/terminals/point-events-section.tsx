// The charge events of a period across every terminal (GET /point/integration-api/payment-intents/events, at most
// 30 days): each intent's last state, linked to the console's charge when it was sent from here.
import { pointEventsInputSchema } from "@cobro/contracts";
import { Button, Heading, TextField } from "@cobro/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryList } from "../../../shared/components/query-list";
import { type FieldMessages, translatedResolver } from "../../../shared/forms/form-errors";
import { trpc } from "../../../trpc";
import { stateKey } from "./terminal-words";

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

// The server's own schema checks the period; a wrong end is the period's fault (before the start, or too long).
const PERIOD_MESSAGES: FieldMessages = {
  startDate: "admin.terminals.events.badDate",
  endDate: "admin.terminals.events.badPeriod",
};

export function PointEventsSection() {
  const { t, formatDate } = useI18n();
  const [period, setPeriod] = useState({ startDate: today(), endDate: today() });
  const form = useForm({
    defaultValues: period,
    resolver: translatedResolver(zodResolver(pointEventsInputSchema), PERIOD_MESSAGES, t),
  });
  const errors = form.formState.errors;
  const events = trpc.admin.terminals.events.useQuery(period);
  const show = form.handleSubmit(setPeriod);

  return (
    <section aria-labelledby="terminal-events-title">
      <Heading level={2} id="terminal-events-title">
        {t("admin.terminals.events")}
      </Heading>
      <p>{t("admin.terminals.events.hint")}</p>
      <form className="admin-filters" onSubmit={(event) => void show(event)} noValidate>
        <TextField
          type="date"
          label={t("admin.terminals.events.from")}
          error={errors.startDate?.message}
          {...form.register("startDate")}
        />
        <TextField
          type="date"
          label={t("admin.terminals.events.to")}
          error={errors.endDate?.message}
          {...form.register("endDate")}
        />
        <Button type="submit" variant="secondary">
          {t("admin.terminals.events.show")}
        </Button>
      </form>
      <QueryList
        query={events}
        items={events.data?.events}
        loadingLabel={t("admin.terminals.events.loading")}
        failedTitle={t("admin.terminals.events.failed")}
        empty={{ title: t("admin.terminals.events.empty") }}
        headingLevel={3}
      >
        {(items) => (
          <div className="admin-table-wrap">
            <table className="admin-table" aria-label={t("admin.terminals.events")} data-testid="terminal-events">
              <thead>
                <tr>
                  <th scope="col">{t("admin.terminals.events.colAt")}</th>
                  <th scope="col">{t("admin.terminals.events.colIntent")}</th>
                  <th scope="col">{t("admin.terminals.events.colStatus")}</th>
                  <th scope="col">{t("admin.terminals.events.colDevice")}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((event) => {
                  const key = stateKey(event.status);
                  return (
                    <tr key={`${event.intentId}-${event.createdOn ?? ""}`}>
                      <td>{event.createdOn ? formatDate(event.createdOn, "dateTime") : ""}</td>
                      <th scope="row" className="admin-mono">
                        {event.localId ? (
                          <Link to={`/admin/terminals/intents/${event.localId}`}>{event.intentId}</Link>
                        ) : (
                          event.intentId
                        )}
                      </th>
                      <td>{key ? t(key) : event.status}</td>
                      <td>{event.deviceId ?? t("admin.terminals.events.notHere")}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </QueryList>
    </section>
  );
}
