/**
 * The policy gate (docs/policy-gate.md): every labelled case in test/fixtures/policy-corpus.json
 * is decided as labelled (a known limit is asserted to be still wrong, so fixing it shows here),
 * then each tier's rules one by one.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { runPolicyGate, semanticThreshold, type GateInput } from '../../pipeline/policy-gate';
import { coverageThreshold } from '../../pipeline/policy-gate/attribution';
import { redactPhi } from '../../pipeline/policy-gate/phi-redaction';
import { deniedPhrase } from '../../pipeline/policy-gate/deny-list';
import reasonCodes from '../../pipeline/data/reason-codes.json';
import { languages } from '../../pipeline/languages';
import rules from '../../pipeline/data/policy-rules.json';
import { cases, gateInput, judge } from '../../bench/eval-policy';

const roomRent = {
  articleId: 'kb-room-rent', trusted: true, reasonCodes: ['ROOM_RENT_CAP'], title: 'Room rent limit and proportionate deduction',
  body: 'Your policy pays room rent up to 1% of the sum insured per day (2% for ICU). If you stay in a room above this limit, the room rent beyond the limit is not paid, and the other charges linked to the room, such as doctor visits and nursing, are reduced in the same proportion. Medicines and implants are not reduced.',
};

function input(over: Partial<GateInput>): GateInput {
  return {
    tiers: 'answer', language: 'EN', question: 'Why was my claim amount cut?', reasonCodes: ['ROOM_RENT_CAP'],
    text: `${roomRent.body}\nSource: Policy wording, section 4.2, v3`, ownClaimId: 'CLM-2024-000123', otherClaimIds: [],
    names: [], source: roomRent, tenantDenyList: [], ...over,
  };
}

describe('policy gate: the labelled corpus', () => {
  it('has at least 60 cases, at least 20 per language, every tier blocking, and few known limits', () => {
    expect(cases.length).to.be.at.least(60);
    for (const language of ['EN', 'HI', 'HI_EN']) expect(cases.filter((c) => c.language === language).length).to.be.at.least(20);
    for (const tier of [1, 2, 4]) expect(cases.some((c) => c.expected.tier === tier), `tier ${tier}`).to.equal(true);
    expect(new Set(cases.map((c) => c.id)).size).to.equal(cases.length);
    expect(cases.filter((c) => c.known_limit !== undefined).length).to.be.at.most(5);
  });

  for (const c of cases) {
    if (c.known_limit === undefined) {
      it(`${c.id}: ${c.expected.decision === 'pass' ? 'passes' : `blocks at tier ${c.expected.tier} (${c.expected.reason})`}`, () => {
        const verdict = judge(c, runPolicyGate(gateInput(c)));
        expect(verdict.problems).to.deep.equal([]);
      });
    } else {
      it(`${c.id}: known limit, still decided wrongly as documented`, () => {
        const verdict = judge(c, runPolicyGate(gateInput(c)));
        expect(verdict.correct, 'the gate now gets this case right: drop its known_limit').to.equal(false);
      });
    }
  }
});

describe('policy gate: tiers and result', () => {
  it('runs all four tiers on an answer and passes it, with the scores', () => {
    const result = runPolicyGate(input({}));
    expect(result.decision).to.equal('pass');
    expect(result.tier).to.equal(null);
    expect(result.reason).to.equal('passed');
    expect(result.tiers.map((t) => [t.tier, t.outcome, t.reason])).to.deep.equal([
      [1, 'pass', 'not_listed'], [2, 'pass', 'on_topic'], [3, 'pass', 'no_phi'], [4, 'pass', 'source_backed'],
    ]);
    expect(result.tiers[1]!.score).to.be.above(semanticThreshold);
    expect(result.tiers[3]!.score).to.be.at.least(coverageThreshold);
  });

  it('runs only tiers 1 and 3 on a reply, whatever it says', () => {
    const result = runPolicyGate(input({ tiers: 'reply', question: '', text: 'Your claim will be paid. Call 98765 43210.', source: null }));
    expect(result.decision).to.equal('pass');
    expect(result.tiers.map((t) => t.tier)).to.deep.equal([1, 3]);
    expect(result.text).to.equal('Your claim will be paid. Call [phone removed].');
    expect(result.redactions).to.deep.equal({ phone: 1 });
  });

  it('stops at the first blocking tier and sends no text', () => {
    const result = runPolicyGate(input({ text: `${roomRent.body} We guarantee you will be paid. Call 98765 43210.` }));
    expect(result).to.deep.equal({
      decision: 'block', text: '', tier: 1, reason: 'deny_list', tiers: [{ tier: 1, outcome: 'block', reason: 'deny_list' }], redactions: {},
    });
  });

  it('names the first prohibited category in rule order when an answer has several', () => {
    const result = runPolicyGate(input({ text: `${roomRent.body} You will be paid, and you can also go to court.` }));
    expect([result.tier, result.reason]).to.deep.equal([2, 'payment_promise']);
    expect(result.tiers.map((t) => t.tier)).to.deep.equal([1, 2]);
  });

  it('blocks at tier 4 after redacting, and reports the redactions it made', () => {
    const result = runPolicyGate(input({ text: `Claim CLM-2024-000123: ${roomRent.body}`, source: null }));
    expect([result.decision, result.tier, result.reason]).to.deep.equal(['block', 4, 'no_source']);
    expect(result.tiers.map((t) => t.outcome)).to.deep.equal(['pass', 'pass', 'redacted', 'block']);
    expect(result.redactions).to.deep.equal({ claim_id: 1 });
  });

  it('is pure: the same input gives the same result and is not changed', () => {
    const gate = input({ names: ['Ravi Kumar'], otherClaimIds: ['CLM-2024-000456'] });
    const copy = JSON.parse(JSON.stringify(gate)) as GateInput;
    expect(runPolicyGate(gate)).to.deep.equal(runPolicyGate(copy));
    expect(gate).to.deep.equal(copy);
  });

});

describe('policy gate tier 1: deny list', () => {
  it("blocks a tenant's phrase however the Devanagari is spelt (nukta, chandrabindu)", () => {
    expect(deniedPhrase('मुफ्त इलाज पाएं', ['मुफ़्त इलाज'])).to.equal('मुफ्त इलाज');
    expect(deniedPhrase('हाँ जी', ['हां जी'])).to.not.equal(null);
  });

  it('still matches Latin phrases exactly, as whole words', () => {
    expect(deniedPhrase('we guarantee it', [])).to.equal('we guarantee');
    expect(deniedPhrase('we guarantees it', [])).to.equal(null);
  });
});

describe('policy gate tier 2: topic and prohibited content', () => {
  it('documents its threshold and method in docs/policy-gate.md', () => {
    const doc = readFileSync('docs/policy-gate.md', 'utf8');
    expect(doc).to.include(`threshold ${semanticThreshold}`);
    expect(doc).to.include(`${coverageThreshold}`);
    expect(semanticThreshold).to.be.above(0).and.below(1);
  });

  it('scores an answer about another reason below the threshold', () => {
    const result = runPolicyGate(input({ reasonCodes: ['WAITING_PERIOD'], source: { ...roomRent, reasonCodes: ['WAITING_PERIOD'] } }));
    expect([result.tier, result.reason]).to.deep.equal([2, 'off_topic']);
    expect(result.tiers[1]!.score).to.be.at.most(semanticThreshold);
  });

  it('reads an unknown reason code by the words of its name', () => {
    const text = 'A cashless request needs pre-authorisation from the TPA desk before admission.\nSource: Claim procedure, section 2.1, v1';
    const result = runPolicyGate(input({
      question: 'why was cashless denied?', reasonCodes: ['CASHLESS_PREAUTH_MISSING'], text,
      source: { articleId: 'kb-cashless', trusted: true, reasonCodes: ['CASHLESS_PREAUTH_MISSING'], title: 'Cashless pre-authorisation', body: text },
    }));
    expect(result.decision).to.equal('pass');
  });

  it('leaves the source line out of the topic', () => {
    const result = runPolicyGate(input({ text: 'Source: Room rent limit, per day, ICU, proportionate deduction' }));
    expect([result.tier, result.reason]).to.deep.equal([2, 'off_topic']);
  });

  it('folds romanised spellings: "jaaayegaa" is "jayega"', () => {
    const result = runPolicyGate(input({ language: 'HI_EN', text: `${roomRent.body} Paisaa mil jaaayegaa.` }));
    expect(result.reason).to.equal('payment_promise');
  });

  it('treats the own claim id, full or masked, as no other claim', () => {
    for (const text of [`Your claim CLM-2024-000123: ${roomRent.body}`, `Your claim XXXX0123: ${roomRent.body}`, `Your claim clm 2024 000123: ${roomRent.body}`]) {
      expect(runPolicyGate(input({ text })).decision, text).to.equal('pass');
    }
  });

  it('blocks any claim reference that is not the own one, known or not, full or masked', () => {
    for (const text of [`${roomRent.body} See CLM-2024-000456.`, `${roomRent.body} See XXXX0456.`, `${roomRent.body} See CLM2023004411.`]) {
      const result = runPolicyGate(input({ text, otherClaimIds: ['CLM-2024-000456'] }));
      expect(result.reason, text).to.equal('other_claim');
    }
    expect(runPolicyGate(input({ ownClaimId: null, text: `Your claim XXXX0123: ${roomRent.body}` })).reason).to.equal('other_claim');
  });

  it('has phrases in every language pack for every category, and words for every reason code in every pack', () => {
    for (const pack of languages.packs) {
      for (const category of Object.keys(rules.prohibited)) expect(pack.policy_prohibited?.[category]?.length ?? 0, `${category} ${pack.code}`).to.be.above(0);
      for (const code of Object.keys(reasonCodes.codes)) expect(pack.reason_words[code]?.length ?? 0, `${code} ${pack.code}`).to.be.above(0);
    }
  });
});

describe('policy gate tier 3: redaction', () => {
  const reply = (text: string, over: Partial<GateInput> = {}) => runPolicyGate(input({ tiers: 'reply', question: '', source: null, text, ...over }));

  it('masks the own claim id however it is written, and removes other claims full or masked', () => {
    const result = reply('Claim clm/2024/000123 and CLM-2024-000456 (XXXX0456) and CLM-2023-004411.', { otherClaimIds: ['CLM-2024-000456'] });
    expect(result.text).to.equal('Claim XXXX0123 and [claim removed] ([claim removed]) and [claim removed].');
    expect(result.redactions).to.deep.equal({ claim_id: 4 });
    expect(result.tiers[1]).to.deep.equal({ tier: 3, outcome: 'redacted', reason: 'phi_redacted' });
  });

  it('keeps a masked reference that equals the own one even when another claim ends the same', () => {
    expect(reply('Claim XXXX0123', { otherClaimIds: ['CLM-2023-990123'] }).text).to.equal('Claim XXXX0123');
  });

  it('takes a 12-digit claim id for a claim id, not an Aadhaar number', () => {
    const result = reply('Claim 202400012345 is under review.', { ownClaimId: '202400012345' });
    expect(result.text).to.equal('Claim XXXX2345 is under review.');
    expect(result.redactions).to.deep.equal({ claim_id: 1 });
  });

  it('removes names whole and by part, in any case, but not inside other words or parts under three letters', () => {
    const result = reply('Dear RAVI KUMAR, Ravi asked; Kumarswamy, Li and Wei too.', { names: ['Ravi  Kumar', 'Li Wei'] });
    expect(result.text).to.equal('Dear [name removed], [name removed] asked; Kumarswamy, Li and [name removed] too.');
    expect(result.redactions).to.deep.equal({ name: 3 });
  });

  it('removes an e-mail address whole even when it carries a name', () => {
    expect(reply('Write to ravi.kumar@example.in', { names: ['Ravi Kumar'] }).text).to.equal('Write to [email removed]');
  });

  it('masks numbers written in Devanagari digits', () => {
    expect(redactPhi('फ़ोन ९८७६५ ४३२१० और आधार २३४५ ६७८९ ०१२३').counts).to.deep.equal({ phone: 1, aadhaar: 1 });
  });

  it('redacts a text of any make in time linear in its length (no backtracking blow-up)', () => {
    // 200,000 characters: a linear pass takes tens of milliseconds, a quadratic one (a recogniser
    // rescanning from each position) minutes. The bound is a deadline, not a figure: the gate's
    // speed is printed by `npm run eval:policy`.
    for (const text of ['a'.repeat(200_000), '1'.repeat(200_000), 'a.'.repeat(100_000), 'a@'.repeat(100_000)]) {
      const started = Date.now();
      reply(text, { names: ['Ravi Kumar'], otherClaimIds: ['CLM-2024-000456'] });
      expect(Date.now() - started, text.slice(0, 4)).to.be.below(10_000);
    }
  });

  it('never blocks, whatever it removes', () => {
    const result = reply('Ravi Kumar 9876543210 ravi@x.in', { names: ['Ravi Kumar'] });
    expect(result.decision).to.equal('pass');
    expect(result.text).to.equal('[name removed] [phone removed] [email removed]');
  });
});

describe('policy gate tier 4: source attribution', () => {
  it('blocks an answer whose article explains none of the claim\'s codes, aliases resolved', () => {
    expect(runPolicyGate(input({ reasonCodes: ['CO_PAYMENT'], question: 'why?' })).reason).to.be.oneOf(['off_topic', 'source_mismatch']);
    const alias = runPolicyGate(input({ reasonCodes: ['ROOM_RENT_CAP'], source: { ...roomRent, reasonCodes: ['room_rent_cap'] } }));
    expect(alias.decision).to.equal('pass');
  });

  it('blocks an answer most of which is not in the article', () => {
    const text = 'Room rent above the limit was charged, so the insurer cut forty percent from every bill line including pharmacy items and implants.\nSource: Policy wording, section 4.2, v3';
    const result = runPolicyGate(input({ text }));
    expect([result.tier, result.reason]).to.deep.equal([4, 'source_mismatch']);
    expect(result.tiers[3]!.score).to.be.below(coverageThreshold);
  });
});
