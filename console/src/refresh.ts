/**
 * The views that refresh themselves (the inbox, a conversation): one loop at a time, a tick every
 * few seconds while the page is visible. Ticks never overlap (the next is planned when one ends).
 * The loop stops when its view is left (the router stops it before every render), pauses while
 * the tab is hidden (and ticks at once when it is shown again), and stops when the session ends.
 */
import { loggedIn } from './session';

interface Loop { tick: () => Promise<void>; everyMs: number; timer?: ReturnType<typeof setTimeout>; running: boolean; stopped: boolean }

let current: Loop | null = null;

function plan(loop: Loop): void {
  clearTimeout(loop.timer);
  if (loop.stopped || document.hidden) return;
  loop.timer = setTimeout(() => void run(loop), loop.everyMs);
}

async function run(loop: Loop): Promise<void> {
  if (loop.stopped || loop.running || document.hidden) return;
  loop.running = true;
  try {
    await loop.tick();
  } catch {
    // The tick shows its own error; a session that ended has brought the login page.
    if (!loggedIn()) loop.stopped = true;
  } finally {
    loop.running = false;
  }
  plan(loop);
}

/** Runs `tick` every `everyMs` from now on, in place of any loop before it. */
export function refreshEvery(everyMs: number, tick: () => Promise<void>): void {
  stopRefreshing();
  current = { tick, everyMs, running: false, stopped: false };
  plan(current);
}

export function stopRefreshing(): void {
  if (!current) return;
  current.stopped = true;
  clearTimeout(current.timer);
  current = null;
}

document.addEventListener('visibilitychange', () => {
  if (!current) return;
  clearTimeout(current.timer);
  if (!document.hidden) void run(current);
});
