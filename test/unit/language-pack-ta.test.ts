/**
 * The Tamil packs (pipeline/languages/ta, ta_en and scripts/Tamil.json): every reply the English
 * pack has, with the same variables; WhatsApp titles within Meta's limits; SMS replies within the
 * default segment budget and short forms no longer than the Hindi ones; STOP and START in Tamil
 * script and romanised; Tamil digits read as numbers wherever numbers are read; and messages of
 * each intent understood and answered in the language they were written in.
 */
import { expect } from 'chai';
import { checkPackReplies } from '../helpers/language-pack-checks';
import { detectLanguage } from '../../pipeline/language';
import { asciiDigits, packOf } from '../../pipeline/languages';
import { redactPhi } from '../../pipeline/policy-gate/phi-redaction';
import { consentAnswer, spokenLanguage } from '../../pipeline/stages/consent';
import { understandMessage } from '../../pipeline/intents';
import { choiceOf } from '../../pipeline/understanding/choices';
import { defaultHandoverSettings, expectedReplyText } from '../../pipeline/workflows/business-hours';
import { readMessage } from '../../pipeline/understanding/sentences';
import { countSegments } from '../../src/adapters/channels/sms-segments';
import { defaultSegmentBudget, substitute } from '../../src/templates/template-registry';

/** What a message is routed to: its intent, or `small_talk` / `unclear`. */
const asked = (text: string) => { const u = understandMessage(text); return u.kind === 'intent' ? u.intent : u.kind; };
/** Each message is routed to its intent and read in its language. */
function expectReadings(cases: ReadonlyArray<readonly [string, string, string]>): void {
  for (const [text, intent, language] of cases) {
    expect(asked(text), text).to.equal(intent);
    expect(detectLanguage(text), text).to.equal(language);
  }
}

const codes = ['TA', 'TA_EN'] as const;
/** The Hindi pack each is measured against: the native script's and the romanised one's. */
const hindiOf = { TA: 'HI', TA_EN: 'HI_EN' } as const;

/** Values as long as real ones: a masked claim reference, the longest status label, two documents. */
function sampleVars(code: string): Record<string, string> {
  const sms = packOf(code).replies.sms;
  const line = (n: number, title: string) => substitute(sms.choices_numbered_line!, { n: String(n), title }, {});
  // One offered choice (a person), as the policy gate and the documents deadline offer.
  const choices = substitute(sms.choices_numbered!, { lines: line(4, sms.choice_human_handover!), numbers: '4' }, {});
  return {
    claim_ref: 'CLM-XXXX-8812', status: 'PARTIALLY_APPROVED', updated: '2024-11-10', lines: '- Discharge summary\n- Final hospital bill',
    document: 'Discharge summary', answer: 'Room rent above the limit of the policy is deducted proportionately.', source: 'Policy wording 4.2',
    amount: 'Rs 61,500', expected: 'by 17:30', support_number: '1800 425 4033', count: '2', choices, text: 'Hello',
    languages: 'English, Hindi, Hinglish',
  };
}

