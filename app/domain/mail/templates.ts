import type { Mail } from "./queue-mail.server.ts";

/** Text made safe to place in a mail's HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(heading: string, intro: string, buttonLabel: string, url: string, outro: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f8fafc;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#4c1d95">${escapeHtml(heading)}</h1>
<p style="color:#334155;line-height:1.5">${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(buttonLabel)}</a></p>
<p style="color:#64748b;font-size:13px;line-height:1.5">${escapeHtml(outro)}<br>${escapeHtml(url)}</p>
</div></body></html>`;
}

/** The e-mail that confirms a new account's address. */
export function confirmationMail(to: string, url: string): Mail {
  const intro = "Welcome to Boostly! Confirm your e-mail address to activate your account and sign in.";
  const outro = "If you did not create a Boostly account, ignore this e-mail. The link works once.";
  return {
    to,
    subject: "Confirm your Boostly account",
    text: `${intro}\n\nConfirm your e-mail: ${url}\n\n${outro}`,
    html: layout("Confirm your e-mail", intro, "Confirm e-mail", url, outro),
  };
}

/** The e-mail with a link to choose a new password. */
export function passwordResetMail(to: string, url: string): Mail {
  const intro = "We received a request to reset the password of your Boostly account.";
  const outro =
    "If you did not ask for this, ignore this e-mail: your password stays the same. The link expires in one hour.";
  return {
    to,
    subject: "Reset your Boostly password",
    text: `${intro}\n\nChoose a new password: ${url}\n\n${outro}`,
    html: layout("Reset your password", intro, "Choose a new password", url, outro),
  };
}
