import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";

describe("TextField", () => {
  it("binds the label to the input and links description and error", () => {
    const html = renderToString(
      <TextField id="email" label="Email" description="We send the receipt here" error="Enter a valid email" />,
    );
    expect(html).toContain('for="email"');
    expect(html).toContain('id="email"');
    expect(html).toContain('aria-describedby="email-description email-error"');
    expect(html).toContain('id="email-description"');
    expect(html).toContain('id="email-error"');
    expect(html).toContain('aria-invalid="true"');
  });

  it("is not marked invalid and describes nothing without error or description", () => {
    const html = renderToString(<TextField id="name" label="Name" />);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });

  it("generates a usable id when none is given", () => {
    const html = renderToString(<TextField label="City" error="Required" />);
    const id = /<input[^>]* id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeDefined();
    expect(html).toContain(`for="${id}"`);
    expect(html).toContain(`aria-describedby="${id}-error"`);
  });
});

describe("SelectField", () => {
  it("renders a disabled placeholder and the options", () => {
    const html = renderToString(
      <SelectField
        id="doc"
        label="Document"
        placeholder="Choose…"
        defaultValue=""
        options={[
          { value: "DNI", label: "DNI" },
          { value: "CUIT", label: "CUIT" },
        ]}
        error="Choose a document type"
      />,
    );
    expect(html).toContain('for="doc"');
    expect(html).toMatch(/<option value="" disabled=""[^>]*>Choose…<\/option>/);
    expect(html).toContain('<option value="CUIT">CUIT</option>');
    expect(html).toContain('aria-describedby="doc-error"');
  });
});
