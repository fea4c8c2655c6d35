// A thin React wrapper over uPlot, a dependency-free canvas chart: a fraction of what recharts and d3 would add to the
// admin chunk, and only the overview loads it, lazily. The canvas is decoration; the table under it has the figures.
// Beyond uPlot's defaults: x ticks are day indexes, no more than fit the widest label (a time scale would repeat each
// date per hour); the y axis is as wide as its widest measured amount, so no label is clipped; off the days, the
// legend shows the period's total instead of blanks.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { AXIS_FONT, chooseTicks, textWidth } from "./chart-ticks";

/** Room around the y labels (tick and gap), in CSS pixels. */
const Y_AXIS_PADDING = 24;

export interface VolumeChartProps {
  /** `YYYY-MM-DD` (UTC), oldest first. */
  days: readonly string[];
  /** Approved volume per day, minor units. */
  amountsMinor: readonly number[];
  /** Formats minor units for the axis and the legend. */
  formatAmount: (amountMinor: number) => string;
  /** A day in full, for the legend ("Mar 10, 2026"). */
  formatDay: (day: string) => string;
  /** A day as an axis tick ("Mar 10"). */
  formatTick: (day: string) => string;
  /** The series' name ("Approved volume"). */
  label: string;
  /** The x series' name in the legend ("Day"). */
  dayLabel: string;
}

const HEIGHT = 220;
const MIN_WIDTH = 300;
export default function VolumeChart({
  days,
  amountsMinor,
  formatAmount,
  formatDay,
  formatTick,
  label,
  dayLabel,
}: VolumeChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const xs = days.map((_, index) => index);
    const ticks = days.map(formatTick);
    const total = amountsMinor.reduce((sum, amount) => sum + amount, 0);
    const first = days[0];
    const last = days.at(-1);
    const range = first && last ? (first === last ? formatDay(first) : `${formatDay(first)} – ${formatDay(last)}`) : "";
    /** Records where the x labels were drawn, so a browser test can check they do not overlap. */
    const recordLabels = (u: uPlot) => {
      const boxes = chosen(u).map((index) => {
        const centre = u.valToPos(index, "x");
        const half = textWidth(ticks[index] ?? "") / 2;
        return [Math.round(centre - half), Math.round(centre + half)];
      });
      element.dataset.xLabels = JSON.stringify(boxes);
    };
    const chosen = (u: uPlot) => chooseTicks(ticks, u.bbox.width / uPlot.pxRatio);
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, MIN_WIDTH),
        height: HEIGHT,
        legend: { show: true, live: true },
        scales: {
          x: {
            time: false,
            // One day (the "today" period) still gets room on both sides.
            range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]),
          },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            font: AXIS_FONT,
            splits: (u) => chosen(u),
            values: (_u, splits) => splits.map((index) => ticks[index] ?? ""),
          },
          {
            font: AXIS_FONT,
            size: (_u, values) =>
              values ? Math.ceil(Math.max(0, ...values.map(textWidth))) + Y_AXIS_PADDING : Y_AXIS_PADDING,
            values: (_u, splits) => splits.map((split) => formatAmount(Math.round(split))),
          },
        ],
        series: [
          {
            label: dayLabel,
            value: (_u, value, _series, index) => {
              if (index === null) return range;
              const day = days[value];
              return day ? formatDay(day) : "";
            },
          },
          {
            label,
            stroke: "#2f6fed",
            fill: "rgba(47, 111, 237, 0.12)",
            width: 2,
            points: { show: days.length <= 31 },
            value: (_u, value, _series, index) => (index === null ? formatAmount(total) : formatAmount(value ?? 0)),
          },
        ],
        hooks: { draw: [recordLabels] },
      },
      [xs, [...amountsMinor]],
      element,
    );
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, MIN_WIDTH), height: HEIGHT }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, amountsMinor, formatAmount, formatDay, formatTick, label, dayLabel]);

  return <div ref={container} className="admin-chart" data-days={days.length} aria-hidden="true" />;
}
