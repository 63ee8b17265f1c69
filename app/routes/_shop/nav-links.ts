/** The header's platform links (customer spec, shared layout). */
export const headerPlatformLinks = [
  { to: "/services/instagram", label: "Instagram" },
  { to: "/services/tiktok", label: "TikTok" },
  { to: "/services/threads", label: "Threads" },
  { to: "/services/youtube", label: "YouTube" },
  { to: "/services/spotify", label: "Spotify" },
] as const;

/** The Services menu: every platform with a service list. */
export const servicesMenuLinks = [
  { to: "/services/instagram", label: "Instagram" },
  { to: "/services/youtube", label: "YouTube" },
  { to: "/services/tiktok", label: "TikTok" },
  { to: "/services/spotify", label: "Spotify" },
  { to: "/services/threads", label: "Threads" },
  { to: "/services/facebook", label: "Facebook" },
  { to: "/services/twitter", label: "Twitter" },
] as const;

/** Ordering shortcuts shown to everyone. */
export const orderingLinks = [
  { to: "/quick-order", label: "Quick Order" },
  { to: "/automatic-order", label: "Automatic Order" },
  { to: "/free-trial", label: "Free Trial" },
] as const;

/** Footer link groups (customer spec, shared layout). */
export const footerGroups = [
  {
    title: "Services",
    links: [
      { to: "/services/instagram", label: "Instagram" },
      { to: "/services/tiktok", label: "TikTok" },
      { to: "/services/threads", label: "Threads" },
      { to: "/services/youtube", label: "YouTube" },
      { to: "/services/spotify", label: "Spotify" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About Us" },
      { to: "/how-it-works", label: "How It Works" },
      { to: "/reviews", label: "Reviews" },
      { to: "/blog", label: "Blog" },
      { to: "/affiliate", label: "Partnerships" },
    ],
  },
  {
    title: "Support",
    links: [
      { to: "/help", label: "Help Center" },
      { to: "/contact", label: "Contact Us" },
      { to: "/faq", label: "FAQ" },
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
    ],
  },
  {
    title: "Features",
    links: [
      { to: "/free-trial", label: "Free Trial" },
      { to: "/api", label: "API" },
      { to: "/reseller", label: "Reseller Panel" },
      { to: "/bulk", label: "Bulk Orders" },
      { to: "/custom", label: "Custom Packages" },
    ],
  },
] as const;

/** The signed-in user as the header needs it (root loader). */
export type HeaderUser = { id: string; email: string; balanceCents: number; isAdmin: boolean };
