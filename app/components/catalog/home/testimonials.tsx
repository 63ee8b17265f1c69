import { SectionHeading } from "./section-heading.tsx";

const testimonials = [
  {
    quote:
      "My reels finally started reaching Explore. Delivery began within minutes and support answered me at 2 a.m.",
    name: "Maya R.",
    role: "Lifestyle creator",
  },
  {
    quote:
      "The auto likes save me so much time. I set it up once and every new post gets a boost automatically.",
    name: "Jordan T.",
    role: "Fitness coach",
  },
  {
    quote:
      "We used Spotify plays for our debut single launch. Clear pricing, a wallet that is easy to top up, no surprises.",
    name: "The Night Owls",
    role: "Indie band",
  },
];

/** Customer testimonials (static copy). */
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
