/** URL slug of a service's public page: the name in lower case, spaces to hyphens (customer spec, home page). */
export function serviceSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
