import { SectionHeading } from "./section-heading.tsx";

const steps = [
  {
    title: "Choose a service",
    text: "Pick the platform and the service that fits your goal, from likes to subscribers.",
  },
  { title: "Add your link", text: "Paste your username or post link. We never ask for your password." },
  {
    title: "Watch it grow",
    text: "Delivery starts within minutes, and you can track every order from your dashboard.",
  },
];

/** The three-step how-it-works. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-title" eyebrow="How it works" title="Grow in three simple steps" />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
              <span
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-bold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 leading-7 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
