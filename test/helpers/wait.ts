/** Waiting on a condition with a deadline: the only way tests wait (no fixed sleeps). */
export async function waitFor<T>(check: () => Promise<T | false | null | undefined> | T | false | null | undefined, options: { timeoutMs?: number; what?: string; intervalMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 20000);
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${options.what ?? 'condition'}${lastError ? `: ${(lastError as Error).message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 20));
  }
}
