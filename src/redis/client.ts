/**
 * The type every caller holds a Redis connection as: ioredis `Redis` (one server) or `Cluster`,
 * the commands both have, and the reading of a pipeline's replies. Kept apart from
 * ./connection.ts (which registers the scripts) so the script wrappers can use them without an
 * import cycle; ./connection.ts re-exports them.
 */
import type { Cluster, Redis as SingleRedis } from 'ioredis';

export type Redis = SingleRedis | Cluster;

export type PipelineResult = [error: Error | null, result: unknown];

/**
 * The replies of a pipeline or a MULTI, in order, or the first command's error thrown. ioredis
 * hands each command's error back beside the others' replies: a caller that reads only the values
 * takes a reply Redis could not give (a server down, a failover under way) for an empty one, and
 * answers "no such record" or drops work that is still there.
 */
export async function execReplies(pipeline: ReturnType<Redis['pipeline']> | ReturnType<Redis['multi']>): Promise<unknown[]> {
  const replies = (await pipeline.exec()) as PipelineResult[] | null;
  // null: a MULTI a WATCH aborted (no caller of this watches).
  if (replies === null) throw new Error('the transaction was aborted');
  for (const [err] of replies) if (err) throw err;
  return replies.map(([, value]) => value);
}
