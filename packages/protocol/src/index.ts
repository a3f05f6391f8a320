export * from './errors.ts';
export * from './ids.ts';
export * from './view.ts';
export * from './actions.ts';
export * from './table.ts';
export * from './messages.ts';
export * from './fairness.ts';
export * from './sha256.ts';
