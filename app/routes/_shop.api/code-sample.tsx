/** A labelled, scrollable code sample (request or response). */
export function CodeSample({ label, code }: { label: string; code: string }) {
  return (
    <figure className="overflow-hidden rounded-xl bg-slate-900 ring-1 ring-slate-800">
      <figcaption className="border-b border-slate-700 px-4 py-2 text-xs font-semibold uppercase tracking-wider text-slate-300">
        {label}
      </figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable sample must be reachable by keyboard to scroll it.
        tabIndex={0}
        className="overflow-x-auto p-4 text-sm leading-6 text-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
