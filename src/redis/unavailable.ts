/**
 * Whether an error means Redis could not be reached or could not serve the command just now (a
 * server down or restarting, a failover or a reshard under way), as opposed to a fault of the
 * command or of our code. The API answers the first kind 503 `store_unavailable` with
 * `Retry-After` (src/api/problem.ts), and logs it as a warning an operator can act on, instead of
 * an "unhandled" 500 with a stack: the caller sends again, a provider's webhook deduplicated by its
 * message id and a partner's write by its Idempotency-Key (docs/idempotency.md).
 *
 * What ioredis gives up with: `MaxRetriesPerRequestError` once a command has waited through its
 * reconnects (`maxRetriesPerRequest`, src/redis/connection.ts), `ClusterAllFailedError` when no node
 * answers the slot map, "Connection is closed." for a command on a connection that ended, "Command
 * aborted due to connection close" for the rest of a pipeline whose connection closed after part
 * of it was answered (seen in a chaos soak as a provider webhook answered 500), "Too many
 * Cluster redirections" when the slot map kept moving. What a server answers while it cannot serve:
 * CLUSTERDOWN, TRYAGAIN, LOADING (reading its data after a restart), MASTERDOWN, READONLY (a node
 * demoted to replica under a client that still thinks it a master), and MOVED or ASK: a redirect
 * ioredis did not follow by itself (it resends a pipeline only when all of its commands were
 * redirected alike). A chaos soak once had a burst of provider webhooks answered 500 with
 * `MOVED <slot> <new master>` just after a replica's promotion. The cause was auto-pipelining on
 * a cluster, which is now off (src/redis/connection.ts). A redirect that still gets through is
 * answered 503.
 */
import { AppError } from '../errors';

const unavailableNames = new Set(['MaxRetriesPerRequestError', 'ClusterAllFailedError']);
const unavailableMessage = /^(CLUSTERDOWN|TRYAGAIN|LOADING|MASTERDOWN|READONLY|MOVED|ASK) |^Connection is closed|^Command aborted due to connection close|^Too many Cluster redirections|^Failed to refresh slots cache/;

export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return unavailableNames.has(err.name) || unavailableMessage.test(err.message);
}

/**
 * Whether a background loop's failure is Redis being unavailable or a write its replicas did not
 * confirm in time (`replica_wait_timeout`, src/redis/durability.ts): both pass with a failover or a
 * restart, and the loop's next pass does the work again. A worker logs them as warnings; anything
 * else stays an error, a fault to look into.
 */
export function isPassingStoreFailure(err: unknown): boolean {
  return isRedisUnavailable(err) || (err instanceof AppError && err.code === 'replica_wait_timeout');
}
