// The server runs the optimised build, so libraries (React above all) must load in their production mode:
// set it before anything imports them.
process.env.NODE_ENV ??= "production";
await import("./main.ts");

export {};
