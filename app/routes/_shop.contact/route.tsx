import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECTS,
  CONTACT_TEXT,
  type ContactFieldErrors,
  contactFormSchema,
} from "../../domain/contact/contact-form.ts";
import { sendContactMessage } from "../../domain/contact/send-contact-message.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { clientIp } from "../../domain/security/rate-limit.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import { retryAfterHeaders } from "../../lib/rate-limited-answer.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route";

/** A rate-limited answer keeps its Retry-After on the page (docs/decisions/013). */
export const headers = retryAfterHeaders;

const querySchema = z.object({
  subject: z
    .enum(CONTACT_SUBJECTS.map((subject) => subject.value) as [string, ...string[]])
    .catch("")
    .default(""),
});

/** The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). */
export const handle: PageHandle = { pageQuery: Object.keys(querySchema.shape) };

export function loader({ request }: Route.LoaderArgs) {
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { subject: query.subject };
}

type Values = { name: string; email: string; subject: string; message: string };
type ActionResult =
  | { ok: true; id: string }
  | { ok: false; message: string; fieldErrors: ContactFieldErrors; values: Values };

function echo(values: Record<string, string>): Values {
  const pick = (key: string, max: number) => (values[key] ?? "").slice(0, max);
  return {
    name: pick("name", CONTACT_NAME_MAX * 2),
    email: pick("email", CONTACT_EMAIL_MAX * 2),
    subject: pick("subject", 32),
    message: pick("message", CONTACT_MESSAGE_MAX * 2),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readForm(request, contactFormSchema);
  const result = await sendContactMessage(shopDatabase(context), values, { clientIp: clientIp(request) });
  if (result.ok) return data<ActionResult>({ ok: true, id: result.id });
  // An invalid form answers 200 (the form shows the messages), a rate limit 429 with Retry-After.
  const answer = refusalAnswer(result);
  return data<ActionResult>(
    { ok: false, message: answer.message, fieldErrors: answer.fieldErrors, values: echo(values) },
    answer.init,
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact Us",
    description:
      "Questions about an order, billing or a partnership? Send the Boostly team a message. We are available 24/7 and answer every message.",
    path: "/contact",
    matches,
  });

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const supportEmail = root?.site.supportEmail ?? "support@boostly.example";
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors = failed?.fieldErrors ?? {};
  const values = failed?.values;
  const statusRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (actionData) statusRef.current?.focus();
  }, [actionData]);

  return (
    <main>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        lead="Questions about an order, a payment or a partnership? Send us a message: our team is available 24/7 and answers every message."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[2fr_1fr] lg:px-8">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-title" className="text-2xl font-bold text-slate-900">
            Send us a message
          </h2>
          <p className="mt-1 text-sm text-slate-600">All fields are required.</p>

          <div ref={statusRef} tabIndex={-1} className="focus:outline-none">
            {actionData?.ok ? (
              <p
                role="status"
                className="mt-6 rounded-lg border border-green-200 bg-green-50 p-4 text-sm font-medium text-green-900"
                data-testid="contact-success"
              >
                {CONTACT_TEXT.sent}
              </p>
            ) : null}
            {failed ? (
              <p
                role="alert"
                className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800"
                data-testid="contact-error"
              >
                {failed.message}
              </p>
            ) : null}
          </div>

          <Form
            method="post"
            noValidate
            className="mt-6 space-y-5"
            key={actionData?.ok ? actionData.id : "contact-form"}
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <Input
                label="Name"
                name="name"
                autoComplete="name"
                required
                maxLength={CONTACT_NAME_MAX}
                defaultValue={values?.name ?? ""}
                error={errors.name}
              />
              <Input
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={CONTACT_EMAIL_MAX}
                defaultValue={values?.email ?? ""}
                error={errors.email}
              />
            </div>
            <Select
              label="Subject"
              id="contact-subject"
              name="subject"
              required
              defaultValue={values?.subject ?? loaderData.subject}
              options={CONTACT_SUBJECTS}
              error={errors.subject}
            >
              <option value="">Choose a subject</option>
            </Select>
            <Textarea
              label="Message"
              id="contact-message"
              name="message"
              required
              rows={7}
              maxLength={CONTACT_MESSAGE_MAX}
              defaultValue={values?.message ?? ""}
              hint={`Include your order number if your message is about an order. Up to ${CONTACT_MESSAGE_MAX.toLocaleString("en-US")} characters.`}
              error={errors.message}
            />
            <Button type="submit" disabled={sending} className="w-full sm:w-auto">
              {sending ? "Sending..." : "Send Message"}
            </Button>
          </Form>
        </section>

        <aside aria-labelledby="contact-other-title" className="space-y-6">
          <h2 id="contact-other-title" className="text-xl font-bold text-slate-900">
            Other ways to reach us
          </h2>
          <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
            <h3 className="font-semibold text-slate-900">E-mail</h3>
            <p className="mt-1 text-slate-700">
              <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 hover:underline">
                {supportEmail}
              </a>
            </p>
            <p className="mt-1 text-sm text-slate-600">We answer every message, 24/7.</p>
          </div>
          <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
            <h3 className="font-semibold text-slate-900">Already a customer?</h3>
            <p className="mt-1 text-sm leading-6 text-slate-700">
              For a question about a specific order, open a support ticket from your{" "}
              <Link to="/dashboard" className="font-medium text-brand-700 hover:underline">
                dashboard
              </Link>
              : the order details are attached automatically.
            </p>
          </div>
          <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
            <h3 className="font-semibold text-slate-900">Quick answers</h3>
            <p className="mt-1 text-sm leading-6 text-slate-700">
              Many questions are answered in the{" "}
              <Link to="/help" className="font-medium text-brand-700 hover:underline">
                help centre
              </Link>{" "}
              and the{" "}
              <Link to="/faq" className="font-medium text-brand-700 hover:underline">
                FAQ
              </Link>
              .
            </p>
          </div>
        </aside>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
