/**
 * The tenant's settings the console needs, read once per session after login (or after a reload
 * resumes the session): its time zone (`GET /v1/tenant/settings`, any role), which every time on
 * every page is shown in (time.ts). Until it has been read, or when it cannot be (an older
 * service), times are shown in the default zone, Asia/Kolkata, and labelled with it.
 */
import type { TenantSettings } from './resources';
import { json } from './session';
import { defaultTimeZone, setTimeZone } from './time';

let loaded: Promise<void> | null = null;

/** Reads the settings unless this session has; never fails (the default zone stands). */
export function loadTenantSettings(): Promise<void> {
  loaded ??= json<TenantSettings>('/v1/tenant/settings')
    .then((s) => setTimeZone(typeof s.time_zone === 'string' ? s.time_zone : defaultTimeZone))
    .catch(() => {
      setTimeZone(defaultTimeZone);
      // Asked again at the next view: a failure may have been the network's.
      loaded = null;
    });
  return loaded;
}

/** A session ended: the next one (perhaps another tenant's user) reads its own. */
export function forgetTenantSettings(): void {
  loaded = null;
  setTimeZone(defaultTimeZone);
}
