// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OffsetPager, type OffsetPagerProps } from "./offset-pager";

afterEach(cleanup);

function pager(overrides: Partial<OffsetPagerProps> = {}) {
  const onGo = vi.fn();
  render(
    <OffsetPager
      offset={20}
      shown={20}
      pageSize={20}
      hasNext
      busy={false}
      onGo={onGo}
      rangeLabel="21–40 of 57"
      previousLabel="Previous"
      nextLabel="Next"
      label="Pages"
      {...overrides}
    />,
  );
  return onGo;
}

describe("OffsetPager", () => {
  it("says the range in a named landmark and moves a page either way", () => {
    const onGo = pager();
    expect(screen.getByRole("navigation", { name: "Pages" })).toHaveTextContent("21–40 of 57");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(onGo.mock.calls).toEqual([[40], [0]]);
  });

  it("offers no Previous on the first page, no Next on the last, and neither while a page loads", () => {
    pager({ offset: 0, hasNext: false });
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    cleanup();
    pager({ busy: true });
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });
});
