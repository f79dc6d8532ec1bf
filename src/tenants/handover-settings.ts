/**
 * A tenant's handover settings: its tenant document's `handover` over the defaults
 * (docs/configuration.md, "Handover settings"). Here rather than beside the arithmetic in
 * pipeline/workflows/business-hours.ts because durations are parsed by src/durations.ts, which
 * pipeline/ does not import.
 */
import { dayNames, defaultHandoverSettings, minuteOfClock, type HandoverSettings } from '../../pipeline/workflows/business-hours';
import { parseDuration } from '../durations';
import type { TenantDocument } from './tenant-document';

/** The settings of a document's `handover` (already checked by `checkTenantDocument`), defaults for
 *  what it leaves unset; business hours without a zone of their own are in `tenantZone` (the
 *  tenant's `time_zone`, `tenantTimeZone`). */
export function handoverSettingsOf(handover: TenantDocument['handover'] | undefined | null, tenantZone: string = defaultHandoverSettings.timeZone): HandoverSettings {
  const d = defaultHandoverSettings;
  const hours = handover?.business_hours;
  return {
    firstResponseMs: handover?.first_response !== undefined ? parseDuration(handover.first_response) : d.firstResponseMs,
    maxWaitMs: handover?.max_wait !== undefined ? parseDuration(handover.max_wait) : d.maxWaitMs,
    timeZone: hours?.time_zone ?? tenantZone,
    days: hours?.days ? [...new Set(hours.days.map((name) => dayNames.indexOf(name)))].sort((a, b) => a - b) : d.days,
    openMinute: hours?.open !== undefined ? clock(hours.open) : d.openMinute,
    closeMinute: hours?.close !== undefined ? clock(hours.close) : d.closeMinute,
    supportNumber: handover?.support_number ?? d.supportNumber,
  };
}

function clock(text: string): number {
  const minute = minuteOfClock(text);
  if (minute === null) throw new Error(`${JSON.stringify(text)} is not a time like 09:00`);
  return minute;
}
