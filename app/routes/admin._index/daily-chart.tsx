import type { ReactNode } from "react";
import { ChartFigure, CHART_WIDTH as WIDTH } from "./chart-figure.tsx";

export type ChartPoint = { day: string; value: number };

const HEIGHT = 220;
const PAD = { top: 16, right: 8, bottom: 28, left: 64 };
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function shortDay(day: string): string {
  return dayLabel.format(new Date(`${day}T00:00:00Z`));
}

/**
 * A bar chart of one value per day, drawn as plain SVG. Screen readers get its title and a summary, and
 * everyone can open the same numbers as a table (`table`, when the chart's numbers come with others of the same
 * days; else the day and its value). Negative values (a day with more refunds than sales) hang below the zero line.
 */
export function DailyBarChart({
  title,
  description,
  points,
  format,
  valueHeading,
  testId,
  table,
}: {
  title: string;
  description: string;
  points: ChartPoint[];
  format: (value: number) => string;
  valueHeading: string;
  testId: string;
  table?: ReactNode;
}) {
  const values = points.map((point) => point.value);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + ((max - value) / span) * plotHeight;
  const slot = plotWidth / Math.max(points.length, 1);
  const total = values.reduce((sum, value) => sum + value, 0);
  const first = points[0];
  const last = points.at(-1);
  return (
    <ChartFigure
      title={title}
      description={description}
      testId={testId}
      height={HEIGHT}
      summary={`${points.length} days from ${first ? shortDay(first.day) : ""} to ${last ? shortDay(last.day) : ""}; total ${format(total)}, highest day ${format(max)}.`}
      table={
        table ?? (
          <>
            <thead>
              <tr>
                <th scope="col" className="py-1 font-medium text-slate-600">
                  Day
                </th>
                <th scope="col" className="py-1 text-right font-medium text-slate-600">
                  {valueHeading}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.day} className="border-t border-slate-100">
                  <th scope="row" className="py-1 font-normal">
                    {point.day}
                  </th>
                  <td data-label={valueHeading} className="py-1 text-right tabular-nums">
                    {format(point.value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </>
        )
      }
    >
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="stroke-slate-300" />
      <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
        {format(max)}
      </text>
      <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
        {format(0)}
      </text>
      {min < 0 ? (
        <text x={PAD.left - 6} y={y(min) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
          {format(min)}
        </text>
      ) : null}
      {points.map((point, index) => {
        const top = y(Math.max(point.value, 0));
        const height = Math.abs(y(point.value) - y(0));
        return (
          <rect
            key={point.day}
            data-day={point.day}
            x={PAD.left + index * slot + slot * 0.15}
            y={top}
            width={slot * 0.7}
            height={Math.max(height, point.value === 0 ? 0 : 1)}
            rx={2}
            className={point.value < 0 ? "fill-red-500" : "fill-brand-600"}
          >
            <title>{`${shortDay(point.day)}: ${format(point.value)}`}</title>
          </rect>
        );
      })}
      {first ? (
        <text x={PAD.left} y={HEIGHT - 8} className="fill-slate-500 text-[11px]">
          {shortDay(first.day)}
        </text>
      ) : null}
      {last ? (
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="fill-slate-500 text-[11px]">
          {shortDay(last.day)}
        </text>
      ) : null}
    </ChartFigure>
  );
}
