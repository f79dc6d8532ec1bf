/**
 * The entries of a tenant's channel-status stream (`cw:{t:ID}:channel-status`, capped at about
 * 100,000): every delivery status a provider posted for our replies (WhatsApp status webhooks,
 * SMS status callbacks), kept for operators (the lag of status webhooks, docs/workflows.md) and
 * cleared of a claimant's entries by erasure. No code path decides anything from them.
 *
 * Two forms, both read here:
 * - **packed** (what the service writes): one field, `s1`, whose value is the parts
 *   joined by `\n`, in this order: channel, provider_message_id, status, at (ms), recipient_ref,
 *   error_code ('' when none). One field instead of five or six because each argument of a
 *   write is converted, stored in the stream and written again to the append-only file: these
 *   entries would be a seventh of the arguments a claim-status workflow writes. The provider's values (message id, status, error code) have any line break
 *   replaced by a space, so no part can shift the ones after it.
 * - **fields** (earlier writers): `channel`, `provider_message_id`, `status`, `at`,
 *   `recipient_ref` and, on a failure, `error_code`, each its own field.
 */

import { joinParts, splitParts } from '../redis/packed-parts';

/** The name of the one field of a packed entry (the `1` is the format's version). */
export const packedStatusField = 's1';

/** One recorded status, every value as the text stored. */
export interface ChannelStatusEntry {
  channel: string;
  provider_message_id: string;
  status: string;
  at: string;
  /** The recipient as a keyed reference (src/phi.ts), never the number. */
  recipient_ref: string;
  error_code: string;
}

const parts = ['channel', 'provider_message_id', 'status', 'at', 'recipient_ref', 'error_code'] as const;

/** A provider's value on one line. */
const oneLine = (v: string): string => v.replace(/[\r\n]/g, ' ');

/** The stream fields of a status (packed). */
export function packChannelStatus(e: ChannelStatusEntry): [string, string] {
  const line = parts.map((p) => oneLine(e[p]));
  // (every part on one line, so joinParts cannot refuse it)
  return [packedStatusField, joinParts(line.slice(0, -1), line[line.length - 1]!)!];
}

/** An entry's fields (as XRANGE returns them), in either form. */
export function readChannelStatus(fields: readonly string[]): ChannelStatusEntry {
  const entry: ChannelStatusEntry = { channel: '', provider_message_id: '', status: '', at: '', recipient_ref: '', error_code: '' };
  if (fields.length === 2 && fields[0] === packedStatusField) {
    const found = splitParts(fields[1]!, parts.length);
    parts.forEach((p, i) => { entry[p] = found[i] ?? ''; });
    return entry;
  }
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const name = fields[i] as (typeof parts)[number];
    if ((parts as readonly string[]).includes(name)) entry[name] = fields[i + 1]!;
  }
  return entry;
}
