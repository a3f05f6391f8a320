import { matchmakingClaims } from './matchmaking-claims.ts';
import { REDIS_URL } from '../support/redis.ts';

matchmakingClaims('redis', () => ({ mode: 'single', url: REDIS_URL }));
