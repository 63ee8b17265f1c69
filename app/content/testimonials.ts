/** The six customer testimonials of the reviews page. */
export type Testimonial = { quote: string; name: string; role: string; service: string };

export const testimonials: readonly Testimonial[] = [
  {
    quote:
      "My reels finally started reaching Explore. Delivery began within minutes, and when I had a question at 2 a.m. a real person answered me.",
    name: "Maya R.",
    role: "Lifestyle creator",
    service: "Instagram Likes",
  },
  {
    quote:
      "Auto likes save me hours every week. I set it up once with my username and every new post gets its boost without me lifting a finger.",
    name: "Jordan T.",
    role: "Fitness coach",
    service: "Instagram Auto Likes",
  },
  {
    quote:
      "We used Spotify plays for the launch of our debut single. Clear pricing, a wallet that is easy to top up and no surprises on the bill.",
    name: "The Night Owls",
    role: "Indie band",
    service: "Spotify Plays",
  },
  {
    quote:
      "Our tutorials were stuck at a few hundred views. A steady stream of views helped the algorithm notice us, and the channel has grown on its own since.",
    name: "Priya S.",
    role: "YouTube educator",
    service: "YouTube Views",
  },
  {
    quote:
      "A handful of followers dropped after three weeks. I opened a ticket, and the refill was running the same afternoon. That is the kind of service I stay for.",
    name: "Lucas M.",
    role: "Streetwear brand owner",
    service: "TikTok Followers",
  },
  {
    quote:
      "I manage accounts for six local businesses. Paying from one wallet and tracking every order in the dashboard makes my reporting painless.",
    name: "Hannah K.",
    role: "Social media manager",
    service: "Bulk orders",
  },
];