describe('Tamil language packs', () => {
  checkPackReplies({ native: 'TA', romanised: 'TA_EN', meta: 'ta', answer: 'அறை வாடகை வரம்பு நாளொன்றுக்கு காப்பீட்டுத் தொகையில் 1% வரை.' });

  for (const code of codes) {
    const replies = packOf(code).replies;

    it(`${code}: keeps SMS replies within the default budget, and short forms within the Hindi ones' segments`, () => {
      const vars = sampleVars(code);
      const hindi = packOf(hindiOf[code]).replies;
      const hindiVars = sampleVars(hindiOf[code]);
      for (const [name, text] of Object.entries(replies.sms)) {
        const segments = countSegments(substitute(text, vars, replies.labels)).segments;
        expect(segments, `${code} sms ${name}`).to.be.at.most(defaultSegmentBudget);
        if (name.endsWith('_short')) {
          const theirs = countSegments(substitute(hindi.sms[name]!, hindiVars, hindi.labels)).segments;
          expect(segments, `${code} sms ${name} against ${hindiOf[code]}`).to.be.at.most(Math.max(theirs, 2));
        }
      }
    });
  }

  it('says when a person will reply in Tamil and Tanglish, and the longest such reply fits the SMS budget', () => {
    // Kolkata time (UTC+05:30), the default office's zone; 3 March 2025 is a Monday.
    const ist = (d: number, h: number, m = 0) => Date.UTC(2025, 2, d, h, m) - 330 * 60_000;
    const s = defaultHandoverSettings;
    const now = ist(3, 14, 15);
    expect(expectedReplyText(ist(3, 17, 30), now, s, 'TA')).to.equal('17:30 மணிக்குள்');
    expect(expectedReplyText(ist(3, 17, 30), now, s, 'TA_EN')).to.equal('17:30 kulla');
    expect(expectedReplyText(ist(6, 10, 30), now, s, 'TA')).to.equal('வியாழக்கிழமை 10:30 மணிக்குள்');
    expect(expectedReplyText(ist(6, 10, 30), now, s, 'TA_EN')).to.equal('Thursday 10:30 kulla');
    expect(expectedReplyText(ist(28, 9, 15), now, s, 'TA')).to.equal('28 மார்ச் 09:15 மணிக்குள்');
    expect(expectedReplyText(ist(9, 9, 15), now, s, 'TA')).to.equal('ஞாயிற்றுக்கிழமை 09:15 மணிக்குள்');
    for (const code of codes) {
      const { sms, labels } = packOf(code).replies;
      const expected = expectedReplyText(ist(9, 9, 15), now, s, code);
      for (const name of ['handover_queued', 'handover_queued_short'].filter((n) => sms[n])) {
        expect(countSegments(substitute(sms[name]!, { ...sampleVars(code), expected }, labels)).segments, `${code} ${name}`).to.be.at.most(defaultSegmentBudget);
      }
    }
  });

  it('writes romanised SMS in GSM-7, so a segment holds 160 characters', () => {
    const vars = sampleVars('TA_EN');
    for (const [name, text] of Object.entries(packOf('TA_EN').replies.sms)) {
      expect(countSegments(substitute(text, vars, packOf('TA_EN').replies.labels)).encoding, name).to.equal('gsm7');
    }
  });

  it('withdraws and restores consent on STOP and START in Tamil script and romanised, answering in that language', () => {
    for (const word of ['நிறுத்து', 'நிறுத்துங்க', 'நிறுத்தவும்', 'niruthunga', 'stop pannunga']) expect(consentAnswer(word), word).to.equal('stop');
    for (const word of ['தொடங்கு', 'மீண்டும் தொடங்கவும்', 'thodangu', 'start pannunga']) expect(consentAnswer(word), word).to.equal('start');
    for (const word of ['ஆம்', 'சரி', 'aama', 'sari']) expect(consentAnswer(word), word).to.equal('yes');
    for (const word of ['இல்லை', 'வேண்டாம்', 'illa', 'vendaam']) expect(consentAnswer(word), word).to.equal('no');
    expect(spokenLanguage('நிறுத்துங்க', true)).to.equal('TA');
    expect(spokenLanguage('niruthunga', true)).to.equal('TA_EN');
  });

  it('reads Tamil digits as numbers: typed choices, amounts and PHI', () => {
    expect(asciiDigits('௦௧௨௩௪௫௬௭௮௯')).to.equal('0123456789');
    expect(choiceOf('௨')).to.deep.equal({ intent: 'pending_documents', language: 'TA' });
    const read = readMessage('ரூ. ௩௨,௫௦௦ எப்போ வரும்?');
    expect(read.words[1]).to.equal('#amount');
    expect(redactPhi('என் மொபைல் ௯௮௭௬௫௪௩௨௧௦').text).to.equal('என் மொபைல் [phone removed]');
    expect(redactPhi('என் கணக்கு எண் ௧௨௩௪௫௬௭௮௯௦௧').text).to.equal('என் கணக்கு எண் [account removed]');
  });

  it('understands each intent in Tamil script and in Tanglish, and detects which was written', () => {
    const cases: Array<[string, string, string]> = [
      ['க்ளைம் எந்த நிலையில் இருக்கு?', 'claim_status', 'TA'],
      ['அப்பாவோட ஆபரேஷன் பணம் இன்னும் வரல, எப்போ வரும்?', 'claim_status', 'TA'],
      ['இன்னும் எந்த ஆவணங்கள் அனுப்ப வேண்டும்?', 'pending_documents', 'TA'],
      ['என் க்ளைமை ஏன் நிராகரிச்சாங்க?', 'query_reason', 'TA'],
      ['மேனேஜரிடம் பேச வேண்டும்', 'human_handover', 'TA'],
      ['claim enga irukku?', 'claim_status', 'TA_EN'],
      ['innum endha documents anuppanum?', 'pending_documents', 'TA_EN'],
      ['amount yen ivlo kammiya vandhuchu?', 'query_reason', 'TA_EN'],
      ['customer care kitta pesanum', 'human_handover', 'TA_EN'],
    ];
    for (const [text, intent, language] of cases) {
      const understood = understandMessage(text);
      expect(understood.kind === 'intent' ? understood.intent : understood.kind, text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
    // Thanks or a greeting with nothing asked starts no workflow.
    for (const text of ['ரொம்ப நன்றி', 'வணக்கம் சார்', 'romba nandri sir']) expect(understandMessage(text).kind, text).to.equal('small_talk');
  });

  it('folds Tamil spellings that vary in typing to one', () => {
    // au written as e + LLA, ai as e + YA, dental and retroflex n, zero-width joiners.
    for (const [a, b] of [['க்ளெய்ம் ஸ்டேட்டஸ்', 'க்ளைம் ஸ்டேட்டஸ்'], ['டாக்குமென்ட்ஸ் என்ன பென்டிங்', 'டாக்குமெண்ட்ஸ் என்ன பெண்டிங்'], ['ஃபோன்\u200Cல பேசணும்', 'போன்ல பேசணும்']]) {
      expect(readMessage(a).words, a).to.deep.equal(readMessage(b).words);
    }
  });

  it('understands a question typed without the pulli, or with the quotative joined, as written in full (the pack\'s spelling rules)', () => {
    expect(asked('இனனும எனன டாககுமெனட அனுபபணும?')).to.equal(asked('இன்னும் என்ன டாக்குமென்ட் அனுப்பணும்?')).and.equal('pending_documents');
    expect(asked('கிளைம் எப்போ செட்டில் ஆகும்னு சொல்லுங்க')).to.equal('claim_status');
  });

  it('reads a deduction called "cutting", "ella" (all) as Tamil, not Telugu "ela" (how), and the "may I" question (-lama) as Tamil', () => {
    // Indian English "cutting" is a deduction, transliterated or not.
    expect(asked('yen ivlo cutting pannirukeenga?')).to.equal('query_reason');
    expect(asked('ஏன் இவ்ளோ கட்டிங் பண்ணிருக்கீங்க?')).to.equal('query_reason');
    expect(detectLanguage('ella bills um anuppitten')).to.equal('TA_EN');
    expect(readMessage('ella bills').words[0]).to.equal('ella');
    // The permissive question (-lama, "may I") is Tamil whichever verb carries it.
    for (const text of ['scan copy mail pannalama?', 'original bills courier la anuppalama?']) {
      expect(detectLanguage(text), text).to.equal('TA_EN');
      expect(asked(text), text).to.equal('pending_documents');
    }
  });

  it('reads a sum paid short ("only X came", "what calculation is this"), a cut asked as கட்டா, "rejected or still pending", a process asked after, and a request for a person in Tanglish', () => {
    const cases: Array<[string, string, string]> = [
      ['50,000 பில்லுக்கு 30,000 தான் கொடுத்தாங்க', 'query_reason', 'TA'],
      ['பில் 80k, வந்தது 52k, என்ன கணக்கு?', 'query_reason', 'TA'],
      ['room rent-னு 4,000 கழிச்சிருக்காங்க', 'query_reason', 'TA'],
      ['GST-க்கு தான் கட்டா?', 'query_reason', 'TA'],
      ['க்ளைம் reject ஆச்சா இல்ல இன்னும் pending-ஆ?', 'claim_status', 'TA'],
      ['அப்பா க்ளைம் process ஆகுதா?', 'claim_status', 'TA'],
      ['80k bill ku 50k thaan kuduthanga, enna kanakku?', 'query_reason', 'TA_EN'],
      ['room rent nu 4000 kazhichirukaanga', 'query_reason', 'TA_EN'],
      ['claim reject aacha illa innum pending ah?', 'claim_status', 'TA_EN'],
      ['claim process aagutha?', 'claim_status', 'TA_EN'],
      // Telling what one will do next asks nothing.
      ['ஒரிஜினல் பில்ஸ் திங்கக்கிழமை கொரியர் பண்றேன்', 'small_talk', 'TA'],
      ['original bills monday courier panren', 'small_talk', 'TA_EN'],
    ];
    expectReadings(cases);
    // A number before a case form of thousand or lakh is an amount.
    expect(readMessage('2 லட்சத்துக்கு 1.5 லட்சம் தான்').words[0]).to.equal('#amount');
    expect(readMessage('45 ayirathuku').words[0]).to.equal('#amount');
    // "intha" (this) is Tamil as well as Telugu, and "podhum" (enough) Tamil alone.
    expect(detectLanguage('intha bot reply pothum, human venum')).to.equal('TA_EN');
    // Everyday Tanglish words mark the language with English claim words around them.
    expect(detectLanguage('claim approve aayidumnu sonnaru')).to.equal('TA_EN');
    expect(detectLanguage('ok note pannikitten')).to.equal('TA_EN');
  });

  it('reads the politeness ending joined to a word (ஆச்சுங்க, varalanga) as the word, where a claim is stuck, how long more, no information yet, and "I will talk directly"', () => {
    const cases: Array<[string, string, string]> = [
      ['எங்க க்ளைம் விஷயம் என்ன ஆச்சுங்க', 'claim_status', 'TA'],
      ['claim enna aachunga', 'claim_status', 'TA_EN'],
      ['க்ளைம் எங்க நிக்குது', 'claim_status', 'TA'],
      ['claim enga nikkudhu', 'claim_status', 'TA_EN'],
      ['அப்பா க்ளைம் க்ளோஸ் ஆயிடுச்சா', 'claim_status', 'TA'],
      ['claim pottu 20 naal aachu, innum endha info um illa', 'claim_status', 'TA_EN'],
      ['உங்க ஆபீஸ் நம்பர் வேணும், நேரா பேசிக்கிறேன்', 'human_handover', 'TA'],
      ['unga office number venum, nera pesikiren', 'human_handover', 'TA_EN'],
      ['தமிழ் பேசுற யாராவது இருக்காங்களா', 'human_handover', 'TA'],
      ['tamil pesura yaaravadhu irukkangala', 'human_handover', 'TA_EN'],
      // "I will give" informs only with a time (நாளைக்கு தரேன்); alone it may give a complaint.
      ['IRDA-ல கம்ப்ளைன்ட் கொடுக்கறேன்', 'human_handover', 'TA'],
      ['IRDA la complaint kudukkaren', 'human_handover', 'TA_EN'],
      ['பில்ஸ் நாளைக்கு தரேன்', 'small_talk', 'TA'],
      ['பணம் இன்னும் வரலீங்க', 'claim_status', 'TA'],
      ['panam innum varaleenga', 'claim_status', 'TA_EN'],
      ['claim ennanga aachu', 'claim_status', 'TA_EN'],
      // Praise with claim words asks nothing.
      ['க்ளைம் ப்ராசஸ் ரொம்ப ஈஸியா இருந்துச்சு', 'small_talk', 'TA'],
      // Information received is an acknowledgement; formal 'not received' is not paid.
      ['தகவல் பெறப்பட்டது', 'small_talk', 'TA'],
      ['காப்பீட்டுத் தொகை இன்னும் கிடைக்கப்பெறவில்லை', 'claim_status', 'TA'],
      ['unga team claim seekiram settle pannadhu super', 'small_talk', 'TA_EN'],
      ['யாராவது பெரியவங்க கிட்ட பேசணுமுங்க', 'human_handover', 'TA'],
    ];
    expectReadings(cases);
  });

  it('reads the vocatives joined to a word (பேசணும்ப்பா, edhukkuyya), the -ungalen request, "they are" (இருக்காங்க) as no question, "I will send" as informing, and spellings of how many days, what is happening and only', () => {
    const cases: Array<[string, string, string]> = [
      // அப்பா, அய்யா joined to a word (spelling_rules): the word.
      ['மனுஷங்க கிட்ட பேசணும்ப்பா', 'human_handover', 'TA'],
      ['எதுக்குய்யா இவ்ளோ பணம் கட் பண்ணீங்க', 'query_reason', 'TA'],
      ['edhukkuyya ivlo amount kammi', 'query_reason', 'TA_EN'],
      // The -ங்களேன் request ("won't you talk"), and the politeness ending after a consonant (-unga).
      ['யாராவது கால் பண்ணி பேசுங்களேன்', 'human_handover', 'TA'],
      ['yaaravadhu call panni pesungalen', 'human_handover', 'TA_EN'],
      ['yaaravadhu call panni pesungalenunga', 'human_handover', 'TA_EN'],
      // இருக்காங்க (they are) is no இருக்கா (is it?) with the politeness ending.
      ['க்ளைம் அப்டேட்க்கு நன்றி, அப்பா இப்போ நல்லா இருக்காங்க', 'small_talk', 'TA'],
      // "I will send (them)" informs.
      ['டிஸ்சார்ஜ் ஆனதும் ஒரிஜினல் பில்ஸ் எல்லாம் அனுப்பி வைப்பேன்', 'small_talk', 'TA'],
      ['discharge aanadhum bills ellam courier la anuppi vaikiren', 'small_talk', 'TA_EN'],
      // Spoken spellings: எத்தன (how many), nadakudhu (is happening), thaan (only), pottrukeenga.
      ['க்ளைம் பணம் வர எத்தன நாள் ஆகும்', 'claim_status', 'TA'],
      ['claim la enna nadakudhu', 'claim_status', 'TA_EN'],
      ['bill ku 50k thaan pottrukeenga', 'query_reason', 'TA_EN'],
      ['hospital ku payment panniteengala', 'claim_status', 'TA_EN'],
      // Non-medical items are what was deducted, not documents.
      ['non medical items nu 1500 kazhichitanga', 'query_reason', 'TA_EN'],
      ['seringa', 'small_talk', 'TA_EN'],
      // "Did you send (the money)?" asks after a payment.
      ['ஹாஸ்பிடலுக்கு பணம் அனுப்பிட்டீங்களா', 'claim_status', 'TA'],
      ['hospital ku panam anuppiteengala', 'claim_status', 'TA_EN'],
      // Kongu's 'must' (-ோணும், -onum) and festival wishes.
      ['யாராவது கிட்ட பேசோணும்', 'human_handover', 'TA'],
      ['yaaravadhu kitta pesonum', 'human_handover', 'TA_EN'],
      ['இன்னும் ஏதாவது அனுப்போணுமா?', 'pending_documents', 'TA'],
      ['பொங்கல் வாழ்த்துக்கள்', 'small_talk', 'TA'],
      ['pongal vaazhthukkal', 'small_talk', 'TA_EN'],
      // Spoken என்ன is also என்னை (me): before "daily" it asks nothing ("they call me daily").
      ['hospital காரங்க என்ன தினமும் கூப்பிடுறாங்க, பணம் எப்போ வரும்?', 'claim_status', 'TA'],
      ['பில் செட்டில் பண்ணிட்டீங்களா? ஹாஸ்பிடல் காரங்க என்ன தினமும் கேக்குறாங்க', 'claim_status', 'TA'],
      // The politeness ending after a pulli (-உங்க: அனுப்புறேனுங்க) is the word: "I'll send them" tells, asks nothing.
      ['பில் எல்லாம் நாளைக்கு அனுப்புறேனுங்க', 'small_talk', 'TA'],
      ['பில் எல்லாம் நாளைக்கு கொரியர் பண்றேனுங்க', 'small_talk', 'TA'],
      // edhuku typed with the politeness ending (edhukunga) is why; "kettu kettu" (asked again and again) is Tanglish.
      ['edhukunga 20k kammi aachu', 'query_reason', 'TA_EN'],
      ['claim status kettu kettu tired', 'claim_status', 'TA_EN'],
      // The vocative pa ("any update pa?") is Tanglish.
      ['any update on my claim pa?', 'claim_status', 'TA_EN'],
      // "What logic" asks why.
      ['settlement la enna logic?', 'query_reason', 'TA_EN'],
      ['settlement ல என்ன லாஜிக்?', 'query_reason', 'TA'],
      // "I will upload" with the English verb tells, asks for no list.
      ['நாளைக்கு bills upload பண்றேனுங்க', 'small_talk', 'TA'],
      // "A person is wanted" (aal venum, ஆள் வேணும்) asks for a human, as manushan venum does.
      ['robot venam, aal venum', 'human_handover', 'TA_EN'],
      ['ரோபோ வேணாம், ஆள் வேணும்', 'human_handover', 'TA'],
    ];
    expectReadings(cases);
  });

  it('reads "what is the problem with" a paper as a documents question, Chennai இன்னா/inna as what, where the rest went (enga poachu), "on what basis" as why, "call and talk" as a call asked for, and phone charge as no money', () => {
    const cases: Array<[string, string, string]> = [
      // "What is wrong with it?" beside a paper asks about the paper, not why.
      ['அனுப்பின discharge summary-ல என்ன பிரச்சினை? திருப்பி அனுப்பணுமா', 'pending_documents', 'TA'],
      ['aadhaar copy la enna problem? thirumba anuppanuma', 'pending_documents', 'TA_EN'],
      // இன்னா, inna: Chennai's என்ன (what).
      ['இன்னா ஆச்சு என் claim-க்கு?', 'claim_status', 'TA'],
      ['deduction pottrukeenga, adhuna enna?', 'query_reason', 'TA_EN'],
      ['baaki panam enga poachu sir?', 'query_reason', 'TA_EN'],
      ['endha basis la reject panneenga?', 'query_reason', 'TA_EN'],
      // Where a form is to be had asks for the paper.
      ['claim form enga kidaikkum?', 'pending_documents', 'TA_EN'],
      ['claim form எங்க கிடைக்கும்?', 'pending_documents', 'TA'],
      ['call panni pesunga sir, type panna theriyala', 'human_handover', 'TA_EN'],
      ['கால் பண்ணி பேசுங்க சார், டைப் பண்ண தெரியல', 'human_handover', 'TA'],
      // "Or a person?" after a bot question asks for nobody; a phone's charge is no charge cut.
      ['நீங்க bot-ஆ இல்ல மனுஷனா?', 'unclear', 'TA'],
      ['phone la charge kammi, appuram pesuren', 'small_talk', 'TA_EN'],
    ];
    expectReadings(cases);
  });

  it('reads "come on the line" (லைன்ல வா, line la vaanga) as reaching a person, papers couriered as sent, and "another way" to send as asking how', () => {
    const cases: Array<[string, string, string]> = [
      ['நீங்க bot-ஆ? யாராவது ஆள் இருந்தா லைன்ல வாங்க', 'human_handover', 'TA'],
      ['manager ah line la vaanga please', 'human_handover', 'TA_EN'],
      ['bills courier பண்ணிட்டேன். உங்களுக்கு வந்துச்சா?', 'pending_documents', 'TA'],
      ['mail la anuppa mudiyala, vera vazhi enna?', 'pending_documents', 'TA_EN'],
      ['gd mrng sir', 'small_talk', 'EN'],
    ];
    expectReadings(cases);
  });

  it('reads "has it not happened yet?" (ஆகலையா, aagalaya) as asking, what happened to a claim, a summary with -உம், the rest of the money (மீதி, meethi), and "now I know" (ippo theriyudhu) as understood', () => {
    const cases: Array<[string, string, string]> = [
      ['settlement innum aagalaya?', 'claim_status', 'TA_EN'],
      ['செட்டில்மென்ட் இன்னும் ஆகலையா?', 'claim_status', 'TA'],
      ['அப்பா க்ளைமுக்கு என்ன நடந்துச்சு', 'claim_status', 'TA'],
      ['டிஸ்சார்ஜ் சம்மரியும் அனுப்பணுமா?', 'pending_documents', 'TA'],
      ['ok ok purinjiduchu, deduction yen nu ippo theriyudhu', 'small_talk', 'TA_EN'],
      ['சரி, கட் ஏன்னு இப்போ தெரியுது, நன்றி', 'small_talk', 'TA'],
    ];
    expectReadings(cases);
  });

  it('reads a courier\'s tracking number as no claim reference or status word, so "did it arrive?" after papers sent asks about the papers', () => {
    const cases: Array<[string, string, string]> = [
      ['பில்ஸ் கொரியர்ல அனுப்பினேன், ட்ராக்கிங் நம்பர் 5566. வந்து சேர்ந்துச்சா?', 'pending_documents', 'TA'],
      ['bills courier la anuppinen, tracking no 5566. vandhu serndhucha?', 'pending_documents', 'TA_EN'],
    ];
    expectReadings(cases);
  });

  it('reads "reach" in Tanglish as papers arriving or reaching a person, and money as paid only where it reaches an account', () => {
    const cases: Array<[string, string, string]> = [
      ['bills ellam courier panniten, docket no DT99X. reach aacha?', 'pending_documents', 'TA_EN'],
      ['amount innum account ku reach aagala', 'claim_status', 'TA_EN'],
      ['panam account la reach aayiducha?', 'claim_status', 'TA_EN'],
    ];
    expectReadings(cases);
  });

  it('reads "shall I put it again?" (thirumba podava, திரும்ப போடவா) as papers to send, files as papers, and whether a file will move (move aagumaa, நகருமா) as status', () => {
    const cases: Array<[string, string, string]> = [
      ['photo clear ah illa nu sonnanga, thirumba podava?', 'pending_documents', 'TA_EN'],
      ['போட்டோ clear-ஆ இல்லன்னு சொன்னாங்க, திரும்ப போடவா?', 'pending_documents', 'TA'],
      ['reply kuduthachu, ippovaavadhu file move aagumaa?', 'claim_status', 'TA_EN'],
    ];
    expectReadings(cases);
  });

  it('reads the toll-free number asked for as a person to reach', () => {
    const cases: Array<[string, string, string]> = [
      ['உங்க டோல் ஃப்ரீ நம்பர் என்ன?', 'human_handover', 'TA'],
      ['unga toll free number enna?', 'human_handover', 'TA_EN'],
    ];
    expectReadings(cases);
  });

  it('reads "when will the rest come" (meedhi amount eppo varum) as status, not a cut', () => {
    expect(asked('cut yen nu purinjudhu. meedhi amount eppo account ku varum?')).to.equal('claim_status');
    expect(asked('meedhi panam eppo kudupeenga?')).to.equal('claim_status');
    expect(asked('90k bill, 60k dhaan vandhuchu. meedhi enga?')).to.equal('query_reason');
  });

  it('reads real words that sit one letter from a class word as themselves: the vocative yeppa (no why), வருஷமா (for years, no "will it come?"), காலைல (in the morning, no call), police (no policy)', () => {
    const cases: Array<[string, string, string]> = [
      ['yeppa, endha papers anuppanum? address sollunga', 'pending_documents', 'TA_EN'],
      ['நாளைக்கு காலைல பில்ஸ் அனுப்புறேன்', 'small_talk', 'TA'],
      ['3 வருஷமா பாலிசி கட்டுறேன், ஏன் ரிஜெக்ட்?', 'query_reason', 'TA'],
    ];
    expectReadings(cases);
  });

  it('reads "won\'t you pay even for X?" (குடுக்க மாட்டீங்களா, kudukka maateengala) as a refusal to explain', () => {
    const cases: Array<[string, string, string]> = [
      ['room rent full ah kazhichitaanga. bed ku kooda kaasu kudukka maateengala?', 'query_reason', 'TA_EN'],
      ['ரூம் வாடகை முழுசா கழிச்சுட்டாங்க. பெட்டுக்கு கூட பணம் தர மாட்டீங்களா?', 'query_reason', 'TA'],
    ];
    expectReadings(cases);
  });

  it('reads a reason named (waiting period, PED) and then "how?" (epdi, எப்படி) as asking the reason', () => {
    const cases: Array<[string, string, string]> = [
      ['PED nu solli mudichiteenga, enakku sugar ey illa. eppadi?', 'query_reason', 'TA_EN'],
      ['waiting period-னு சொல்றாங்க, பாலிசி 4 வருஷம் ஆச்சு. இது எப்படி?', 'query_reason', 'TA'],
    ];
    expectReadings(cases);
  });

  it('reads a deduction named in the letter (NME, non payable, disallowed) and "what is that?" (adhu ennadhu, அது என்னது) as asking why', () => {
    const cases: Array<[string, string, string]> = [
      ['letter la \'non payable 1,800\' nu potturukku, idhu ennadhu?', 'query_reason', 'TA_EN'],
      ['settlement letter-ல \'NME ₹2,100\'னு இருக்கு, அது என்னது?', 'query_reason', 'TA'],
    ];
    expectReadings(cases);
  });

  it('reads need with the politeness ending (venunga, வேணுங்க) as need, not a typo of yenunga (why)', () => {
    expect(asked('innum enna kaagitham venunga?')).to.equal('pending_documents');
    expect(asked('இன்னும் என்ன பேப்பர் வேணுங்க?')).to.equal('pending_documents');
  });

  it('reads Tanglish spellings with d for dh, t for th, one letter for a doubled one and a for aa inside listed phrases (enna nadandhuchu: nadanduchu; evlo naal aagum: evlo nal agum)', () => {
    expect(asked('innum evlo nal agum sir')).to.equal('claim_status');
    expect(asked('appa claim ku enna nadanduchu')).to.equal('claim_status');
    expect(asked('panam enga poachu, kudutanga 40 dhaan')).to.equal('claim_status');
  });

  it('reads a higher authority (higher authority, மேலதிகாரி) as a person to talk to', () => {
    expect(asked('higher authority kitta pesanum')).to.equal('human_handover');
    expect(asked('மேல் அதிகாரி கிட்ட பேசணும்')).to.equal('human_handover');
  });

  it('reads within this month (இந்த மாசத்துக்குள்ள, indha maasathukulla) and how much time (எவ்ளோ டைம்) as when-words', () => {
    expect(asked('indha maasathukulla varuma?')).to.equal('claim_status');
    expect(asked('இந்த மாசத்துக்குள்ள வருமா?')).to.equal('claim_status');
    expect(asked('பேமென்ட்டுக்கு இன்னும் எவ்ளோ டைம்?')).to.equal('claim_status');
  });

  it('reads everyday Tanglish verb forms (irundhen, solranga, maatengudhu) as Tanglish', () => {
    expect(detectLanguage('sorry late reply, kalyanathula irundhen')).to.equal('TA_EN');
    expect(detectLanguage('hospital la ippadi dhaan solranga')).to.equal('TA_EN');
  });

  it('reads "or a machine?" after a human question (மனுஷனா இல்ல மெஷினா, human ah illa machine ah) as a bot question: இல்ல there is "or", no negation; and "what justice is this?" (இது என்ன நியாயம், enna nyayam) as why', () => {
    expect(asked('நீங்க ஆளா இல்ல மெஷினா?')).to.not.equal('human_handover');
    expect(asked('neenga human ah illa machine ah?')).to.not.equal('human_handover');
    expect(asked('3 வருஷம் பிரீமியம் கட்டினேன், இப்போ கம்மியா குடுத்திருக்கீங்க. இது என்ன நியாயம்?')).to.equal('query_reason');
  });

  it('reads "approved or rejected?" asked with the question ending (approve-ஆ reject-ஆ, approve ah reject ah) as status', () => {
    expect(asked('claim approve-ஆ reject-ஆ?')).to.equal('claim_status');
    expect(asked('appa claim approve ah reject ah nu sollunga')).to.equal('claim_status');
  });

  it('reads "it has come" (kidaichiduchu, kedachuduchu) and "I will send it" (anuppiduren, anupiduren) as Tanglish, and how it is going (eppadi poitu irukku) as status', () => {
    expect(detectLanguage('approval letter kedachiduchu, thanks sir')).to.equal('TA_EN');
    expect(detectLanguage('payment kidaichuduchu 👍')).to.equal('TA_EN');
    expect(asked('approval letter kedachiduchu, thanks sir')).to.equal('small_talk');
    expect(detectLanguage('naalaiku pharmacy bills anupiduren')).to.equal('TA_EN');
    expect(asked('naalaiku pharmacy bills anupiduren')).to.not.be.oneOf(['pending_documents', 'claim_status', 'query_reason', 'human_handover']);
    expect(asked('appa claim epdi poitu irukku?')).to.equal('claim_status');
    expect(asked('அப்பா க்ளைம் எப்படி போயிட்டு இருக்கு?')).to.equal('claim_status');
  });

  it('reads the question ending ah as Tanglish alone, and a policy renewal premium as no claim', () => {
    expect(detectLanguage('final bill original ah copy ah?')).to.equal('TA_EN');
    expect(asked('indha varusham policy renewal premium evlo varum nu sollunga')).to.not.equal('claim_status');
    expect(asked('en claim amount eppo varum?')).to.equal('claim_status');
  });

  it('reads a word with the sandhi consonant (காரணத்தைத், தொகையைக்) as the word, and the formal passive of cut (கழிக்கப்பட்ட, குறைக்கப்பட்ட) as a cut', () => {
    expect(asked('நிராகரிப்பின் காரணத்தைத் தெரிவிக்கவும்')).to.equal('query_reason');
    expect(asked('குறைக்கப்பட்ட தொகைக்கான விவரம் வேண்டும், ஏன்?')).to.equal('query_reason');
    expect(asked('என் பில் தொகையைக் கழிக்கப்பட்டது ஏன்?')).to.equal('query_reason');
  });

  it('reads a span of time gone by (ரெண்டு மாசம் ஆச்சு, 40 naal aagudhu) as a delay, as Hindi\'s "do mahine ho gaye"', () => {
    // Why beside the time gone by asks where the claim stands; without it, the reason.
    for (const text of ['ரெண்டு மாசம் ஆச்சு இன்னும் செட்டில் ஆகல, ஏன்?', '20 நாள் ஆகியும் பணம் வரல, ஏன்?', 'moonu maasam aagudhu innum approve aagala, yen?', '3 weeks aachu, no update, yen?']) {
      expect(asked(text), text).to.equal('claim_status');
    }
    expect(asked('பணம் ஏன் வரல?')).to.equal('query_reason');
    expect(asked('ரெண்டு மாசம் ஆச்சு, க்ளைம் ஸ்டேட்டஸ் என்ன?')).to.equal('claim_status');
  });

  it('reads pre-authorisation (ப்ரீ ஆத், pre auth) as a claim', () => {
    expect(asked('அம்மாவோட ப்ரீ ஆத் அப்ரூவல் இன்னும் வரல')).to.equal('claim_status');
    expect(asked('preauth approval innum varala')).to.equal('claim_status');
  });

  it('reads kept on hold (ஹோல்டுல வச்சிருக்கீங்க, hold la vechirukeenga) as a hold, not a delay: why a claim is on hold asks the reason', () => {
    expect(asked('என் கிளைம ஏன் ஹோல்டுல போட்டிருக்கீங்க?')).to.equal('query_reason');
    expect(asked('en claim ah yen hold la vachirukeenga?')).to.equal('query_reason');
  });

  it('reads if done (பண்ணா, pannaa) as no typo of a why-word or a negation, and should I do (பண்ணணுமா) as a question', () => {
    expect(asked('ரிப்போர்ட் மெயில் பண்ணா போதுமா, இல்ல கொரியர் பண்ணணுமா?')).to.equal('pending_documents');
    expect(asked('pharmacy bill whatsapp pannaa podhuma?')).to.equal('pending_documents');
  });

  it('reads Tanglish said-thanks and waiting words (sonnathukku, aanadha, kaathirukken) as Tanglish, and I will send (anupi vidren, single p) as telling', () => {
    expect(detectLanguage('payment aanatha sonnathukku thanks')).to.equal('TA_EN');
    expect(detectLanguage('seri sir, kaathirukken')).to.equal('TA_EN');
    expect(asked('naalaikku lab report anupi vidren')).to.equal('small_talk');
  });

  it('reads from my side (enga side la, என் பக்கத்துல இருந்து) as papers to send, and no problem now (ippo endha problem um illa) as closing', () => {
    expect(asked('en side la irundhu edhavadhu kuraiyudha?')).to.equal('pending_documents');
    expect(asked('என் பக்கத்துல இருந்து ஏதாவது பெண்டிங் இருக்கா?')).to.equal('pending_documents');
    expect(asked('kaasu vandhuduchu, ippo endha problem um illa')).to.equal('small_talk');
    expect(asked('பணம் வந்துடுச்சு, இனி பிரச்சனை இல்ல')).to.equal('small_talk');
  });

  it('reads an officer\'s or manager\'s number asked for (officer number, மேனேஜர் நம்பர்) as a person asked for', () => {
    expect(asked('unga manager number kudunga')).to.equal('human_handover');
    expect(asked('மேனேஜர் நம்பர் குடுங்க ப்ளீஸ்')).to.equal('human_handover');
  });

  it('reads still/yet (இன்னும், innum) as still, so why a claim is still not settled asks its status, while what more is needed stays a documents question', () => {
    expect(asked('என் கிளைம் ஏன் இன்னும் செட்டில் ஆகல?')).to.equal('claim_status');
    expect(asked('yen innum en claim settle aagala?')).to.equal('claim_status');
    expect(asked('innum enna documents venum?')).to.equal('pending_documents');
  });

  it('reads "will the claim go through without it?" (இல்லாம கிளைம் செட்டில் ஆகுமா, illama claim process aaguma) as asking whether a paper is needed', () => {
    expect(asked('FIR copy illama claim process aaguma?')).to.equal('pending_documents');
    expect(asked('FIR காப்பி இல்லாம கிளைம் செட்டில் ஆகுமா?')).to.equal('pending_documents');
  });

  it('reads the ones sent (அனுப்பினது, upload பண்ணது, submit pannadhu) as papers handed in, so whether they arrived asks about the papers', () => {
    expectReadings([
      ['நான் அனுப்பினது எல்லாம் கிடைச்சுதா?', 'pending_documents', 'TA'],
      ['அப்லோட் பண்ணது எல்லாம் சேர்ந்ததா?', 'pending_documents', 'TA'],
      ['submit pannadhu ellam reach aacha?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads no confirmation came (confirmation வரல, confirmation varala) as the papers\' receipt not confirmed, so a file sent asked after is the paper, not the claim paid', () => {
    expectReadings([
      ['ரெண்டு file upload பண்ணேன், உங்களுக்கு வந்துச்சா? confirmation வரல', 'pending_documents', 'TA'],
      ['file upload panninen, reach aacha? confirmation varala', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads papers given all the same (குடுத்தும், kuduthum, anuppiyum) as papers handed in, so why a claim is still unpaid after them asks its status', () => {
    expectReadings([
      ['எல்லா டாக்குமென்ட்ஸும் குடுத்தும் ஏன் இன்னும் கிளைம் செட்டில் ஆகல?', 'claim_status', 'TA'],
      ['bills ellam anuppiyum en claim yen innum settle aagala?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads the emphatic -ஏ on a word in -ல (பெண்டிங்லயே, ஹோல்ட்லே, pendinglaye) as the word, so still on hold asks where the claim stands', () => {
    expectReadings([
      ['என் கிளைம் இன்னும் ஹோல்ட்லயே இருக்கு, ஏன்?', 'claim_status', 'TA'],
      ['அப்பாவோட கிளைம் இன்னும் பெண்டிங்லே இருக்கு, ஏன் இப்படி?', 'claim_status', 'TA'],
      ['innum holdlaye vechirukeenga, yen?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads for your information (உங்க தகவலுக்கு, unga record ku, just info ku) as a closing that only informs, while info asked for (claim info kaga ... status enna?) still asks', () => {
    expectReadings([
      ['ஹாஸ்பிடல் பில்ஸ் எல்லாம் இன்னைக்கு அனுப்பிட்டேன், உங்க தகவலுக்கு', 'small_talk', 'TA'],
      ['pharmacy bills inniku courier panniten, just info ku', 'small_talk', 'TA_EN'],
      ['en claim info kaga message panren, status enna?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads a bank statement, a passbook, an FIR and a cheque (ஸ்டேட்மென்ட், பாஸ்புக், எஃப்ஐஆர், செக்) as papers: how to send one asks for documents, when a cheque comes a payment', () => {
    expectReadings([
      ['நீங்க கேட்ட மூணு மாச ஸ்டேட்மென்ட் எப்படி அனுப்பணும்?', 'pending_documents', 'TA'],
      ['பாஸ்புக் முதல் பக்கம் அனுப்பணுமா?', 'pending_documents', 'TA'],
      ['செக் எப்போ வரும்?', 'claim_status', 'TA'],
    ]);
  });

  it('reads with whom a claim now lies (யாருகிட்ட இருக்கு, yaar kitta irukku) as where it stands, whom to talk to as a person asked for, and whose number this is (யாருடையது, yaarodadhu) as a greeting', () => {
    expectReadings([
      ['அம்மாவோட கிளைம் இப்போ யாருகிட்ட இருக்கு?', 'claim_status', 'TA'],
      ['reimbursement file ippo yaaru kitta irukku?', 'claim_status', 'TA_EN'],
      ['yaar kitta pesanum nu sollunga', 'human_handover', 'TA_EN'],
      ['இந்த நம்பர் யாருடையது?', 'small_talk', 'TA'],
      ['hello, indha number yaarodadhu?', 'small_talk', 'TA_EN'],
    ]);
  });

  it('reads how to send (அனுப்புறது, anuppuradhu, upload panradhu) as sending, and the ones sent (அனுப்புனது, anuppunadhu) as papers handed in, each as itself, not a typo of the other', () => {
    expectReadings([
      ['portal ல upload ஆகல, வேற எப்படி அனுப்புறது?', 'pending_documents', 'TA'],
      ['portal la upload aagala, vera enga anuppuradhu?', 'pending_documents', 'TA_EN'],
      ['நேத்து அனுப்புனது எல்லாம் கிடைச்சுதா?', 'pending_documents', 'TA'],
      ['naan anuppunadhu ellam vandhucha?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads stuck (மாட்டிக்கிச்சு, maatikichu, sikkikichu) as where the claim stands', () => {
    expectReadings([
      ['அப்பாவோட கிளைம் எங்க சிக்கிக்கிச்சு?', 'claim_status', 'TA'],
      ['en reimbursement panam enga maatikichu?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads how many hours, how long yet (இன்னும் எவ்ளோ நேரம், evlo neram, ethana hours) as a when-word that asks, and did you learn anything (ஏதாவது தெரிஞ்சுதா) as a status question', () => {
    expectReadings([
      ['டிஸ்சார்ஜ்க்கு இன்னும் எத்தனை மணி நேரம் காத்திருக்கணும்?', 'claim_status', 'TA'],
      ['cashless approval ku innum evlo neram?', 'claim_status', 'TA_EN'],
      ['அம்மாவோட கிளைம் பத்தி ஏதாவது தெரிஞ்சுதா?', 'claim_status', 'TA'],
    ]);
  });

  it('reads has come down (குறைஞ்சிருக்கு) as a cut, so the money come down asks why', () => {
    expectReadings([
      ['வந்த பணம் குறைஞ்சிருக்கு', 'query_reason', 'TA'],
    ]);
  });

  it('reads no other doubt (வேற டவுட் ஒண்ணும் இல்ல, vera doubt onnum illa) as nothing more to ask', () => {
    expectReadings([
      ['புரிஞ்சுது சார், வேற டவுட் ஒண்ணும் இல்ல', 'small_talk', 'TA'],
      ['purinjudhu, vera kelvi onnum illa', 'small_talk', 'TA_EN'],
    ]);
  });

  it('reads the deduction as a noun (கழிவுகள், குறைப்புகள்; kuraippu, pidiththam) as a cut, so why asks why', () => {
    expectReadings([
      ['பில்லில் இந்த கழிவுகள் எதுக்கு?', 'query_reason', 'TA'],
      ['indha kuraippu yen panneenga?', 'query_reason', 'TA_EN'],
      ['pidittham ethukku sir?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads an officer\'s or senior\'s number asked for (அதிகாரி நம்பர், senior number) as a person to reach', () => {
    expectReadings([
      ['மேல் அதிகாரி நம்பர் அனுப்புங்க', 'human_handover', 'TA'],
      ['unga senior number kudunga sir', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads I have come to know (therinjukitten, purinjukiten) as romanised Tamil that understood', () => {
    expectReadings([
      ['sari therinjukiten, thanks sir', 'small_talk', 'TA_EN'],
    ]);
  });

  it('reads anyone as an object (யாரையாவது, yaaraiyavadhu) as a person, putting one on the line (லைன்ல போடுங்க, line la podunga) as reaching them, and the head office number as a person to reach', () => {
    expectReadings([
      ['யாரையாச்சும் லைன்ல போடுங்க ப்ளீஸ்', 'human_handover', 'TA'],
      ['yaarayavathu officer ah line la pottu vidunga', 'human_handover', 'TA_EN'],
      ['தலைமை அலுவலக நம்பர் குடுங்க', 'human_handover', 'TA'],
      ['head office no venum sir', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads having to wait (காத்திருக்கணும், wait pannanum) as a delay, so how many days asks the status', () => {
    expectReadings([
      ['இன்னும் எத்தனை நாள் காத்திருக்கணும்?', 'claim_status', 'TA'],
      ['amma claim ku innum evlo days wait pannanum?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads approved or rejected asked with a verb each (அப்ரூவ் ஆச்சா ரிஜெக்ட் ஆச்சா, approve aacha reject aacha) as status', () => {
    expectReadings([
      ['அப்பா கிளைம் அப்ரூவ் ஆனதா ரிஜெக்ட் ஆனதா?', 'claim_status', 'TA'],
      ['amma claim approve aacha illa reject aacha?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads a relationship manager (RM கிட்ட, rm kitta), human help (மனித உதவி), a grievance (கிரீவன்ஸ்) and taking it to the higher-ups (மேலிடத்துக்கு கொண்டு போங்க) as a person asked for', () => {
    expectReadings([
      ['எனக்கு மனித உதவியாளர் வேணும்', 'human_handover', 'TA'],
      ['க்ரீவன்ஸ் போடணும் சார்', 'human_handover', 'TA'],
      ['என் புகாரை மேலிடத்துக்கு எடுத்துட்டு போங்க', 'human_handover', 'TA'],
      ['enga RM kitta pesa mudiyuma?', 'human_handover', 'TA_EN'],
      ['idha mela edathuku kondu ponga sir', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads did you ask for (keteengala) and did you deposit (pottuteengala) as romanised Tamil, the latter a payment asked', () => {
    expectReadings([
      ['cancel cheque keteengala?', 'pending_documents', 'TA_EN'],
      ['appa claim panam account la pottuteengala?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads kedachutha, kidachudha (got it? typed without the ai) as kidaichutha, romanised Tamil', () => {
    expectReadings([
      ['pre auth approval kidachutha sir?', 'claim_status', 'TA_EN'],
      ['naan anupuna bills ungalukku kedachudha?', 'pending_documents', 'TA_EN'],
    ]);
  });
  it('reads papers told mailed, WhatsApped or couriered (ஈமெயில் பண்ணிட்டேன், whatsapp pannitten) as sent: small talk that starts nothing', () => {
    for (const text of ['டிஸ்சார்ஜ் சம்மரி வாட்ஸ்அப் பண்ணிட்டேன்', 'ஹாஸ்பிடல் பில்ஸ் ஈமெயில் பண்ணியாச்சு', 'discharge summary whatsapp pannitten', 'pharmacy bills ellam email panniyachu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['discharge summary mail panniten, innum enna anuppanum?', 'pending_documents', 'TA_EN']]);
  });

  it('reads got it? after papers sent as asking whether they arrived', () => {
    expectReadings([['pan card copy nethu courier panniten. got it?', 'pending_documents', 'TA_EN']]);
  });

  it('reads papers a family member sent (upload pannittan, கூரியர் பண்ணிட்டார்) as sent: no papers asked for', () => {
    for (const text of ['en magan ellam scan panni upload pannittan', 'அப்பா பில்ஸ் எல்லாம் கூரியர் பண்ணிட்டார்']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['discharge summary anuppita podhuma?', 'pending_documents', 'TA_EN']]);
  });

  it('reads when to call (எப்போ கூப்பிட்டா, eppo kooptaa) to reach someone as a person asked for', () => {
    expectReadings([
      ['யாராவது ஆபீசர் கிட்ட பேசணும், எப்போ கூப்பிட்டா கிடைப்பாங்க?', 'human_handover', 'TA'],
      ['manager kitta pesanum, eppo kooptaa kidaipaanga?', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads settlement written short (setlment, stlmnt) as the settlement asked about', () => {
    expectReadings([['setlment aagiducha sir?', 'claim_status', 'TA_EN']]);
  });

  it('reads papers a son, wife or mother handed in or sent (குடுத்துட்டாங்க, anuppittaanga, kuduthutaru) as sent: small talk that starts nothing', () => {
    for (const text of ['என் மகள் டிஸ்சார்ஜ் சம்மரி ஸ்கேன் பண்ணி அனுப்பிட்டாங்க', 'மாமா பில்ஸ் எல்லாம் ஆபீஸ்ல குடுத்துட்டாரு', 'en ponnu pharmacy bills upload pannittaanga', 'appa reports ellam kuduthutaru']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['en paiyan bills anuppitaanga, vera enna venum?', 'pending_documents', 'TA_EN']]);
  });


  it('reads the claimant paying the hospital (பில் கட்டிட்டோம், bill kattiten) as money spent, no papers asked for', () => {
    for (const text of ['ஆஸ்பத்திரில பில் கட்டிட்டோம்', 'pharmacy la bill kattiten']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('pharmacy la bill kattiten')).to.equal('TA_EN');
    expectReadings([['bill kattiten, reimbursement eppo varum?', 'claim_status', 'TA_EN']]);
  });

  it('reads customer care called useless (கஸ்டமர் சர்வீஸ் வேஸ்ட், customer care mosam) as venting, no person asked for', () => {
    for (const text of ['உங்க கஸ்டமர் சர்வீஸ் வேஸ்ட்', 'inga customer care mosam']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['customer care la yaaravadhu kitta pesanum', 'human_handover', 'TA_EN']]);
  });

  it('reads help told as given (உதவியா இருந்துச்சு, romba helpful ah irundhadhu) as thanks after the money came', () => {
    for (const text of ['செட்டில்மென்ட் ஆயிடுச்சு, உதவியா இருந்துச்சு', 'amount vandhuduchu, romba helpful ah irundhadhu']) {
      expect(asked(text), text).to.equal('small_talk');
    }
  });

  it('reads searching for a paper (தேடுறேன், thedren) as the claimant making us wait: nothing asked', () => {
    for (const text of ['இருங்க, பாலிசி காப்பி தேடுறேன்', 'oru sec, discharge summary thedren']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('oru sec, discharge summary thedren')).to.equal('TA_EN');
  });

  it('reads the hospital ward (வார்டுக்கு) as a place, no card or paper', () => {
    expect(['small_talk', 'unclear']).to.include(asked('தாத்தாவை இன்னிக்கு வார்டுக்கு மாத்திட்டாங்க'));
  });

  it('reads disallowed written in Tamil (டிஸ்அலவுட், டிஸ்அலவன்ஸ்) as a deduction whose reason is asked', () => {
    expectReadings([
      ['டிஸ்அலவுட் அமவுண்ட் ஏன் இவ்ளோ?', 'query_reason', 'TA'],
      ['இந்த டிஸ்அலவன்ஸ் என்ன?', 'query_reason', 'TA'],
    ]);
  });

  it('reads where the rest went (மீதி எங்க போச்சு, micham enga) as why the sum was cut', () => {
    expectReadings([
      ['மொத்த பில் 80000, வந்தது 65000, மீதி எங்க போச்சு?', 'query_reason', 'TA'],
      ['total bill 80000, 65000 dhaan vandhuchu, micham enga?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads papers the claimant or a son will send (அப்லோட் பண்ணிடுவேன், anuppuvan) as told: small talk that starts nothing', () => {
    for (const text of ['சாயங்காலத்துக்குள்ள ரிப்போர்ட்ஸ் அப்லோட் பண்ணிடுவேன்', 'en magan naalaiku bills anuppuvan']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('en magan naalaiku bills anuppuvan')).to.equal('TA_EN');
    expectReadings([['naalaiku upload panniduven, vera enna documents venum?', 'pending_documents', 'TA_EN']]);
  });

  it('reads I will come (varen) and handed over (kuduthutten) as Tanglish', () => {
    for (const text of ['reports ellam branch la kuduthutten', 'naalaiku office ku varen']) {
      expect(detectLanguage(text), text).to.equal('TA_EN');
    }
  });


  it('reads papers the claimant will fetch (வாங்கிட்டு வருவோம், vaangitu varom) as told: small talk that starts nothing', () => {
    for (const text of ['நாளைக்கு லேப்ல போய் ரிப்போர்ட்ஸ் வாங்கிட்டு வருவோம்', 'naalaiku lab la poi reports vaangitu varom']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('naalaiku lab la poi reports vaangitu varom')).to.equal('TA_EN');
  });

  it('reads the bill paid as an infinitive (பில் கட்டவே, bill kattave) as money spent, no papers asked for', () => {
    for (const text of ['மருந்து பில் கட்டவே கடன் வாங்கினோம்', 'medicine bill kattave kadan vaanginom']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads non-payable hyphenated in Tamil script (நான்-பேயபிள்) and an explanation wanted (vilakkam venum) as why the sum was cut', () => {
    expectReadings([
      ['இந்த நான்-பேயபிள் ஐட்டம்ஸ் என்ன?', 'query_reason', 'TA'],
      ['co-pay deduction pathi vilakkam venum', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads a brother having sent (scan pannitaru) as Tanglish', () => {
    expect(detectLanguage('thambi bills ellam scan pannitaru')).to.equal('TA_EN');
  });


  it('reads papers handed in and come back from (குடுத்துட்டு வந்தாரு, kuduthutu vandhom), sent (அனுப்பிருக்கேன்) or to be sent with the rest (meedhi bills anuppuven) as told: nothing asked', () => {
    for (const text of ['ரிப்போர்ட்ஸ் எல்லாம் பதிவு தபால்ல அனுப்பிருக்கேன்', 'என் கணவர் பேப்பர்ஸ் எல்லாம் கவுண்டர்ல குடுத்துட்டு வந்தாரு', 'papers ellam counter la kuduthutu vandhom', 'naalaiku meedhi bills anuppuven']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('papers ellam counter la kuduthutu vandhom')).to.equal('TA_EN');
  });

  it('reads taking out a card while the agent waits (ஆதார் கார்டு எடுக்குறேன், pan card edukkuren) as a closing: no papers asked for', () => {
    for (const text of ['இருங்க சார், ஆதார் கார்டு எடுக்குறேன்', 'wait pannunga, pan card edukkuren']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('wait pannunga, pan card edukkuren')).to.equal('TA_EN');
  });


  it('reads how long to wait (எத்தனை நாள் காத்திருக்கணும், வெயிட் பண்ணணும்) as a delay asked about', () => {
    expectReadings([
      ['இன்னும் எத்தனை நாள் காத்திருக்கணும்?', 'claim_status', 'TA'],
      ['இன்னும் எவ்வளவு நாள் வெயிட் பண்ணணும் சார்?', 'claim_status', 'TA'],
    ]);
  });

  it('reads what a deduction is called (டிடக்ஷன்னா என்ன) as why the sum was cut', () => {
    expectReadings([['கோ-பே டிடக்ஷன்னா என்ன?', 'query_reason', 'TA']]);
  });

  it('reads to the office (ஆபீசுக்கு) as a place, no officer: a brother coming to hand in papers asks nothing', () => {
    expect(['small_talk', 'unclear']).to.include(asked('என் தம்பி நாளைக்கு ஆபீசுக்கு வந்து ரிப்போர்ட்ஸ் குடுப்பான்'));
    expectReadings([['ஆபீசர் கிட்ட பேசணும்', 'human_handover', 'TA']]);
  });


  it('reads papers a mother or the claimant fetched from the hospital (வாங்கிட்டு வந்தாங்க, vaangitu vandhom) as told: nothing asked', () => {
    for (const text of ['மனைவி தான் லேப்ல இருந்து ரிப்போர்ட்ஸ் வாங்கிட்டு வந்தாங்க', 'nethu hospital la discharge summary vaangitu vandhom']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });


  it('reads a fever or pain come down (ஜுரம் குறைஞ்சது, vali korainjiduchu) as health news, no deduction', () => {
    for (const text of ['அம்மாவுக்கு இப்போ காய்ச்சல் குறைஞ்சிருக்கு', 'appa ku ippo vali korainjiduchu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim amount yen korainjadhu?', 'query_reason', 'TA_EN']]);
  });

  it('reads the bills kept ready (ரெடியா வச்சிருக்கேன், pottu vechirukken) as told: no papers asked for', () => {
    for (const text of ['எல்லா ரிப்போர்ட்டும் ரெடியா வச்சிருக்கேன்', 'pharmacy bills ellam oru cover la pottu vechirukken']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });


  it('reads he or she (avaru, avanga) as a known word, no who, so a father-in-law who will send the bills (avaru anupuvaaru) asks nothing; a senior citizen (சீனியர் சிட்டிசன்) is no officer', () => {
    for (const text of ['bills ellam en maamanar kitta irukku, avaru anupuvaaru', 'நான் ஒரு சீனியர் சிட்டிசன், இப்படி அலைய வைக்கறது நியாயமில்ல']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });


  it('reads fully (ஃபுல்லா) as a known word, no bill: a week spent in hospital is news', () => {
    expect(['small_talk', 'unclear']).to.include(asked('போன வாரம் ஃபுல்லா அம்மா கூட ஹாஸ்பிடல்ல இருந்தேன்'));
    expectReadings([['பில்லா ரிப்போர்ட்டா, எது வேணும்?', 'pending_documents', 'TA']]);
  });


  it('reads begun (aarambichom, aarambichirukkom) as Tanglish', () => {
    expect(detectLanguage('dialysis aarambichom')).to.equal('TA_EN');
  });


  it('reads the hospital record papers (அட்மிஷன் நோட்ஸ், case sheet, nursing notes) as papers, so where to get them asks for documents', () => {
    expectReadings([
      ['கேஸ் ஷீட் எங்க வாங்கணும்?', 'pending_documents', 'TA'],
      ['nursing notes um venuma?', 'pending_documents', 'TA_EN'],
    ]);
  });


  it('reads a decision challenged (எப்படி சொல்றீங்க, epdi cut pannalam) as why the sum was cut', () => {
    expectReadings([
      ['ICU charges அதிகம்னு எப்படி சொல்றீங்க?', 'query_reason', 'TA'],
      ['pharmacy bill la epdi cut pannalam?', 'query_reason', 'TA_EN'],
    ]);
  });


  it('reads god save us (kadavul dhaan kaapathanum) as Tanglish', () => {
    expect(detectLanguage('ini kadavule kaapathanum')).to.equal('TA_EN');
  });


  it('reads non-medical items in Tamil script (நான் மெடிக்கல் ஐட்டம்ஸ், என்எம்இ) as a cut, while I (நான்) before medical reports is no cut', () => {
    expectReadings([
      ['என்எம்இ சார்ஜஸ் என்ன?', 'query_reason', 'TA'],
      ['நான் மெடிக்கல் சார்ஜஸ் எவ்ளோ போட்டீங்க?', 'query_reason', 'TA'],
    ]);
    expect(['small_talk', 'unclear']).to.include(asked('நான் மெடிக்கல் ரிப்போர்ட்ஸ் அனுப்பிட்டேன்'));
  });


  it('reads messages or an OTP coming late (மெசேஜ் லேட்டா, otp late ah) as the phone network, no claim delayed', () => {
    for (const text of ['நெட்வொர்க் சரியில்ல, ஓடிபி லேட்டா வருது', 'signal illa, msg late ah varudhu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim yen late ah aagudhu?', 'claim_status', 'TA_EN']]);
  });


  it('reads papers put in the drop box or handed over (போட்டுட்டேன், ஒப்படைச்சுட்டேன், oppadaichuten) and their acknowledgement given (acknowledgement kuduthanga) as told; drop (டிராப்) is no track', () => {
    for (const text of ['டிராப் பாக்ஸ்ல பில்ஸ் போட்டுட்டேன்', 'கவுண்டர்ல ரிப்போர்ட்ஸ் ஒப்படைச்சுட்டேன்', 'reception la bills oppadaichuten', 'ella reportsum vandhadha acknowledgement kuduthanga']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('reception la bills oppadaichuten')).to.equal('TA_EN');
  });


  it('reads the relationship manager asked for (என் rm யாரு, ennoda rm, rm number) as a person, while room rent (rm rent) stays a cut', () => {
    expectReadings([
      ['என் rm யாரு? அவரோட நம்பர் வேணும்', 'human_handover', 'TA'],
      ['unga rm number kudunga, pesanum', 'human_handover', 'TA_EN'],
      ['rm rent la 4000 yen cut pannuneenga?', 'query_reason', 'TA_EN'],
    ]);
  });


  it('reads paying (katta, kattanum, katta vendiyadhu) as Tanglish, no cut, and money the claimant had to pay as money paid, while a cut with a why still asks why', () => {
    for (const text of ['operation ku 25k naane katta vendiyadhu aachu, romba kashtam', 'room ku extra 2000 kattanum nu sonnanga']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['hospital la 15k katta sonnanga, adhu yen?', 'query_reason', 'TA_EN'],
      ['paisa kata hai', 'query_reason', 'HI_EN'],
    ]);
  });


  it('reads papers attached (அட்டாச் பண்ணிட்டேன், attach pannitten) or submitted and come back from (submit panni vandhen) as told, while what to attach still asks for documents', () => {
    for (const text of ['டிஸ்சார்ஜ் சம்மரி அட்டாச் பண்ணிட்டேன்', 'lab reports ellam attach pannitom', 'counter la claim form submit panni vandhen']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['endha reports attach pannanum?', 'pending_documents', 'TA_EN']]);
  });


  it('reads where it stands or is stuck (enga nikkudhu, enga maatikichu) as a where-question about the claim, even after papers told sent and a question about them', () => {
    expectReadings([
      ['reports ellam anuppiten. kedaichudha? ippo en claim enga nikkudhu', 'claim_status', 'TA_EN'],
      ['appa oda reimbursement enga maatikichu theriyala', 'claim_status', 'TA_EN'],
    ]);
  });


  it('reads the insurer\'s query answered (query ku reply panniten, க்வெரிக்கு பதில் அனுப்பிட்டேன்) as papers handed in: told, no list asked; a question after it still asks', () => {
    for (const text of ['nethu query ku reply pannitten', 'க்வெரிக்கு பதில் அனுப்பிட்டேன்']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['query ku badhil anuppiten, vera enna documents venum?', 'pending_documents', 'TA_EN']]);
  });


  it('reads stitches or a plaster taken off (தையல் பிரிச்சாங்க, stitches eduthutanga) as health news, no deduction, while a sum taken off the bill still asks why', () => {
    for (const text of ['அம்மாவுக்கு நேத்து தையல் பிரிச்சாங்க', 'thambi ku plaster eduthutanga, ippo nalla irukkan']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['பில்லுல 1500 பிரிச்சிட்டாங்க, ஏன்?', 'query_reason', 'TA']]);
  });


  it('reads someone having explained (clear ah explain pannanga, nalla explain pannaru) as an explanation understood, no request to explain, while explain pannunga still asks why', () => {
    expectReadings([
      ['Kavitha madam thelivaa explain pannanga, romba thanks', 'small_talk', 'TA_EN'],
      ['room rent cut yen nu explain pannunga', 'query_reason', 'TA_EN'],
    ]);
  });


  it('reads month (மாசம்) as a known word, no typo of for months (மாசமா): a wedding next month told is news, while months gone by still ask where the claim stands', () => {
    expect(['small_talk', 'unclear']).to.include(asked('தங்கச்சிக்கு இந்த மாசம் வளைகாப்பு, எல்லாரும் பிஸி'));
    expectReadings([['மூணு மாசம் ஆச்சு, claim இன்னும் settle ஆகல', 'claim_status', 'TA']]);
  });


  it('reads compulsory or required (கட்டாயமா, அவசியமா, kattayama, mandatory ah) as a paper needed, so is this paper compulsory asks for documents', () => {
    expectReadings([
      ['போலீஸ் ரிப்போர்ட் கட்டாயமா?', 'pending_documents', 'TA'],
      ['ration card copy kattayama?', 'pending_documents', 'TA_EN'],
    ]);
  });


  it('reads a cap asked about (தான் லிமிட்டா, limit pottanga, dhaan limit ah) as a cut, so a sum capped asks why', () => {
    expectReadings([
      ['ஆஞ்சியோக்கு 60,000 தான் லிமிட்டா?', 'query_reason', 'TA'],
      ['maternity ku 35k dhaan limit ah?', 'query_reason', 'TA_EN'],
    ]);
  });


  it('reads not given, asked (கொடுக்கலையா, kudukkalaya) as a payment not made', () => {
    expectReadings([
      ['claim பணம் இன்னும் கொடுக்கலையா?', 'claim_status', 'TA'],
      ['settlement amount innum kudukkalaya?', 'claim_status', 'TA_EN'],
    ]);
  });


  it('reads are you expecting (எதிர்பாக்குறீங்களா, ethirpaakureengala) anything more from the claimant as papers asked for', () => {
    expectReadings([
      ['வேற ஏதாவது என்கிட்ட இருந்து எதிர்பாக்குறீங்களா?', 'pending_documents', 'TA'],
      ['vera edhavadhu ennaanda irundhu ethirpaakreengala?', 'pending_documents', 'TA_EN'],
    ]);
  });


  it('reads meeting someone in person (நேர்ல சந்திக்கணும், nerla paakanum, meet pannanum) and an appointment asked for (appointment kidaikkuma) as asking for a person; a doctor\'s appointment told asks nothing', () => {
    expectReadings([
      ['ஆபீஸ்ல யாரையாவது நேர்ல சந்திக்கணும்', 'human_handover', 'TA'],
      ['head office la officer ah nerla paakanum, appointment kudunga', 'human_handover', 'TA_EN'],
    ]);
    expect(['small_talk', 'unclear']).to.include(asked('amma ku doctor appointment kidaichudhu'));
  });


  it('reads papers handed in by a mother or son with the long vowel (kuduthutu vandhaanga, vandhaan) as told, and after some days (naal kazhichu, நாள் கழிச்சு) as a time, no deduction', () => {
    for (const text of ['paati reports ellam counter la kuduthutu vandhaanga', 'moonu naal kazhichu veetuku vandhom', 'ஒரு வாரம் கழிச்சு டாக்டர் பாக்க போறோம்']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['bill la 1800 kazhichu irukkanga, yen?', 'query_reason', 'TA_EN']]);
  });


  it('reads the name Kiran (கிரண், kiran) as a known word, no typo of the reason word karan, and an agent who spoke kindly (நல்லா பேசினாரு, porumaiya pesinaanga) as praise that closes', () => {
    expectReadings([
      ['ஏஜென்ட் கிரண் சார் பொறுமையா பேசினாரு', 'small_talk', 'TA'],
      ['unga executive Kiran anba pesinaaru', 'small_talk', 'TA_EN'],
    ]);
  });


  it('reads anything missing, asked (மிஸ்ஸிங்கா) as papers asked for', () => {
    expectReadings([['என் டாக்குமென்ட்ஸ்ல ஏதாவது மிஸ்ஸிங்கா?', 'pending_documents', 'TA']]);
  });


  it('reads the policy\'s own business (ரினியூவல், சேர்க்க முடியுமா, renewal, add pannalama) as cover, no claim: when the renewal is due or adding a mother asks nothing of a claim', () => {
    for (const text of ['பாலிசி ரினியூவல் எப்போ?', 'en maamiyar ah policy la add pannalama?', 'அடுத்த வருஷம் ப்ரீமியம் எவ்ளோ?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['என் க்ளைம் எப்போ செட்டில் ஆகும்?', 'claim_status', 'TA']]);
  });


  it('reads the claimant having paid the bill (கட்டிட்டேன், naane kattiten) as told, no papers asked for, and thanks passed on (நன்றி சொல்லுங்க, thanks sollunga) as a closing, while a payment date asked after them still asks', () => {
    for (const text of ['pharmacy bill ellam naane kattitten, ippo nimmadhi', 'பணம் அக்கவுண்ட்ல வந்துடுச்சு, கவிதா மேடத்துக்கு நன்றி சொல்லுங்க', '30k vandhuduchu, Ravi sir ku thanks sollunga']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['hospital bill kattiten, claim panam eppo varum?', 'claim_status', 'TA_EN']]);
  });


  it('reads papers the claimant is going to give or send (குடுக்க போறேன், kudukka poren, anuppa poren) as told, while what else is needed after it still asks', () => {
    for (const text of ['naalaiku counter la xray report kudukka poren', 'சாயங்காலம் ஆபீஸ்ல ஸ்கேன் ரிப்போர்ட் கொடுக்க போறேன்']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['scan report anuppa poren, vera enna venum?', 'pending_documents', 'TA_EN']]);
  });


  it('reads papers a sister sent (அனுப்பினாங்க, anuppinaanga) or put on WhatsApp (வாட்ஸ்அப்ல போட்டாங்க) as told; only now (இப்போதான்) as a known word, no typo of when at last (எப்போதான்); a treatment going on (பிசியோதெரபி நடக்குது) as news, no status', () => {
    for (const text of ['என் அண்ணி ஸ்கேன் ரிப்போர்ட் அனுப்பினாங்க', 'thambi prescription ah whatsapp la pottaan', 'பாலிசி எவ்ளோ உதவியா இருக்குன்னு இப்போதான் புரியுது', 'தாத்தாவுக்கு டயாலிசிஸ் நடக்குது']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['பணம் எப்போதான் வரும்?', 'claim_status', 'TA']]);
  });


  it('reads the TPA office as a place (tpa office la, TPA ஆபீஸ்ல), no claim, and papers a father-in-law gave (kuduthaaru) as told; a claim asked about there still asks', () => {
    for (const text of ['appa nethu TPA office la ella xerox um kuduthaaru', 'அம்மா TPA ஆபீஸ்ல ரிப்போர்ட்ஸ் குடுத்துட்டு வந்தாங்க']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['TPA office la en claim status enna?', 'claim_status', 'TA_EN']]);
  });


  it('reads gave in its persons (குடுத்தாரு, கொடுத்தாங்க) as papers handed in, told, and its question (குடுத்தாங்களா) as a payment asked about', () => {
    expect(['small_talk', 'unclear']).to.include(asked('மச்சான் நேத்து கவுண்டர்ல எல்லா ஜெராக்ஸும் கொடுத்தாரு'));
    expectReadings([['க்ளைம் அமௌண்ட் கொடுத்தாங்களா?', 'claim_status', 'TA']]);
  });


  it('reads did they give, asked (kuduthaangala, kudutheengala) as a payment asked about', () => {
    expectReadings([['reimbursement panam kuduthaangala?', 'claim_status', 'TA_EN']]);
  });


  it('reads Tanglish grammar words (adha, that; kulla, within; kadhai, story) in their own sense, not as another pack\'s cut (Hinglish adha, half) or when-word (kadhi)', () => {
    expectReadings([['bill la oru page kammiya irundhuchu, adha ippo anuppalama?', 'pending_documents', 'TA_EN']]);
    for (const text of ['romba naal kadhai idhu, yaarum phone edukkala', '48 mani neram kulla inform panniten']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });


  it('reads the claim\'s processing started, asked (process start aacha), as its status, also after papers asked about', () => {
    expectReadings([['discharge summary kedaichidha? claim process start aacha?', 'claim_status', 'TA_EN']]);
  });


  it('reads papers scanned or copied and kept ready (scan panni vechiruken, ஜெராக்ஸ் எடுத்து வெச்சிருக்கேன்) as told, no papers asked for, while where to upload them still asks', () => {
    for (const text of ['discharge summary vaangiten, xerox eduthu vechiruken', 'லேப் ரிப்போர்ட் வாங்கிட்டேன், ஜெராக்ஸ் எடுத்து வெச்சிருக்கேன்']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['ella bills um scan panni vechiruken, enga upload pannanum?', 'pending_documents', 'TA_EN']]);
  });


  it('reads what the bill came to (1.5 lakh bill aachu, 90 ஆயிரம் பில் ஆச்சு) as a cost told, no papers asked for, while papers asked after it still ask', () => {
    for (const text of ['amma ku operation, 1.5 lakh bill aachu', 'தாத்தாவுக்கு ஆபரேஷன், 90 ஆயிரம் பில் ஆச்சு']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['1.5 lakh bill aachu, enna documents venum?', 'pending_documents', 'TA_EN']]);
  });


  it('reads how can it be late (epdi late aachu, எப்படி லேட் ஆகும்) after a rejection as its reason challenged, while beside a delay alone it asks where the claim stands', () => {
    expectReadings([
      ['rendu naal kulla inform panniten, late intimation nu reject pannitanga, epdi late aachu?', 'query_reason', 'TA_EN'],
      ['லேட் இன்டிமேஷன்னு ரிஜெக்ட் பண்ணிட்டீங்க, மறுநாளே சொன்னேன். எப்படி லேட் ஆகும்?', 'query_reason', 'TA'],
      ['claim settle aaga ivlo naal, epdi late aagum?', 'claim_status', 'TA_EN'],
    ]);
  });


  it('reads has it happened, asked, typed aaidicha (as aayiducha) as the question it is: whether a courier reached is asked', () => {
    expectReadings([['amma anupuna courier reach aaidicha?', 'pending_documents', 'TA_EN'], ['en claim approve aaidicha?', 'claim_status', 'TA_EN']]);
  });


  it('reads where is the money, asked with enga after it (panam enga, kaasu enga), as where the claim stands, while enga before a noun (enga panam, our money) names nothing', () => {
    expectReadings([['ivlo thadava kettachu, en panam enga?', 'claim_status', 'TA_EN'], ['seriously, kaasu enga?', 'claim_status', 'TA_EN']]);
    expect(['small_talk', 'unclear']).to.include(asked('enga panam ellam hospital ku pochu'));
  });


  it('reads where is the money in Tamil script, எங்க after the noun (பணம் எங்க), as where the claim stands', () => {
    expectReadings([['என் பணம் எங்க?', 'claim_status', 'TA']]);
    expect(['small_talk', 'unclear']).to.include(asked('எங்க பணம் எல்லாம் ஆஸ்பத்திரிக்கு போச்சு'));
  });


  it('reads nobody picks up (yaarum phone edukkala, யாரும் எடுக்கல) and a bad experience as venting, no person asked for, while a person asked for after it still asks', () => {
    for (const text of ['customer care la yaarum phone edukkala, worst experience', 'கஸ்டமர் கேருக்கு கால் பண்ணா யாரும் எடுக்கல. ரொம்ப மோசமான அனுபவம்']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['call panna yaarum edukkala, oru senior officer kitta pesanum', 'human_handover', 'TA_EN'],
      ['கால் பண்ணா யாரும் எடுக்கல, ஒரு அதிகாரி கிட்ட பேசணும்', 'human_handover', 'TA'],
    ]);
  });


  it('reads the portal (போர்டல்) as a known word, no typo of port (போர்ட், the policy\'s own business): a claim asked about on it is its status', () => {
    expectReadings([['போர்டல் ல க்ளைம் என்ன காட்டுது?', 'claim_status', 'TA']]);
  });


  it('reads a paper the claimant read (padichu paathen, படிச்சேன்) as told, no paper asked for, while a question after it still asks', () => {
    for (const text of ['nethu policy document full ah padichu paathen', 'இன்னைக்கு பாலிசி டாக்குமென்ட் படிச்சேன்']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['rejection letter padichen, yen reject pannanga?', 'query_reason', 'TA_EN'],
      ['query letter padichen, adhula enna documents venum nu puriyala', 'pending_documents', 'TA_EN'],
    ]);
  });


  it('reads papers in the claimant\'s hands (en kitta irukku, என்கிட்ட இருக்கு) as told, no paper asked for, while where to send them still asks', () => {
    for (const text of ['appa discharge aayitaaru, ella bills um en kitta irukku', 'அப்பா டிஸ்சார்ஜ் ஆயிட்டாரு, எல்லா பில்லும் என்கிட்ட இருக்கு']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['bills en kitta irukku, enga anuppanum?', 'pending_documents', 'TA_EN']]);
  });


  it('reads a form told filled in (fill panni mudichen, நிரப்பிட்டேன்) as papers done, none asked for, while what else is needed after it still asks', () => {
    for (const text of ['ippo dhaan claim form fill panni mudichen', 'கிளைம் ஃபார்ம் நிரப்பிட்டேன்']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim form fill panniten, vera enna documents venum?', 'pending_documents', 'TA_EN']]);
  });


  it('reads they have reduced (kuraichitanga, korachitinga) as a cut: a sum reduced and challenged asks why', () => {
    expectReadings([['room rent limit nu solli 15000 kuraichitanga, adhu sariya?', 'query_reason', 'TA_EN']]);
  });


  it('reads it came quickly (seekiram vandhuchu, சீக்கிரம் வந்துச்சு), told of a past claim, as no payment date asked, while soon asked (seekiram varuma) still asks', () => {
    for (const text of ['last year um idhe maadhiri claim panninen, appo seekiram vandhuchu', 'போன வருஷமும் இதே மாதிரி க்ளைம் பண்ணேன், அப்போ சீக்கிரம் வந்துச்சு']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['panam seekiram varuma?', 'claim_status', 'TA_EN'], ['pona thadava panam seekiram vandhuchu, ippo yen ivlo late?', 'claim_status', 'TA_EN']]);
  });

  it('reads sadness told (கஷ்டமா இருக்கு, kashtama irukku, varuthama irukku) as venting, no reason asked, while a why asked beside it still asks', () => {
    for (const text of ['என் claim reject ஆயிடுச்சு. ரொம்ப வருத்தமா இருக்கு', 'claim reject aachunu message vandhuchu, romba kashtama irukku']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['claim reject ஆயிடுச்சு, ரொம்ப கஷ்டமா இருக்கு. ஏன் reject பண்ணீங்க?', 'query_reason', 'TA'],
      ['claim reject aachu, romba kashtama irukku, yen reject pannunga?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads they cut (வெட்டிட்டாங்க, vettitaanga) as a cut: a sum cut and challenged asks why', () => {
    expectReadings([
      ['ஆபரேஷன் பில்லுல 6000 வெட்டிட்டாங்க, அது எல்லாம் treatment செலவு தானே?', 'query_reason', 'TA'],
      ['scan bill 3500 vettitaanga, adhuvum treatment la serndhadhu thaane?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads it would be good if someone talked (பேசினா நல்லா இருக்கும், pesina nalla irukkum) as a person asked for, while if I talked, told of the past, asks for nobody', () => {
    expectReadings([
      ['என் தாத்தாவுக்கு மெசேஜ் படிக்க தெரியாது, யாராவது அவர் கிட்ட போன்ல பேசினா நல்லா இருக்கும்', 'human_handover', 'TA'],
      ['paati ku chat panna theriyadhu, yaaravadhu avanga kitta phone la pesina nalla irukkum', 'human_handover', 'TA_EN'],
    ]);
    expect(asked('naan hospital kitta pesina, avangalukum theriyalanu sonnanga')).to.not.equal('human_handover');
  });

  it('reads next week (அடுத்த வாரம்) as a date told as well as a when-word: a claim planned for next week asks nothing, while a payment asked for next week still asks', () => {
    expect(['small_talk', 'unclear']).to.include(asked('டிஸ்சார்ஜ் ஆனதும் அடுத்த வாரம் க்ளைம் பண்ணலாம்னு இருக்கோம்'));
    expectReadings([['க்ளைம் பணம் அடுத்த வாரம் வருமா?', 'claim_status', 'TA']]);
  });

  it('reads approved or rejected, asked with the English verbs (approve ஆச்சா reject ஆச்சா, approve ஆனதா reject ஆனதா), as the claim\'s status: no rejection to explain', () => {
    expectReadings([
      ['approve ஆச்சா reject ஆச்சா? இன்னும் SMS வரல', 'claim_status', 'TA'],
      ['appa claim approve ஆனதா reject ஆனதா? சொல்லுங்க', 'claim_status', 'TA'],
    ]);
  });

  it('reads became ok, asked with the English ok (ok ஆச்சா, ok ஆனதா), as approval asked, no ok of thanks', () => {
    expectReadings([['அப்பா ஆபரேஷனுக்கு insurance ok ஆச்சான்னு இன்னும் தெரியல', 'claim_status', 'TA']]);
    expect(asked('ok ஆச்சு, நன்றி')).to.equal('small_talk');
  });

  it('reads acceptance told (ஏத்துக்கிறேன், accept panren) as small talk, no reason asked, while a why asked beside it still asks', () => {
    for (const text of ['சரிங்க, claim rejection ஐ ஏத்துக்கிறேன்', 'paravaalla, rejection ah accept panren']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['rejection ah accept panren, aana yen reject aachunu sollunga', 'query_reason', 'TA_EN']]);
  });

  it('reads went (போச்சு) as a known word, no typo of talk (பேச்சு): all went well, told with papers given, asks for nothing, while where the money went still asks', () => {
    expect(asked('ஆபரேஷன் எல்லாம் நல்லபடியா போச்சு, bills எல்லாம் கொடுத்துட்டேன்')).to.not.equal('human_handover');
    expect(asked('ஆபரேஷன் எல்லாம் நல்லபடியா போச்சு, bills எல்லாம் கொடுத்துட்டேன்')).to.not.equal('pending_documents');
    expectReadings([['க்ளைம் பணம் எங்க போச்சு?', 'claim_status', 'TA']]);
  });

  it('reads joy told (சந்தோஷப்பட்டாங்க, மகிழ்ச்சி, romba happy) as small talk: money told arrived with joy asks nothing, while a cut asked beside it still asks', () => {
    for (const text of ['க்ளைம் பணம் bank ல வந்துடுச்சு, அப்பா ரொம்ப சந்தோஷப்பட்டாங்க', 'claim amount credit aachu, romba happy']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['panam vandhuchu romba happy, aana yen 5000 cut pannunga?', 'query_reason', 'TA_EN']]);
  });

  it('reads injustice told (நியாயமே இல்ல, அநியாயம், nyayam illa) as venting, no reason asked, while a why asked beside it still asks', () => {
    for (const text of ['இத்தனை நாள் அலைய வெச்சீங்க, இது நியாயமே இல்ல', 'evlo naal alaya vecheenga, romba aniyayam']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['இது நியாயமே இல்ல, ஏன் reject பண்ணீங்க?', 'query_reason', 'TA']]);
  });

  it('reads it all went well (நல்லபடியா முடிஞ்சுது, nallapadiya mudinjidhu) as news told: a claim settled long ago asks nothing', () => {
    for (const text of ['க்ளைம் settle ஆகி ரெண்டு மாசம் ஆச்சு, எல்லாம் நல்லபடியா முடிஞ்சுது', 'claim settle aagi oru maasam aachu, ellam nallapadiya mudinjidhu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads how much, exclaimed (எவ்வளவு நம்பிக்கையோட, எவ்வளவு ஆசையா, எவ்வளவோ), as known phrases, no question: a rejection told with sadness asks nothing, while how much asked still asks', () => {
    expect(['small_talk', 'unclear']).to.include(asked('claim reject ஆயிடுச்சு, ரொம்ப வருத்தமா இருக்கு, எவ்வளவு ஆசையா இந்த policy எடுத்தோம்'));
    expectReadings([['claim அமவுண்ட் எவ்வளவு வரும்?', 'claim_status', 'TA']]);
  });

  it('reads sanction (சாங்ஷன், சான்க்ஷன், sanction aacha) as a payment word: a claim asked sanctioned is claim status', () => {
    expectReadings([
      ['அப்பாவோட க்ளைம் சாங்ஷன் ஆச்சா, பாத்து சொல்லுங்க', 'claim_status', 'TA'],
      ['என் க்ளைம் சான்க்ஷன் ஆயிடுச்சா?', 'claim_status', 'TA'],
      ['claim sanction aacha?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads a cut told as வெட்டி இருக்காங்க or a cap put on (cap போட்டாங்க, cap pottanga), and where in the policy (பாலிசில எங்க இருக்கு, policy la enga irukku) as asking the reason', () => {
    expectReadings([
      ['20% வெட்டி இருக்காங்க, ஏன்?', 'query_reason', 'TA'],
      ['knee surgery க்கு cap போட்டாங்க, எந்த அடிப்படையில்?', 'query_reason', 'TA'],
      ['knee surgery ku cap pottanga, yen?', 'query_reason', 'TA_EN'],
      ['மீதி பணம் கொடுக்கல, இது பாலிசில எங்க இருக்கு?', 'query_reason', 'TA'],
      ['balance kudukkala, idhu policy la enga irukku?', 'query_reason', 'TA_EN'],
    ]);
    expect(asked('policy copy enga irukku?')).to.not.equal('query_reason');
  });

  it('reads bills to be fetched (வாங்கிட்டு வருவாரு, vaangittu varen) as papers promised, and the portal showing them received (received னு காட்டுது) as told: neither asks for documents', () => {
    for (const text of ['அப்பா நாளைக்கு hospital போய் bills வாங்கிட்டு வருவாரு', 'naalaiku hospital la bills vaangittu varen',
      'Bills அனுப்பிட்டேன், website-ல received னு காட்டுது', 'bills anuppiten, app la received nu kaatudhu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(asked('bills received ஆச்சா?')).to.equal('pending_documents');
  });

  it('reads NEFT or bank details as a paper, no payment status, and anything else (வேற ஏதும், vera edhum) pending as asking what papers remain', () => {
    expectReadings([
      ['NEFT details அனுப்பிட்டேன், வேற ஏதும் pending ஆ?', 'pending_documents', 'TA'],
      ['bank details anuppiten, vera edhum pending aa?', 'pending_documents', 'TA_EN'],
      ['neft aacha?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads venting (மோசமான சர்வீஸ், alaiya vittanga, insurance edukkave koodathu, shock aayiten) as small talk, while a why beside it still asks', () => {
    for (const text of ['mosamana service, ivlo naal alaiya vittanga', 'மோசமான சர்வீஸ், இன்சூரன்ஸ் எடுக்கவே கூடாது',
      'hospital bill பாத்து ஷாக் ஆயிட்டேன்', 'hospital bill paathu shock aayiten']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['amount paathu shock aayiten, yen ivlo kammi?', 'query_reason', 'TA_EN']]);
  });

  it('reads the policy\'s own business (a mobile number to change, a health card lost, a family floater to buy, a tax certificate, premium EMI, an app update) as no claim question', () => {
    for (const text of ['என் mobile number மாத்தணும். எப்படி update பண்றது?', 'mobile number maathanum, eppadi update panradhu?',
      'health card காணாம போச்சு, புது கார்டு எப்படி வாங்கறது?', 'en health card kaanom, pudhu card venum',
      'அம்மாவுக்கு family floater பாலிசி எடுக்கணும்', 'amma appa ku family floater policy edukkanum, details anuppunga',
      'வருமான வரிக்கு 80டி சர்டிபிகேட் எங்க கிடைக்கும்?', 'income tax ku 80D certificate eppadi download panradhu?',
      'பிரீமியம் EMI-ல கட்டலாமா?', 'app update பண்ணதுக்கப்புறம் open ஆகல', 'app update pannathum open aagala']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads a rejection letter told arrived (rejection letter வந்திருக்கு, vandhurukku) as news told, while the reason not understood (காரணம் புரியல, reason puriyala) asks for it', () => {
    for (const text of ['rejection letter வந்திருக்கு', 'ரிஜெக்ஷன் லெட்டர் இன்னைக்கு வந்தது', 'rejection letter vandhurukku']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['ரிஜெக்ஷன் லெட்டர் வந்துச்சு, காரணம் புரியல', 'query_reason', 'TA'],
      ['rejection letter vandhuchu, adhula reason puriyala', 'query_reason', 'TA_EN'],
      ['rejection letter vandhuchu, yen reject pannunga?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads buying a policy (senior citizen policy, health insurance வேணும்), filing tax (tax file pannanum) and when the premium is due (premium eppo kattanum) as the policy\'s business, no claim question', () => {
    for (const text of ['parents ku senior citizen policy venum', 'ஹெல்த் இன்சூரன்ஸ் எடுக்கணும், details சொல்லுங்க',
      'income tax file pannanum, premium receipt venum', 'premium eppo kattanum?', 'இந்த வருஷ பிரீமியம் எப்போ கட்டணும்?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads running around and being fed up (அலையறேன், வெறுப்பா இருக்கு; alaiyuren, veruppa irukku) as venting, while when the claim settles, asked beside it, still asks', () => {
    for (const text of ['க்ளைம் க்கு ஒரு மாசமா அலையறேன், வெறுப்பா இருக்கு', 'claim ku oru maasama alaiyuren, veruppa irukku']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['oru maasama alaiyuren, claim eppo settle aagum?', 'claim_status', 'TA_EN']]);
  });

  it('reads a letter told come just now, today or by post (இன்னைக்கு தான் வந்துச்சு, ippo dhaan vandhuchu, post la vandhuchu) as news told, while a why beside it still asks', () => {
    for (const text of ['repudiation letter நேத்து தான் வந்துச்சு', 'settlement letter inniki dhaan vandhuchu courier la']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['rejection letter ippo dhaan vandhuchu, enna reason nu theriyala?', 'query_reason', 'TA_EN']]);
  });

  it('reads visiting a branch to meet someone (நேர்ல வந்து யாரையாவது சந்திக்கலாமா, yaaraiyavadhu meet pannalama) as a person asked for, and a place named Nagar as no rejection', () => {
    expectReadings([
      ['Anna Nagar office ku neril vandhu yaaraiyavadhu meet pannalama?', 'human_handover', 'TA_EN'],
      ['அடையாறு branch க்கு நேர்ல வந்து யாரையாவது சந்திக்கலாமா?', 'human_handover', 'TA'],
      ['Anna Nagar la admit aanen, claim status enna?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads papers someone will bring (கொண்டு வருவாரு, eduthuttu varuvaan) as told, no question; papers asked whether they reached (வந்து சேர்ந்துச்சா, vandhu serndhucha) as documents', () => {
    for (const text of ['reports ellam en anna kitta irukku, avan naalaiku eduthuttu varuvaan', 'scan reports எல்லாம் அப்பா கிட்ட இருக்கு, நாளைக்கு கொண்டு வருவாரு']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['originals anuppunen, unga office ku vandhu serndhucha?', 'pending_documents', 'TA_EN'],
      ['அனுப்புன bills வந்து சேர்ந்துச்சா?', 'pending_documents', 'TA'],
    ]);
  });

  it('reads approved or rejected asked together (approve ஆச்சா reject ஆச்சா, reject aacha illa approve aacha) as a status question and a charge not covered (cover aagalaya) as a why', () => {
    expectReadings([
      ['claim approve ஆச்சா reject ஆச்சா, சொல்லுங்க', 'claim_status', 'TA'],
      ['en claim reject aacha illa approve aacha?', 'claim_status', 'TA_EN'],
      ['room rent full ah pay pannala, adhu cover aagalaya?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads a network hospital list, premium by EMI and a tax certificate asked to be sent as the policy\'s business, no claim question', () => {
    for (const text of ['Madurai la network hospitals list anuppunga', 'premium ah EMI la kattalaama?', '80D certificate tax kku venum, mail la anuppunga']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads the app crashing or not opening (crash aaguthu, ஆப் ஓபன் ஆகல) as trouble told, no papers asked, and a rejection seen in a letter (letter la paarthen, letter vandhuduchu) as news, while a why beside it still asks', () => {
    for (const text of ['app la bills upload aagala, app crash aaguthu', 'ஆப் ஓபன் ஆகல, documents upload பண்ண முடியல',
      'claim reject aanadhu letter la paarthen', 'e card tholanjiduchu, eppadi vaangaradhu?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim reject aachu nu letter vandhuduchu, aana yen nu theriyala?', 'query_reason', 'TA_EN']]);
  });

  it('reads a parting word of one who will never take a policy again (ini policy edukka maaten, naragam) as venting, no claim question', () => {
    for (const text of ['claim ku alanjadhu naragam, ini policy edukka maaten', 'க்ளைம் அனுபவம் நரகம், இனிமே எடுக்க மாட்டேன்']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads a paper with a flaw asked whether it will do (stamp illama, adhu chelluma, அதை accept பண்ணுவீங்களா) as papers asked, while a claim asked accepted or rejected still asks the status', () => {
    expectReadings([
      ['doctor sign illama prescription irukku, idhu chelluma?', 'pending_documents', 'TA_EN'],
      ['சீல் இல்லாம bill குடுத்தாங்க, அது செல்லுமா?', 'pending_documents', 'TA'],
      ['claim accept pannuveengala illa reject ah?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads a new e-mail id to update (pudhu mail id, புது மெயில், email id maariduchu) and the premium paid in EMI (EMI la kattalaamaa) as the policy\'s business, no claim status or cut, while the claim\'s status asked still asks', () => {
    for (const text of ['en mail id maariduchu. pudhu mail id la update pannunga pls', 'pudhu email id ku update pannidunga', 'என் ஈமெயில் மாறிடுச்சு, புது மெயில் ஐடி ல அப்டேட் பண்ணுங்க',
      'premium ah monthly EMI la kattalamaa?', 'renewal premium EMI la kattalaama?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim status update pannunga', 'claim_status', 'TA_EN']]);
  });

  it('reads what on earth is happening (enna dhaan nadakkudhu, என்னதான் நடக்குது) and under review as the claim\'s status, does it show (kaatudha, காட்டுதா) as a question, and a passbook entry (passbook la entry) as the bank\'s record, no paper', () => {
    expectReadings([
      ['rendu maasam aachu, ennathaan nadakkudhu?', 'claim_status', 'TA_EN'],
      ['ரெண்டு மாசம் ஆச்சு, என்னதான் நடக்குது?', 'claim_status', 'TA'],
      ['status under review nu kaatudhu, eppo mudiyum?', 'claim_status', 'TA_EN'],
      ['app la paid nu kaatudha?', 'claim_status', 'TA_EN'],
      ['passbook la entry illa, settle aayiducha?', 'claim_status', 'TA_EN'],
      ['பாஸ்புக்ல என்ட்ரி இல்ல. பணம் அனுப்பிட்டீங்களா?', 'claim_status', 'TA'],
    ]);
  });

  it('reads will not (மாட்டேங்குது, maatenguthu) as a negation and may I send (அனுப்பலாமா) as a question: an upload that fails asks about papers', () => {
    expectReadings([
      ['portal ல upload ஆக மாட்டேங்குது', 'pending_documents', 'TA'],
      ['app la upload aaga maatenguthu, mail la anuppalama?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads a claim left lying (apdiye kidakkudhu, அப்படியே கிடக்குதா) as pending, a deficiency letter as the papers asked for, and someone to come on the phone (phone la vaanga, போன்ல வாங்க) as a call asked for', () => {
    expectReadings([
      ['en file appadiye kedakkudhu, yaarum paakala', 'claim_status', 'TA_EN'],
      ['என் க்ளைம் அப்படியே கிடக்குதா?', 'claim_status', 'TA'],
      ['deficiency letter la enna kettirukeenga?', 'pending_documents', 'TA_EN'],
      ['yaaravadhu officer line la vaanga pls', 'human_handover', 'TA_EN'],
      ['கழிவு பத்தி அப்புறம் பேசலாம், முதல்ல யாராவது போன்ல வாங்க', 'human_handover', 'TA'],
    ]);
  });

  it('reads papers someone will come and give (vandhu kuduppan, வந்து தருவாரு) or bring to the office (ஆபீஸுக்கு வருவான், office ku varuven) as told, no papers asked, while a question about the papers after it still asks', () => {
    for (const text of ['bills ellam en thambi kitta irukku, avan Monday vandhu kuduppan', 'நாளைக்கு என் மகன் bills எல்லாம் எடுத்துகிட்டு உங்க ஆபீஸுக்கு வருவான்']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['நாளைக்கு ஆபீஸ்க்கு வருவேன், என்ன டாக்குமென்ட்ஸ் வேணும்?', 'pending_documents', 'TA']]);
  });

  it('reads the documents list got or noted (list kidaichiduchu, லிஸ்ட் கிடைச்சுது) as thanks, no papers asked, while a question about the papers after it still asks', () => {
    for (const text of ['sari, pending documents list kidaichuduchu', 'ஓகே, documents லிஸ்ட் வந்துடுச்சு நன்றி']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['லிஸ்ட் கிடைச்சுது, ஆனா வேற என்ன documents அனுப்பணும்?', 'pending_documents', 'TA']]);
  });

  it('reads papers fetched and brought (vaangittu vandhen, வாங்கிட்டு வந்தாச்சு) or meant to be handed in (kudukalam nu irukken) as told, no papers asked and no payment, while a question about the papers after it still asks', () => {
    for (const text of ['discharge aana udane pharmacy bills ellam vaangitten', 'நேத்து lab reports எல்லாம் வாங்கிட்டு வந்துட்டேன்', 'monday office la poi bills ellam kudukkalam nu irukken']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['pharmacy bills vaangitten, innum enna documents venum?', 'pending_documents', 'TA_EN']]);
  });

  it('reads has it happened or what (aayiducha illa enna, ஆயிடுச்சா இல்ல என்ன) as asking where the claim stands, a rejection before it no reason asked', () => {
    expectReadings([
      ['claim file panni 6 vaaram aachu, reject aayiducha illa enna?', 'claim_status', 'TA_EN'],
      ['என் claim reject ஆயிடுச்சா இல்ல என்ன?', 'claim_status', 'TA'],
    ]);
  });

  it('reads a shortfall letter as the papers asked for, no cut', () => {
    expectReadings([
      ['shortfall letter la enna ellam kettirukaanga?', 'pending_documents', 'TA_EN'],
      ['shortfall லெட்டர் வந்திருக்கு, அதுல என்ன இருக்கு?', 'pending_documents', 'TA'],
    ]);
  });

  it('reads the NEFT form as a paper, its NEFT no payment status, with the claim named', () => {
    expectReadings([['appa claim ku NEFT form anupanuma?', 'pending_documents', 'TA_EN']]);
  });

  it('reads what must be fetched and brought (vaangittu varanum, வாங்கிட்டு வரணும்) as papers needed', () => {
    expectReadings([
      ['discharge appo counter la enna ellam vaangittu varanum?', 'pending_documents', 'TA_EN'],
      ['டிஸ்சார்ஜ் அப்போ என்னென்ன கொண்டு வரணும்?', 'pending_documents', 'TA'],
    ]);
  });

  it('reads may one pay (kattalama, kattalaam) as a Tanglish word, so a premium in EMI asked so is Tanglish and starts nothing', () => {
    for (const text of ['health policy premium EMI la kattalaama?', 'renewal amount ah EMI ah kattalama']) {
      expect(detectLanguage(text), text).to.equal('TA_EN');
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads a locality (நகர், நகர்ல, நகரில்) as a place, not a near spelling of a copy (நகல்)', () => {
    for (const text of ['அண்ணா நகர் கிளை ஞாயிறு திறந்திருக்குமா?', 'கே.கே. நகரில் உங்க கிளை எங்கே இருக்கு?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['ஆதார் நகல் அனுப்பணுமா?', 'pending_documents', 'TA']]);
  });

  it('reads filing an income tax return (IT return file pannanum) as policy business, its "file" no claim paper', () => {
    for (const text of ['IT return file pannanum, 80D certificate anupunga']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads a waiting period carried over on porting (waiting period continue, carry forward) as policy business, no reason asked', () => {
    for (const text of ['port pannina waiting period continue aagumaa?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads is it ok (ok va, okay vaa, ok thaana) as a question, not an ok that closes the chat', () => {
    expectReadings([
      ['ella reports um single file ah anuppuna ok vaa?', 'pending_documents', 'TA_EN'],
      ['scan copy mattum upload panna okay va', 'pending_documents', 'TA_EN'],
    ]);
    expect(asked('seri ok')).to.equal('small_talk');
  });

  it('reads a rejection remark of no medical need (not medically necessary) as a reason asked about when a why is beside it', () => {
    expect(asked('medically not required nu edhukku ezhudhi irukeenga?')).to.equal('query_reason');
  });

  it('reads files in the plural (ఫైల్స్, ఫైళ్ళు, ஃபைல்ஸ், ஃபைல்கள்) as papers, the one file still the claim', () => {
    expectReadings([['நான் அனுப்பின ஃபைல்ஸ் எல்லாம் சரியா இருக்கா?', 'pending_documents', 'TA']]);
  });

  it('reads paid in part or in full (partial ah full ah) as the outcome asked about, no deduction', () => {
    expectReadings([
      ['en claim partial ah full ah approve aaguma?', 'claim_status', 'TA_EN'],
      ['full ah illa partial ah nu innum sollala, claim enna aachu?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads the decision come by mail (rejection mail vandhuchu, mail la paathen) as news, a why beside it still asking', () => {
    for (const text of ['rejection mail innaiku kaalaila vandhuchu', 'repudiation letter mail la paathen', 'The rejection email came this morning']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['rejection mail vandhuchu, yen reject panneenga?', 'query_reason', 'TA_EN']]);
  });

  it('reads on which basis (entha adipadaiyil, enna adippadaila) as a why-word', () => {
    expectReadings([
      ['entha adipadaiyil en claim hold la vechirukeenga?', 'query_reason', 'TA_EN'],
      ['enna adipadaila 8000 kammi panneenga?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads whether what was sent is complete (complete ah irukka, complete ஆ இருக்கா) as asking whether the papers came in full', () => {
    expectReadings([
      ['naan anuppinadhu ellam complete ah irukka nu paathu sollunga', 'pending_documents', 'TA_EN'],
      ['நேத்து upload பண்ணது எல்லாம் complete ஆ இருக்கா?', 'pending_documents', 'TA'],
    ]);
  });

  it('reads papers got ready (ready pannitten, ரெடி பண்ணிட்டேன்) as news, no papers asked, while a question about them after it still asks', () => {
    for (const text of ['neenga ketta bills ellam ready pannitten, thingal anupuren', 'ஸ்கேன் ரிப்போர்ட் எல்லாம் ரெடி பண்ணிட்டேன்']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['documents ready pannitten, innum enna venum?', 'pending_documents', 'TA_EN']]);
  });

  it('reads which paper a change to the policy needs (nominee maathanum, enna form?) as the policy\'s business, while a nominee\'s own claim (nominee ah claim) still asks for papers', () => {
    for (const text of ['nominee maathanum, enna form fill pannanum?', 'என் மனைவிய policy ல add பண்ணணும், என்ன documents வேணும்?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['appa irandhuttaar, nominee ah claim pannanum, enna documents venum?', 'pending_documents', 'TA_EN']]);
  });

  it('reads a goodbye or a note taken (note pannikitten, appuram pesuren, poitu varen) as closing, while a question after it still asks', () => {
    for (const text of ['claim number note pannikitten', 'office la irukken, appuram pesuren', 'sari sir, poitu varen']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    expectReadings([['documents note panniten, enga anupanum?', 'pending_documents', 'TA_EN']]);
  });

  it('reads a matter dropped or only told (onnum panna vendaam, நாங்க விட்டுட்டோம், inform panren) as closing, while a question after it still asks', () => {
    for (const text of ['deduction pathi ethuvum panna vendaam, naanga vittutom', 'rejection letter vandhuchu, appeal onnum panna poradhilla, summa solren', 'claim reject ஆனது பத்தி எதுவும் செய்ய வேண்டாம், அதை விட்டுட்டோம்', 'அப்பா claim reject ஆயிடுச்சு, inform பண்றேன்']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    expectReadings([
      ['claim reject aachu, naanga vittutom, aana yen reject pannaanga?', 'query_reason', 'TA_EN'],
      ['inform பண்றேன், இன்னும் என்ன documents வேணும்?', 'pending_documents', 'TA'],
    ]);
  });

  it('reads no complaint and all clear (entha kuraiyum illa, எல்லாம் clear) as closing, while a question after it still asks', () => {
    for (const text of ['paisa vandhuduchu, cut pathi entha complaint um illa, ellam clear', 'பணம் credit ஆயிடுச்சு, deduction பத்தி குறை ஒன்னும் இல்ல. நன்றி']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    expectReadings([
      ['ellame clear, aana settlement eppo varum?', 'claim_status', 'TA_EN'],
      ['எந்த பிரச்சனையும் இல்ல, ஆனா deduction ஏன்?', 'query_reason', 'TA'],
    ]);
  });

  it('reads how far a claim has come (evlo dhooram vandhuruku, எவ்ளோ தூரம் வந்துருக்கு) as its status', () => {
    expectReadings([
      ['amma oda hospital claim evvalavu dooram vandhirukku?', 'claim_status', 'TA_EN'],
      ['அப்பா கிளைம் எந்த அளவுல இருக்கு', 'claim_status', 'TA'],
    ]);
  });

  it('reads how a waiting period can apply (waiting period eppadi varum, எப்படி waiting period வரும்) as asking why, not when money comes', () => {
    expectReadings([
      ['claim deny pannitaanga, 4 varusham policy irukku, waiting period epdi varum?', 'query_reason', 'TA_EN'],
      ['பாலிசி எடுத்து 5 வருஷம் ஆச்சு, எப்படி வெயிட்டிங் பீரியட் வரும்?', 'query_reason', 'TA'],
    ]);
  });

  it('reads a yes-no question tagged "what" (approve ஆச்சா என்ன, reject aacha enna) as "or what", the status asked, while a why beside it still asks why', () => {
    expectReadings([
      ['amma claim approve aacha enna? innum message onnum varala', 'claim_status', 'TA_EN'],
      ['எங்க க்ளைம் ரிஜெக்ட் ஆயிடுச்சா என்ன? ஒன்னும் தெரியல', 'claim_status', 'TA'],
      ['claim reject aachu, enna kaaranam?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads the call centre in its case forms (கால் சென்டர்ல, call center la) as a person, and whether they will call (கூப்பிடுவாங்களா, koopiduvaangala) as a call asked for, while whether they called (கூப்பிட்டாங்களா) asks none', () => {
    expectReadings([
      ['கால் சென்டர்ல யாராவது எனக்கு கூப்பிடுவாங்களா? நாளைக்கு காலையில வீட்டுல இருப்பேன்', 'human_handover', 'TA'],
      ['call center la irundhu yaaravadhu innaiku koopiduvaangala?', 'human_handover', 'TA_EN'],
    ]);
    expect(asked('நேத்து யாராவது கூப்பிட்டாங்களா? எனக்கு தெரியல')).to.equal('unclear');
  });

  it('reads how far a claim has gone (எங்க வரைக்கும் போயிருக்கு, edhu varaikum vandhirukku) as its status', () => {
    expectReadings([
      ['அப்பாவோட கிளைம் எதுவரைக்கும் போயிருக்கு?', 'claim_status', 'TA'],
      ['hospital claim edhu varaikum vandhirukku sir?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads someone having explained (explain பண்ணிட்டாரு, explain pannitaaru) as told, no request for a person, while explain asked (explain பண்ணுங்க) still asks', () => {
    for (const text of ['manager நேத்து போன் பண்ணி எல்லாம் explain பண்ணிட்டாங்க, இப்போ புரிஞ்சுது', 'officer call panni full ah explain pannitaaru']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    expectReadings([
      ['deduction ஏன்னு explain பண்ணுங்க', 'query_reason', 'TA'],
    ]);
  });

  it('reads they did (help பண்ணாங்க, பண்ணிட்டாரு) as told, no typo of the request பண்ணுங்க, so thanks beside it closes, while a request still asks', () => {
    expect(asked('settlement பண்ணதுக்கு நன்றி, ward boys கூட நல்லா help பண்ணாங்க')).to.equal('small_talk');
    expectReadings([
      ['senior கிட்ட பேசணும், கொஞ்சம் help பண்ணுங்க', 'human_handover', 'TA'],
    ]);
  });

  it('reads a matter let go (பரவாயில்ல விடுங்க, paathukalam) as closing, while a question after it still asks', () => {
    for (const text of ['cut ஆன அமௌன்ட் பத்தி கேக்கணும்னு இருந்தேன், பரவாயில்லை விடுங்க', 'deduction pathi ketkalam nu irundhen, paravailla vidunga, paathukalam']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    expectReadings([
      ['அத விடுங்க, deduction ஏன் பண்ணாங்க?', 'query_reason', 'TA'],
    ]);
  });

  it('reads whether what was sent is legible (clear ஆ இருக்கா, clear ah irukka) as asking whether the papers came right, while the money asked still asks', () => {
    expectReadings([
      ['discharge summary scan பண்ணி அனுப்பினேன், clear ஆ இருக்கா?', 'pending_documents', 'TA'],
      ['reports ellam photo eduthu anuppinen, clear ah irukka illa thirumba anuppanuma?', 'pending_documents', 'TA_EN'],
      ['claim approve ஆயிடுச்சு, பணம் எப்போ வரும்?', 'claim_status', 'TA'],
    ]);
  });

  it('reads a duplicate (duplicate, டூப்ளிகேட் காப்பி) as a paper, so where to get one asks for documents, while a duplicate card stays the policy\'s business', () => {
    expectReadings([
      ['original bill tholanjiduchu, duplicate enga vaanganum?', 'pending_documents', 'TA_EN'],
      ['டிஸ்சார்ஜ் சம்மரி காணல, டூப்ளிகேட் காப்பி போதுமா?', 'pending_documents', 'TA'],
    ]);
    expect(asked('duplicate card eppo varum?')).to.equal('unclear');
  });

  it('reads a police complaint (போலீஸ் புகார், police complaint) as a paper, no complaint to make, while a complaint asked still asks for a person', () => {
    expectReadings([
      ['accident அப்போ போலீஸ் புகார் கொடுக்கல, FIR இல்லாம claim பண்ண முடியுமா? வேற என்ன document வேணும்?', 'pending_documents', 'TA'],
      ['police complaint copy venuma illa FIR mattum podhuma?', 'pending_documents', 'TA_EN'],
      ['hospital mela complaint kudukanum, yaar kitta pesanum?', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads a link or number asked after a complaint to make (complaint குடுக்கணும், link அனுப்புங்க) as the way to complain, no papers', () => {
    expectReadings([
      ['hospital மேல complaint குடுக்கணும், அதுக்கு link அனுப்புங்க', 'human_handover', 'TA'],
      ['grievance la complaint podanum, link illana phone number anuppunga', 'human_handover', 'TA_EN'],
    ]);
  });

  it("reads a named person's number or whom to meet (avar number, yaarai paakanum, அவர் நம்பர்) as a person asked for, while a paper asked stays papers", () => {
    expectReadings([
      ['TPA la oru coordinator irukaaru nu sonnanga, avaroda number kudunga', 'human_handover', 'TA_EN'],
      ['Madurai branch la yaarai paakanum? address anuppunga', 'human_handover', 'TA_EN'],
      ['claim பத்தி ஒரு coordinator இருக்காருனு சொன்னாங்க, அவர் நம்பர் அனுப்புங்க', 'human_handover', 'TA'],
      ['branch la enna documents kudukanum?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads regret at having taken the policy (eduthadhe thappu, எடுத்ததே தப்பு) as venting that asks nothing, while a question after it still asks', () => {
    expectReadings([
      ['ivlo papers kekkuringa, indha policy eduthadhe thappu', 'small_talk', 'TA_EN'],
      ['இவ்வளவு பேப்பர் கேக்குறீங்க, இந்த policy எடுத்ததே தப்பு', 'small_talk', 'TA'],
      ['policy eduthadhe thappu, innum enna documents venum?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads rejected or still pending (reject pannitingala illa innum pending, ரிஜெக்ட் ஆச்சா இல்ல) as the outcomes asked about, where the claim stands; a rejection told and why asked still asks why', () => {
    expectReadings([
      ['appa claim reject aayiducha illa innum pending la irukka?', 'claim_status', 'TA_EN'],
      ['என் claim-ஐ ரிஜெக்ட் பண்ணிட்டீங்களா இல்ல இன்னும் process ல இருக்கா?', 'claim_status', 'TA'],
      ['claim reject pannitanga, yen?', 'query_reason', 'TA_EN'],
    ]);
  });

  it("reads 'not justified' (hospitalisation not justified) as a rejection, so how asked beside it asks why; a payment asked after it still asks when", () => {
    expectReadings([
      ["'admission not justified' nu ezhudhirukaanga, doctor dhaan admit panna sonnaru, eppadi not justified?", 'query_reason', 'TA_EN'],
      ["letter la 'not justified' nu irukku, panam eppo varum?", 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads a sticker (implant sticker, ஸ்டிக்கர்) as a paper, so where to get one asks for documents', () => {
    expectReadings([
      ['lens sticker venumnu sonnanga, adhu enga kidaikkum?', 'pending_documents', 'TA_EN'],
      ['stent ஸ்டிக்கர் வேணும்னு சொன்னாங்க, அது எங்க கிடைக்கும்?', 'pending_documents', 'TA'],
    ]);
  });

  it('reads the sum insured left asked (evlo sum insured meedhi, sum insured எவ்வளவு) as the policy\'s own business, no papers or payment', () => {
    expect(asked('indha varusham evlo sum insured meedhi irukku?')).to.be.oneOf(['unclear', 'small_talk']);
    expect(asked('இந்த policy ல sum insured இன்னும் எவ்வளவு இருக்கு?')).to.be.oneOf(['unclear', 'small_talk']);
    expect(asked('claim settle aana apram evlo panam varum?')).to.equal('claim_status');
  });

  it('reads came right (correct ah dhaan vandhuchu) as no cut and no issues as closing, while only X came asked why still asks why', () => {
    expectReadings([
      ['manager ellam explain pannitaru, settlement amount correct ah dhaan vandhuchu. no issues', 'small_talk', 'TA_EN'],
      ['40000 dhaan vandhuchu, yen ivlo kammi?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads what tracking shows (tracking la delivered, tracking ல இருக்கு) as the courier told, no status asked, so whether the papers came asks for documents', () => {
    expectReadings([
      ['bills ellam courier panniten, tracking la delivered nu kaatudhu, ungalukku kidaichucha?', 'pending_documents', 'TA_EN'],
      ['reports courier அனுப்பினேன், tracking ல delivered னு இருக்கு, உங்களுக்கு கிடைச்சுதா?', 'pending_documents', 'TA'],
    ]);
  });

  it('reads ஏனுங்க (enunga) after a yes/no question (இருக்கா ஏனுங்க, varuma enunga) as the address that closes it, no why, while ஏனுங்க அப்படி still asks why', () => {
    expectReadings([
      ['பத்து நாளா காத்திருக்கேன், claim update ஏதாவது இருக்கா ஏனுங்க', 'claim_status', 'TA'],
      ['rendu vaaram aachu, edhavadhu update irukka enunga?', 'claim_status', 'TA_EN'],
      ['பாதி பணம் தான் வந்துச்சு, ஏனுங்க அப்படி?', 'query_reason', 'TA'],
    ]);
  });

  it('reads en before a deed done to the claim (en reject panninga, en cut panninga: why did you) as a why-word, while en before a noun is still my', () => {
    expectReadings([
      ['deduction en cut panninga? ellaa bills um anupinom', 'query_reason', 'TA_EN'],
      ['query en raise pannuneenga? hospital la irundhu full file vandhuchu', 'query_reason', 'TA_EN'],
      ['en claim status enna?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads the informal tell (சொல்லு, sollu) as a request, so someone told to phone is a person asked for, and not-told (சொல்லல) as no request', () => {
    expectReadings([
      ['ஆபீஸ்ல யாரையாவது எனக்கு கால் பண்ணச் சொல்லு', 'human_handover', 'TA'],
      ['yaaraiyavadhu call panna sollu, amma hospital la irukaanga', 'human_handover', 'TA_EN'],
      ['bill settle ஆச்சுன்னு யாரும் எனக்கு சொல்லல, எப்போ ஆச்சு?', 'claim_status', 'TA'],
    ]);
  });

  it('reads the formal negation (varavillai, kidaikkavillai) in romanised Tamil as varala, kidaikkala', () => {
    expectReadings([
      ['refund amount innum varavillai, eppo varum?', 'claim_status', 'TA_EN'],
      ['approval innum kidaikkavillai, konjam paarunga', 'claim_status', 'TA_EN'],
      ['documents ellam anupinom, kidaikkavillai nu solraanga, enna venum?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads directly (நேரா, nera) before talk as a person to talk to, even with the claim named, and as nothing beside money', () => {
    expectReadings([
      ['en claim pathi nera pesanum sir', 'human_handover', 'TA_EN'],
      ['policy விஷயமா நேரா பேசணும், யாரு கிட்ட?', 'human_handover', 'TA'],
      ['bill amount nera account la vandhucha?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads can you check (check panna mudiyuma, செக் பண்ண முடியுமா) near a claim as the claim asked to be looked into, and near papers sent as the papers asked about', () => {
    expectReadings([
      ['claim no 77120, konjam check panna mudiyuma', 'claim_status', 'TA_EN'],
      ['என் claim நிலைமை செக் பண்ண முடியுமா?', 'claim_status', 'TA'],
      ['bills ellam anupiten, kidaichucha nu check panna mudiyuma?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads monthly (maasa maasam) as a known word, no typo of Marathi manasa (a person), while maasam alone is still a month waited', () => {
    expectReadings([
      ['premium maasa maasam kattalaama?', 'unclear', 'TA_EN'],
      ['rendu maasam aachu, claim innum varala', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads rejected or approved asked of what they did (approve பண்ணீங்களா reject பண்ணீங்களா) as where the claim stands', () => {
    expectReadings([
      ['approve பண்ணீங்களா reject பண்ணீங்களா?', 'claim_status', 'TA'],
      ['reject panneengala approve panneengala? onnum theriyala', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads the bill counter (bill counter la, billing counter) as a place, no paper, while bills from it asked to be sent are still documents', () => {
    expectReadings([
      ['bill counter la 3 mani neram wait panninen', 'unclear', 'TA_EN'],
      ['bill counter la kudutha bills ellam anupanuma?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads pesuvingala (will you talk) as pesuveengala, so someone asked to talk on the phone is a person asked for', () => {
    expectReadings([
      ['enakku app theriyadhu, yaaravadhu en kitta phone la pesuvingala?', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads he explained (விளக்கினாரு, vilakkinaaru) and now it is clear (இப்போ clear ஆயிடுச்சு, ippo clear aayiduchu) as understood and closing, while a why after it still asks', () => {
    expectReadings([
      ['manager phone la rejection pathi vilakkinaaru, ippo clear aayiduchu', 'small_talk', 'TA_EN'],
      ['officer co-pay பத்தி விளக்கினாரு, இப்போ clear ஆயிடுச்சு', 'small_talk', 'TA'],
      ['co-pay pathi vilakkinaaru, aana yen 3000 cut pannaanga?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads it would be good if (விளக்கினா நல்லா இருக்கும், call panna nalla irukkum) as a request, so someone asked to phone asks for a person', () => {
    expectReadings([
      ['எனக்கு app புரியல, யாராவது phone பண்ணி விளக்கினா நல்லா இருக்கும்', 'human_handover', 'TA'],
      ['yaaravadhu oruthar enakku call panna nalla irukkum', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads papers kept in a file (file la vechirukken, file ல வச்சிருக்கேன்) as told, no papers asked for, while where to send them still asks', () => {
    expectReadings([
      ['discharge summary ellam file la vechirukken, appa innum hospital la', 'small_talk', 'TA_EN'],
      ['reports எல்லாம் file ல வச்சிருக்கேன், அப்பா இன்னும் hospital ல', 'small_talk', 'TA'],
      ['reports ellam file la vechirukken, enga anupanum?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads is it ok (ok வா) as a question in Tamil script as in Tanglish, so a substitute paper asked about asks for documents', () => {
    expectReadings([
      ['original prescription தொலைஞ்சு போச்சு, xerox குடுத்தா ok வா', 'pending_documents', 'TA'],
    ]);
  });

  it('reads the claim process started asked (process ஆரம்பிச்சாச்சா) as where the claim stands, also after papers told sent', () => {
    expectReadings([
      ['bills எல்லாம் அனுப்பிட்டேன். claim process ஆரம்பிச்சாச்சா?', 'claim_status', 'TA'],
    ]);
  });

  it('reads hours gone by (hrs aachu, hours aachu) as a delay, so an approval not come for hours asks where the claim stands', () => {
    expectReadings([
      ['discharge ready, cashless approval ku 5 hours aachu innum varala', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads a seal or sign not put (seal podala, seal போடல) as a paper short, so the bill without it asks for documents, while money not put still asks the payment', () => {
    expectReadings([
      ['discharge summary la doctor sign podala, adhu ok va?', 'pending_documents', 'TA_EN'],
      ['pharmacy bill ல seal போடல, திரும்ப வாங்கணுமா?', 'pending_documents', 'TA'],
      ['panam innum account la podala', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads can you send (anuppa mudiyuma, அனுப்ப முடியுமா) as a request that we send something, so the policy document asked again is the policy\'s business', () => {
    expectReadings([
      ['policy document thirumba email la anuppa mudiyuma? phone la irundhu poiduchu', 'unclear', 'TA_EN'],
      ['claim form mail la anuppa mudiyuma?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads so many documents you ask (ivlo documents kekuringa) as venting, no papers asked, while what more is needed after it still asks', () => {
    expectReadings([
      ['ivlo documents kekuringa, oru vaaram odiduchu', 'small_talk', 'TA_EN'],
      ['ivlo documents kekuringa, innum enna venum?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads ஆச்சே (it came to, didn\'t it) as a known word, no typo of a question, so a sum told after a why leaves the why asked', () => {
    expectReadings([
      ['ஏன் 30,000 மட்டும் approve பண்ணீங்க, estimate 90,000 ஆச்சே', 'query_reason', 'TA'],
    ]);
  });

  it('reads lucky indeed (அதிர்ஷ்டம் தான், adhirshtam thaan) as talk, so another\'s claim told settled asks nothing, while the claimant\'s own asked still asks', () => {
    expectReadings([
      ['என் தம்பி claim 4 நாள்ல settle ஆச்சாம், அவனுக்கு அதிர்ஷ்டம் தான்', 'small_talk', 'TA'],
      ['en akka claim oru vaarathula settle aachaam, avalukku adhirshtam thaan', 'small_talk', 'TA_EN'],
      ['அவனுக்கு அதிர்ஷ்டம் தான், என் claim எப்போ settle ஆகும்?', 'claim_status', 'TA'],
    ]);
  });

  it('reads just tell whether it was rejected (reject aayiducha nu mattum sollunga, reject ஆயிடுச்சான்னு சொல்லுங்க) as where the claim stands, the reason put off, while why it was rejected still asks why', () => {
    expectReadings([
      ['amma claim reject aayiducha nu mattum sollunga, matha vishayam apram', 'claim_status', 'TA_EN'],
      ['அம்மா claim reject ஆயிடுச்சான்னு சொல்லுங்க', 'claim_status', 'TA'],
      ['yen reject aayiduchu nu sollunga', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads excess of sum insured as a cut, so the term asked about in a settlement letter asks why', () => {
    expectReadings([
      ['settlement letter la excess of sum insured nu 12,000 potrukaanga, adhu enna?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads ovvoru (each) as Tanglish\'s own marker and motham (total) as Tanglish\'s and romanised Telugu\'s, so a message with them and a Tanglish verb is Tanglish', () => {
    expectReadings([
      ['ovvoru report kum doctor sign venuma?', 'pending_documents', 'TA_EN'],
      ['bill motham 52,000. ovvoru receipt um anuppanuma?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads a message left for the agent (agent kitta sollunga, ஏஜென்ட் கிட்ட சொல்லுங்க: tell the agent that ...) as news relayed, no person asked for, while a call asked through the agent still asks for one', () => {
    expectReadings([
      ['agent anna kitta sollunga naan indha maasam EMI la premium kattuven', 'small_talk', 'TA_EN'],
      ['ஏஜென்ட் கிட்ட சொல்லுங்க நான் அடுத்த வாரம் ஊர்ல இருக்க மாட்டேன்', 'small_talk', 'TA'],
      ['agent kitta sollunga enakku udane call pannanum', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads won\'t be there (irukka maaten, இருக்க மாட்டேன்) as news told, no question in its irukka, so an absence told for the agent asks nothing, while is it there (irukka?) still asks', () => {
    expectReadings([
      ['agent akka kitta sollunga naanga rendu naal veetla irukka maatom', 'small_talk', 'TA_EN'],
      ['வெள்ளிக்கிழமை நான் ஆபீஸ்ல இருக்க மாட்டேன், ஏஜென்ட் கிட்ட சொல்லுங்க', 'small_talk', 'TA'],
      ['en claim innum process la irukka?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads the originals kept with me (naan vachurukken, என்கிட்ட தான் இருக்கு) as news told, so bills told kept ask for no papers, while asked whether to send them still asks', () => {
    expectReadings([
      ['hospital receipts ellam naan vechirukken', 'small_talk', 'TA_EN'],
      ['pharmacy bills எல்லாம் என் கிட்ட தான் இருக்கு', 'small_talk', 'TA'],
      ['pharmacy bills en kitta thaan irukku, adhuvum anupanuma?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads a form filled and kept ready (fill panni vechiten, fill பண்ணி வச்சிட்டேன்) as papers done, so a form told filled asks for nothing, while where to send it still asks', () => {
    expectReadings([
      ['reimbursement form fill panni vachitten', 'unclear', 'TA_EN'],
      ['reimbursement form fill பண்ணி வெச்சிட்டேன்', 'unclear', 'TA'],
      ['reimbursement form fill panni vachitten, yaarukku anupanum?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads will reach (reach aagum, reach ஆயிடும்) told after papers sent as news, no arrival asked, while when they will reach still asks', () => {
    expectReadings([
      ['lab reports speed post la anuppitten, velli kizhamai reach aayidum', 'small_talk', 'TA_EN'],
      ['lab reports speed post ல அனுப்பிட்டேன், வெள்ளிக்கிழமை reach ஆயிடும்', 'small_talk', 'TA'],
      ['speed post la anuppina lab reports eppo reach aagum?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads plan details and a new policy wanted (plan details, புது policy எடுக்கணும்) as the policy\'s business, so plan details asked for are no claim papers, while claim papers asked still ask', () => {
    expectReadings([
      ['amma ku senior plan details anupunga', 'unclear', 'TA_EN'],
      ['மகனுக்கு புது policy எடுக்கணும், plan details அனுப்புங்க', 'unclear', 'TA'],
      ['claim ku innum enna papers venum, list anupunga', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads I\'m coming to the office (office ku varen, ஆபீஸுக்கு வரேன்) as a visit told, so papers told ready before it ask for nothing', () => {
    expectReadings([
      ['file ellam ready, vyazhan kizhamai branch ku varen', 'small_talk', 'TA_EN'],
      ['file எல்லாம் ready, வியாழக்கிழமை ஆபீஸுக்கு வரேன்', 'small_talk', 'TA'],
    ]);
  });

  it('reads papers scanned and a query replied to (scan panni vechiten, reply panniten, scan பண்ணிட்டேன்) as papers done and we\'ll see from now (inime paakalam) as talk, so they ask for nothing, while where to mail the scans still asks', () => {
    expectReadings([
      ['pharmacy receipts ellam scan pannitten', 'unclear', 'TA_EN'],
      ['pharmacy receipts எல்லாம் ஸ்கேன் பண்ணிட்டேன்', 'unclear', 'TA'],
      ['TPA query ku reply pannitten, apram paakalam', 'small_talk', 'TA_EN'],
      ['pharmacy receipts scan pannitten, endha mail id ku anupanum?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads the agent told by the dative or a word (agent ku sollunga, ஏஜென்ட்டுக்கு சொல்லிடுங்க, oru vaarthai sollunga) as news relayed, as agent kitta sollunga is, while a call asked through the agent still asks for one', () => {
    expectReadings([
      ['agent madam ku oru vaarthai sollunga, naan pudhu number ku maariten', 'small_talk', 'TA_EN'],
      ['ஏஜென்ட்டுக்கு சொல்லிடுங்க நான் renewal cheque குடுத்துட்டேன்', 'small_talk', 'TA'],
      ['agent madam ku sollunga saayangalam enakku call pannanum', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads the no claim bonus (bonus, போனஸ், ncb) as the policy\'s business, so a bonus told coming after a claim-free year starts nothing, while a claim\'s payment asked beside it still asks', () => {
    expectReadings([
      ['rendu varushama claim onnum illa, renewal la bonus kidaikkum', 'unclear', 'TA_EN'],
      ['ரெண்டு வருஷமா claim இல்ல, renewal ல போனஸ் கிடைக்கும்', 'unclear', 'TA'],
      ['en claim payment eppo varum? bonus pathi apram kekuren', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads thanks for giving the list (list kuduthadhuku, லிஸ்ட் குடுத்ததுக்கு) as thanks, so the list thanked for asks for no papers, while a paper asked after it still asks', () => {
    expectReadings([
      ['paper list koduthathuku romba nandri, rendu naal la ready pannidren', 'small_talk', 'TA_EN'],
      ['paper லிஸ்ட் கொடுத்ததுக்கு ரொம்ப நன்றி', 'small_talk', 'TA'],
      ['list kuduthadhuku nandri, aana aadhaar copy um venuma?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads papers told done in the short past (upload பண்ணேன், courier pannom) as papers sent, so the news starts nothing, while the papers still needed asked after it still ask', () => {
    expectReadings([
      ['hospital bills நேத்து ராத்திரி அப்லோட் பண்ணேன்', 'unclear', 'TA'],
      ['naanga rendu bills um nethu courier pannom', 'unclear', 'TA_EN'],
      ['prescription copy scan பண்ணேன், வேற என்ன documents வேணும்?', 'pending_documents', 'TA'],
    ]);
  });

  it('reads the agent already spoken to (pesiten, பேசினேன்) as news, as I already spoke to is, so it asks for no person, while a question after it still asks; he spoke (pesinaaru) is no typo of it', () => {
    expectReadings([
      ['manager kitta already pesiten, avaru sonnadha ellam panniten', 'small_talk', 'TA_EN'],
      ['நேத்து ஏஜென்ட் கிட்ட பேசினேன், அவர் பாத்துக்கறேன்னு சொன்னாரு', 'small_talk', 'TA'],
      ['agent kitta pesinen, aana innum yen amount varala?', 'claim_status', 'TA_EN'],
      ['staff romba rude ah pesinaaru, manager kitta pesanum', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads an acknowledgement told come (acknowledgement um vandhuchu, acknowledgement கிடைச்சுது) as thanks for papers received, so it asks nothing of their receipt, while a status asked after it still asks', () => {
    expectReadings([
      ['bills ellam courier panniten, acknowledgement kidaichuchu', 'small_talk', 'TA_EN'],
      ['எல்லா papers-உம் அனுப்பிட்டேன், acknowledgement கிடைச்சுது', 'small_talk', 'TA'],
      ['papers anuppiten, acknowledgement um vandhuchu, aana status enna?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads whom to see in person written out (யாரை பார்க்கணும், நேர்ல வந்து பார்க்கணும்) as the spoken பாக்கணும் is, a person asked for', () => {
    expectReadings([
      ['நான் நேர்ல போய் யாரையாவது பார்க்கணும், Adyar office-ல யாரை பார்க்கணும்?', 'human_handover', 'TA'],
      ['நான் நேர்ல போய் யாரையாவது பாக்கணும், Adyar office-ல யாரை பாக்கணும்?', 'human_handover', 'TA'],
    ]);
  });

  it('reads only so much given by you (50% dhaan kuduthirukeenga, பாதி பணம் தான் குடுத்திருக்கீங்க) as a sum paid short, as dhaan kuduthanga is, so it asks why, while a list given thanked for starts nothing', () => {
    expectReadings([
      ['cataract ku 40,000 mattum kuduthirukeenga, meedhi yaaru kattuvaa?', 'query_reason', 'TA_EN'],
      ['ஆபரேஷனுக்கு பாதி பணம் தான் குடுத்திருக்கீங்க', 'query_reason', 'TA'],
      ['neenga enakku list kuduthirukeenga, thanks', 'small_talk', 'TA_EN'],
    ]);
  });

  it('reads the policy renewal and a house moved (பாலிசி renewal, வீடு மாறிட்டோம், veedu maaritom, address update) as the policy\'s business, so a premium or an address asked about starts no claim status, while a claim status asked beside them still asks', () => {
    expectReadings([
      ['அடுத்த வாரம் பாலிசி renewal, இந்த தடவை எவ்ளோ வரும்?', 'unclear', 'TA'],
      ['வீடு மாறிட்டேன், எங்க போய் update பண்ணணும்?', 'unclear', 'TA'],
      ['veedu maaritom, pudhu address enga update pannanum?', 'unclear', 'TA_EN'],
      ['வீடு மாறிட்டோம், என் claim status என்ன?', 'claim_status', 'TA'],
    ]);
  });

  it('reads venting (ரொம்ப மோசம், பக்கமே வர மாட்டேன், romba mosam, alaikazhippu, enna use nu theriyala) as talk and some paper or other (ஏதாவது ஒரு, edhavadhu oru) as no question, so a complaint about papers starts nothing, while which papers are still needed still asks', () => {
    expectReadings([
      ['சர்வீஸ் ரொம்ப மோசம். ஒவ்வொரு முறையும் ஏதாவது ஒரு சர்டிபிகேட் கேக்குறாங்க.', 'small_talk', 'TA'],
      ['இனிமே இந்த company பக்கமே வர மாட்டேன்', 'small_talk', 'TA'],
      ['romba mosam, edhavadhu oru document kekkaringa ovvoru vaatiyum', 'small_talk', 'TA_EN'],
      ['rendu maasama alaikazhippu, policy eduthu enna use nu theriyala', 'small_talk', 'TA_EN'],
      ['ரொம்ப மோசம், இன்னும் என்ன documents வேணும்?', 'pending_documents', 'TA'],
    ]);
  });

  it('reads someone told helpful (help பண்ணாரு, உதவி பண்ணாங்க, help pannaru) and thanks passed on (நன்றியை சொல்லிடுங்க) as thanks, so papers named in the thanks ask for none, while help asked with papers still asks', () => {
    expectReadings([
      ['உங்க staff bills விஷயத்துல ரொம்ப உதவி பண்ணாங்க, அவங்களுக்கு என் நன்றியை சொல்லிடுங்க', 'small_talk', 'TA'],
      ['Priya madam KYC papers la romba help pannanga', 'small_talk', 'TA_EN'],
      ['documents விஷயத்துல help பண்ணுங்க, என்ன அனுப்பணும்?', 'pending_documents', 'TA'],
    ]);
  });

  it('reads how many more days (இன்னும் எவ்ளோ நாள், இன்னும் எத்தனை நாள்) as where the claim stands, as innum evlo naal is, and to see someone written with can (யாரையாவது பாக்க முடியுமா) as a person asked for, பாக்க no typo of பாக்கி', () => {
    expectReadings([
      ['இன்னும் எத்தனை நாள் காத்திருக்கணும்? ரொம்ப கஷ்டமா இருக்கு', 'claim_status', 'TA'],
      ['இன்னும் எவ்வளவு நாள் ஆகும்?', 'claim_status', 'TA'],
      ['சேலம் ஆபீஸ்ல யாரையாவது பார்க்க முடியுமா?', 'human_handover', 'TA'],
    ]);
  });

  it('reads who handles it (yaar handle panraanga) as someone who could take the conversation over and them (avanga kitta) as a person to talk to, so talking to them directly asked after a status question asks for a person', () => {
    expectReadings([
      ['refund enna aachu? idha yaar handle panraanga, avanga kitta pesanum', 'human_handover', 'TA_EN'],
      ['payment eppo varum? yaar handle panraanga, avanga kitta direct ah pesalama?', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads praise of an agent or staff member for work made easy or quick (romba easy ah panni kuduthaanga, முடிச்சு கொடுத்தாங்க, பொறுமையா பேசினாங்க) as thanks, so naming the agent asks for no person, while talking to them asked still hands over', () => {
    expectReadings([
      ['unga executive Kavitha ellam romba easy ah panni kuduthaanga, nandri', 'small_talk', 'TA_EN'],
      ['customer care la irundha anna romba polite, super', 'small_talk', 'TA_EN'],
      ['உங்க மேனேஜர் எல்லாத்தையும் ஒரே நாள்ல முடிச்சு கொடுத்தாரு', 'small_talk', 'TA'],
      ['உங்க ஏஜென்ட் அம்மா கிட்ட ரொம்ப பொறுமையா பேசினாங்க', 'small_talk', 'TA'],
      ['unga agent romba polite, aana avar kitta thirumba pesanum', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads venting about reasons given every time (ovvoru thadavayum edhavadhu kaaranam solreenga, எப்ப கேட்டாலும் காரணம் சொல்றீங்க) as a known phrase and a headache (thalavali) as venting: they start no why-workflow, while a why asked after still asks', () => {
    expectReadings([
      ['ungala contact panradhe thalavali, eppo ketaalum pudhu kaaranam', 'small_talk', 'TA_EN'],
      ['ovvoru murai phone pannaalum edhavadhu kaaranam solreenga', 'small_talk', 'TA_EN'],
      ['எப்போ கேட்டாலும் ஏதோ ஒரு காரணம் சொல்றீங்க', 'small_talk', 'TA'],
      ['ovvoru thadavayum kaaranam solreenga, indha dhadava claim yen reject aachu?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads a KYC or detail updated by the claimant (update panniten, அப்டேட் பண்ணிட்டேன்) as their own doing told, no status asked, while the status asked beside it still asks', () => {
    expectReadings([
      ['bank account details update panniten sir', 'unclear', 'TA_EN'],
      ['நேத்தே KYC அப்டேட் பண்ணிட்டேன்', 'unclear', 'TA'],
      ['PAN update pannitten, claim status enna?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads a wait at the hospital and its hardship told (kaaka vechaanga, romba kashtam, இது சரியில்ல) as venting: a TPA approval named late there asks nothing, while asking when it comes still asks', () => {
    expectReadings([
      ['discharge annikku 7 mani neram kaaka vechaanga, TPA approval late, romba kashtam', 'small_talk', 'TA_EN'],
      ['ஹாஸ்பிடல்ல ரொம்ப நேரம் காக்க வெச்சாங்க, TPA approval லேட், இது சரியில்ல', 'small_talk', 'TA'],
      ['hospital la kaaka vechaanga, TPA approval eppo varum?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads a call asked to explain (call panni explain pannunga, கால் பண்ணி விளக்குங்க) as a call asked for, after a why-question too', () => {
    expectReadings([
      ['deduction puriyala, yaaravadhu call panni explain pannunga', 'human_handover', 'TA_EN'],
      ['ஏன் பணம் குறைச்சீங்க? யாராவது கால் பண்ணி விளக்குங்க', 'human_handover', 'TA'],
    ]);
  });

  it('reads praise of work handled well or a talk that put the claimant at ease (sirappa pannaanga, அருமையா handle பண்ணாங்க, நிம்மதியா இருந்துச்சு) and thanks passed on (nandriya sollunga) as thanks: naming the agent asks for no person', () => {
    expectReadings([
      ['unga executive en appa claim ah romba sirappa handle pannaanga', 'small_talk', 'TA_EN'],
      ['agent Mohan kku en nandriya sollidunga', 'small_talk', 'TA_EN'],
      ['customer care மேடம் கிட்ட பேசினது ரொம்ப நிம்மதியா இருந்துச்சு', 'small_talk', 'TA'],
    ]);
  });

  it('reads a new paper asked every time (ovvoru vaatiyum pudhu document kekureenga) and regret at the policy (yen indha policy eduthomnu irukku, ஏன் எடுத்தோம்னு) as venting: no documents or why-workflow starts, while which paper is still due, asked, still asks', () => {
    expectReadings([
      ['ovvoru thadavayum oru pudhu document kekureenga, romba kashtam', 'small_talk', 'TA_EN'],
      ['ஒவ்வொரு தடவையும் ஒரு புது டாக்குமென்ட் கேக்குறீங்க', 'small_talk', 'TA'],
      ['yen indha policy eduthen nu irukku ippo', 'small_talk', 'TA_EN'],
      ['ovvoru vaatiyum pudhu document kekureenga, ippo innum enna documents venum?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads hours waited for an approval told past (neram wait panninom, approval kaaga) as venting, kaaga (for) no typo of a paper word, while hours gone by with the approval still not come still ask where it stands', () => {
    expectReadings([
      ['TPA approval kaaga 4 mani neram wait panninom hospital la', 'small_talk', 'TA_EN'],
      ['discharge paper ready, 5 mani neram aachu innum TPA approval varala', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads papers promised, by the claimant or someone else (courier panren, upload pannuvaanga, அப்லோட் பண்ணிடுவாரு) as told (done), and மோசமா (badly) a known word, no typo of a delay word: neither starts a workflow, while which papers are still needed, asked, still asks', () => {
    expectReadings([
      ['en ponnu dhaan ella reports um upload pannuvaanga', 'unclear', 'TA_EN'],
      ['discharge summary நாளைக்கு கூரியர் பண்றேன்', 'unclear', 'TA'],
      ['TPA டெஸ்க்ல இருந்தவங்க ரொம்ப மோசமா பேசினாங்க', 'unclear', 'TA'],
      ['en ponnu upload pannuvaanga, vera enna documents venum?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads rejected or still pending asked as a yes/no (rejected aa illa innum pending aa, reject பண்ணீங்களா இல்ல இன்னும் pending) as where the claim stands', () => {
    expectReadings([
      ['en claim rejected ah illa innum process la irukka?', 'claim_status', 'TA_EN'],
      ['appa claim reject aa illa innum pending ah sollunga', 'claim_status', 'TA_EN'],
      ['அம்மா claim reject பண்ணீங்களா இல்ல இன்னும் pending ஆ?', 'claim_status', 'TA'],
      ['claim reject pannitanga, yen?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads a file asked complete or short (file complete ah irukka, ஏதாவது குறையுதா, shortfall edhavadhu) as the papers asked for, no cut', () => {
    expectReadings([
      ['en file complete ah irukka, edhavadhu kuraiyudha?', 'pending_documents', 'TA_EN'],
      ['என் file complete ஆ இருக்கா, ஏதாவது குறையுதா?', 'pending_documents', 'TA'],
      ['yen 5000 cut panneenga?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads papers lost and the claim asked to go ahead without them (adhu illama claim munnadi poguma) as the papers asked for, no status', () => {
    expectReadings([
      ['medical bills tholanjiduchu, adhu illama claim munnadi poguma?', 'pending_documents', 'TA_EN'],
      ['மருந்து பில் காணோம், அது இல்லாம claim முன்னாடி போகுமா?', 'pending_documents', 'TA'],
    ]);
  });

  it('reads relief or a laugh at a hospital bill (nalla velai insurance irundhuchu, தலை சுத்துது) and a vow to take no more policies as small talk; a question beside them still asks', () => {
    expectReadings([
      ['hospital bill paathu thala suthudhu 😂 nalla velai insurance irundhuchu', 'small_talk', 'TA_EN'],
      ['ஆஸ்பத்திரி பில்லை பார்த்து தலையே சுத்துது, நல்லவேளை insurance இருந்துச்சு 😅', 'small_talk', 'TA'],
      ['deduction ku kaaranam sonneenga, othukka mudiyala aana paravala, inime edukka maaten', 'small_talk', 'TA_EN'],
      ['nalla velai insurance irundhuchu, en claim status enna?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads why so long after a pre-auth (yen ivlo time) as a delay, where the claim stands', () => {
    expectReadings([
      ['pre-auth anupi 5 hours aachu, yen ivlo time?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads fainting or a fright at a hospital bill (mayakkam vandhuduchu, இல்லாட்டி என்ன ஆகியிருக்கும்) as venting, and a policy copy that will not download as the policy\'s business; a claim form asked for still asks for papers', () => {
    expectReadings([
      ['ஆஸ்பத்திரி பில்லை பார்த்ததும் மயக்கமே வந்துடுச்சு 😂', 'small_talk', 'TA'],
      ['bill paathu mayakkam vandhuduchu, insurance illana enna aagirukkum', 'small_talk', 'TA_EN'],
      ['policy pdf download aagave illa', 'unclear', 'TA_EN'],
      ['claim form download aagala, enga kidaikkum?', 'pending_documents', 'TA_EN'],
    ]);
  });

  it('reads to talk about (claim pathi pesa) as talking, its pesa no paisa, so whom to meet to talk about the claim asks for a person; nothing to talk about thanked starts nothing', () => {
    expectReadings([
      ['Trichy office ku varom, en appa claim patthi pesa yaarai paakanum?', 'human_handover', 'TA_EN'],
      ['claim pathi pesanum, agent number kudunga', 'human_handover', 'TA_EN'],
      ['settlement pathi pesa onnum illa, thanks', 'small_talk', 'TA_EN'],
    ]);
  });

  it('reads the vocative amma joined to a request (பேசுங்கம்மா, koopidungamma) as the request, so someone asked to phone and talk is a person asked for', () => {
    expectReadings([
      ['கண்ணு சரியா தெரியல, யாராவது phone பண்ணி பேசுங்கம்மா', 'human_handover', 'TA'],
      ['எழுத தெரியாதுங்க, யாராவது கூப்பிடுங்கம்மா', 'human_handover', 'TA'],
      ['type panna kashtama irukku, yaaravadhu phone panni pesungamma', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads their phone number (avanga phone number, அவங்க போன் நம்பர்) after who handles the claim as a person asked for, no papers', () => {
    expectReadings([
      ['Salem office la en file yaaru paakuraanga? avar phone number kudunga', 'human_handover', 'TA_EN'],
      ['என் claim யாரு பாக்குறாங்க? அவங்க போன் நம்பர் வேணும்', 'human_handover', 'TA'],
    ]);
  });

  it('reads an agent who will take care of it (avaru paathukuvaru, அவரு பாத்துக்குவாரு) or who got the policy made as told, no person asked for', () => {
    expectReadings([
      ['en agent Kannan kitta ellam sonnen, avaru paathukuvaru', 'small_talk', 'TA_EN'],
      ['எங்க agent ரவி கிட்ட எல்லாம் சொல்லிட்டேன், அவரு பாத்துக்குவாரு', 'small_talk', 'TA'],
      ['agent kitta pesanum, number kudunga', 'human_handover', 'TA_EN'],
    ]);
  });

  it('reads porting the policy (port பண்ணா, port pannalama) as the policy\'s business: its waiting period asked about is no reason of a decision', () => {
    expectReadings([
      ['வேற கம்பெனிக்கு போர்ட் பண்ணா waiting period தொடருமா?', 'unclear', 'TA'],
      ['vera company ku port pannalama?', 'unclear', 'TA_EN'],
      ['waiting period karanam claim reject pannitanga, yen?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads never recommending the company (yaarukkum recommend panna maaten) as venting, and the ground of a rejection (endha ground) as its reason asked', () => {
    expectReadings([
      ['indha company ah yaarukkum recommend panna maaten, romba mosam', 'small_talk', 'TA_EN'],
      ['claim reject pannirukeenga, endha ground la?', 'query_reason', 'TA_EN'],
    ]);
  });

  it('reads help praised (romba help pannaaru, உதவி பண்ணாங்க), papers told sent (upload பண்ணியாச்சு) and an agent who said to message here or got the policy made as told: no workflow, no person asked for', () => {
    expectReadings([
      ['agent Dinesh sir romba help pannaaru', 'small_talk', 'TA_EN'],
      ['ஆபீஸ் ஸ்டாஃப் ரொம்ப உதவி பண்ணாங்க', 'small_talk', 'TA'],
      ['lab reports upload பண்ணியாச்சு', 'unclear', 'TA'],
      ['agent sonnaaru inga message pannunga nu', 'small_talk', 'TA_EN'],
      ['எங்க agent தான் policy போட்டு குடுத்தாரு, அவரு தான் இந்த நம்பர் குடுத்தாரு', 'small_talk', 'TA'],
      ['agent sonnaaru claim approve aachu nu, panam eppo varum?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads the vocative typed -மா after -ம் (பேசணும்மா, pesanumma) as the word, whom to contact (yaara contact pannanum) as a person asked for, and a detail to update (update pannanum) as the claimant\'s own doing, no status', () => {
    expectReadings([
      ['manager kitta pesanumma', 'human_handover', 'TA_EN'],
      ['ஒரு அதிகாரி கிட்ட பேசணும்மா', 'human_handover', 'TA'],
      ['claim pathi yaara contact pannanum? number kudunga', 'human_handover', 'TA_EN'],
      ['email maariduchu, update pannanum', 'unclear', 'TA_EN'],
      ['en claim la update illa, enna aachu?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads a lost policy card with its duplicate (card காணோம், duplicate எப்படி வாங்கறது) as the policy\'s business, no papers asked', () => {
    expectReadings([
      ['health card காணோம், duplicate எப்படி வாங்கறது?', 'unclear', 'TA'],
      ['policy card kaanama pochu, duplicate eppadi vaanganum', 'unclear', 'TA_EN'],
    ]);
  });

  it('reads a reason told given (காரணம் சொன்னாங்க, kaaranam sonnanga: no reason asked), the heart not accepting it (மனசு ஒத்துக்கல) as no rejection, "I don\'t want this company" as a parting word, and pannitein as panniten', () => {
    expectReadings([
      ['room rent cut பண்ணதுக்கு காரணம் சொன்னாங்க, ஆனாலும் மனசு ஒத்துக்கல. இனிமே இந்த கம்பெனியே வேணாம்', 'small_talk', 'TA'],
      ['ICU charges cut pannadhukku reason sonnanga, aanalum manasu othukala. ini indha company vendaam', 'small_talk', 'TA_EN'],
      ['claim reject aanadhukku kaaranam sonnanga, sari', 'small_talk', 'TA_EN'],
      ['room rent cut பண்ணதுக்கு காரணம் சொல்லுங்க', 'query_reason', 'TA'],
      ['bill cut pannadhukku kaaranam sollunga', 'query_reason', 'TA_EN'],
      ['ellam scan panni mail pannitein', 'unclear', 'TA_EN'],
      ['bills ellam courier pannitein, eppo panam varum?', 'claim_status', 'TA_EN'],
    ]);
  });

  it('reads "please confirm" (உறுதிப்படுத்தவும், உறுதிப்படுத்துங்க) as a request: whether the papers arrived, asked so with the claim number after, asks about the papers; whether the money came still asks the status', () => {
    expectReadings([
      ['அனுப்பின பில்கள் எல்லாம் வந்து சேர்ந்ததான்னு உறுதிப்படுத்துங்க. claim no 6612093', 'pending_documents', 'TA'],
      ['பணம் account-ல வந்து சேர்ந்ததா என்று உறுதிப்படுத்தவும்', 'claim_status', 'TA'],
      ['claim settle ஆச்சான்னு உறுதி செய்யவும்', 'claim_status', 'TA'],
    ]);
  });

  it('reads a cut told as a habit (போன தடவையும், pona thadava kooda: last time too; pazhakkam aayiduchu: it has become a habit) as venting, asking nothing; a why asked beside it still asks', () => {
    expectReadings([
      ['pona thadava kooda consumables ku cut pannanga', 'small_talk', 'TA_EN'],
      ['போன தடவையும் room rent ல கட் பண்ணாங்க', 'small_talk', 'TA'],
      ['ungalukku idhu pazhakkam aayiduchu, ovvoru claim layum cut', 'small_talk', 'TA_EN'],
      ['pona thadava kooda cut pannanga, indha thadava yen cut?', 'query_reason', 'TA_EN'],
      ['போன தடவையும் கட் பண்ணாங்க, இந்த தடவை ஏன்?', 'query_reason', 'TA'],
    ]);
  });

  it('reads a joke asked for (ஜோக் சொல்லுங்க, joke sollunga) and "let\'s see" (பாக்கலாம், paakalam) as small talk, no meeting asked; "just for info" (just தகவலுக்கு), "no problem", "went smoothly" and "good service" as closing', () => {
    expectReadings([
      ['சும்மா ஒரு ஜோக் சொல்லுங்க', 'small_talk', 'TA'],
      ['bore adikudhu, oru joke sollunga', 'small_talk', 'TA_EN'],
      ['நாளைக்கு officer-ஐ பாக்கலாமா?', 'human_handover', 'TA'],
      ['discharge summary அனுப்பிட்டேன், just தகவலுக்கு', 'small_talk', 'TA'],
      ['bill copy mail la anupiten, just thagavalukku', 'small_talk', 'TA_EN'],
      ['discharge summary அனுப்பிட்டேன், claim status என்ன?', 'claim_status', 'TA'],
      ['payment account la vandhuduchu, no problem', 'small_talk', 'TA_EN'],
      ['no problem, claim eppo settle aagum?', 'claim_status', 'TA_EN'],
      ['முன்னாடி ஒரு claim reject ஆச்சு, இப்போ எல்லாம் smooth-ஆ போச்சு, நல்ல service', 'small_talk', 'TA'],
      ['pona thadava claim reject aachu, indha thadava smooth ah pochu', 'small_talk', 'TA_EN'],
    ]);
  });
});
