import { API_CHANGES } from "../../domain/reseller/api-changes.ts";

/** The API's change log: each change that broke stored ids or answer shapes, newest first (product rules 17.6). */
export function ApiChangeLog() {
  return (
    <ol className="space-y-4" data-testid="api-change-log">
      {API_CHANGES.map((change) => (
        <li
          key={`${change.date} ${change.title}`}
          data-testid="api-change"
          className="rounded-2xl bg-white p-5 ring-1 ring-slate-200"
        >
          <p className="text-sm text-slate-600">
            <time dateTime={change.date}>{change.date}</time>, {change.release}
          </p>
          <h3 className="mt-1 text-lg font-semibold text-slate-900">{change.title}</h3>
          <dl className="mt-3 space-y-2 leading-7 text-slate-700">
            <div>
              <dt className="font-semibold text-slate-900">What changed</dt>
              <dd>{change.changed}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">What your integration must do</dt>
              <dd>{change.todo}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}
