import { data } from "react-router";
import type { z } from "zod";
import { BODY_TEXT, hasControlCharacter } from "./request-body.ts";

/** The fields a form may carry: the keys of the schema (or schemas, one per intent) that parse it, or names. */
export type FormFields = z.ZodType | readonly (z.ZodType | string)[];

/**
 * Reads a page action's form: the one body reader of every action (docs/decisions/015-request-body-policy.md).
 * The edge (server/body-policy.ts) has already bounded the body's size and type. Here a body that cannot be read,
 * a file, a control character in any text, or a field the action does not take is refused with 400 and a clear
 * message before the action does anything, so nothing is written. Returns the text fields by name.
 */
export async function readForm(request: Request, fields: FormFields): Promise<Record<string, string>> {
  return Object.fromEntries(await readFormEntries(request, fields));
}

/**
 * readForm for a form whose `lists` fields repeat (the ticked checkboxes of a list, all named `ids`): each of
 * those is every value sent, in order, and an empty list when none was ticked.
 */
export async function readFormWithLists(
  request: Request,
  fields: FormFields,
  lists: readonly string[],
): Promise<Record<string, string | string[]>> {
  const values: Record<string, string | string[]> = Object.fromEntries(lists.map((name) => [name, []]));
  for (const [name, value] of await readFormEntries(request, fields)) {
    const list = values[name];
    if (lists.includes(name) && Array.isArray(list)) list.push(value);
    else values[name] = value;
  }
  return values;
}

/** The text fields of a page action's form, in order, after readForm's checks. */
async function readFormEntries(request: Request, fields: FormFields): Promise<[string, string][]> {
  if (!request.headers.get("content-type")) return [];
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw formRefusal(BODY_TEXT.unreadable);
  }
  const known = new Set(
    (isFieldList(fields) ? fields : [fields]).flatMap((field) =>
      typeof field === "string" ? [field] : fieldNamesOf(field),
    ),
  );
  const entries: [string, string][] = [];
  for (const [name, value] of form) {
    if (hasControlCharacter(name)) throw formRefusal(BODY_TEXT.controlCharacter);
    if (!known.has(name)) throw formRefusal(BODY_TEXT.unknownField(name.slice(0, 60)));
    if (typeof value !== "string") throw formRefusal(BODY_TEXT.fileNotAccepted(name));
    if (hasControlCharacter(value)) throw formRefusal(BODY_TEXT.controlCharacter);
    entries.push([name, value]);
  }
  return entries;
}

function isFieldList(fields: FormFields): fields is readonly (z.ZodType | string)[] {
  return Array.isArray(fields);
}

/** A 400 answer the route's error boundary shows with its message. */
function formRefusal(message: string) {
  return data({ message }, { status: 400 });
}

type Def = {
  type: string;
  shape?: Record<string, unknown>;
  in?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
};

/** Every key an object schema (through pipes, unions, intersections and wrappers) declares. */
function fieldNamesOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case "object":
      return Object.keys(def.shape ?? {});
    case "pipe":
      return def.in ? fieldNamesOf(def.in) : [];
    case "union":
      return (def.options ?? []).flatMap(fieldNamesOf);
    case "intersection":
      return [def.left, def.right].flatMap((part) => (part ? fieldNamesOf(part) : []));
    default:
      return def.innerType ? fieldNamesOf(def.innerType) : [];
  }
}
