/**
 * `X-Twilio-Signature` as Twilio's "Webhooks security" page defines it: base64 of an HMAC-SHA1,
 * keyed with the auth token, over the full URL followed by each POST parameter's name and value
 * sorted by name. The page's own worked example is checked, and so is the fake provider, which
 * must sign the same way. Reading the webhooks' form fields is checked here too.
 */
import { expect } from 'chai';
import { twilioSignature } from '../helpers/fakes/twilio';
import { parseSmsInbound, parseSmsStatus, smsSignature, verifySmsSignature } from '../../src/adapters/channels/sms';

describe('SMS webhook signature and fields', () => {
  // Twilio, "Webhooks security", validating a request: the documented example and its signature.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };

  it("computes the documented example's signature", () => {
    expect(smsSignature(url, Object.entries(params), '12345')).to.equal('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(twilioSignature(url, params, '12345')).to.equal('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('sorts by name whatever order the form came in, and refuses any change', () => {
    const reversed = Object.entries(params).reverse();
    expect(verifySmsSignature([url], reversed, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', '12345')).to.equal(true);
    expect(verifySmsSignature([url], reversed, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', '54321')).to.equal(false);
    expect(verifySmsSignature([url.replace('foo=1', 'foo=2')], reversed, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', '12345')).to.equal(false);
    expect(verifySmsSignature([url], [...reversed, ['Body', 'extra']], 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', '12345')).to.equal(false);
    expect(verifySmsSignature([url], reversed, undefined, '12345')).to.equal(false);
    // Any of the URLs the request may have been addressed to.
    expect(verifySmsSignature(['https://elsewhere.example/hook', url], reversed, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', '12345')).to.equal(true);
  });

  it('reads an inbound message, its MMS attachment, and a status callback', () => {
    const inbound = parseSmsInbound(new URLSearchParams({
      To: '+15550100300', From: '+919800000001', MessageSid: 'MM0123456789abcdef0123456789abcdef', AccountSid: 'AC1', Body: 'final bill', NumMedia: '1',
      MediaUrl0: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM0123456789abcdef0123456789abcdef/Media/ME9876', MediaContentType0: 'image/jpeg',
    }));
    expect(inbound).to.deep.equal({ to: '+15550100300', from: '+919800000001', messageSid: 'MM0123456789abcdef0123456789abcdef', accountSid: 'AC1', text: 'final bill', media: { id: 'ME9876', kind: 'image', mime: 'image/jpeg' } });
    expect(() => parseSmsInbound(new URLSearchParams({ To: '15550100300', From: '+919800000001', MessageSid: 'SM1' }))).to.throw().with.property('code', 'invalid_request');
    // A SID of another shape is refused: the signed text has no separators, so `…NumMedia0` appended to a real SID would still verify.
    expect(() => parseSmsInbound(new URLSearchParams({ To: '+15550100300', From: '+919800000001', MessageSid: 'SMfedcba9876543210fedcba9876543210NumMedia0' }))).to.throw().with.property('code', 'invalid_request');
    expect(() => parseSmsInbound(new URLSearchParams({ To: '+15550100300', From: '+919800000001', MessageSid: 'SM1' }))).to.throw().with.property('code', 'invalid_request');
    expect(() => parseSmsStatus(new URLSearchParams({ MessageSid: 'XX' + '0'.repeat(32), MessageStatus: 'sent', From: '+15550100300' }))).to.throw().with.property('code', 'invalid_request');
    const status = parseSmsStatus(new URLSearchParams({ MessageSid: 'SMfedcba9876543210fedcba9876543210', MessageStatus: 'undelivered', From: '+15550100300', To: '+919800000001', ErrorCode: '30003', AccountSid: 'AC1' }));
    expect(status).to.deep.equal({ messageSid: 'SMfedcba9876543210fedcba9876543210', status: 'undelivered', from: '+15550100300', to: '+919800000001', accountSid: 'AC1', errorCode: '30003' });
  });
});
