/** The small select or input of a form inside an admin table row. */
export const compactFieldClass =
  "rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:outline-2 focus:outline-brand-600";
