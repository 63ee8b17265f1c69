import { readFileSync } from "node:fs";
import { loadNodeRuntime } from "@php-wasm/node";
import { PHP } from "@php-wasm/universal";

/** The sample class resellers run, as a file the scripts `require`. */
const API_CLASS = readFileSync(new URL("./php/Api.php", import.meta.url), "utf8");

/**
 * Runs a PHP script with the sample `Api` class beside it (at /sample/Api.php), in PHP 8.4 compiled to WebAssembly
 * (the `@php-wasm/node` package: PHP with curl, its sockets reaching this machine's network through Node's `ws`,
 * which must be version 8: the root devDependency, since the PHP build requires `ws` from wherever it is installed),
 * so a test needs no PHP installed. Answers what the script printed; a PHP error fails the run.
 */
export async function runPhp(script: string): Promise<string> {
  const php = new PHP(await loadNodeRuntime("8.4"));
  try {
    php.mkdir("/sample");
    php.writeFile("/sample/Api.php", API_CLASS);
    const result = await php.run({ code: script });
    if (result.errors) throw new Error(`PHP reported: ${result.errors}`);
    if (result.exitCode !== 0) throw new Error(`PHP exited with ${result.exitCode}: ${result.text}`);
    return result.text;
  } finally {
    php.exit();
  }
}

/** A PHP string literal of a text (single-quoted, its quotes and backslashes escaped). */
export function phpString(text: string): string {
  return `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}
