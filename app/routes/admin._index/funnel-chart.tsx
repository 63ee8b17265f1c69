import { formatCount } from "../../lib/format-money.ts";
import { ChartFigure, CHART_WIDTH as WIDTH } from "./chart-figure.tsx";

export type FunnelStepView = { key: string; label: string; count: number; source: string };

const ROW = 44;
const LABEL = 130;

function share(count: number, of: number): string {
  if (of <= 0) return "–";
  return `${((count / of) * 100).toFixed(1)}%`;
}

/** The conversion funnel as horizontal SVG bars, each step with its share of the step before. */
export function FunnelChart({ title, steps }: { title: string; steps: FunnelStepView[] }) {
  const top = Math.max(1, ...steps.map((step) => step.count));
  const height = steps.length * ROW;
  const barSpace = WIDTH - LABEL - 120;
  return (
    <ChartFigure
      title={title}
      testId="funnel-chart"
      height={height}
      summary={steps.map((step) => `${step.label}: ${formatCount(step.count)}`).join(", ")}
      table={
        <>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 font-medium">
                Step
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Count
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Of previous step
              </th>
              <th scope="col" className="py-1 pl-4 font-medium">
                Counted from
              </th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step, index) => (
              <tr key={step.key} className="border-t border-slate-100" data-testid={`funnel-${step.key}`}>
                <th scope="row" className="py-1 font-normal">
                  {step.label}
                </th>
                <td data-label="Count" className="py-1 text-right tabular-nums">
                  {formatCount(step.count)}
                </td>
                <td data-label="Of previous step" className="py-1 text-right tabular-nums">
                  {index === 0 ? "–" : share(step.count, steps[index - 1]?.count ?? 0)}
                </td>
                <td data-label="Counted from" className="py-1 pl-4 text-slate-600">
                  {step.source}
                </td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      {steps.map((step, index) => {
        const width = (step.count / top) * barSpace;
        const previous = steps[index - 1];
        return (
          <g key={step.key} transform={`translate(0 ${index * ROW})`}>
            <text x={0} y={ROW / 2 + 4} className="fill-slate-700 text-[13px]">
              {step.label}
            </text>
            <rect
              x={LABEL}
              y={8}
              width={Math.max(width, step.count > 0 ? 2 : 0)}
              height={ROW - 16}
              rx={4}
              className="fill-brand-600"
            />
            <text x={LABEL + width + 8} y={ROW / 2 + 4} className="fill-slate-900 text-[13px] font-semibold">
              {formatCount(step.count)}
              {previous ? ` (${share(step.count, previous.count)})` : ""}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}
