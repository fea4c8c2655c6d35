// Sending one finished message through SMTP (nodemailer). The outbox job is
// the only caller: nothing else talks to the mail server, so retries, rate
// limits and "send once" live in one place (domain/email/send-outbound-email.ts).
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID per intended e-mail, so a receiving server can drop a duplicate delivery. */
  messageId?: string;
  /** The store's sender (console settings); absent: the mailer's own `from` (MAIL_FROM). */
  from?: { name: string; address: string };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * A mailer on an SMTP URL (`smtp://user:pass@host:587`, `smtps://…`), sending
 * as `from`. Connections are pooled; a failure throws (the job retries).
 */
export function createSmtpMailer(options: { smtpUrl: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      await transport.sendMail({
        from: message.from ?? options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
