/** The fake WhatsApp Cloud API provider: the server, what it records, its wire format. */
export { startFakeWhatsApp } from './server';
export type { FakeWhatsApp, InboundMessage, ListRow, PostResult, SentMessage, StatusUpdate, WhatsAppConfig } from './types';
export { signPayload } from './wire';
