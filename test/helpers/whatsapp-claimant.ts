/**
 * A claimant on the fake WhatsApp, as the end-to-end suites drive one: consent given the way a
 * new claimant gives it, and a message posted with the reply it gets.
 */
import { expect } from 'chai';
import type { PostResult, SentMessage } from './fakes/whatsapp';
import type { Harness } from './harness';

/**
 * A claimant new to the service says hello, is asked for consent and answers YES; returns once
 * the answer to the YES has gone out (the second message sent to `phone`).
 */
export async function consentOnWhatsApp(h: Harness, phone: string): Promise<void> {
  const sentTo = () => h.wa.sent.filter((m) => m.to === phone);
  await h.wa.postInbound({ from: phone, text: 'hello' });
  await h.wa.waitFor(() => sentTo().length >= 1);
  await h.wa.postInbound({ from: phone, text: 'YES' });
  await h.wa.waitFor(() => sentTo().length >= 2);
}

/**
 * Posts the claimant's message with `post` (taken: 200) and waits for the next message sent to
 * `phone`; answers that reply and the first workflow the post named.
 */
export async function nextReply(h: Harness, phone: string, post: () => Promise<PostResult>): Promise<{ reply: SentMessage; workflowId: string }> {
  const sentTo = () => h.wa.sent.filter((m) => m.to === phone);
  const before = sentTo().length;
  const res = await post();
  expect(res.status).to.equal(200);
  await h.wa.waitFor(() => sentTo().length > before);
  return { reply: sentTo()[before]!, workflowId: (res.body as { workflow_ids: string[] }).workflow_ids[0]! };
}
