import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Alert } from "./alert";
import { FormErrorSummary } from "./form-error-summary";
import { PageLayout } from "./page-layout";
import { Pagination } from "./pagination";
import { ErrorState, LoadingState } from "./states";

// ConfirmDialog is tested by clicking and typing in confirm-dialog.test.tsx.
const noop = () => {};

describe("FormErrorSummary", () => {
  it("renders nothing without errors", () => {
    expect(renderToString(<FormErrorSummary title="Fix these" errors={[]} />)).toBe("");
  });

  it("is an alert linking each error to its field", () => {
    const html = renderToString(
      <FormErrorSummary
        title="Fix these"
        errors={[{ fieldId: "card-number", message: "Check the card number" }, { message: "Something else" }]}
      />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('href="#card-number"');
    expect(html).toContain("<li>Something else</li>");
  });
});

describe("states", () => {
  it("announces loading politely and errors at once, with a retry button", () => {
    expect(renderToString(<LoadingState label="Loading products…" />)).toContain('role="status"');
    const html = renderToString(<ErrorState title="Could not load" onRetry={noop} retryLabel="Retry" />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Retry");
  });

  it("alerts urgently only for danger and warning", () => {
    expect(renderToString(<Alert tone="danger">Declined</Alert>)).toContain('role="alert"');
    expect(renderToString(<Alert tone="success">Paid</Alert>)).toContain('role="status"');
  });

  it("hides the load-more button once the last page is shown", () => {
    const props = { loading: false, onLoadMore: noop, loadMoreLabel: "Load more", loadingLabel: "Loading…" };
    expect(renderToString(<Pagination {...props} hasMore />)).toContain("Load more");
    const last = renderToString(<Pagination {...props} hasMore={false} endLabel="That's all" />);
    expect(last).not.toContain("Load more");
    expect(last).toContain("That&#x27;s all");
  });
});

describe("PageLayout", () => {
  it("starts with a skip link to the focusable main landmark", () => {
    const html = renderToString(
      <PageLayout brand="Cobro" navLabel="Main" nav={<ul />} skipLinkLabel="Skip to content">
        <p>Hello</p>
      </PageLayout>,
    );
    expect(html).toMatch(/^<div class="ui-layout"><a class="ui-skip-link" href="#main-content">Skip to content<\/a>/);
    expect(html).toContain('<nav class="ui-nav" aria-label="Main">');
    expect(html).toContain('<main class="ui-main" id="main-content" tabindex="-1">');
  });
});
