import { asc, eq } from "drizzle-orm";
import { db } from "../db/client.server.ts";
import { services } from "../db/schema.ts";
import type { Route } from "./+types/_shop.home";

export async function loader() {
  const rows = await db()
    .select({ id: services.id, name: services.name, pricePer1000: services.pricePer1000 })
    .from(services)
    .where(eq(services.enabled, true))
    .orderBy(asc(services.sortOrder));
  return { services: rows };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Boostly</h1>
      <ul>
        {loaderData.services.map((service) => (
          <li key={service.id}>
            {service.name} ${service.pricePer1000}/1k
          </li>
        ))}
      </ul>
    </main>
  );
}
