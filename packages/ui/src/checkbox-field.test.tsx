import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckboxField, CheckboxGroupField } from "./checkbox-field";
import { TextareaField } from "./textarea-field";

describe("TextareaField", () => {
  it("binds the label to the text box and links description and error", () => {
    const html = renderToString(
      <TextareaField id="info" label="Additional info" description="Shown to staff" error="Too long" />,
    );
    expect(html).toContain('for="info"');
    expect(html).toMatch(/<textarea[^>]* id="info"/);
    expect(html).toContain('aria-describedby="info-description info-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('rows="3"');
  });
});

describe("CheckboxField", () => {
  it("puts the box before its label and wires description and error", () => {
    const html = renderToString(
      <CheckboxField id="change" label="Change the items" description="Leave to keep them" error="Required" />,
    );
    expect(html.indexOf('type="checkbox"')).toBeLessThan(html.indexOf('for="change"'));
    expect(html).toContain('aria-describedby="change-description change-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('id="change-error"');
  });

  it("is neither invalid nor described without error or description", () => {
    const html = renderToString(<CheckboxField id="active" label="Active" />);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });
});

describe("CheckboxGroupField", () => {
  const options = [
    { value: "visa", label: "Visa" },
    { value: "master", label: "Mastercard" },
  ];

  it("names the group with a legend and labels each box", () => {
    const html = renderToString(
      <CheckboxGroupField
        id="excluded"
        label="Payment methods not accepted"
        description="Buyers will not see them"
        error="Leave at least one"
        options={options}
        value={["master"]}
        onChange={() => {}}
      />,
    );
    expect(html).toMatch(/<fieldset[^>]* id="excluded"[^>]* aria-describedby="excluded-description excluded-error"/);
    expect(html).toContain("<legend");
    expect(html).toContain('for="excluded-visa"');
    expect(html).toMatch(/<input[^>]* id="excluded-master"[^>]* checked=""/);
    expect(html).not.toMatch(/<input[^>]* id="excluded-visa"[^>]* checked=""/);
  });

  it("shows the empty text when there is nothing to choose", () => {
    const html = renderToString(
      <CheckboxGroupField label="Methods" options={[]} value={[]} onChange={() => {}} emptyText="None to show" />,
    );
    expect(html).toContain("None to show");
  });
});
