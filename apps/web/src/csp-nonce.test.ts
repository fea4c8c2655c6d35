// @vitest-environment jsdom
import { getNonce } from "get-nonce";
import { afterEach, describe, expect, it } from "vitest";
import { applyCspNonce, readCspNonce } from "./csp-nonce";

describe("applyCspNonce", () => {
  afterEach(() => {
    for (const meta of document.head.querySelectorAll("meta[property='csp-nonce']")) meta.remove();
  });

  it("gives the server's nonce to get-nonce, which the dialogs' scroll lock reads for its <style>", () => {
    const meta = document.createElement("meta");
    meta.setAttribute("property", "csp-nonce");
    meta.setAttribute("nonce", "c2VydmVyLW5vbmNl");
    document.head.append(meta);
    expect(readCspNonce(document)).toBe("c2VydmVyLW5vbmNl");
    applyCspNonce(document);
    expect(getNonce()).toBe("c2VydmVyLW5vbmNl");
  });

  it("reads nothing from a page without the element (the dev server's)", () => {
    expect(readCspNonce(document)).toBeNull();
  });
});
