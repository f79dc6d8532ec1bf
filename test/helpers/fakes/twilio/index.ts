/** The fake Twilio Messages API provider: the server, what it records, its signature. */
export { startFakeTwilio } from './server';
export type { CarrierReply, FakeTwilio, InboundSms, PostResult, SentSms, TwilioConfig } from './types';
export { twilioSignature } from './wire';
