import { Form, useNavigation } from "react-router";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { SiteBanner } from "../../components/layout/site-banner.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { BANNER_TYPES, bannerForm } from "../../domain/admin/content/banner-form.ts";
import { saveBanner } from "../../domain/admin/content/banner-save.server.ts";
import { BANNER_TEXT_MAX } from "../../domain/admin/content/field-limits.ts";
import { readBannerSettings } from "../../domain/content/banner.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { answerAdminChange } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Banner",
    description: "The banner shown at the top of every storefront page.",
    path: "/admin/banner",
    noindex: true,
    matches,
  });

const TYPE_OPTIONS = BANNER_TYPES.map((type) => ({
  value: type,
  label: type[0]?.toUpperCase() + type.slice(1),
}));

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { banner: await readBannerSettings(shopDatabase(context)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const answer = await saveBanner(shopDatabase(context), {
    adminId: admin.id,
    form: await readForm(request, bannerForm),
  });
  return answerAdminChange(answer.ok ? answer : refusalAnswer(answer), "/admin/banner");
}

export default function AdminBannerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { banner } = loaderData;
  const busy = useNavigation().state === "submitting";
  useAnswerToast(actionData);
  const errors = actionData?.fieldErrors ?? {};
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Banner</h1>
      <p className="mt-2 text-slate-600">Shown at the top of every storefront page while it is enabled.</p>
      <Card className="mt-6">
        <Form method="post" className="space-y-4" key={`${banner.text}|${banner.enabled}|${banner.type}`}>
          <Textarea
            label="Banner text"
            name="text"
            rows={2}
            maxLength={BANNER_TEXT_MAX}
            defaultValue={banner.text}
            error={errors.text}
          />
          <Select label="Banner type" name="type" defaultValue={banner.type} options={TYPE_OPTIONS} />
          <Checkbox label="Show the banner on the site" name="enabled" defaultChecked={banner.enabled} />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save Banner"}
          </Button>
        </Form>
      </Card>
      <h2 className="mt-8 text-lg font-semibold text-slate-900">Preview</h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="banner-state">
        {banner.enabled ? "Shown on the site now." : "Hidden: the site shows no banner."}
      </p>
      <div className="mt-3 overflow-hidden rounded-xl border border-slate-200">
        <SiteBanner banner={{ text: banner.text, type: banner.type }} preview />
      </div>
    </main>
  );
}
