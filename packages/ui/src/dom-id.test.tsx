import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useDomId } from "./dom-id";

function Labelled() {
  const id = useDomId("quantity");
  return <input id={id} />;
}

describe("useDomId", () => {
  it("gives each instance its own id, made of characters safe in HTML and CSS", () => {
    const html = renderToString(
      <>
        <Labelled />
        <Labelled />
      </>,
    );
    const ids = [...html.matchAll(/id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^quantity-[A-Za-z0-9_-]+$/);
  });
});
