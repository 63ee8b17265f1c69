import { data, Form } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { extractMailLinks, splitLinks } from "../../domain/mail/mail-links.ts";
import { listOutbox } from "../../domain/mail/outbox.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { env } from "../../lib/env.server.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import type { Route } from "./+types/route";

/** The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). */
export const handle: PageHandle = { pageQuery: ["to"] };

/** The local outbox: only where DEV_MAILBOX is on (never in production). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!env().devMailbox) throw data(null, { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim().slice(0, 254) ?? "";
  const mails = await listOutbox(shopDatabase(context), { to: to || undefined });
  return {
    to,
    mails: mails.map((mail) => ({
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      links: extractMailLinks(mail.html),
      sentAt: mail.createdAt.toISOString(),
    })),
  };
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});

export default function DevMailboxPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <title>Dev Mailbox | Boostly</title>
      <meta name="robots" content="noindex" />
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Dev Mailbox</h1>
        <p className="mt-1 text-slate-600">
          Mail kept locally because no SMTP server is configured. Newest first.
        </p>
      </div>
      <Form method="get" className="flex items-end gap-3">
        <Input
          label="Recipient"
          id="mailbox-to"
          name="to"
          type="email"
          defaultValue={loaderData.to}
          fieldClassName="flex-1"
        />
        <button type="submit" className={buttonClass("secondary")}>
          Filter
        </button>
      </Form>
      {loaderData.mails.length === 0 ? <p className="text-slate-600">No mail yet.</p> : null}
      {loaderData.mails.map((mail) => (
        <Card key={mail.id} data-testid="mail">
          <article aria-label={mail.subject}>
            <h2 className="wrap-anywhere text-lg font-semibold text-slate-900">{mail.subject}</h2>
            <p className="mt-1 text-sm text-slate-500">
              To <span data-testid="mail-to">{mail.to}</span> ·{" "}
              <time dateTime={mail.sentAt}>{timeFormat.format(new Date(mail.sentAt))} UTC</time>
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              {mail.links.map((link) => (
                <a key={link.href} href={link.href} className={buttonClass("primary")}>
                  {link.label}
                </a>
              ))}
            </div>
            <pre className="mt-4 whitespace-pre-wrap break-all font-sans text-sm text-slate-700">
              {splitLinks(mail.text).map((part) =>
                part.href ? (
                  <a key={part.offset} href={part.href} className="text-brand-700 underline">
                    {part.text}
                  </a>
                ) : (
                  <span key={part.offset}>{part.text}</span>
                ),
              )}
            </pre>
          </article>
        </Card>
      ))}
    </main>
  );
}
