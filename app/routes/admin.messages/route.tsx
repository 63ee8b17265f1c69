import { Link } from "react-router";
import { z } from "zod";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CONTACT_SUBJECTS } from "../../domain/contact/contact-form.ts";
import { listContactMessages } from "../../domain/contact/list-contact-messages.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

const querySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1) });

// The admin layout's middleware has already checked that the visitor is an admin.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { page } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listContactMessages(shopDatabase(context), page);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact Messages - Admin",
    description: "Messages sent through the contact form and the newsletter subscriber count.",
    path: "/admin/messages",
    noindex: true,
    matches,
  });

const number = new Intl.NumberFormat("en-US");
const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function subjectLabel(value: string): string {
  return CONTACT_SUBJECTS.find((subject) => subject.value === value)?.label ?? value;
}

export default function AdminMessagesPage({ loaderData }: Route.ComponentProps) {
  const { messages, page, pageCount, total, newsletterSubscribers } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Contact Messages</h1>
      <p className="mt-1 text-slate-600">Messages from the public contact form, newest first.</p>

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Card>
          <h2 className="text-sm font-medium text-slate-600">Contact messages</h2>
          <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="messages-total">
            {number.format(total)}
          </p>
        </Card>
        <Card>
          <h2 className="text-sm font-medium text-slate-600">Newsletter subscribers</h2>
          <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="newsletter-total">
            {number.format(newsletterSubscribers)}
          </p>
        </Card>
      </div>

      <section aria-labelledby="messages-list-title" className="mt-8">
        <h2 id="messages-list-title" className="sr-only">
          Messages
        </h2>
        {messages.length === 0 ? (
          <div
            className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center"
            data-testid="messages-empty"
          >
            <p className="text-lg font-semibold text-slate-900">No messages yet</p>
            <p className="mt-1 text-slate-600">Messages sent through the contact form will appear here.</p>
          </div>
        ) : (
          <ul className="space-y-4">
            {messages.map((message) => (
              <li key={message.id}>
                <article
                  aria-labelledby={`message-${message.id}`}
                  className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  <header className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h3 id={`message-${message.id}`} className="font-semibold text-slate-900">
                        {message.name}
                      </h3>
                      <a
                        href={`mailto:${message.email}`}
                        className="text-sm font-medium text-brand-700 hover:underline"
                      >
                        {message.email}
                      </a>
                    </div>
                    <div className="text-right">
                      <span className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
                        {subjectLabel(message.subject)}
                      </span>
                      <p className="mt-1 text-sm text-slate-600">
                        <time dateTime={new Date(message.createdAt).toISOString()}>
                          {dateTime.format(new Date(message.createdAt))} UTC
                        </time>
                      </p>
                    </div>
                  </header>
                  <p className="mt-4 whitespace-pre-wrap break-words leading-7 text-slate-700">
                    {message.message}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      {pageCount > 1 ? (
        <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={buttonClass("secondary")} rel="prev">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-slate-600">
            Page {page} of {pageCount}
          </p>
          {page < pageCount ? (
            <Link to={`?page=${page + 1}`} className={buttonClass("secondary")} rel="next">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </main>
  );
}
