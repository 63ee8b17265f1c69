import { CLIENT_LANGUAGES } from "./client-samples.ts";
import { CodeSample } from "./code-sample.tsx";

/** A sample client per language, each a disclosure (no script needed; the first one open). */
export function ClientSamples({ endpoint }: { endpoint: string }) {
  return (
    <div className="space-y-3">
      {CLIENT_LANGUAGES.map((language, index) => (
        <details
          key={language.id}
          open={index === 0}
          className="group rounded-xl border border-slate-200 bg-white"
          data-language={language.id}
        >
          <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600">
            {language.label}
          </summary>
          <div className="px-4 pb-4">
            <CodeSample label={`${language.label} client`} code={language.sample(endpoint)} />
          </div>
        </details>
      ))}
    </div>
  );
}
