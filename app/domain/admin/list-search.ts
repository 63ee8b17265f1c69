/** The longest text an admin list searches for: the search box's limit and the query's cut. */
export const ADMIN_SEARCH_MAX_LENGTH = 200;
