// @vitest-environment jsdom
// The list kit's date range: a preset is kept by name (and clears custom days), "Custom range" shows the two days,
// and a range that ends before it starts says so.
import "@testing-library/jest-dom/vitest";
import type { DateRangeValue } from "@cobro/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n/i18n-context";
import { DateRangeField } from "./date-range-field";

let latest: DateRangeValue = {};

function Harness({ initial }: { initial: DateRangeValue }) {
  const [value, setValue] = useState(initial);
  latest = value;
  return (
    <I18nProvider initialLanguage="en">
      <DateRangeField label="Created" value={value} onChange={setValue} />
    </I18nProvider>
  );
}

afterEach(cleanup);

describe("DateRangeField", () => {
  it("keeps a preset by its name and clears the custom days", async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ from: "2026-11-01", to: "2026-11-02" }} />);
    // An older link with days and no `range` reads as a custom range.
    expect(screen.getByRole("combobox", { name: "Created" })).toHaveValue("custom");
    expect(screen.getByLabelText("From")).toHaveValue("2026-11-01");

    await user.selectOptions(screen.getByRole("combobox", { name: "Created" }), "Last 7 days");
    expect(latest).toEqual({ range: "7d", from: "", to: "" });
    expect(screen.queryByLabelText("From")).toBeNull();
  });

  it("shows the days of a custom range and says when it ends before it starts", async () => {
    const user = userEvent.setup();
    render(<Harness initial={{}} />);
    expect(screen.getByRole("combobox", { name: "Created" })).toHaveValue("");
    await user.selectOptions(screen.getByRole("combobox", { name: "Created" }), "Custom range");
    await user.type(screen.getByLabelText("From"), "2026-11-05");
    await user.type(screen.getByLabelText("To"), "2026-11-04");
    expect(latest).toEqual({ range: "custom", from: "2026-11-05", to: "2026-11-04" });
    expect(screen.getByText("The end is before the start.")).toBeVisible();
  });
});
