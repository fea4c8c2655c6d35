// The local mail catcher of embedded defaults: MailDev receives every message
// the shop sends over SMTP and shows them in its inbox (web UI and a REST API
// at /api/email), so sign-up, reset and order e-mails work offline with no
// mail account. Never used when SMTP_URL is set.
import { MailDev } from "maildev";

export interface MailCatcher {
  /** Where the mailer sends (smtp://127.0.0.1:<port>). */
  smtpUrl: string;
  /** The inbox a developer opens in a browser; its REST API is under /api. */
  inboxUrl: string;
  stop(): Promise<void>;
}

/** Starts MailDev on the given ports (both must be free), bound to the loopback interface. */
export async function startMailCatcher(options: {
  smtpPort: number;
  webPort: number;
  /** Where the caught messages are kept (survive restarts). */
  mailDirectory: string;
}): Promise<MailCatcher> {
  const host = "127.0.0.1";
  const maildev = new MailDev({
    smtp: options.smtpPort,
    web: options.webPort,
    ip: host,
    webIp: host,
    silent: true,
    mailDirectory: options.mailDirectory,
    maxEmails: 500,
  });
  // MailDev announces its inbox with console.info; the server prints the inbox URL in its own banner (and keeps
  // its output pino's lines only), so that one line is held back while MailDev starts.
  const info = console.info;
  console.info = () => {};
  try {
    await maildev.start();
  } finally {
    console.info = info;
  }
  return {
    smtpUrl: `smtp://${host}:${options.smtpPort}`,
    inboxUrl: `http://${host}:${options.webPort}`,
    stop: () => maildev.stop(),
  };
}
