export * from './client.ts';
export * from './problems.ts';
export * from './versions.ts';
