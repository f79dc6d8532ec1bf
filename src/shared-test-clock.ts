/**
 * A clock every process of a test deployment shares: the system time plus an offset the test
 * keeps in Redis (`Keys.testClockOffset`). Child processes started by the durability tests read
 * it, so a test moves time for all of them at once, across restarts, without waiting 72 hours.
 * Only `NODE_ENV=test` may turn it on (`SHARED_TEST_CLOCK=1`, src/config.ts).
 */
import type { Clock } from './clock';
import type { Redis } from './redis/connection';

const refreshMs = 20;

export class SharedTestClock implements Clock {
  private offset = 0;
  private readonly timer: NodeJS.Timeout;

  /** Whether the offset has been read once (`ready`). */
  private read = false;

  /** The offset last recorded as seen (null: none yet). */
  private seen: number | null = null;

  /** `seenKey`: where each process records the offset it read (pid → offset), so a test that
   *  moves time can wait until every process has seen it before anything depends on it. */
  constructor(private readonly redis: Redis, private readonly key: string, private readonly seenKey?: string) {
    this.timer = setInterval(() => { void this.refresh(); }, refreshMs);
    this.timer.unref();
    void this.refresh();
  }

  now(): number {
    return Date.now() + this.offset;
  }

  /**
   * Resolves once the offset has been read: until then `now()` is the system time, hours before
   * the test's, so a process that started work sooner would stamp a timer's outcome with a time
   * before it was due (src/main.ts waits for this before starting its roles).
   */
  async ready(): Promise<void> {
    while (!this.read) {
      await this.refresh();
      if (!this.read) await new Promise((resolve) => setTimeout(resolve, refreshMs));
    }
  }

  /** Reads the offset now (also done every 20 ms). A Redis that is away keeps the last offset. */
  async refresh(): Promise<void> {
    try {
      const value = await this.redis.get(this.key);
      this.offset = value === null ? 0 : Number(value) || 0;
      this.read = true;
      if (this.seenKey && this.seen !== this.offset) {
        await this.redis.hset(this.seenKey, String(process.pid), String(this.offset));
        this.seen = this.offset;
      }
    } catch {
      // Redis restarting: time keeps its last offset.
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
