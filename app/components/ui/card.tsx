import type { HTMLAttributes, ReactNode } from "react";

/** A white rounded panel. */
export function Card({ className = "", ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`} {...props} />
  );
}

/** A card's heading and optional description. */
export function CardHeader({
  title,
  description,
  as: Heading = "h2",
}: {
  title: ReactNode;
  description?: ReactNode;
  as?: "h1" | "h2" | "h3";
}) {
  return (
    <div className="mb-4">
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
    </div>
  );
}
