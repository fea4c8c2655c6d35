// The shop's e-mails in en/es/pt: a plain-text body and a simple HTML one
// built from the same lines. Links are absolute, built from the public URL
// the server already uses for the provider's back_urls. Values that come from
// users (names, product names) are escaped in the HTML.

import { paymentMethodName } from "@cobro/contracts";
import { formatMoney, isSupportedCurrency } from "@cobro/provider-client/money";
import type { EmailLocale } from "../db/schema";

export type EmailContent =
  | { kind: "verify_email"; name: string; link: string }
  | { kind: "account_exists"; signInLink: string; resetLink: string }
  | { kind: "reset_password"; link: string }
  | { kind: "staff_invitation"; role: "admin" | "operator" | "viewer"; inviterName: string | null; link: string }
  | {
      kind: "order_confirmation";
      orderLink: string;
      /** The human order number (shown "#1042"); absent in messages queued before order numbers existed. */
      orderNumber?: number;
      /** The provider's payment method id ("visa", "master", "rapipago", …) and a card's last four digits. */
      paymentMethodId?: string | null;
      cardLastFour?: string | null;
      items: { name: string; quantity: number; unitPriceMinor: number }[];
      totalMinor: number;
      currency: string;
    }
  | {
      kind: "ticket_pending";
      orderLink: string;
      orderNumber: number;
      paymentMethodId: string | null;
      ticketUrl: string;
      barcode: string | null;
      digitableLine: string | null;
      expiresAt: string | null;
      totalMinor: number;
      currency: string;
    };

/** The store's default name (the settings' default), for messages rendered without the store's identity. */
export const STORE_NAME = "Cobro";

/** The store as a message shows it: its name (header, signature), colour and logo (absolute URL, or null). */
export interface EmailStore {
  name: string;
  brandColor: string;
  logoUrl: string | null;
}

const DEFAULT_EMAIL_STORE: EmailStore = { name: STORE_NAME, brandColor: "#0a4fb5", logoUrl: null };

/** Where a ticket's expiry is told in each language's time zone (the site's country; English: UTC). */
const DATE_TIME_ZONE: Record<EmailLocale, string> = {
  en: "UTC",
  es: "America/Argentina/Buenos_Aires",
  pt: "America/Sao_Paulo",
};

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const MONEY_LOCALE: Record<EmailLocale, string> = { en: "en-US", es: "es-AR", pt: "pt-BR" };

