import { testimonials as allTestimonials } from "../../content/testimonials.ts";
import { SectionHeading } from "./section-heading.tsx";

// The home page shows the first three of the reviews page's testimonials: one set of quotes for the site.
const testimonials = allTestimonials.slice(0, 3);

/** Customer testimonials. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Loved by creators and brands" />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {testimonials.map((item) => (
          <li
            key={item.name}
            className="flex flex-col rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
          >
            <p className="text-amber-500">
              <span className="sr-only">Rated 5 out of 5</span>
              <span aria-hidden="true">★★★★★</span>
            </p>
            <blockquote className="mt-4 flex-1 leading-7 text-slate-700">“{item.quote}”</blockquote>
            <p className="mt-6 font-semibold text-slate-900">{item.name}</p>
            <p className="text-sm text-slate-500">{item.role}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
