export { build, listen, DEVELOPMENT_SECRET, type GameApp, type ServerOptions } from './app.ts';
export { configFromEnv, ConfigError, type Config } from './config.ts';
export { Operators } from './admin/operators.ts';
export type { TableStore } from './store/store.ts';
export { MemoryTableStore } from './store/memory.ts';
export { StoreUnavailableError } from './store/availability.ts';
export { RedisTableStore, type RedisStoreOptions } from './store/redis.ts';
export type { JobQueue, Job } from './jobs/job.ts';
export type { JobRunner } from './jobs/runner.ts';