const STRINGS = {
  en: {
    verifySubject: (store: string) => `Confirm your e-mail address for ${store}`,
    verifyHello: (name: string) => `Hello ${name},`,
    verifyBody: "Follow this link to confirm your e-mail address and finish creating your account:",
    verifyExpiry: "The link works once and expires in 24 hours. If you did not sign up, ignore this message.",
    existsSubject: (store: string) => `Someone tried to create a ${store} account with your address`,
    existsBody:
      "Someone (maybe you) tried to create a new account with this e-mail address, which already has one. No new account was created.",
    existsSignIn: "Sign in:",
    existsReset: "Forgot your password? Reset it here:",
    resetSubject: (store: string) => `Reset your ${store} password`,
    resetBody: "Follow this link to choose a new password:",
    resetExpiry:
      "The link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password stays as it is.",
    orderSubject: (store: string) => `Your order at ${store} is confirmed`,
    orderBody: "Thank you! Your payment was approved. Your order:",
    orderTotal: "Total paid",
    orderLink: "See your order:",
    order: (number: string) => `Order ${number}`,
    paidWith: (method: string) => `Paid with ${method}`,
    cardEnding: (method: string, lastFour: string) => `${method} ending in ${lastFour}`,
    ticketSubject: (method: string, number: string, store: string) =>
      `Your ${method} ticket for order ${number} at ${store}`,
    ticketBody: (method: string, total: string) => `Pay ${total} in cash at any ${method} outlet with this ticket:`,
    ticketBarcode: "Barcode number",
    ticketDigitableLine: "Digitable line",
    ticketExpires: (date: string) => `Expires on ${date}. Once it expires the order is cancelled.`,
    ticketAfter: "We will e-mail you again once the payment is credited.",
    inviteSubject: (store: string) => `You are invited to the ${store} console`,
    inviteBody: (inviter: string | null, role: string, store: string) =>
      `${inviter ? `${inviter} invited you` : "You are invited"} to the ${store} admin console as ${role}.`,
    inviteAction: "Follow this link to accept and set your password (or, if you have an account, to get the role):",
    inviteExpiry: "The link works once and expires in 7 days. If you did not expect it, ignore this message.",
    inviteRoles: { admin: "an admin", operator: "an operator", viewer: "a viewer" },
  },
  es: {
    verifySubject: (store: string) => `Confirma tu dirección de e-mail en ${store}`,
    verifyHello: (name: string) => `Hola ${name}:`,
    verifyBody: "Sigue este enlace para confirmar tu e-mail y terminar de crear tu cuenta:",
    verifyExpiry: "El enlace sirve una sola vez y vence en 24 horas. Si no te registraste, ignora este mensaje.",
    existsSubject: (store: string) => `Alguien intentó crear una cuenta en ${store} con tu dirección`,
    existsBody:
      "Alguien (quizás tú) intentó crear una cuenta nueva con este e-mail, que ya tiene una. No se creó ninguna cuenta nueva.",
    existsSignIn: "Inicia sesión:",
    existsReset: "¿Olvidaste tu contraseña? Restablécela aquí:",
    resetSubject: (store: string) => `Restablece tu contraseña de ${store}`,
    resetBody: "Sigue este enlace para elegir una contraseña nueva:",
    resetExpiry:
      "El enlace sirve una sola vez y vence en 1 hora. Si no lo pediste, ignora este mensaje: tu contraseña no cambia.",
    orderSubject: (store: string) => `Tu pedido en ${store} está confirmado`,
    orderBody: "¡Gracias! Tu pago fue aprobado. Tu pedido:",
    orderTotal: "Total pagado",
    orderLink: "Ver tu pedido:",
    order: (number: string) => `Pedido ${number}`,
    paidWith: (method: string) => `Pagado con ${method}`,
    cardEnding: (method: string, lastFour: string) => `${method} terminada en ${lastFour}`,
    ticketSubject: (method: string, number: string, store: string) =>
      `Tu cupón de ${method} para el pedido ${number} en ${store}`,
    ticketBody: (method: string, total: string) =>
      `Paga ${total} en efectivo en cualquier local de ${method} con este cupón:`,
    ticketBarcode: "Número de código de barras",
    ticketDigitableLine: "Línea digitable",
    ticketExpires: (date: string) => `Vence el ${date}. Si vence sin pagarse, el pedido se cancela.`,
    ticketAfter: "Te volveremos a escribir cuando se acredite el pago.",
    inviteSubject: (store: string) => `Te invitaron a la consola de ${store}`,
    inviteBody: (inviter: string | null, role: string, store: string) =>
      `${inviter ? `${inviter} te invitó` : "Te invitaron"} a la consola de administración de ${store} como ${role}.`,
    inviteAction:
      "Sigue este enlace para aceptar y elegir tu contraseña (o, si ya tienes cuenta, para recibir el rol):",
    inviteExpiry: "El enlace sirve una sola vez y vence en 7 días. Si no lo esperabas, ignora este mensaje.",
    inviteRoles: { admin: "administrador", operator: "operador", viewer: "lector" },
  },
  pt: {
    verifySubject: (store: string) => `Confirme seu endereço de e-mail em ${store}`,
    verifyHello: (name: string) => `Olá ${name},`,
    verifyBody: "Siga este link para confirmar seu e-mail e concluir a criação da sua conta:",
    verifyExpiry: "O link funciona uma única vez e expira em 24 horas. Se você não se cadastrou, ignore esta mensagem.",
    existsSubject: (store: string) => `Alguém tentou criar uma conta em ${store} com seu endereço`,
    existsBody:
      "Alguém (talvez você) tentou criar uma nova conta com este e-mail, que já tem uma. Nenhuma conta nova foi criada.",
    existsSignIn: "Entrar:",
    existsReset: "Esqueceu sua senha? Redefina aqui:",
    resetSubject: (store: string) => `Redefina sua senha de ${store}`,
    resetBody: "Siga este link para escolher uma nova senha:",
    resetExpiry:
      "O link funciona uma única vez e expira em 1 hora. Se você não pediu, ignore esta mensagem: sua senha continua a mesma.",
    orderSubject: (store: string) => `Seu pedido em ${store} está confirmado`,
    orderBody: "Obrigado! Seu pagamento foi aprovado. Seu pedido:",
    orderTotal: "Total pago",
    orderLink: "Ver seu pedido:",
    order: (number: string) => `Pedido ${number}`,
    paidWith: (method: string) => `Pago com ${method}`,
    cardEnding: (method: string, lastFour: string) => `${method} final ${lastFour}`,
    ticketSubject: (method: string, number: string, store: string) =>
      `Seu boleto ${method} do pedido ${number} em ${store}`,
    ticketBody: (method: string, total: string) =>
      `Pague ${total} em dinheiro em qualquer ponto ${method} com este boleto:`,
    ticketBarcode: "Número do código de barras",
    ticketDigitableLine: "Linha digitável",
    ticketExpires: (date: string) => `Vence em ${date}. Se vencer sem pagamento, o pedido é cancelado.`,
    ticketAfter: "Escreveremos de novo quando o pagamento for creditado.",
    inviteSubject: (store: string) => `Você foi convidado para o console de ${store}`,
    inviteBody: (inviter: string | null, role: string, store: string) =>
      `${inviter ? `${inviter} convidou você` : "Você foi convidado"} para o console de administração de ${store} como ${role}.`,
    inviteAction: "Siga este link para aceitar e definir sua senha (ou, se já tem conta, para receber o papel):",
    inviteExpiry: "O link funciona uma única vez e expira em 7 dias. Se você não esperava, ignore esta mensagem.",
    inviteRoles: { admin: "administrador", operator: "operador", viewer: "leitor" },
  },
} as const;

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A block of the message: a paragraph, a link on its own line, or a list. */
type Block = { p: string } | { link: string } | { list: string[] };

