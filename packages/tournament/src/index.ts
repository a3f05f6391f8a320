// Tournaments as pure decisions on plain data: a runner (the server) loads a tournament, applies
// an action at a time it gives, commits the result on the version it loaded, and sets the job
// `nextStep` names.
export * from './errors.ts';
export * from './ids.ts';
export * from './state.ts';
export * from './settings.ts';
export * from './actions.ts';
export * from './apply.ts';
export * from './next-step.ts';
export * from './scoring.ts';
export * from './standings.ts';
export * from './swiss-pairing.ts';
export * from './arena-pairing.ts';
export * from './timing.ts';
export * from './seating.ts';
export * from './page.ts';
