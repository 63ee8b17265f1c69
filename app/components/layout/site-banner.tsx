export type SiteBannerData = { text: string; type: "info" | "success" | "warning" | "error" };

const tones: Record<SiteBannerData["type"], string> = {
  info: "bg-blue-50 text-blue-900 border-blue-200",
  success: "bg-emerald-50 text-emerald-900 border-emerald-200",
  warning: "bg-amber-50 text-amber-900 border-amber-200",
  error: "bg-red-50 text-red-900 border-red-200",
};

/** The site-wide banner an admin sets (admin spec, Banner tab). */
export function SiteBanner({ banner, preview = false }: { banner: SiteBannerData; preview?: boolean }) {
  return (
    <div
      // The admin's preview is not the live banner: no announcement, its own test id.
      role={preview ? undefined : "status"}
      data-testid={preview ? "banner-preview" : "site-banner"}
      data-banner-type={banner.type}
      className={`border-b ${tones[banner.type]}`}
    >
      <p className="mx-auto max-w-7xl px-4 py-2 text-center text-sm font-medium sm:px-6 lg:px-8">
        {banner.text}
      </p>
    </div>
  );
}
