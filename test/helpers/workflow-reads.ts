/**
 * A workflow as the partner reads it, GET /v1/workflows/{id}, and a wait until it reaches a
 * status. `harness` is read at each call: suites start theirs in a `before` hook.
 */
import type { Harness } from './harness';
import { waitFor } from './wait';

export function workflowReads<W extends { status: string }>(harness: () => Harness): {
  /** The answer's status and body. */
  workflow(id: string): Promise<{ status: number; body: W }>;
  /** Waits until the workflow shows `status`; answers its body then. */
  settled(id: string, status: string): Promise<W>;
} {
  const workflow = async (id: string): Promise<{ status: number; body: W }> => {
    const res = await harness().api(`/v1/workflows/${id}`);
    return { status: res.status, body: (await res.json()) as W };
  };
  const settled = (id: string, status: string) => waitFor(async () => {
    const w = await workflow(id);
    return w.body.status === status ? w.body : null;
  }, { what: `${id} ${status}` });
  return { workflow, settled };
}
