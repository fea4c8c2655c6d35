// The `mercadopago-sandbox` command (in this monorepo: `npm run sandbox`): a
// local Mercado Pago for development, demos and tests. The published build
// gives it its `#!/usr/bin/env node` line (tsdown.config.ts).

import { parseArgs } from "node:util";
import { formatBanner } from "./cli-banner";
import { isSiteId } from "./core/credentials";
import { CONSOLE_LOGGER } from "./core/logger";
import { createSandbox } from "./create-sandbox";

const USAGE = `Usage: mercadopago-sandbox [options]   (in the Cobro repository: npm run sandbox -- [options])
  --port N                 port to listen on (default 8787; 0 = any free port)
  --host HOST              interface to bind (default 127.0.0.1)
  --webhook-secret SECRET  secret that signs webhooks (default: the fixed dev secret)
  --data DIR               keep state in DIR/state.json across restarts (default: in memory)
  --notification-url URL   where webhooks go when a resource has no notification_url
  --site SITE              site of new sellers: MLA MLB MLM MLC MCO MPE MLU (default MLA)
  --help                   this text`;

/** A mistake in the command line: reported with the usage text. */
class UsageError extends Error {}

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        port: { type: "string", default: "8787" },
        host: { type: "string", default: "127.0.0.1" },
        "webhook-secret": { type: "string" },
        data: { type: "string" },
        "notification-url": { type: "string" },
        site: { type: "string", default: "MLA" },
        help: { type: "boolean", default: false },
      },
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<void> {
  // `mercadopago-sandbox compare …`: the drift check lives in its own module (src/conformance/compare-command.ts).
  if (process.argv[2] === "compare") {
    const { runCompareCommand } = await import("./conformance/compare-command");
    process.exitCode = await runCompareCommand(process.argv.slice(3));
    return;
  }
  const { values } = parseCommandLine();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be 0-65535, got ${values.port}`);
  const site = values.site ?? "MLA";
  if (!isSiteId(site)) throw new UsageError(`--site must be one of MLA MLB MLM MLC MCO MPE MLU, got ${site}`);
  const notificationUrl = values["notification-url"];
  if (notificationUrl && !URL.canParse(notificationUrl))
    throw new UsageError(`--notification-url is not a URL: ${notificationUrl}`);

  const sandbox = await createSandbox({
    port,
    host: values.host,
    webhookSecret: values["webhook-secret"],
    dataDir: values.data ?? null,
    defaultNotificationUrl: values["notification-url"] ?? null,
    defaultSiteId: site,
    logger: CONSOLE_LOGGER,
  });
  console.log(
    formatBanner({
      url: sandbox.url,
      site,
      webhookSecret: sandbox.context.config.webhookSecret,
      notificationUrl: sandbox.context.config.defaultNotificationUrl,
      dataDir: values.data ?? null,
    }),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: closing the sandbox…`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
