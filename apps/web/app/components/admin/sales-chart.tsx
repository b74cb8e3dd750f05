import { useEffect, useRef } from "react";
import { formatNPR } from "@khelkud/contracts";
import "uplot/dist/uPlot.min.css";

/** Room for the amounts' labels ("Rs. 1,00,000"): about 7 px a character of the axis font, and the ticks' gap. */
const axisWidth = (_u: unknown, values: string[] | null) => (values?.length ? Math.max(70, Math.ceil(Math.max(...values.map((v) => v.length)) * 7) + 24) : 70);

/** Daily paid sales as bars (uPlot, loaded only by the admin dashboard). Amounts in paisa. */
export function SalesChart({ days }: { days: { day: string; revenue: number; orders: number }[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    const observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: 240 }));
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const xs = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
      const ys = days.map((d) => d.revenue / 100);
      plot = new UPlot(
        {
          width: el.clientWidth,
          height: 240,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max * 1.1, 1000)] } },
          axes: [
            { stroke: "#475569", grid: { show: false }, values: (_u, splits) => splits.map((s) => new Date(s * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" })) },
            { stroke: "#475569", grid: { stroke: "#e2e8f0" }, size: axisWidth, values: (_u, splits) => splits.map((s) => formatNPR(Math.round(s * 100))) },
          ],
          series: [{}, { label: "Sales", fill: "rgba(0, 56, 147, 0.75)", stroke: "#003893", paths: UPlot.paths.bars!({ size: [0.7, 24] }), points: { show: false } }],
        },
        [xs, ys],
        el,
      );
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [days]);
  const total = days.reduce((s, d) => s + d.revenue, 0);
  return (
    <figure>
      <div ref={ref} className="h-[240px] w-full" role="img" aria-label={`Daily paid sales for the last 30 days, ${formatNPR(total)} in total`} />
      <figcaption className="sr-only">
        {days.map((d) => `${d.day}: ${formatNPR(d.revenue)}`).join("; ")}
      </figcaption>
    </figure>
  );
}
