/** What a save changed: each field that differs, with its value before and after. */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

type Sameness = (from: unknown, to: unknown) => boolean;

/** Lists and objects are the same when their contents are; anything else when it is equal. */
const sameValue: Sameness = (from, to) =>
  typeof to === "object" && to !== null ? JSON.stringify(from) === JSON.stringify(to) : from === to;

/**
 * The fields of `after` whose value differs from `before`, named by `nameOf` (a column's name, say), so an admin
 * save that changes nothing records nothing (product rules 2.9). `same` compares a field its own way, e.g. a price
 * by the amount it is ("11.925" is the stored "11.9250").
 */
export function changedFields<T extends object>(
  before: Partial<Record<keyof T, unknown>>,
  after: T,
  options: { same?: Partial<Record<keyof T, Sameness>>; nameOf?: (key: keyof T) => string } = {},
): FieldChanges {
  const changed: FieldChanges = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    const from = before[key];
    const to = after[key];
    const same = options.same?.[key] ?? sameValue;
    if (!same(from, to)) changed[options.nameOf?.(key) ?? String(key)] = { from, to };
  }
  return changed;
}

/** True when a save changed something worth recording. */
export function hasChanges(changes: FieldChanges): boolean {
  return Object.keys(changes).length > 0;
}
