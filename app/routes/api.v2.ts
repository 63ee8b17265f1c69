// Placeholder until the reseller API is built.
export async function action() {
  return Response.json({ error: "Not available yet" }, { status: 503 });
}
