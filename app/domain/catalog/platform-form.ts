import { z } from "zod";
import { checkbox, UNKNOWN_FIELD_TEXT } from "../admin-form.ts";
import { MAX_SORT_ORDER, PLATFORM_MAX, PLATFORM_TEXT } from "./platform-form-text.ts";
import { PLATFORM_SLUG } from "./platforms.ts";

/** A host name: labels of letters, digits and inner hyphens, at least one dot, a top-level name of letters. */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * "https://www.T.me/x, telegram.me" -> ["t.me", "telegram.me"]: each host as an order's link is checked against it
 * (its subdomains are accepted too, so "www." is dropped); null when one of them is no host or there are too many.
 */
export function parseLinkHosts(text: string): string[] | null {
  const hosts = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) =>
      entry
        .toLowerCase()
        .replace(/^https?:\/\//, "")
        .replace(/[/?#].*$/, "")
        .replace(/^www\./, ""),
    );
  if (hosts.some((host) => !HOST.test(host))) return null;
  const unique = [...new Set(hosts)];
  return unique.length <= PLATFORM_MAX.hosts ? unique : null;
}

const sortOrder = z
  .string({ error: PLATFORM_TEXT.badSortOrder })
  .trim()
  .regex(/^\d{1,6}$/, PLATFORM_TEXT.badSortOrder)
  .transform(Number)
  .refine((value) => value <= MAX_SORT_ORDER, PLATFORM_TEXT.badSortOrder);

/**
 * The platform form (docs/decisions/038): its address (the slug, fixed once created), its name, the hosts an order's
 * link may be on (none: any http(s) link), whether it has a public list, and its place in the menus.
 * Strict: a field the form does not have is refused, never silently dropped (product rules 10.6).
 */
export const platformForm = z.strictObject(
  {
    slug: z
      .string({ error: PLATFORM_TEXT.badSlug })
      .trim()
      .toLowerCase()
      .max(PLATFORM_MAX.slug, PLATFORM_TEXT.badSlug)
      .regex(PLATFORM_SLUG, PLATFORM_TEXT.badSlug),
    name: z
      .string({ error: PLATFORM_TEXT.nameRequired })
      .trim()
      .min(1, PLATFORM_TEXT.nameRequired)
      .max(PLATFORM_MAX.name, PLATFORM_TEXT.nameRequired),
    linkHosts: z
      .string()
      .max(PLATFORM_MAX.linkHosts, PLATFORM_TEXT.badHosts)
      .default("")
      .transform((text, ctx) => {
        const hosts = parseLinkHosts(text);
        if (hosts === null) ctx.issues.push({ code: "custom", input: text, message: PLATFORM_TEXT.badHosts });
        return hosts ?? [];
      }),
    listed: checkbox,
    sortOrder,
  },
  { error: UNKNOWN_FIELD_TEXT },
);

export type PlatformInput = z.output<typeof platformForm>;

/** A category's form: its name (unique on its platform) and its place on the platform's list. */
export const categoryForm = z.strictObject(
  {
    name: z
      .string({ error: PLATFORM_TEXT.categoryNameRequired })
      .trim()
      .min(1, PLATFORM_TEXT.categoryNameRequired)
      .max(PLATFORM_MAX.name, PLATFORM_TEXT.categoryNameRequired),
    sortOrder,
  },
  { error: UNKNOWN_FIELD_TEXT },
);

export type CategoryInput = z.output<typeof categoryForm>;

/** A platform as the Platforms page shows it: how many services use it, and its categories. */
export type AdminPlatform = {
  slug: string;
  name: string;
  linkHosts: string[];
  listed: boolean;
  sortOrder: number;
  services: number;
  categories: AdminCategory[];
};

export type AdminCategory = { id: string; name: string; sortOrder: number; services: number };
