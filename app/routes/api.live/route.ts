import { getCurrentUser } from "../../domain/accounts/session.server.ts";
import { openLiveStream } from "../../domain/live/open-live-stream.server.ts";
import type { Route } from "./+types/route";

/** Server-Sent Events of the signed-in user's balance and order changes (a visitor gets 401, no stream). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ error: "Sign in to follow your balance." }, { status: 401 });
  const stillSignedIn = async () => (await getCurrentUser(request))?.id === user.id;
  return new Response(openLiveStream(user.id, request.signal, stillSignedIn), {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
