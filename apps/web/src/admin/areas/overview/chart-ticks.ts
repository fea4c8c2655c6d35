// Where the overview chart puts its x labels, kept apart from the chart (and uPlot, which needs a real browser) so
// the choice is tested on its own: as many days as fit the width at the widest label, today always labelled.

/** uPlot's default axis font; measuring with it gives the widths the canvas draws. */
export const AXIS_FONT = "12px system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
/** Room between two x labels, in CSS pixels. */
const LABEL_GAP = 16;

let measureContext: CanvasRenderingContext2D | null | undefined;

/** The width of `text` in the axis font, in CSS pixels (an estimate when canvas is unavailable). */
export function textWidth(text: string): number {
  if (measureContext === undefined) measureContext = document.createElement("canvas").getContext("2d");
  if (!measureContext) return text.length * 7;
  measureContext.font = AXIS_FONT;
  return measureContext.measureText(text).width;
}

/** Every `step`-th day from the last one back, so today always has its tick; `step` makes them fit `width`. */
export function chooseTicks(labels: readonly string[], width: number): number[] {
  if (labels.length === 0) return [];
  const widest = Math.max(...labels.map(textWidth)) + LABEL_GAP;
  const fit = Math.max(1, Math.floor(width / widest));
  const step = Math.ceil(labels.length / fit);
  const ticks: number[] = [];
  for (let index = labels.length - 1; index >= 0; index -= step) ticks.unshift(index);
  return ticks;
}
