import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatUsd } from '#shared/prices';
import type { UsageReply } from '#shared/usage';

const CHART_HEIGHT = 220;
const DAY_SECONDS = 24 * 60 * 60;

/** A day's bar stands at its noon (UTC, as the usage days are). */
export function dayTimeOf(day: string): number {
  return Date.parse(`${day}T12:00:00Z`) / 1000;
}

/**
 * The time axis runs from the first day's start to the last day's end: uPlot's own range pads a single
 * point by years (a one-day period, the default view on the first of a month, ran to 2029).
 */
export function timeRangeOf(days: readonly { readonly day: string }[]): [number, number] | null {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  return [dayTimeOf(first.day) - DAY_SECONDS / 2, dayTimeOf(last.day) + DAY_SECONDS / 2];
}

/**
 * Cost per day of the period as bars (uPlot: small, canvas, loaded with this route's chunk only). The
 * figures are also in the table beside it, so the canvas is described rather than read out.
 */
export function CostChart({ days }: { days: UsageReply['days'] }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const xs = days.map((day) => dayTimeOf(day.day));
    const range = timeRangeOf(days);
    const ys = days.map((day) => day.costUsd);
    const color = getComputedStyle(element).getPropertyValue('color') || '#2563eb';
    const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: CHART_HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true, ...(range ? { range } : {}) },
          y: { range: (_self, _min, max) => [0, Math.max(max, 0.01) * 1.1] },
        },
        axes: [
          { stroke: 'currentColor', grid: { show: false } },
          {
            stroke: 'currentColor',
            size: 64,
            values: (_self, ticks) => ticks.map((tick) => formatUsd(tick)),
            grid: { stroke: 'rgba(127,127,127,0.2)' },
          },
        ],
        series: [
          {},
          {
            label: 'Cost',
            stroke: color,
            fill: color,
            width: 0,
            ...(bars ? { paths: bars } : {}),
            points: { show: false },
          },
        ],
      },
      [xs, ys],
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: element.clientWidth, height: CHART_HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);

  const total = days.reduce((sum, day) => sum + day.costUsd, 0);
  const dearest = days.reduce<UsageReply['days'][number] | null>(
    (best, day) => (best === null || day.costUsd > best.costUsd ? day : best),
    null,
  );
  const description =
    dearest && dearest.costUsd > 0
      ? `Cost per day, ${days.length} days, ${formatUsd(total)} in all; the dearest day was ${dearest.day} at ${formatUsd(dearest.costUsd)}.`
      : `Cost per day, ${days.length} days: nothing was spent.`;
  return (
    <figure className="m-0">
      <div
        ref={host}
        role="img"
        aria-label={description}
        className="w-full text-primary"
        data-testid="cost-chart"
      />
      <figcaption className="sr-only">{description}</figcaption>
    </figure>
  );
}
