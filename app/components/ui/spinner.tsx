/** A small spinning indicator; the label is read by screen readers. */
export function Spinner({
  label = "Loading",
  className = "h-5 w-5",
}: {
  label?: string;
  className?: string;
}) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={`inline-block animate-spin rounded-full border-2 border-current border-r-transparent ${className}`}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
