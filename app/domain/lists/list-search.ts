/** The longest text an admin list searches for: the search box's limit and the query's cut. */
export const ADMIN_SEARCH_MAX_LENGTH = 200;

/**
 * Counts above this are shown as "10,000+": every admin list count is exact up to it and capped beyond, so a page
 * view never counts a million rows (docs/decisions/030).
 */
export const LIST_COUNT_CAP = 10_000;
