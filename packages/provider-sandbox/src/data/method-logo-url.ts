// Where the sandbox serves the payment methods' logos (resources/method-logos.ts).

/** The logos' path on the sandbox's origin (the provider's own path, with .svg). */
export const METHOD_LOGO_PATH = "/org-img/MP3/API/logos";

/** A method's logo URL on the sandbox whose base URL is `publicUrl`. */
export function methodLogoUrl(publicUrl: string, methodId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${METHOD_LOGO_PATH}/${encodeURIComponent(methodId)}.svg`;
}
