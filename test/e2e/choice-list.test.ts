/**
 * "Which did you mean?" with four offered workflows, end to end (docs/understanding.md): on
 * WhatsApp the offer is a list message (more than three reply buttons are not allowed), sent
 * through the real runtime to the fake provider, which holds it to Meta's limits; picking a row
 * continues the held question exactly as a tapped button does.
 */
import { expect } from 'chai';
import { parseWebhook } from '../../src/adapters/channels/whatsapp';
import type { PostResult } from '../helpers/fakes/whatsapp';
import { offerHandoverIfMissing } from '../helpers/handover-stand-in';
import { startHarness, type Harness } from '../helpers/harness';
import { nextReply as nextReplyTo } from '../helpers/whatsapp-claimant';
import { workflowReads } from '../helpers/workflow-reads';

interface Workflow { workflow_id: string; status: string; outcome: string | null; workflow_type: string | null; language: string | null }

describe('choices on WhatsApp: four offered workflows go out as a list message', function () {
  this.timeout(30000);
  let h: Harness;
  let removeStandIn = () => {};
  const phone = '+919855530001';

  before(async () => {
    removeStandIn = offerHandoverIfMissing();
    h = await startHarness();
    const key = h.tenant.doc.cms.api_key;
    h.cms.upsertClaim(key, {
      claim_id: 'CLM-LIST-1', policy_number: 'POL-LIST', member_name: 'S Rao', claimant_phone: phone, status: 'UNDER_REVIEW',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 30000, amount_approved: null, reason_codes: [],
    });
  });
  after(async () => {
    await h?.close();
    removeStandIn();
  });

  const nextReply = (post: () => Promise<PostResult>) => nextReplyTo(h, phone, post);
  const { workflow, settled } = workflowReads<Workflow>(() => h);

  it('an unclear message gets a list of four in Hinglish; the picked row continues the held question', async () => {
    await nextReply(() => h.wa.postInbound({ from: phone, text: 'YES' }));
    const { reply, workflowId: held } = await nextReply(() => h.wa.postInbound({ from: phone, text: 'mera claim' }));
    expect(reply.type).to.equal('interactive');
    expect(reply.text).to.match(/kya jaanna chahte hain/);
    expect(reply.buttons).to.equal(undefined);
    expect(reply.list!.button).to.equal('Chuniye');
    expect(reply.list!.sections).to.have.length(1);
    const rows = reply.list!.sections[0]!.rows;
    expect(rows.map((r) => r.title)).to.deep.equal(['Claim ka status', 'Documents baaki', 'Kyun kata/reject', 'Insaan se baat']);
    expect(rows.map((r) => r.id)).to.deep.equal(['claim_status', 'pending_documents', 'query_reason', 'human_handover'].map((i) => `choice:${i}:HI_EN`));
    expect(await settled(held, 'awaiting_choice')).to.include({ workflow_type: null, outcome: 'clarification_requested', language: 'HI_EN' });

    const { reply: answer, workflowId: pick } = await nextReply(() => h.wa.tapRow(reply, 'choice:claim_status:HI_EN'));
    expect(answer.text).to.match(/claim ki latest jaankari/i);
    expect(await settled(held, 'completed')).to.include({ workflow_type: 'claim-status', language: 'HI_EN', outcome: 'status_found' });
    // The pick was folded into the held question, as a tap is.
    expect((await workflow(pick)).status).to.equal(404);
  });

  it('reads a picked row from the webhook as a tapped button: its id is the choice, its title the words', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [{ id: 'w', changes: [{ field: 'messages', value: {
        messaging_product: 'whatsapp', metadata: { display_phone_number: '15550109999', phone_number_id: '100000000000001' },
        messages: [{ from: '919855530001', id: 'wamid.ROW', timestamp: '1700000000', type: 'interactive', context: { from: '15550109999', id: 'wamid.LIST' },
          interactive: { type: 'list_reply', list_reply: { id: 'choice:human_handover:EN', title: 'Talk to a person', description: 'x' } } }],
      } }] }],
    };
    const [message] = parseWebhook(body).messages;
    expect(message).to.include({ type: 'interactive', text: 'Talk to a person', choiceId: 'choice:human_handover:EN', from: '+919855530001' });
  });
});
