/**
 * The type every caller holds a Redis connection as: ioredis `Redis` (one server) or `Cluster`,
 * the commands both have. Kept apart from ./connection.ts (which registers the scripts) so the
 * script wrappers can name it without an import cycle.
 */
import type { Cluster, Redis as SingleRedis } from 'ioredis';

export type Redis = SingleRedis | Cluster;
