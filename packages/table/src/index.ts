// The table machine: a table's life as pure decisions on plain data. Each feature of the life is
// its own module; a runner (the server's TableService, or any other) loads a document, asks a
// decision, settles the change (`settle`) and executes its effects.
export * from './doc.ts';
export * from './schema.ts';
export * from './outcome.ts';
export * from './change.ts';
export * from './settle.ts';
export * from './timing.ts';
export * from './create.ts';
export * from './seating.ts';
export * from './bot-seats.ts';
export * from './starting.ts';
export * from './acting.ts';
export * from './step.ts';
export * from './actors.ts';
export * from './clock.ts';
export * from './next-step.ts';
export * from './dealer.ts';
export * from './fairness.ts';
export * from './host.ts';
export * from './record.ts';
export * from './summary.ts';
export * from './state.ts';
export * from './archive.ts';
export * from './abort.ts';