function toText(blocks: Block[], store: EmailStore): string {
  return `${[...blocks, { p: `— ${store.name}` }]
    .map((block) =>
      "p" in block ? block.p : "link" in block ? block.link : block.list.map((l) => `- ${l}`).join("\n"),
    )
    .join("\n\n")}\n`;
}

/** The shared layout's header: the store's logo (its name as the alt text) or its name, on a bar of its colour. */
function headerHtml(store: EmailStore): string {
  const name = escapeHtml(store.name);
  const inner = store.logoUrl
    ? `<img src="${escapeHtml(store.logoUrl)}" alt="${name}" height="40" style="display:block;max-height:40px;background:#fff">`
    : `<strong style="font-size:20px">${name}</strong>`;
  return `<div style="border-bottom:4px solid ${escapeHtml(store.brandColor)};padding:8px 0;margin-bottom:16px">${inner}</div>`;
}

function toHtml(subject: string, blocks: Block[], store: EmailStore): string {
  const body = blocks
    .map((block) => {
      if ("p" in block) return `<p>${escapeHtml(block.p)}</p>`;
      if ("link" in block) return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.link)}</a></p>`;
      return `<ul>${block.list.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`;
    })
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">\n${headerHtml(store)}\n${body}\n<p style="color:#555">${escapeHtml(store.name)}</p>\n</body></html>`;
}

function moneyIn(currency: string, locale: EmailLocale): (minor: number) => string {
  return (minor) =>
    isSupportedCurrency(currency) ? formatMoney(minor, currency, MONEY_LOCALE[locale]) : `${minor} ${currency}`;
}

function formatDateTime(iso: string, locale: EmailLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(MONEY_LOCALE[locale], {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: DATE_TIME_ZONE[locale],
    timeZoneName: "short",
  }).format(date);
}

/** The subject, text and HTML of one message in `locale`, in the layout of `store` (the settings' identity). */
export function renderEmail(
  content: EmailContent,
  locale: EmailLocale,
  store: EmailStore = DEFAULT_EMAIL_STORE,
): RenderedEmail {
  const s = STRINGS[locale];
  let subject: string;
  let blocks: Block[];
  switch (content.kind) {
    case "verify_email":
      subject = s.verifySubject(store.name);
      blocks = [{ p: s.verifyHello(content.name) }, { p: s.verifyBody }, { link: content.link }, { p: s.verifyExpiry }];
      break;
    case "account_exists":
      subject = s.existsSubject(store.name);
      blocks = [
        { p: s.existsBody },
        { p: s.existsSignIn },
        { link: content.signInLink },
        { p: s.existsReset },
        { link: content.resetLink },
      ];
      break;
    case "reset_password":
      subject = s.resetSubject(store.name);
      blocks = [{ p: s.resetBody }, { link: content.link }, { p: s.resetExpiry }];
      break;
    case "staff_invitation":
      subject = s.inviteSubject(store.name);
      blocks = [
        { p: s.inviteBody(content.inviterName, s.inviteRoles[content.role], store.name) },
        { p: s.inviteAction },
        { link: content.link },
        { p: s.inviteExpiry },
      ];
      break;
    case "order_confirmation": {
      const money = moneyIn(content.currency, locale);
      const number = content.orderNumber === undefined ? null : `#${content.orderNumber}`;
      const method = content.paymentMethodId ? paymentMethodName(content.paymentMethodId) : null;
      subject = number ? `${s.orderSubject(store.name)} (${number})` : s.orderSubject(store.name);
      blocks = [
        { p: number ? `${store.name} · ${s.order(number)}` : store.name },
        { p: s.orderBody },
        { list: content.items.map((item) => `${item.quantity} × ${item.name} — ${money(item.unitPriceMinor)}`) },
        { p: `${s.orderTotal}: ${money(content.totalMinor)}` },
        ...(method
          ? [{ p: s.paidWith(content.cardLastFour ? s.cardEnding(method, content.cardLastFour) : method) }]
          : []),
        { p: s.orderLink },
        { link: content.orderLink },
      ];
      break;
    }
    case "ticket_pending": {
      const money = moneyIn(content.currency, locale);
      const number = `#${content.orderNumber}`;
      const method = content.paymentMethodId ? paymentMethodName(content.paymentMethodId) : "";
      subject = s.ticketSubject(method, number, store.name);
      const expires = content.expiresAt ? formatDateTime(content.expiresAt, locale) : null;
      blocks = [
        { p: `${store.name} · ${s.order(number)}` },
        { p: s.ticketBody(method, money(content.totalMinor)) },
        { link: content.ticketUrl },
        ...(content.barcode ? [{ p: `${s.ticketBarcode}: ${content.barcode}` }] : []),
        ...(content.digitableLine ? [{ p: `${s.ticketDigitableLine}: ${content.digitableLine}` }] : []),
        ...(expires ? [{ p: s.ticketExpires(expires) }] : []),
        { p: s.ticketAfter },
        { p: s.orderLink },
        { link: content.orderLink },
      ];
      break;
    }
  }
  return { subject, text: toText(blocks, store), html: toHtml(subject, blocks, store) };
}
