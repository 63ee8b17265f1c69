/**
 * The reseller API's change log (product rules 17.6, docs/decisions/062): every change that broke what an
 * integration stores (an id) or reads (an answer's shape), newest first. The /api page shows it as it is here; a
 * change of that kind ships with its entry. The shop has no version numbers: a release is named by its date and the
 * last migration it brings (the operator's `drizzle/` folder, `__drizzle_migrations` in the database).
 */
export type ApiChange = {
  /** The day it shipped, ISO (YYYY-MM-DD). */
  date: string;
  /** The release that brought it, as an operator recognises it. */
  release: string;
  title: string;
  /** What an integration sent or read before, and what it gets now. */
  changed: string;
  /** What an integration must do once the shop runs this release. */
  todo: string;
};

export const API_CHANGES: readonly ApiChange[] = [
  {
    date: "2026-11-28",
    release: "the release after migration 0027",
    title: "Subscription statuses in the subscription pollers' words",
    changed:
      'status of a subscription answered "Pending" until its first post and "In progress" after; it now answers "Active", "Paused", "Completed", "Expired" or "Canceled".',
    todo: 'Map "Active" where you mapped "Pending" or "In progress", and treat "Expired" as ended like "Completed"; keep polling only Active and Paused subscriptions.',
  },
  {
    date: "2026-11-28",
    release: "the release after migration 0024",
    title: "A likes pack's remains counted in packs",
    changed:
      "status of a likes pack order (a Package in services, min = max = 1) reported remains in likes; it now reports them in packs: 1 while none of it was delivered, else 0.",
    todo: "Refund a pack as charge × remains ÷ quantity, as for any Package: the remains no longer need converting from likes.",
  },
  {
    date: "2026-11-28",
    release: "the release after migration 0024",
    title: 'Refusals are exactly { "error": text }',
    changed:
      'A refused request answered { "error": text, "code": ... }; it now answers the error alone, with no code member.',
    todo: "Decide by the presence of error and read its text; stop reading code.",
  },
  {
    date: "2026-11-25",
    release: "the release with migration 0006 (api_v2_ids)",
    title: "Integer service ids",
    changed:
      'services listed each service by a UUID string and add took that UUID; services now lists "service" as an integer (existing services numbered in the order they were created) and add takes only that integer: a stored UUID is refused with "Incorrect service ID". At the same time every answer became HTTP 200 with JSON (a refusal as its error field instead of a 4xx status), GET with a query string was accepted, and a service\'s category became the platform and what it delivers ("Instagram Likes") instead of the platform alone.',
    todo: "Call action=services once, match each service you stored by its name, and store its new integer id in place of the UUID; read refusals from the error field, not the HTTP status. Order ids did not change.",
  },
];
