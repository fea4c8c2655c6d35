// CSV fields of the payments export: quoted when they hold a separator, a quote or a line break, and a leading
// formula character defused, so a payer e-mail or reference cannot run as a spreadsheet formula.
import { describe, expect, it } from "vitest";
import { csvField } from "./admin-payments-csv";

describe("csvField", () => {
  it("leaves plain values alone and empties null", () => {
    expect(csvField("approved")).toBe("approved");
    expect(csvField(1234)).toBe("1234");
    expect(csvField(null)).toBe("");
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
  });

  it("defuses text that a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField("-2")).toBe("'-2");
  });
});
