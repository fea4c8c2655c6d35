// Spanish words of the console's Settings area for the store's identity (the keys of messages-en.ts).
import type { settingsIdentityEn } from "./messages-en";

export const settingsIdentityEs: Record<keyof typeof settingsIdentityEn, string> = {
  "admin.settings.identity.title": "Identidad de la tienda",
  "admin.settings.identity.hint":
    "Cómo nombran a la tienda la tienda online, sus correos y los resúmenes de tarjeta. Un cambio se ve en todos los servidores a la vez.",
  "admin.settings.identity.storeName": "Nombre de la tienda",
  "admin.settings.identity.storeNameHint": "Se muestra en el encabezado, los títulos de las páginas y los correos.",
  "admin.settings.identity.statementDescriptor": "Descriptor en el resumen",
  "admin.settings.identity.statementDescriptorHint":
    "Lo que ven los compradores en el resumen de su tarjeta: hasta 22 caracteres, letras sin tilde, números y signos.",
  "admin.settings.identity.statementPreview": "En el resumen de la tarjeta:",
  "admin.settings.identity.senderName": "Nombre del remitente de los correos",
  "admin.settings.identity.senderNameHint": "Opcional. Vacío: el nombre de la tienda.",
  "admin.settings.identity.senderAddress": "Dirección del remitente de los correos",
  "admin.settings.identity.senderAddressHint":
    "Opcional. Vacía: la dirección con la que se configuró el servidor. Tu proveedor de correo debe permitir enviar desde ella.",
  "admin.settings.identity.brandColor": "Color de la marca",
  "admin.settings.identity.brandColorHint":
    "Un color hexadecimal como #0a4fb5, para los botones y enlaces de la tienda. El texto blanco sobre él necesita un contraste de 4,5:1.",
  "admin.settings.identity.contrast": "Contraste con texto blanco: {ratio}:1",
  "admin.settings.identity.save": "Guardar identidad",
  "admin.settings.identity.saved": "Identidad guardada. La tienda y los correos nuevos ya la usan.",
  "admin.settings.error.storeName": "Escribe el nombre de la tienda (hasta 60 caracteres).",
  "admin.settings.error.statementDescriptor":
    "Escribe hasta 22 caracteres: letras sin tilde, números, espacios y signos.",
  "admin.settings.error.senderName": 'Usa hasta 60 caracteres, sin <, > ni ".',
  "admin.settings.error.senderAddress": "Escribe un correo como tienda@ejemplo.com, o déjalo vacío.",
  "admin.settings.error.brandColor":
    "Escribe un color hexadecimal como #0a4fb5, lo bastante oscuro para texto blanco (contraste de al menos 4,5:1).",
  "admin.settings.logo.title": "Logo",
  "admin.settings.logo.hint":
    "PNG, JPEG o WebP, hasta 512 KB. Se muestra en el encabezado de la tienda y en los correos.",
  "admin.settings.logo.current": "Logo actual",
  "admin.settings.logo.none": "Todavía no hay logo: la tienda muestra su nombre.",
  "admin.settings.logo.file": "Archivo del logo",
  "admin.settings.logo.upload": "Subir logo",
  "admin.settings.logo.uploading": "Subiendo…",
  "admin.settings.logo.remove": "Quitar logo",
  "admin.settings.logo.uploaded": "Logo guardado. La tienda y los correos nuevos ya lo muestran.",
  "admin.settings.logo.removed": "Logo quitado.",
  "admin.settings.logo.chooseFile": "Primero elige un archivo.",
  "admin.settings.logo.wrongType": "El logo debe ser una imagen PNG, JPEG o WebP.",
  "admin.settings.logo.tooLarge": "El logo debe pesar como máximo 512 KB.",
};
