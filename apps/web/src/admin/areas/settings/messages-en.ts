// English words of the console's Settings area for the store's identity; spread into the admin dictionary (this
// file defines its keys).
export const settingsIdentityEn = {
  "admin.settings.identity.title": "Store identity",
  "admin.settings.identity.hint":
    "How the shop, its e-mails and card statements name the store. A change shows on every server at once.",
  "admin.settings.identity.storeName": "Store name",
  "admin.settings.identity.storeNameHint": "Shown in the shop's header, page titles and e-mails.",
  "admin.settings.identity.statementDescriptor": "Statement descriptor",
  "admin.settings.identity.statementDescriptorHint":
    "What shoppers see on their card statement: at most 22 characters, unaccented letters, digits and punctuation.",
  "admin.settings.identity.statementPreview": "On the card statement:",
  "admin.settings.identity.senderName": "E-mail sender name",
  "admin.settings.identity.senderNameHint": "Optional. Empty: the store name.",
  "admin.settings.identity.senderAddress": "E-mail sender address",
  "admin.settings.identity.senderAddressHint":
    "Optional. Empty: the address the server was set up with. Your mail provider must allow sending from it.",
  "admin.settings.identity.brandColor": "Brand colour",
  "admin.settings.identity.brandColorHint":
    "A hex colour like #0a4fb5, used for the shop's buttons and links. White text on it needs a contrast of 4.5:1.",
  "admin.settings.identity.contrast": "Contrast with white text: {ratio}:1",
  "admin.settings.identity.save": "Save store identity",
  "admin.settings.identity.saved": "Store identity saved. The shop and new e-mails use it now.",
  "admin.settings.error.storeName": "Enter the store's name (at most 60 characters).",
  "admin.settings.error.statementDescriptor":
    "Enter at most 22 characters: unaccented letters, digits, spaces and punctuation.",
  "admin.settings.error.senderName": 'Use at most 60 characters, without <, > or ".',
  "admin.settings.error.senderAddress": "Enter an e-mail address like shop@example.com, or leave it empty.",
  "admin.settings.error.brandColor":
    "Enter a hex colour like #0a4fb5 dark enough for white text (contrast of at least 4.5:1).",
  "admin.settings.logo.title": "Logo",
  "admin.settings.logo.hint": "PNG, JPEG or WebP, at most 512 KB. Shown in the shop's header and the e-mails.",
  "admin.settings.logo.current": "Current logo",
  "admin.settings.logo.none": "No logo yet: the shop shows the store name.",
  "admin.settings.logo.file": "Logo file",
  "admin.settings.logo.upload": "Upload logo",
  "admin.settings.logo.uploading": "Uploading…",
  "admin.settings.logo.remove": "Remove logo",
  "admin.settings.logo.uploaded": "Logo saved. The shop and new e-mails show it now.",
  "admin.settings.logo.removed": "Logo removed.",
  "admin.settings.logo.chooseFile": "Choose a file first.",
  "admin.settings.logo.wrongType": "The logo must be a PNG, JPEG or WebP image.",
  "admin.settings.logo.tooLarge": "The logo must be at most 512 KB.",
};
