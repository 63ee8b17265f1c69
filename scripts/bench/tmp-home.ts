import { writeFileSync } from "node:fs";
import { freshDatabase, runBench, startApp } from "./bench-support.ts";

await runBench("tmp", async (run) => {
  const database = await freshDatabase(run);
  const app = await startApp(run, database.url);
  writeFileSync("/tmp/home.html", await (await fetch(`${app.appUrl}/`)).text());
});
