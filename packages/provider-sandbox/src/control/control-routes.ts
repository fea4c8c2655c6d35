// The control API under `/__sandbox/` (never a provider path; no auth, no spec
// validation, no faults). Resource handlers add their own control endpoints
// under `/__sandbox/<area>/…` from their resource files.

import type { Hono } from "hono";
import type { SandboxEnv } from "../context";
import { isSiteId } from "../core/credentials";
import { classicError } from "../core/errors";
import { FaultRuleError } from "../core/faults";
import {
  type ClockAdvance,
  clockAdvanceMs,
  isWebhookTopic,
  type SandboxControl,
  WEBHOOK_TOPICS,
} from "./sandbox-control";

/** How long `GET /__sandbox/webhooks?wait=true` waits for pending deliveries at most. */
const WAIT_LIMIT_MS = 30_000;

function badRequest(message: string) {
  return classicError(400, message, { cause: [{ code: "bad_request", description: message, data: null }] });
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Registers the core control endpoints on the app. */
export function registerControlRoutes(app: Hono<SandboxEnv>, control: SandboxControl): void {
  app.get("/__sandbox", (c) =>
    c.json({
      sandbox: "cobro provider sandbox",
      now: control.now().toISOString(),
      default_seller: {
        user_id: control.defaultSeller.userId,
        access_token: control.defaultSeller.accessToken,
        public_key: control.defaultSeller.publicKey,
      },
    }),
  );

  app.post("/__sandbox/reset", async (c) => {
    await control.reset();
    return c.json({ ok: true, now: control.now().toISOString() });
  });

  app.get("/__sandbox/clock", (c) => {
    const now = control.now();
    return c.json({ now: now.toISOString(), offset_ms: now.getTime() - Date.now() });
  });

  app.post("/__sandbox/clock/advance", async (c) => {
    const body = asRecord(c.get("jsonBody"));
    let ms: number;
    try {
      ms = clockAdvanceMs(body as ClockAdvance);
    } catch (error) {
      throw badRequest(error instanceof Error ? error.message : "invalid clock advance");
    }
    const now = await control.advanceClock(ms);
    return c.json({ now: now.toISOString(), advanced_ms: ms });
  });

  app.get("/__sandbox/webhooks", async (c) => {
    if (c.req.query("wait") === "true" || c.req.query("wait") === "1") {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        control.idle(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, WAIT_LIMIT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    const topic = c.req.query("topic");
    const dataId = c.req.query("data_id");
    const deliveries = control
      .deliveries()
      .filter((d) => (topic ? d.topic === topic : true) && (dataId ? d.dataId === dataId : true));
    return c.json({ deliveries });
  });

  // The dashboard's "Simulate notification" (Your integrations → Webhooks): the provider posts a signed test
  // notification of the chosen topic and `data.id` to the URL the seller gives, whether or not the resource exists
  // (docs/provider-facts.md §5.3: test payments emit no webhooks, "Simulate" is the documented way to test reception).
  app.post("/__sandbox/webhooks/simulate", (c) => {
    const body = asRecord(c.get("jsonBody"));
    if (typeof body.topic !== "string" || !isWebhookTopic(body.topic)) {
      throw badRequest(`topic must be one of ${WEBHOOK_TOPICS.join(", ")}`);
    }
    if (typeof body.data_id !== "string" || body.data_id.trim() === "") throw badRequest("data_id must be a string");
    if (body.url !== undefined && typeof body.url !== "string") throw badRequest("url must be a string");
    if (body.action !== undefined && typeof body.action !== "string") throw badRequest("action must be a string");
    const topic = body.topic;
    const dataId = body.data_id.trim();
    const seller = c.get("seller") as { userId: number } | undefined;
    control.simulateWebhook({
      sellerUserId: seller?.userId ?? control.defaultSeller.userId,
      topic,
      action: typeof body.action === "string" ? body.action : `${topic}.updated`,
      dataId,
      notificationUrl: typeof body.url === "string" ? body.url : null,
    });
    const delivery = control
      .deliveries()
      .filter((d) => d.topic === topic && d.dataId === dataId)
      .at(-1);
    return c.json(delivery ?? {}, 201);
  });

  app.post("/__sandbox/faults", (c) => {
    try {
      return c.json(control.addFault(c.get("jsonBody") as never), 201);
    } catch (error) {
      if (error instanceof FaultRuleError) throw badRequest(error.message);
      throw error;
    }
  });

  app.get("/__sandbox/faults", (c) => c.json({ faults: control.faults() }));

  app.delete("/__sandbox/faults", (c) => {
    control.clearFaults();
    return c.json({ ok: true });
  });

  app.delete("/__sandbox/faults/:id", (c) => {
    if (!control.removeFault(c.req.param("id"))) throw classicError(404, `fault ${c.req.param("id")} not found`);
    return c.json({ ok: true });
  });

  app.post("/__sandbox/sellers", (c) => {
    const body = asRecord(c.get("jsonBody"));
    if (body.site_id !== undefined && !isSiteId(body.site_id)) {
      throw badRequest("site_id must be one of MLA, MLB, MLM, MLC, MCO, MPE, MLU");
    }
    if (body.nickname !== undefined && typeof body.nickname !== "string") throw badRequest("nickname must be a string");
    const seller = control.createSeller({
      ...(isSiteId(body.site_id) ? { siteId: body.site_id } : {}),
      ...(typeof body.nickname === "string" ? { nickname: body.nickname } : {}),
    });
    return c.json(
      {
        user_id: seller.userId,
        site_id: seller.siteId,
        nickname: seller.nickname,
        email: seller.email,
        access_token: seller.accessToken,
        refresh_token: seller.refreshToken,
        public_key: seller.publicKey,
      },
      201,
    );
  });

  app.get("/__sandbox/sellers", (c) =>
    c.json({
      sellers: control.sellers().map((s) => ({
        user_id: s.userId,
        site_id: s.siteId,
        nickname: s.nickname,
        email: s.email,
        public_key: s.publicKey,
        access_tokens: s.accessTokens,
      })),
    }),
  );
}
