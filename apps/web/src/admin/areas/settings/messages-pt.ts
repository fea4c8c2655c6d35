// Portuguese words of the console's Settings area for the store's identity (the keys of messages-en.ts).
import type { settingsIdentityEn } from "./messages-en";

export const settingsIdentityPt: Record<keyof typeof settingsIdentityEn, string> = {
  "admin.settings.identity.title": "Identidade da loja",
  "admin.settings.identity.hint":
    "Como a loja, seus e-mails e as faturas do cartão chamam a loja. Uma mudança aparece em todos os servidores ao mesmo tempo.",
  "admin.settings.identity.storeName": "Nome da loja",
  "admin.settings.identity.storeNameHint": "Aparece no cabeçalho, nos títulos das páginas e nos e-mails.",
  "admin.settings.identity.statementDescriptor": "Descrição na fatura",
  "admin.settings.identity.statementDescriptorHint":
    "O que os compradores veem na fatura do cartão: até 22 caracteres, letras sem acento, números e pontuação.",
  "admin.settings.identity.statementPreview": "Na fatura do cartão:",
  "admin.settings.identity.senderName": "Nome do remetente dos e-mails",
  "admin.settings.identity.senderNameHint": "Opcional. Vazio: o nome da loja.",
  "admin.settings.identity.senderAddress": "Endereço do remetente dos e-mails",
  "admin.settings.identity.senderAddressHint":
    "Opcional. Vazio: o endereço com que o servidor foi configurado. Seu provedor de e-mail precisa permitir enviar por ele.",
  "admin.settings.identity.brandColor": "Cor da marca",
  "admin.settings.identity.brandColorHint":
    "Uma cor hexadecimal como #0a4fb5, para os botões e links da loja. Texto branco sobre ela precisa de contraste de 4,5:1.",
  "admin.settings.identity.contrast": "Contraste com texto branco: {ratio}:1",
  "admin.settings.identity.save": "Salvar identidade",
  "admin.settings.identity.saved": "Identidade salva. A loja e os novos e-mails já a usam.",
  "admin.settings.error.storeName": "Digite o nome da loja (até 60 caracteres).",
  "admin.settings.error.statementDescriptor":
    "Digite até 22 caracteres: letras sem acento, números, espaços e pontuação.",
  "admin.settings.error.senderName": 'Use até 60 caracteres, sem <, > ou ".',
  "admin.settings.error.senderAddress": "Digite um e-mail como loja@exemplo.com, ou deixe vazio.",
  "admin.settings.error.brandColor":
    "Digite uma cor hexadecimal como #0a4fb5, escura o bastante para texto branco (contraste de pelo menos 4,5:1).",
  "admin.settings.logo.title": "Logo",
  "admin.settings.logo.hint": "PNG, JPEG ou WebP, até 512 KB. Aparece no cabeçalho da loja e nos e-mails.",
  "admin.settings.logo.current": "Logo atual",
  "admin.settings.logo.none": "Ainda sem logo: a loja mostra o nome.",
  "admin.settings.logo.file": "Arquivo do logo",
  "admin.settings.logo.upload": "Enviar logo",
  "admin.settings.logo.uploading": "Enviando…",
  "admin.settings.logo.remove": "Remover logo",
  "admin.settings.logo.uploaded": "Logo salvo. A loja e os novos e-mails já o mostram.",
  "admin.settings.logo.removed": "Logo removido.",
  "admin.settings.logo.chooseFile": "Escolha um arquivo primeiro.",
  "admin.settings.logo.wrongType": "O logo precisa ser uma imagem PNG, JPEG ou WebP.",
  "admin.settings.logo.tooLarge": "O logo pode ter no máximo 512 KB.",
};
