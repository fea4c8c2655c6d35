// A thin React wrapper over uPlot (https://github.com/leeoniya/uPlot): a
// canvas line chart of ~50 KB minified with no dependencies, kept up to date
// since 2019 — a fraction of what recharts (and its d3 modules) would add to
// the admin chunk. Only the overview imports this file, lazily, so neither
// the shop nor the other console areas download it. The canvas is decoration
// for sighted staff; the same figures are in the table under it.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface VolumeChartProps {
  /** `YYYY-MM-DD` (UTC), oldest first. */
  days: readonly string[];
  /** Approved volume per day, minor units. */
  amountsMinor: readonly number[];
  /** Formats minor units for the axis and the legend. */
  formatAmount: (amountMinor: number) => string;
  formatDay: (day: string) => string;
  label: string;
}

const HEIGHT = 220;

export default function VolumeChart({ days, amountsMinor, formatAmount, formatDay, label }: VolumeChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 300),
        height: HEIGHT,
        legend: { show: true },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          {
            values: (_u, splits) => splits.map((split) => formatDay(new Date(split * 1000).toISOString().slice(0, 10))),
          },
          { size: 90, values: (_u, splits) => splits.map((split) => formatAmount(Math.round(split))) },
        ],
        series: [
          { value: (_u, value) => (value == null ? "" : formatDay(new Date(value * 1000).toISOString().slice(0, 10))) },
          {
            label,
            stroke: "#2f6fed",
            fill: "rgba(47, 111, 237, 0.12)",
            width: 2,
            value: (_u, value) => (value == null ? "" : formatAmount(value)),
          },
        ],
      },
      [xs, [...amountsMinor]],
      element,
    );
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 300), height: HEIGHT }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, amountsMinor, formatAmount, formatDay, label]);

  return <div ref={container} className="admin-chart" aria-hidden="true" />;
}
