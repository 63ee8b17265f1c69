/**
 * What the worker process (server/worker.ts) prints once its workers listen for work: the one signal a script that
 * starts it waits for (the benches), defined here so both sides use the same words.
 */
export const WORKERS_READY_MESSAGE = "Boostly fulfilment and mail workers are running";
