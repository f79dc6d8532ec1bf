/** The carrier opt-out and opt-in keywords Twilio acts on itself (the whole message, any case). */

export const optOut = new Set(['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit']);
export const optIn = new Set(['start', 'yes', 'unstop']);
