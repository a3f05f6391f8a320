// What other packages may use from the web client: the connection contract a server transport implements.
export * from './connection/types.ts';
export { PracticeConnection, type PracticeOptions, type Scheduler } from './connection/practice.ts';
