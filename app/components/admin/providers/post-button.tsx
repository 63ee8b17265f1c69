import type { ComponentProps } from "react";
import { Form } from "react-router";
import { Button } from "../../ui/button.tsx";

/** A form that is one button: it posts its hidden fields (the intent and what it acts on) to the page's action. */
export function PostButton({
  fields,
  formClassName,
  ...button
}: { fields: Record<string, string>; formClassName?: string } & ComponentProps<typeof Button>) {
  return (
    <Form method="post" className={formClassName}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" {...button} />
    </Form>
  );
}
