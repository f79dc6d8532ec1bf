/**
 * What each channel can do, for stages that shape a reply or a choice by channel
 * (docs/channels.md). WhatsApp has reply buttons and template messages outside its 24-hour
 * window; SMS has neither, only plain text in segments.
 */
import type { Channel } from './types';

export const channelCapabilities: Record<Channel, { buttons: boolean; templates24h: boolean }> = {
  whatsapp: { buttons: true, templates24h: true },
  sms: { buttons: false, templates24h: false },
};

/**
 * Whole-message keywords a channel's provider acts on before the message reaches us: an SMS
 * provider (Twilio: "Support for opt-out keywords") blocks sends to the claimant after an
 * opt-out word, lifts the block after an opt-in word, and answers both itself. The service
 * records the same consent change and sends no reply of its own (it would be refused).
 */
export const providerKeywords: Record<Channel, { optOut: readonly string[]; optIn: readonly string[] }> = {
  whatsapp: { optOut: [], optIn: [] },
  sms: { optOut: ['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit'], optIn: ['start', 'unstop'] },
};
