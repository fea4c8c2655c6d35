// Point terminals through the client: devices and operating mode, a payment
// intent cancelled while OPEN, another one paid on the terminal (played by the
// sandbox's control API), and the cancel errors the provider answers.

import {
  isClassicErrorBody,
  ProviderBadRequestError,
  type ProviderClient,
  ProviderConflictError,
  ProviderNotFoundError,
} from "@cobro/provider-client";
import { describe, expect, it } from "vitest";
import type { ClientSandbox } from "../harness";

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

function causeCode(error: unknown): string | number | null {
  const body = error instanceof ProviderBadRequestError || error instanceof ProviderConflictError ? error.body : null;
  return isClassicErrorBody(body) ? (body.cause?.[0]?.code ?? null) : null;
}

function day(date: Date, offsetDays: number): string {
  return new Date(date.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function pdvDevice(client: ProviderClient): Promise<string> {
  const { devices } = await client.point.devices();
  const device = devices.find((d) => d.operating_mode === "PDV");
  if (!device) throw new Error("the sandbox gave the seller no PDV terminal");
  return device.id;
}

export function describePoint(env: () => ClientSandbox): void {
  describe("Point", () => {
    it("lists devices and switches a terminal's operating mode", async () => {
      const { client } = env().newSeller();
      const list = await client.point.devices({ limit: 10 });
      expect(list.devices.length).toBeGreaterThan(0);
      expect(list.paging).toMatchObject({ total: list.devices.length });
      const deviceId = await pdvDevice(client);
      expect(await client.point.setOperatingMode(deviceId, "STANDALONE")).toEqual({ operating_mode: "STANDALONE" });
      expect((await client.point.devices()).devices.find((d) => d.id === deviceId)?.operating_mode).toBe("STANDALONE");
      expect(await client.point.setOperatingMode(deviceId, "PDV")).toEqual({ operating_mode: "PDV" });
    });

    it("cancels an OPEN intent; a cancelled, missing or finished one cannot be cancelled", async () => {
      const { sandbox } = env();
      const { client } = env().newSeller();
      const deviceId = await pdvDevice(client);
      const intent = await client.point.createIntent(deviceId, {
        amount: 1500,
        description: "Coffee",
        payment: { installments: 1, type: "credit_card" },
        additional_info: { external_reference: "pos-1", print_on_terminal: true },
      });
      expect(intent).toMatchObject({ device_id: deviceId, amount: 1500 });
      expect((await client.point.getIntent(intent.id)).state).toBe("OPEN");
      expect(await client.point.cancelIntent(deviceId, intent.id)).toEqual({ id: intent.id });
      expect((await client.point.getIntent(intent.id)).state).toBe("CANCELED");

      const again = await rejection(client.point.cancelIntent(deviceId, intent.id));
      expect(again).toBeInstanceOf(ProviderBadRequestError);
      expect(again).not.toBeInstanceOf(ProviderNotFoundError);
      expect(causeCode(again)).toBe("101");
      const missing = await rejection(client.point.cancelIntent(deviceId, "7f25f9aa-eea6-4f9c-bf16-a341f71ba2f1"));
      expect(missing).toBeInstanceOf(ProviderNotFoundError);
      expect(causeCode(missing)).toBe("101");

      // The buyer pays the next intent on the terminal.
      const paid = await client.point.createIntent(deviceId, { amount: 2550, description: "Lunch" });
      const tap = await fetch(`${sandbox.url}/__sandbox/point/devices/${deviceId}/tap`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ cardholder: "APRO" }),
      });
      expect(tap.status).toBe(200);
      const finished = await client.point.getIntent(paid.id);
      expect(finished.state).toBe("FINISHED");
      const payment = await client.payments.get(Number(finished.payment?.id));
      expect(payment).toMatchObject({ status: "approved", transaction_amount: 25.5 });
      expect(await client.point.intentEvents(paid.id)).toMatchObject({ status: "FINISHED" });

      const now = sandbox.control.now();
      const events = await client.point.events({ startDate: day(now, -1), endDate: day(now, 1) });
      expect(events.events.map((e) => `${e.payment_intent_id}:${e.status}`)).toEqual(
        expect.arrayContaining([`${intent.id}:CANCELED`, `${paid.id}:FINISHED`]),
      );

      // provider: once it has left OPEN, only the terminal can cancel it.
      const finishedCancel = await rejection(client.point.cancelIntent(deviceId, paid.id));
      expect(finishedCancel).toBeInstanceOf(ProviderConflictError);
      expect((finishedCancel as ProviderConflictError).status).toBe(409);
    });
  });
}
