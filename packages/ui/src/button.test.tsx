import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("is a plain button by default, never an accidental submit", () => {
    const html = renderToString(<Button>Save</Button>);
    expect(html).toContain('type="button"');
    expect(html).not.toContain("disabled");
    expect(html).not.toContain("aria-busy");
  });

  it("while busy is disabled, marked busy and announces its busy label", () => {
    const html = renderToString(
      <Button type="submit" busy busyLabel="Paying…">
        Pay
      </Button>,
    );
    expect(html).toContain('type="submit"');
    expect(html).toMatch(/disabled=""/);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain("Paying…");
    expect(html).toContain("ui-spinner");
  });

  it("cannot be re-enabled by passing disabled={false} while busy", () => {
    const html = renderToString(
      <Button busy disabled={false}>
        Pay
      </Button>,
    );
    expect(html).toMatch(/disabled=""/);
  });
});
