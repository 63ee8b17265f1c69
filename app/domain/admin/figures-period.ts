import { z } from "zod";

/**
 * The periods the admin dashboard's figures cover (product rules 13.33): the last 7, 30 or 90 UTC days, today
 * included; 30 unless the admin chose another.
 */
export const FIGURE_PERIODS = [7, 30, 90] as const;
export type FigurePeriod = (typeof FIGURE_PERIODS)[number];
export const DEFAULT_FIGURE_PERIOD: FigurePeriod = 30;

/** The longest range the figures export reads, in days (a year, leap day included). */
export const LONGEST_FIGURES_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

/** A run of whole UTC days: the first and last ("2026-11-22", both included) and the instants that bound them. */
export type DayWindow = {
  first: string;
  last: string;
  /** Midnight UTC starting `first`. */
  start: Date;
  /** Midnight UTC after `last` (excluded). */
  end: Date;
};

/** The day of an instant, in UTC: "2026-11-22". */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

function midnight(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The window from `first` to `last`, both whole UTC days included. */
export function dayWindow(first: string, last: string): DayWindow {
  return { first, last, start: midnight(first), end: new Date(midnight(last).getTime() + DAY_MS) };
}

/** The last `days` UTC days up to `now`'s, today included. */
export function lastDays(days: number, now: Date): DayWindow {
  const today = utcDay(now);
  return dayWindow(utcDay(new Date(midnight(today).getTime() - (days - 1) * DAY_MS)), today);
}

/** Every day of a window, oldest first. */
export function daysOf(window: DayWindow): string[] {
  const count = Math.round((window.end.getTime() - window.start.getTime()) / DAY_MS);
  return Array.from({ length: count }, (_, index) =>
    utcDay(new Date(window.start.getTime() + index * DAY_MS)),
  );
}

/** The dashboard's `?days=`: one of FIGURE_PERIODS, else the default. */
export const figurePeriodQuery = z.object({
  days: z.coerce
    .number()
    .refine((days): days is FigurePeriod => (FIGURE_PERIODS as readonly number[]).includes(days))
    .catch(DEFAULT_FIGURE_PERIOD),
});

/** A UTC day written YYYY-MM-DD that exists (2026-02-30 does not). */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "A day is written 2026-11-22.")
  .refine((day) => !Number.isNaN(midnight(day).getTime()) && utcDay(midnight(day)) === day, "No such day.");

/**
 * An export's `?from=&to=` (UTC days, both included; product rules 13.36): `to` is today unless given, `from`
 * the first day there is unless given. Malformed, or from after to: refused with the reason.
 */
export const exportRangeQuery = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: "The first day comes after the last.",
  });

export type ExportRange = { from?: string; to?: string };

/** The window of an export's range; with no `from`, it starts at the epoch (everything there is). */
export function exportWindow(range: ExportRange, now: Date): DayWindow {
  return dayWindow(range.from ?? "1970-01-01", range.to ?? utcDay(now));
}

/** How many days a window spans. */
export function windowDays(window: DayWindow): number {
  return Math.round((window.end.getTime() - window.start.getTime()) / DAY_MS);
}
