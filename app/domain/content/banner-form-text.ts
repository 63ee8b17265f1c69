/** The longest banner text: the schema refuses longer and the form stops typing there (no zod here). */
export const BANNER_TEXT_MAX = 300;

/** The admin spec's texts for the Banner tab (admin spec sections 2 and 8), verbatim. */
export const BANNER_TEXT = {
  bannerLoadFailed: "Failed to load banner settings",
  bannerUpdateFailed: "Failed to update banner settings",
  bannerUpdated: "Banner settings updated successfully",
  bannerTextRequired: `Enter the banner text (at most ${BANNER_TEXT_MAX} characters) before enabling it.`,
} as const;
