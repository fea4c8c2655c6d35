// Portuguese words of the console's Accounts area (the keys of messages-en.ts).
import type { accountEn } from "./messages-en";

export const accountPt: Record<keyof typeof accountEn, string> = {
  "admin.nav.account": "Contas",
  "admin.account.title": "Contas",
  "admin.account.description":
    "A conta do Mercado Pago com que a loja cobra e as contas de vendedores conectadas ao aplicativo do Cobro.",
  "admin.account.none": "—",
  "admin.account.never": "Nunca",
  "admin.account.expired": "Expirado",
  "admin.account.setting.title": "Onde os novos pagamentos são cobrados",
  "admin.account.setting.description":
    "A conta em que os novos checkouts da loja cobram: a conta própria da loja ou um vendedor conectado. Um checkout mantém a conta em que começou, e os reembolsos, capturas e cancelamentos do seu pagamento vão para essa conta.",
  "admin.account.setting.loading": "Carregando a conta de cobrança…",
  "admin.account.setting.failed": "Não foi possível carregar a conta de cobrança",
  "admin.account.setting.current": "Os novos checkouts são cobrados em:",
  "admin.account.setting.own": "A conta própria da loja",
  "admin.account.setting.choose": "Cobrar os novos pagamentos em",
  "admin.account.setting.switch": "Mudar…",
  "admin.account.setting.confirmTitle": "Cobrar os novos pagamentos em {name}?",
  "admin.account.setting.confirmBody":
    "O dinheiro de cada checkout iniciado a partir de agora vai para esta conta. Checkouts já iniciados e pagamentos já feitos ficam na conta em que foram feitos. A mudança fica registrada no log de auditoria.",
  "admin.account.setting.confirm": "Mudar a conta de cobrança",
  "admin.account.setting.switched": "Os novos pagamentos agora são cobrados em {name}.",
  "admin.account.setting.fallback":
    "O Mercado Pago encerrou a conexão de {name} em {date}, então os novos pagamentos voltam a ser cobrados na conta própria da loja.",
  "admin.account.setting.badge": "Cobra os novos pagamentos",
  "admin.account.charging.title": "A conta própria da loja",
  "admin.account.charging.description":
    "Lida no Mercado Pago com as credenciais da loja. As credenciais nunca são mostradas.",
  "admin.account.charging.loading": "Lendo a conta no Mercado Pago…",
  "admin.account.charging.failed": "Não foi possível ler a conta no Mercado Pago",
  "admin.account.charging.nickname": "Apelido",
  "admin.account.charging.userId": "ID de usuário",
  "admin.account.charging.email": "E-mail",
  "admin.account.charging.site": "Site",
  "admin.account.charging.country": "País",
  "admin.account.charging.mode": "Modo",
  "admin.account.mode.sandbox": "Teste (sandbox integrado)",
  "admin.account.mode.test": "Conta de teste",
  "admin.account.mode.live": "Produção",
  "admin.account.connections.title": "Contas de vendedores conectadas",
  "admin.account.connections.description":
    "Vendedores que autorizaram o aplicativo do Cobro (modo marketplace). Os tokens ficam criptografados e são renovados automaticamente antes de expirar.",
  "admin.account.connections.loading": "Carregando as contas conectadas…",
  "admin.account.connections.failed": "Não foi possível carregar as contas conectadas",
  "admin.account.connections.empty": "Nenhuma conta de vendedor conectada",
  "admin.account.connections.emptyHint":
    "Conecte uma: o vendedor entra no Mercado Pago e autoriza o aplicativo do Cobro.",
  "admin.account.connect": "Conectar uma conta de vendedor",
  "admin.account.connecting": "Abrindo o Mercado Pago…",
  "admin.account.notConfigured":
    "Conectar contas de vendedores exige o aplicativo OAuth do Cobro: defina MP_CLIENT_ID e MP_CLIENT_SECRET.",
  "admin.account.col.seller": "Vendedor",
  "admin.account.col.status": "Status",
  "admin.account.col.expiresIn": "Expira em",
  "admin.account.col.lastRefresh": "Última renovação",
  "admin.account.col.lastError": "Último erro",
  "admin.account.col.actions": "Ações",
  "admin.account.status.active": "Conectada",
  "admin.account.status.revoked": "Encerrada pelo Mercado Pago",
  "admin.account.status.disconnected": "Desconectada",
  "admin.account.endedAt": "em {date}",
  "admin.account.expiresInDays.one": "{count} dia",
  "admin.account.expiresInDays.other": "{count} dias",
  "admin.account.error.refresh_refused":
    "O Mercado Pago recusou o token de renovação: o vendedor revogou o acesso. Conecte-o novamente.",
  "admin.account.error.client_refused":
    "O Mercado Pago recusou as credenciais do aplicativo do Cobro (MP_CLIENT_ID / MP_CLIENT_SECRET).",
  "admin.account.error.provider_unavailable": "O Mercado Pago não respondeu; a renovação será tentada de novo.",
  "admin.account.error.disconnected": "Desconectada por um administrador.",
  "admin.account.error.deauthorized": "O vendedor removeu o acesso do Cobro no Mercado Pago.",
  "admin.account.refresh": "Renovar agora",
  "admin.account.refreshNamed": "Renovar agora ({name})",
  "admin.account.refreshed": "Os tokens de {name} foram renovados.",
  "admin.account.revoked": "O Mercado Pago recusou renovar {name}: a conexão foi encerrada.",
  "admin.account.refreshFailed": "Não foi possível renovar os tokens de {name}; veja o último erro.",
  "admin.account.disconnect": "Desconectar",
  "admin.account.disconnectNamed": "Desconectar ({name})",
  "admin.account.disconnectTitle": "Desconectar {name}?",
  "admin.account.disconnectBody":
    "O Cobro apaga na hora os tokens deste vendedor e não pode mais agir por ele. O vendedor também pode remover o aplicativo na conta do Mercado Pago. Para conectá-lo de novo, ele precisa autorizar novamente.",
  "admin.account.disconnected": "{name} foi desconectado.",
  "admin.account.cancel": "Cancelar",
  "admin.account.working": "Processando…",
  "admin.account.connected": "A conta de vendedor {id} está conectada.",
  "admin.account.callback.state_invalid":
    "Este link de autorização não foi iniciado pelo Cobro. Comece de novo com “Conectar uma conta de vendedor”.",
  "admin.account.callback.state_other_session":
    "Esta autorização foi iniciada em outra sessão. Comece de novo neste navegador.",
  "admin.account.callback.state_used": "Esta autorização já foi usada. Comece de novo para conectar outro vendedor.",
  "admin.account.callback.state_expired": "A autorização demorou demais (mais de 10 minutos). Comece de novo.",
  "admin.account.callback.access_denied": "O vendedor não autorizou o aplicativo do Cobro.",
  "admin.account.callback.code_refused":
    "O Mercado Pago recusou o código de autorização (expirado ou já usado). Comece de novo.",
  "admin.account.callback.client_refused":
    "O Mercado Pago recusou as credenciais do aplicativo do Cobro (MP_CLIENT_ID / MP_CLIENT_SECRET).",
  "admin.account.callback.provider_unavailable": "O Mercado Pago não respondeu. Comece de novo em instantes.",
  "admin.account.callback.not_configured":
    "Conectar contas de vendedores exige MP_CLIENT_ID e MP_CLIENT_SECRET (o aplicativo OAuth do Cobro).",
  "admin.account.callback.forbidden": "Somente administradores podem conectar contas de vendedores.",
};
