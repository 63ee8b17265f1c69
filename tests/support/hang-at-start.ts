// Loaded with `node --import` before a server script: the process stays alive but never gets to start its server,
// as one stuck at start-up would (the benches' "never healthy" check, tests/integration/http/benches).
setInterval(() => {}, 1_000);
await new Promise(() => {});

export {};
