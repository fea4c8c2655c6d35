// Spanish words of the console's Accounts area (the keys of messages-en.ts).
import type { accountEn } from "./messages-en";

export const accountEs: Record<keyof typeof accountEn, string> = {
  "admin.nav.account": "Cuentas",
  "admin.account.title": "Cuentas",
  "admin.account.description":
    "La cuenta de Mercado Pago con la que cobra la tienda y las cuentas de vendedores conectadas a la aplicación de Cobro.",
  "admin.account.none": "—",
  "admin.account.never": "Nunca",
  "admin.account.expired": "Vencido",
  "admin.account.setting.title": "Dónde se cobran los pagos nuevos",
  "admin.account.setting.description":
    "La cuenta en la que cobran los checkouts nuevos de la tienda: la cuenta propia de la tienda o un vendedor conectado. Un checkout conserva la cuenta en la que empezó, y los reembolsos, capturas y cancelaciones de su pago van a esa cuenta.",
  "admin.account.setting.loading": "Cargando la cuenta de cobro…",
  "admin.account.setting.failed": "No se pudo cargar la cuenta de cobro",
  "admin.account.setting.current": "Los checkouts nuevos se cobran en:",
  "admin.account.setting.own": "La cuenta propia de la tienda",
  "admin.account.setting.choose": "Cobrar los pagos nuevos en",
  "admin.account.setting.switch": "Cambiar…",
  "admin.account.setting.confirmTitle": "¿Cobrar los pagos nuevos en {name}?",
  "admin.account.setting.confirmBody":
    "El dinero de cada checkout que empiece desde ahora va a esta cuenta. Los checkouts ya empezados y los pagos ya hechos quedan en la cuenta en la que se hicieron. El cambio queda en el registro de auditoría.",
  "admin.account.setting.confirm": "Cambiar la cuenta de cobro",
  "admin.account.setting.switched": "Los pagos nuevos ahora se cobran en {name}.",
  "admin.account.setting.fallback":
    "Mercado Pago terminó la conexión de {name} el {date}, así que los pagos nuevos vuelven a cobrarse en la cuenta propia de la tienda.",
  "admin.account.setting.badge": "Cobra los pagos nuevos",
  "admin.account.charging.title": "La cuenta propia de la tienda",
  "admin.account.charging.description":
    "Leída de Mercado Pago con las credenciales de la tienda. Las credenciales nunca se muestran.",
  "admin.account.charging.loading": "Leyendo la cuenta en Mercado Pago…",
  "admin.account.charging.failed": "No se pudo leer la cuenta en Mercado Pago",
  "admin.account.charging.nickname": "Apodo",
  "admin.account.charging.userId": "ID de usuario",
  "admin.account.charging.email": "E-mail",
  "admin.account.charging.site": "Sitio",
  "admin.account.charging.country": "País",
  "admin.account.charging.mode": "Modo",
  "admin.account.mode.sandbox": "Prueba (sandbox integrado)",
  "admin.account.mode.test": "Cuenta de prueba",
  "admin.account.mode.live": "Producción",
  "admin.account.connections.title": "Cuentas de vendedores conectadas",
  "admin.account.connections.description":
    "Vendedores que autorizaron la aplicación de Cobro (modo marketplace). Sus tokens se guardan cifrados y se renuevan solos antes de vencer.",
  "admin.account.connections.loading": "Cargando las cuentas conectadas…",
  "admin.account.connections.failed": "No se pudieron cargar las cuentas conectadas",
  "admin.account.connections.empty": "No hay cuentas de vendedores conectadas",
  "admin.account.connections.emptyHint":
    "Conecta una: el vendedor entra a Mercado Pago y autoriza la aplicación de Cobro.",
  "admin.account.connect": "Conectar una cuenta de vendedor",
  "admin.account.connecting": "Abriendo Mercado Pago…",
  "admin.account.notConfigured":
    "Para conectar cuentas de vendedores hace falta la aplicación OAuth de Cobro: define MP_CLIENT_ID y MP_CLIENT_SECRET.",
  "admin.account.col.seller": "Vendedor",
  "admin.account.col.status": "Estado",
  "admin.account.col.expiresIn": "Vence en",
  "admin.account.col.lastRefresh": "Última renovación",
  "admin.account.col.lastError": "Último error",
  "admin.account.col.actions": "Acciones",
  "admin.account.status.active": "Conectada",
  "admin.account.status.revoked": "Terminada por Mercado Pago",
  "admin.account.status.disconnected": "Desconectada",
  "admin.account.endedAt": "el {date}",
  "admin.account.expiresInDays.one": "{count} día",
  "admin.account.expiresInDays.other": "{count} días",
  "admin.account.error.refresh_refused":
    "Mercado Pago rechazó el token de renovación: el vendedor revocó el acceso. Conéctalo de nuevo.",
  "admin.account.error.client_refused":
    "Mercado Pago rechazó las credenciales de la aplicación de Cobro (MP_CLIENT_ID / MP_CLIENT_SECRET).",
  "admin.account.error.provider_unavailable": "Mercado Pago no respondió; la renovación se volverá a intentar.",
  "admin.account.error.disconnected": "Desconectada por un administrador.",
  "admin.account.error.deauthorized": "El vendedor quitó el acceso de Cobro en Mercado Pago.",
  "admin.account.refresh": "Renovar ahora",
  "admin.account.refreshNamed": "Renovar ahora ({name})",
  "admin.account.refreshed": "Se renovaron los tokens de {name}.",
  "admin.account.revoked": "Mercado Pago se negó a renovar {name}: la conexión terminó.",
  "admin.account.refreshFailed": "No se pudieron renovar los tokens de {name}; mira el último error.",
  "admin.account.disconnect": "Desconectar",
  "admin.account.disconnectNamed": "Desconectar ({name})",
  "admin.account.disconnectTitle": "¿Desconectar {name}?",
  "admin.account.disconnectBody":
    "Cobro borra en el acto los tokens de este vendedor y ya no puede actuar por él. El vendedor también puede quitar la aplicación desde su cuenta de Mercado Pago. Para volver a conectarlo, tiene que autorizar de nuevo.",
  "admin.account.disconnected": "{name} quedó desconectado.",
  "admin.account.cancel": "Cancelar",
  "admin.account.working": "Procesando…",
  "admin.account.connected": "La cuenta de vendedor {id} está conectada.",
  "admin.account.callback.state_invalid":
    "Este enlace de autorización no lo inició Cobro. Empieza de nuevo con “Conectar una cuenta de vendedor”.",
  "admin.account.callback.state_other_session":
    "Esta autorización se inició en otra sesión. Empieza de nuevo desde este navegador.",
  "admin.account.callback.state_used": "Esta autorización ya se usó. Empieza de nuevo para conectar otro vendedor.",
  "admin.account.callback.state_expired": "La autorización tardó demasiado (más de 10 minutos). Empieza de nuevo.",
  "admin.account.callback.access_denied": "El vendedor no autorizó la aplicación de Cobro.",
  "admin.account.callback.code_refused":
    "Mercado Pago rechazó el código de autorización (vencido o ya usado). Empieza de nuevo.",
  "admin.account.callback.client_refused":
    "Mercado Pago rechazó las credenciales de la aplicación de Cobro (MP_CLIENT_ID / MP_CLIENT_SECRET).",
  "admin.account.callback.provider_unavailable": "Mercado Pago no respondió. Empieza de nuevo en un momento.",
  "admin.account.callback.not_configured":
    "Para conectar cuentas de vendedores hacen falta MP_CLIENT_ID y MP_CLIENT_SECRET (la aplicación OAuth de Cobro).",
  "admin.account.callback.forbidden": "Solo los administradores pueden conectar cuentas de vendedores.",
};
