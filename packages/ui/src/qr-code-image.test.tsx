import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pngDataUrl, QrCodeImage } from "./qr-code-image";

describe("pngDataUrl", () => {
  it("wraps base64 in a data: URL once", () => {
    expect(pngDataUrl("iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(pngDataUrl("data:image/png;base64,iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(pngDataUrl("iVBO\nRw0K Ggo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
  });

  it("refuses text that is not base64", () => {
    expect(pngDataUrl("")).toBeNull();
    expect(pngDataUrl('"><script>alert(1)</script>')).toBeNull();
    expect(pngDataUrl("javascript:alert(1)")).toBeNull();
  });
});

describe("QrCodeImage", () => {
  it("renders the image with alt text and a labelled, read-only code", () => {
    const html = renderToString(
      <QrCodeImage
        base64Png="iVBORw0KGgo="
        code="00020126580014br.gov.bcb.pix"
        alt="Pix QR code"
        codeLabel="Pix code"
        copyLabel="Copy code"
        copiedLabel="Copied"
        copyFailedLabel="Select and copy the code"
      />,
    );
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toContain('alt="Pix QR code"');
    expect(html).toContain('readOnly=""');
    expect(html).toContain('value="00020126580014br.gov.bcb.pix"');
    const inputId = /<input[^>]* id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`for="${inputId}"`);
    expect(html).toContain("Copy code");
  });

  it("still offers the code when the image is unusable", () => {
    const html = renderToString(
      <QrCodeImage
        base64Png="not base64!"
        code="abc"
        alt="QR"
        codeLabel="Code"
        copyLabel="Copy"
        copiedLabel="Copied"
        copyFailedLabel="Copy failed"
      />,
    );
    expect(html).not.toContain("<img");
    expect(html).toContain('value="abc"');
  });
});
