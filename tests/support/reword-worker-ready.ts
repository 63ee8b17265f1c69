// Loaded with `node --import` before the worker: rewords what it prints once ready, as a change of the message on
// the worker's side alone would (tests/integration/http/benches/fulfilment-bench.test.ts).
const printLine = console.log.bind(console);
console.log = (...values: unknown[]) => {
  printLine(
    ...values.map((value) =>
      typeof value === "string" ? value.replace("are running", "have started") : value,
    ),
  );
};

export {};
