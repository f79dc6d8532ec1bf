/**
 * The Telugu packs (pipeline/languages/te and te_en): every reply the English pack has, with the
 * same variables; WhatsApp button and list titles within Meta's limits; SMS replies within the
 * segment budget (UCS-2 for Telugu script); STOP, START, YES and NO in Telugu and romanised
 * Telugu; Telugu digits read as numbers; and what the replies tell a claimant to write is understood.
 */
import { expect } from 'chai';
import { checkPackReplies } from '../helpers/language-pack-checks';
import { detectLanguage } from '../../pipeline/language';
import { asciiDigits, packOf } from '../../pipeline/languages';
import { matchIntent, understandMessage } from '../../pipeline/intents';
import { redactPhi } from '../../pipeline/policy-gate/phi-redaction';
import { consentAnswer, spokenLanguage } from '../../pipeline/stages/consent';
import { readMessage } from '../../pipeline/understanding/sentences';

/** What a message is routed to: its intent, or `small_talk` / `unclear`. */
const asked = (text: string) => { const u = understandMessage(text); return u.kind === 'intent' ? u.intent : u.kind; };
/** Each message is routed to its intent and read in its language. */
function expectReadings(cases: ReadonlyArray<readonly [string, string, string]>): void {
  for (const [text, intent, language] of cases) {
    expect(asked(text), text).to.equal(intent);
    expect(detectLanguage(text), text).to.equal(language);
  }
}

const codes = ['TE', 'TE_EN'] as const;
describe('language packs: Telugu (TE, TE_EN)', () => {
  checkPackReplies({ native: 'TE', romanised: 'TE_EN', meta: 'te', answer: 'గది అద్దె పరిమితి రోజుకు బీమా మొత్తంలో 1% వరకు.' });

  it('reads STOP, START, YES and NO in Telugu and romanised Telugu as whole messages only', () => {
    const cases: Array<[string, 'yes' | 'no' | 'stop' | 'start']> = [
      ['ఆపు', 'stop'], ['ఆపండి', 'stop'], ['ఆపేయండి', 'stop'], ['నిలిపివేయండి', 'stop'], ['aapu', 'stop'], ['Aapandi!', 'stop'], ['stop cheyandi', 'stop'],
      ['ప్రారంభించండి', 'start'], ['మొదలుపెట్టండి', 'start'], ['modalupettandi', 'start'],
      ['అవును', 'yes'], ['సరే', 'yes'], ['avunu', 'yes'], ['వద్దు', 'no'], ['కాదు', 'no'], ['vaddu', 'no'],
    ];
    for (const [text, answer] of cases) expect(consentAnswer(text), text).to.equal(answer);
    for (const text of ['మెసేజ్‌లు ఆపు, క్లెయిమ్ స్టేటస్ చెప్పండి', 'aapu kaani status cheppandi', 'అవును నా క్లెయిమ్ ఏమైంది']) {
      expect(consentAnswer(text), text).to.equal(null);
    }
    // Answered in the language the word is in.
    expect(spokenLanguage('ఆపు', true)).to.equal('TE');
    expect(spokenLanguage('aapandi', true)).to.equal('TE_EN');
    expect(packOf('TE').handover_cancel).to.include('వద్దు');
    expect(packOf('TE_EN').handover_cancel).to.include('vaddu');
  });

  it('reads Telugu digits as numbers: counts, amounts and references', () => {
    expect(asciiDigits('క్లెయిమ్ ౪౫౭౮, రూ. ౩౨,౫౦౦')).to.equal('క్లెయిమ్ 4578, రూ. 32,500');
    const entities = (text: string) => readMessage(text).words.filter((w) => w.startsWith('#'));
    expect(entities('క్లెయిమ్ నంబర్ ౪౫౭౮ స్టేటస్ చెప్పండి')).to.deep.equal(['#ref']);
    expect(entities('రూ. ౩౨,౫౦౦ క్లెయిమ్ చేశాను')).to.deep.equal(['#amount']);
    expect(entities('౧౫ వేలు ఎందుకు కట్ చేశారు')).to.deep.equal(['#amount']);
    expect(entities('డిశ్చార్జ్ అయ్యి ౧౦ రోజులు అయింది')).to.deep.equal(['#number']);
    expect(matchIntent('౧౫,౦౦౦ రూపాయలు ఎందుకు కట్ చేశారు?')).to.equal('query_reason');
  });

  it('masks identifiers written in Telugu digits, found by Telugu context words', () => {
    expect(redactPhi('నా మొబైల్ నంబర్ ౯౮౭౬౫౪౩౨౧౦').text).to.equal('నా మొబైల్ నంబర్ [phone removed]');
    // An account number needs a context word: ఖాతా (account) in Telugu, "account" in romanised Telugu.
    expect(redactPhi('నా ఖాతా నంబర్ ౧౨౩౪౫౬౭౮౯౦౧').text).to.equal('నా ఖాతా నంబర్ [account removed]');
    expect(redactPhi('naa account number 123456789012').text).to.equal('naa account number [account removed]');
    expect(redactPhi('క్లెయిమ్ ౧౨౩౪౫౬౭౮౯౦౧ స్టేటస్').counts).to.deep.equal({});
  });

  it('tells Telugu, romanised Telugu, Hinglish and English apart', () => {
    expect(detectLanguage('నా క్లెయిమ్ స్టేటస్ ఏంటి?')).to.equal('TE');
    expect(detectLanguage('claim స్టేటస్ చెప్పండి')).to.equal('TE');
    expect(detectLanguage('naa claim status enti?')).to.equal('TE_EN');
    expect(detectLanguage('dabbulu eppudu vastayi')).to.equal('TE_EN');
    expect(detectLanguage('mera claim kab aayega')).to.equal('HI_EN');
    expect(detectLanguage('What is my claim status?')).to.equal('EN');
  });

  it('reads Telugu verb forms and loanwords claimants type: "for giving", "are you watching", a cut spelled katt, a position, a partial approval', () => {
    for (const text of ['update ichinanduku thanks', 'match chustunnara?', 'GST kuda enduku katt chesaru']) {
      expect(detectLanguage(text), text).to.equal('TE_EN');
    }
    // "anni" (all) is no doubled spelling of romanised Marathi "ani" (and).
    expect(readMessage('anni bills').words[0]).to.equal('anni');
    expect(matchIntent('GST kuda enduku katt chesaru')).to.equal('query_reason');
    expect(matchIntent('GST lo enduku intha katting?')).to.equal('query_reason');
    expect(matchIntent('ఇంత కటింగ్ ఎందుకు?')).to.equal('query_reason');
    expect(matchIntent('ఎందుకు పార్షియల్?')).to.equal('query_reason');
    expect(matchIntent('నా రీయింబర్స్‌మెంట్ ఇప్పుడు ఏ పొజిషన్ లో ఉంది?')).to.equal('claim_status');
    // "should come" (రావాలి) is no typo of "need" (కావాలి): the why-question before it decides.
    expect(matchIntent('ఎందుకు సగం మాత్రమే అప్రూవ్ చేశారు? పూర్తి క్లెయిమ్ రావాలి కదా')).to.equal('query_reason');
  });

  it('understands what its replies tell the claimant to write, in both packs', () => {
    const asked: Array<[string, string]> = [
      ['క్లెయిమ్ స్టేటస్', 'claim_status'], ['ఏ డాక్యుమెంట్లు పెండింగ్‌లో ఉన్నాయి', 'pending_documents'],
      ['నా క్లెయిమ్ ఎందుకు రిజెక్ట్ అయింది', 'query_reason'], ['మనిషితో మాట్లాడాలి', 'human_handover'],
      ['claim status enti', 'claim_status'], ['e documents pending lo unnayi', 'pending_documents'],
      ['claim enduku reject ayyindi', 'query_reason'], ['manishito matladali', 'human_handover'],
    ];
    for (const [text, intent] of asked) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(/[a-z]/.test(text) ? 'TE_EN' : 'TE');
    }
    for (const code of codes) {
      for (const [name, intent] of [['choice_claim_status', 'claim_status'], ['choice_pending_documents', 'pending_documents'], ['choice_query_reason', 'query_reason'], ['choice_human_handover', 'human_handover']]) {
        expect(matchIntent(packOf(code).replies.whatsapp[name!]!), `${code} ${name}`).to.equal(intent);
      }
    }
  });

  it('reads a sum paid short ("only X came", "what calculation"), "rejected or still pending", a process asked after, what went missing, telling what one will send, and gratitude', () => {
    const cases: Array<[string, string, string]> = [
      ['80 వేల బిల్లుకి 50 వేలు మాత్రమే వచ్చింది', 'query_reason', 'TE'],
      ['ఇదేం లెక్క? 60 వేలకి 40 వేలు', 'query_reason', 'TE'],
      ['రూమ్ రెంట్ లిమిట్ అని 5 వేలు కట్ చేశారు, ఆ లిమిట్ ఎక్కడి నుంచి వచ్చింది?', 'query_reason', 'TE'],
      ['నా క్లెయిమ్ రిజెక్ట్ చేశారా లేక పెండింగ్ లో ఉందా?', 'claim_status', 'TE'],
      ['మరి క్లెయిమ్ ఇంకా ప్రాసెస్ అవ్వలేదా', 'claim_status', 'TE'],
      ['అసలు ఏం మిస్ అయింది?', 'pending_documents', 'TE'],
      ['బిల్లులు రేపు పంపిస్తాను', 'small_talk', 'TE'],
      ['ఒరిజినల్ బిల్లులు సోమవారం కొరియర్ చేస్తాను', 'small_talk', 'TE'],
      ['original bills monday courier chestanu', 'small_talk', 'TE_EN'],
      ['క్లెయిమ్ సమాచారం ఇచ్చినందుకు కృతజ్ఞతలు', 'small_talk', 'TE'],
      ['80k bill ki 50k matrame vachindi', 'query_reason', 'TE_EN'],
      ['maa claim ki intha tagginchesaru', 'query_reason', 'TE_EN'],
      ['claim reject chesara leka inka pending aa?', 'claim_status', 'TE_EN'],
      ['claim inka process avvaleda?', 'claim_status', 'TE_EN'],
      ['docs repu pampistanu', 'small_talk', 'TE_EN'],
      ['telugu lo matlade vallu unnara?', 'human_handover', 'TE_EN'],
    ];
    expectReadings(cases);
    // "Aren't you a human?" asks whether this is a bot, not for a person.
    expect(asked('ఇది ఆటోమేటిక్ రిప్లైనా? మనిషి కాదా మీరు')).to.not.equal('human_handover');
    expect(detectLanguage('disallowed amount dheniki')).to.equal('TE_EN');
    // A number before a case form of thousand or lakh is an amount.
    expect(readMessage('85 వేలకి 60 వేలు మాత్రమే').words[0]).to.equal('#amount');
    expect(readMessage('2 lakshalaki').words[0]).to.equal('#amount');
    // Telugu's quotative 'ani' is romanised Marathi's 'and' too: listed in both packs, it shares its vote.
    expect(detectLanguage('non medical items ani Rs 4,200 minus chesaru')).to.equal('TE_EN');
    // The question 'aa' is Telugu's as typed, so a short English question ending in it is Telugu, and
    // Hinglish 'aa gaye' with its own words stays Hinglish. 'ah' is Tanglish's ('approve ah', 'bill
    // original ah copy ah?'): Tenglish writers type the same question 'aa', so 'ah' is no Telugu marker.
    expect(detectLanguage('claim 61234 ki docs complete aa')).to.equal('TE_EN');
    expect(detectLanguage('discharge summary compulsory aa?')).to.equal('TE_EN');
    expect(detectLanguage('amount credit aa?')).to.equal('TE_EN');
    expect(detectLanguage('bhai paise aa gaye kya')).to.equal('HI_EN');
    expect(detectLanguage('report pending ah?')).to.equal('TA_EN');
    expect(detectLanguage('bill original ah copy ah?')).to.equal('TA_EN');
    // Everyday Tenglish words mark the language with English claim words around them.
    expect(detectLanguage('claim approve avvatledu')).to.equal('TE_EN');
    expect(detectLanguage('documents ippude upload')).to.equal('TE_EN');
  });

  it('reads a claim closed, no information yet, "I will talk directly", and "I will complain to your manager" (chesta is no typo of a closing word)', () => {
    const cases: Array<[string, string, string]> = [
      ['మా నాన్న క్లెయిమ్ క్లోజ్ అయిందా', 'claim_status', 'TE'],
      ['nanna claim close ayinda', 'claim_status', 'TE_EN'],
      ['claim petti 20 days ayindi, inka em info ledu', 'claim_status', 'TE_EN'],
      ['మీ ఆఫీస్ నంబర్ కావాలి, డైరెక్ట్ గా మాట్లాడతా', 'human_handover', 'TE'],
      ['mee manager ki complaint chesta', 'human_handover', 'TE_EN'],
      ['IRDA లో కంప్లైంట్ ఇస్తాను', 'human_handover', 'TE'],
      ['IRDA lo complaint istanu', 'human_handover', 'TE_EN'],
      ['క్లెయిమ్ గురించి చెప్పండి', 'claim_status', 'TE'],
      ['claim gurinchi cheppandi', 'claim_status', 'TE_EN'],
      // Telangana's spoken endings.
      ['ఇంకా పైసలు రాలె', 'claim_status', 'TE'],
      ['inka paisal rale', 'claim_status', 'TE_EN'],
      // Praise with claim words asks nothing.
      ['క్లెయిమ్ ప్రాసెస్ చాలా ఈజీగా ఉంది', 'small_talk', 'TE'],
      // Information received is an acknowledgement, not a status question.
      ['సమాచారం అందింది', 'small_talk', 'TE'],
      // Independent AI is a + yi (ఐంది = అయింది, happened), not E (ఏంది, what).
      ['approve ఐందా?', 'claim_status', 'TE'],
      ['claim settle ఐంది, థాంక్స్', 'small_talk', 'TE'],
      ['mee team claim twaraga settle chesindi, super', 'small_talk', 'TE_EN'],
      // 'kotha' is 'new' as well as 'cut', 'kontha' is 'some': alone, neither is a deduction.
      ['kotha samvatsara subhakankshalu', 'small_talk', 'TE_EN'],
      ['inka kontha time padutundi', 'unclear', 'TE_EN'],
      ['settlement lo kotha enduku', 'query_reason', 'TE_EN'],
      ['query letter vachindi, em ivvalo ardham kaledu', 'pending_documents', 'TE_EN'],
      // "If I send" (పంపిస్తే, pampiste) and "will you send" are no typos of "I will send", which informs.
      ['ఈ బిల్లులు పంపిస్తే సరిపోతుందా', 'pending_documents', 'TE'],
      ['docs pampiste saripotunda', 'pending_documents', 'TE_EN'],
      ['డాక్యుమెంట్స్ ఎవరికి పంపుతారు', 'pending_documents', 'TE'],
      ['docs ekkadiki pamputaru', 'pending_documents', 'TE_EN'],
    ];
    expectReadings(cases);
  });

  it('reads "that is it" after a demand (అంతే, anthe) as no thanks, bringing a person on the line, whether papers sent were updated or suffice, and "I sent" (pampa)', () => {
    const cases: Array<[string, string, string]> = [
      // అంతే after a request stresses it; the closing phrases (అంతే అండి) still close.
      ['ఇక మేనేజర్ తో మాట్లాడాలి అంతే', 'human_handover', 'TE'],
      ['manager ki call transfer cheyandi anthe', 'human_handover', 'TE_EN'],
      ['అంతే అండి', 'small_talk', 'TE'],
      ['ఎవరైనా agent ని line లోకి తీసుకురండి', 'human_handover', 'TE'],
      ['oka agent ni line lo ki teesukurandi', 'human_handover', 'TE_EN'],
      // "Were they updated" (plural: the papers) is no claim status; "clear ga" (clearly) is no payment.
      ['bills మెయిల్ చేశాను. అవి update అయ్యాయా?', 'pending_documents', 'TE'],
      ['bills mail chesanu, avi update ayyaya?', 'pending_documents', 'TE_EN'],
      ['pampina bills clear ga unnaya? avi saripotaya', 'pending_documents', 'TE_EN'],
      ['బిల్లులు పంపాను, అవి సరిపోతాయా?', 'pending_documents', 'TE'],
      ['sorry wrong number ki pampa', 'small_talk', 'TE_EN'],
      // Spoken contractions: eppudosthay (eppudu vastayi), endukaindi (enduku ayindi).
      ['paisal eppudosthay', 'claim_status', 'TE_EN'],
      ['reject endukaindi', 'query_reason', 'TE_EN'],
      // "Did you send (the money)?" asks after a payment.
      ['హాస్పిటల్ కి డబ్బులు పంపారా', 'claim_status', 'TE'],
      ['hospital ki dabbulu pamparaa', 'claim_status', 'TE_EN'],
      // "How many more days" asks where the claim stands; "what logic" asks why; avthunda is avutunda.
      ['inka enni rojulu wait cheyali?', 'claim_status', 'TE_EN'],
      ['ఇంకా ఎన్ని రోజులు wait చేయాలి?', 'claim_status', 'TE'],
      ['haf amount ichharu, em logic idhi', 'query_reason', 'TE_EN'],
      ['settlement lo em logic?', 'query_reason', 'TE_EN'],
      ['settlement లో ఏం లాజిక్?', 'query_reason', 'TE'],
      // kalam (time: "entha kalam", how long) is no typo of salam, a greeting.
      ['inka entha kalam wait cheyali', 'claim_status', 'TE_EN'],
      ['reports సోమవారం courier చేస్తాను', 'small_talk', 'TE'],
      // The politeness ending అండి joined to a word, its final i or u giving way, is the word.
      ['క్లెయిమ్ ఏమైందండి', 'claim_status', 'TE'],
      ['డబ్బులు ఇంకా రాలేదండి', 'claim_status', 'TE'],
      ['ధన్యవాదాలండి', 'small_talk', 'TE'],
      ['claim emaindandi', 'claim_status', 'TE_EN'],
      ['dabbulu inka raledandi', 'claim_status', 'TE_EN'],
      ['dhanyavadalandi', 'small_talk', 'TE_EN'],
      ['approve avthunda?', 'claim_status', 'TE_EN'],
      ['claim settle avtonda?', 'claim_status', 'TE_EN'],
      // Someone will do it (చేసి పెడతాడు, chesi pedatadu): the claimant tells, asks for no list.
      ['mee papers maa abbayi upload chesi pedatadu', 'small_talk', 'TE_EN'],
      ['papers అన్నీ మా అబ్బాయి upload చేసి పెడతాడు', 'small_talk', 'TE'],
      ['బిల్లులు సాయంత్రం scan చేసి పెడతాను', 'small_talk', 'TE'],
      // "Send (it to me)" (pampandi, పంపండి) is a request to us, not what the claimant must send: the UTR asked for is a status question.
      ['UTR no pampandi, bank vallu adugutunnaru', 'claim_status', 'TE_EN'],
      ['UTR నంబర్ పంపండి, బ్యాంక్ వాళ్ళు అడుగుతున్నారు', 'claim_status', 'TE'],
    ];
    expectReadings(cases);
  });

  it('reads "call and talk" as a call asked for, today as a date in a statement, the verbal noun of a cut (tagginchadam), when it will be cleared as status, "on what basis" as why, where a form is had, and who wrote from this number as small talk', () => {
    const cases: Array<[string, string, string]> = [
      ['కాల్ చేసి మాట్లాడండి, నాకు చదవడం రాదు', 'human_handover', 'TE'],
      ['call chesi matladandi please, naaku type cheyadam raadu', 'human_handover', 'TE_EN'],
      // Rain and "today" told, nothing asked: no payment question.
      ['ఇక్కడ వాన బాగా పడుతుంది, ఈ రోజు బయటకు వెళ్ళలేదు', 'small_talk', 'TE'],
      ['bill 80k, 20k cut cheyadam enti?', 'query_reason', 'TE_EN'],
      ['బిల్లు 50 వేలు, 12 వేలు తగ్గించడం ఏంటి?', 'query_reason', 'TE'],
      // When it will be settled asks where the claim stands, whatever the why before it.
      ['papers anni pampanu, inka pending enduku? eppudu settle avutundi', 'claim_status', 'TE_EN'],
      ['e report base chesi reject chesaru?', 'query_reason', 'TE_EN'],
      ['claim form ekkada dorukutundi?', 'pending_documents', 'TE_EN'],
      ['claim form ఎక్కడ దొరుకుతుంది?', 'pending_documents', 'TE'],
      ['hello evaru meeru? ee number nundi message enduku vachindi', 'small_talk', 'TE_EN'],
      ['మీరు ఎవరు? ఈ నంబర్ నుంచి మెసేజ్ ఎందుకు వచ్చింది', 'small_talk', 'TE'],
      // "Or a person?" after a bot question asks for nobody; a phone's charge is no charge cut.
      ['nuvvu bot aa? leka manishaa?', 'unclear', 'TE_EN'],
      ['నువ్వు bot ఆ? లేక మనిషా?', 'unclear', 'TE'],
      ['phone lo charge takkuva undi, taruvata matladatanu', 'small_talk', 'TE_EN'],
    ];
    expectReadings(cases);
  });

  it('reads "did they reach you" (మీకు వచ్చాయా, meeku vachaya) after papers sent as whether they arrived, "come on the line" as reaching a person, and "another way" to send as asking how', () => {
    const cases: Array<[string, string, string]> = [
      ['reports courier chesanu monna. meeku vachaya?', 'pending_documents', 'TE_EN'],
      ['bills courier చేశాను, మీకు చేరాయా?', 'pending_documents', 'TE'],
      ['మేనేజర్ ని లైన్ లోకి రండి అనండి', 'human_handover', 'TE'],
      ['link open avvatledu, vere way lo pampocha?', 'pending_documents', 'TE_EN'],
    ];
    expectReadings(cases);
  });

  it('reads the rest of the money (మిగతా, migatha) where it went as a why-question', () => {
    const cases: Array<[string, string, string]> = [
      ['40 vela bill ki 25 vele ichharu, migatha dabbulu ekkada?', 'query_reason', 'TE_EN'],
      ['40 వేల బిల్లుకి 25 వేలే ఇచ్చారు, మిగతా డబ్బులు ఎక్కడ?', 'query_reason', 'TE'],
    ];
    expectReadings(cases);
  });

  it('reads a courier\'s tracking number as no claim reference or status word, and "removed" (teesesaru, తీసేశారు) as a cut', () => {
    const cases: Array<[string, string, string]> = [
      ['బిల్లులు కొరియర్ లో పంపాను, ట్రాకింగ్ నంబర్ 5566. చేరాయా?', 'pending_documents', 'TE'],
      ['bills courier lo pampanu, tracking no 5566. cherayaa?', 'pending_documents', 'TE_EN'],
      ['pharmacy bill lo 4000 teesesaru. medicines ki kuda ivvara?', 'query_reason', 'TE_EN'],
      ['ఫార్మసీ బిల్లులో 4000 తీసేశారు. మందులకి కూడా ఇవ్వరా?', 'query_reason', 'TE'],
    ];
    expectReadings(cases);
  });

  it('reads "reach" in romanised Telugu as papers arriving or reaching a person, and money as paid only where it reaches an account', () => {
    const cases: Array<[string, string, string]> = [
      ['courier pampanu, tracking no DT55K. reach ayyinda?', 'pending_documents', 'TE_EN'],
      ['amount account ki reach avvaledu', 'claim_status', 'TE_EN'],
      ['manager ni reach avvalante ela?', 'human_handover', 'TE_EN'],
    ];
    expectReadings(cases);
  });

  it('reads where the money went to (ekkadiki vellayi) as status, "shall I upload again?" (upload cheyyana) as papers to send, and whether a file moves on (mundhuku veltunda) as status', () => {
    const cases: Array<[string, string, string]> = [
      ['settlement letter vachindi kani bank lo emi ledu. dabbulu ekkadiki vellayi?', 'claim_status', 'TE_EN'],
      ['report blur ga undi annaru, malli upload cheyyana?', 'pending_documents', 'TE_EN'],
      ['query ki reply ichanu, ippudaina file mundhuku veltunda?', 'claim_status', 'TE_EN'],
    ];
    expectReadings(cases);
  });

  it('reads a noun with a case ending joined (ఆధార్‌ని, ఏజెంట్‌తోనే, డిశ్చార్జ్ సమ్మరీలో) as the noun, by the pack\'s spelling rules', () => {
    const cases: Array<[string, string, string]> = [
      ['ఆధార్‌ని మళ్ళీ పంపాలా?', 'pending_documents', 'TE'],
      ['మేనేజర్‌తోనే మాట్లాడిస్తారా', 'human_handover', 'TE'],
      ['డిశ్చార్జ్ సమ్మరీలో డయాగ్నోసిస్ తప్పుగా రాశారు, దానికి ఏం చేయాలి?', 'pending_documents', 'TE'],
      ['మీ టోల్ ఫ్రీ నంబర్ ఏంటి?', 'human_handover', 'TE'],
    ];
    expectReadings(cases);
  });

  it('reads "after it is ready / comes" (ayyaka, vachaka, అయ్యాక) as no question, and "I will upload" (upload chestanu) as informing', () => {
    expect(asked('bills ready ayyaka upload chestanu')).to.equal('small_talk');
    expect(asked('reports vachaka pamputanu sir')).to.equal('small_talk');
    expect(asked('రిపోర్ట్స్ వచ్చాక పంపిస్తాను')).to.equal('small_talk');
  });

  it('reads real words that sit one letter from a class word as themselves: పేషెంట్ (patient, no payment), కొన్ని (some, no call), pampina (sent, no question), Jubilee Hills (no bills)', () => {
    const cases: Array<[string, string, string]> = [
      ['కొన్ని డాక్యుమెంట్స్ పంపాను, ఇంకా ఏమి కావాలి?', 'pending_documents', 'TE'],
      ['పేషెంట్ డిశ్చార్జ్ కి రెడీ, అప్రూవల్ ఎప్పుడు?', 'claim_status', 'TE'],
      ['Jubilee Hills lo unna hospital lo admit ayyanu, claim status enti?', 'claim_status', 'TE_EN'],
    ];
    expectReadings(cases);
  });

  it('reads a reason named (waiting period, PED) and then "how?" (ela, ఎలా) as asking the reason', () => {
    const cases: Array<[string, string, string]> = [
      ['waiting period lo undi annaru, policy teesukoni 4 years ayyindi. ela?', 'query_reason', 'TE_EN'],
      ['వెయిటింగ్ పీరియడ్ అన్నారు, పాలసీ తీసుకుని 4 ఏళ్ళు అయ్యింది. ఎలా?', 'query_reason', 'TE'],
    ];
    expectReadings(cases);
  });

  it('reads a deduction named in the letter (NME, non payable, disallowed) and "what is that?" as asking why', () => {
    const cases: Array<[string, string, string]> = [
      ['letter lo \'NME 2,400\' ani undi, adi enti?', 'query_reason', 'TE_EN'],
      ['సెటిల్మెంట్ లెటర్ లో \'non payable 1,900\' అని ఉంది, అది ఏంటి?', 'query_reason', 'TE'],
    ];
    expectReadings(cases);
  });

  it('reads romanised Telugu spellings with dh for d, th for t, one letter for a doubled one and y before e inside listed phrases (em jarigindi: yem jarigindhi; avvaledu: avaledu)', () => {
    expect(asked('maa nanna claim ki yem jarigindhi')).to.equal('claim_status');
    expect(asked('inka yem pampali cheppandi')).to.equal('pending_documents');
    expect(asked('evaraina manishi tho mathladali')).to.equal('human_handover');
  });

  it('reads a higher authority (higher authority, పై అధికారి) as a person to talk to', () => {
    expect(asked('higher authority tho matladali')).to.equal('human_handover');
    expect(asked('పై అధికారితో మాట్లాడాలి')).to.equal('human_handover');
  });

  it('reads "not happening" (avvatledu, అవ్వట్లేదు) as a negation and an upload error as no payment, so a failed upload asks how to send; "what is the matter?" (enti sangathi) after a problem asks about it', () => {
    expect(asked('upload avvatledu, error vastondi')).to.equal('pending_documents');
    expect(asked('అప్లోడ్ అవ్వట్లేదు, ఎర్రర్ వస్తోంది')).to.equal('pending_documents');
    expect(asked('e documents taggaayi?')).to.equal('pending_documents');
    expect(asked('amount inka credit avvaledhu, enti sangathi?')).to.equal('claim_status');
    expect(asked('అమౌంట్ ఇంకా క్రెడిట్ అవ్వలేదు, ఏంటి సంగతి?')).to.equal('claim_status');
    expect(asked('hi anna, enti sangathi?')).to.equal('small_talk');
  });

  it('reads how many more days in its spoken form (ennallu, ఇంకెన్నాళ్ళు) and within this month (ee nela lopu) as when-words', () => {
    expect(asked('inka ennallu wait cheyyali?')).to.equal('claim_status');
    expect(asked('ఇంకెన్నాళ్ళు పడుతుంది?')).to.equal('claim_status');
    expect(asked('ee nela lopu vastaya?')).to.equal('claim_status');
    expect(asked('ఈ నెల లోపు వస్తాయా?')).to.equal('claim_status');
  });

  it('reads chaala (very, with the long a) as romanised Telugu alone; chala is Hinglish too', () => {
    expect(detectLanguage('chaala thanks')).to.equal('TE_EN');
    expect(detectLanguage('chaala late ayyindi')).to.equal('TE_EN');
  });

  it('reads everyday Tenglish verb forms (pampistha, cheppi, ettaledu) as romanised Telugu', () => {
    expect(detectLanguage('ok sir, repu pampistha')).to.equal('TE_EN');
    expect(detectLanguage('phone ettaledu evaru')).to.equal('TE_EN');
  });

  it('reads "or a bot?" after a human question (manishaa leka bot aa) as a bot question, the emphatic amount (20 vele, 20 వేలే: only 20 thousand) as a cut, and "what justice is this?" (idem nyayam) as why', () => {
    expect(asked('meeru manishaa leka bot aa?')).to.not.equal('human_handover');
    expect(asked('మీరు మనిషా లేక బాటా?')).to.not.equal('human_handover');
    expect(asked('50 వేల బిల్లుకి 20 వేలే ఇచ్చారు, ఇదేం న్యాయం?')).to.equal('query_reason');
    expect(asked('maa claim ki 2 lakshale approve chesaru')).to.equal('query_reason');
  });

  it('reads "is anything short?" (emaina takkuva unda, ఏమైనా తక్కువ ఉందా) as a need, no cut, and what is to be sent (pampalsindi, పంపాల్సింది) as send', () => {
    expect(asked('nenu pampina vaatilo emaina takkuva unda?')).to.equal('pending_documents');
    expect(asked('నేను పంపిన వాటిలో ఏమైనా తక్కువ ఉందా?')).to.equal('pending_documents');
    expect(asked('inka pampalsindi enti?')).to.equal('pending_documents');
    expect(asked('ఇంకా పంపాల్సింది ఏంటి?')).to.equal('pending_documents');
    expect(asked('amount takkuva vachindi enduku')).to.equal('query_reason');
  });

  it('reads "approved or rejected?" asked with the question ending (approve aa reject aa, అప్రూవా రిజెక్టా) as status', () => {
    expect(asked('claim approve aa reject aa cheppandi')).to.equal('claim_status');
    expect(asked('క్లెయిమ్ అప్రూవా రిజెక్టా?')).to.equal('claim_status');
  });

  it('reads "put me on the line" (line loki teesukurandi) as Tenglish, what the system shows (em chupistundi) as status, and adhar as Aadhaar', () => {
    expect(detectLanguage('manager ni line loki thesukurandi')).to.equal('TE_EN');
    expect(asked('manager ni line loki thesukurandi')).to.equal('human_handover');
    expect(asked('portal lo ma claim em chupistondi?')).to.equal('claim_status');
    expect(asked('పోర్టల్ లో క్లెయిమ్ ఏం చూపిస్తోంది?')).to.equal('claim_status');
    // 'adhar' is no typo of Hindi's thanks 'abhar': the claimant asks, nothing closes.
    expect(asked('naanna adhar card xerox kavala')).to.equal('pending_documents');
  });

  it('reads "may I send it?" (పంపొచ్చా, pampavacha) and "should I put it?" (పెట్టాలా) as asking how to send, and what went missing (లోపించింది, ఏది తక్కువైంది) as a need', () => {
    expect(asked('mail లో పంపవచ్చా?')).to.equal('pending_documents');
    expect(asked('mail చేయాలా లేక app లోనే పెట్టాలా?')).to.equal('pending_documents');
    expect(asked('reports email lo pampavacha?')).to.equal('pending_documents');
    expect(asked('నా క్లెయిమ్ ఫైల్ లో ఏమి లోపించింది?')).to.equal('pending_documents');
    expect(asked('నా డబ్బులు ఎందుకు తక్కువైంది?')).to.equal('query_reason');
  });

  it('reads a span of time gone by (రెండు నెలలు అయింది, nela daatindi) as a delay, as Hindi\'s "do mahine ho gaye"', () => {
    // Why beside the time gone by asks where the claim stands; without it, the reason.
    for (const text of ['మూడు నెలలు అయ్యాయి ఇంకా సెటిల్ కాలేదు, ఎందుకు?', '20 రోజులుగా ఎదురు చూస్తున్నాం, ఎందుకు?', 'nela daatindi inka dabbulu raledu, enduku?', '3 weeks ayyindi no update, enduku?']) {
      expect(asked(text), text).to.equal('claim_status');
    }
    expect(asked('dabbulu enduku raledu?')).to.equal('query_reason');
    expect(asked('రెండు నెలలు అయింది, క్లెయిమ్ స్టేటస్ ఏంటి?')).to.equal('claim_status');
  });

  it('reads good morning (subhodayam) as Tenglish, pre-authorisation (ప్రీ ఆథ్, pre auth) as a claim, and the details of a cut (కోత వివరాలు, kotha vivaralu) as its reason', () => {
    expect(detectLanguage('shubhodayam sir')).to.equal('TE_EN');
    expect(asked('shubhodayam sir')).to.equal('small_talk');
    expect(asked('మా అమ్మ ప్రీ ఆథ్ అప్రూవల్ ఇంకా రాలేదు')).to.equal('claim_status');
    expect(asked('డిడక్షన్ వివరాలు చెప్పండి')).to.equal('query_reason');
    expect(asked('kotha vivaralu cheppandi')).to.equal('query_reason');
  });

  it('reads the object ending ni (bill ni) as no negation: Hindi\'s nahi is not read in a Tenglish message', () => {
    expect(asked('pharmacy bill ni enduku cut chesaru?')).to.equal('query_reason');
  });

  it('reads from my side (naa vaipu nunchi, మా వైపు నుంచి) as papers to send, and no problem any more (inka em problem ledu) as closing', () => {
    expect(asked('naa vaipu nunchi emaina pending unda?')).to.equal('pending_documents');
    expect(asked('మా వైపు నుంచి ఏమైనా పెండింగ్ ఉందా?')).to.equal('pending_documents');
    expect(asked('dabbulu vachayi andi, inka emi problem ledu')).to.equal('small_talk');
    expect(asked('డబ్బులు వచ్చాయి, ఏ సమస్య లేదు')).to.equal('small_talk');
  });

  it('reads an officer\'s or manager\'s number asked for (ఆఫీసర్ నంబర్ ఇస్తారా, manager number istara) as a person asked for, and నెంబర్ as no month', () => {
    expect(asked('మీ మేనేజర్ నెంబర్ ఇస్తారా?')).to.equal('human_handover');
    expect(asked('mee executive number istara?')).to.equal('human_handover');
  });

  it('reads the paperwork all done (antha ayipoyindi, అన్నీ అయిపోయాయి) as papers handed in, so how many more days asks the status, and papers reached the office (మీ ఆఫీస్ కి వచ్చాయా) as received', () => {
    expect(asked('documents anni ayipoyayi kada, settlement ki inka enni rojulu?')).to.equal('claim_status');
    expect(asked('పోస్ట్ లో పంపిన రిపోర్ట్స్ మీ ఆఫీస్ కి వచ్చాయా?')).to.equal('pending_documents');
  });

  it('reads still/yet (ఇంకా, inka) as still, so why a claim is still not settled asks its status, while what more is needed stays a documents question', () => {
    expect(asked('ఎందుకు ఇంకా నా క్లెయిమ్ సెటిల్ కాలేదు?')).to.equal('claim_status');
    expect(asked('enduku inka naa claim settle avvaledu?')).to.equal('claim_status');
    expect(asked('ఇంకా ఏ డాక్యుమెంట్స్ కావాలి?')).to.equal('pending_documents');
  });

  it('reads "will the claim go through without it?" (లేకుండా క్లెయిమ్ ప్రాసెస్ అవుతుందా, lekunda claim settle avutunda) as asking whether a paper is needed', () => {
    expect(asked('MLC report lekunda claim settle avutunda?')).to.equal('pending_documents');
    expect(asked('FIR కాపీ లేకుండా క్లెయిమ్ ప్రాసెస్ అవుతుందా?')).to.equal('pending_documents');
  });

  it('reads "those" came (అవి వచ్చాయా, avi vachaya) after papers sent as the papers received, money that came stays a payment, and the ones sent (పంపినవి, pampinavi, upload chesinavi) as papers handed in', () => {
    expectReadings([
      ['స్కాన్ రిపోర్ట్స్ courier లో పంపాను, అవి వచ్చాయా?', 'pending_documents', 'TE'],
      ['discharge summary courier chesanu, avi vachaya?', 'pending_documents', 'TE_EN'],
      ['డబ్బులు వచ్చాయా?', 'claim_status', 'TE'],
      ['dabbulu vachaya?', 'claim_status', 'TE_EN'],
      ['నేను పంపించినవి అన్నీ చేరాయా?', 'pending_documents', 'TE'],
      ['pampinavi anni receive ayyaya?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads "hasn\'t it come?" (రాలేదా, raleda, raaledaa, padaleda) as a payment not made, asked', () => {
    expectReadings([
      ['ఫైనల్ అప్రూవల్ ఇంకా రాలేదా?', 'claim_status', 'TE'],
      ['approval inka raledha?', 'claim_status', 'TE_EN'],
      ['hospital ki final approval inka raaledaa', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads no confirmation came (confirmation రాలేదు, confirmation raledu) as the papers\' receipt not confirmed, so a file sent asked after is the paper, not the claim paid', () => {
    expectReadings([
      ['రెండు file లు upload చేశాను, మీకు అందిందా? కన్ఫర్మేషన్ రాలేదు', 'pending_documents', 'TE'],
      ['file courier chesanu, andinda? confirmation raaledu', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads papers given all the same (ఇచ్చినా కూడా, ichina kuda, pampina kuda) as papers handed in, so why a claim is still unpaid after them asks its status', () => {
    expectReadings([
      ['రిపోర్ట్స్ అన్నీ ఇచ్చినా కూడా క్లెయిమ్ ఎందుకు ఇంకా సెటిల్ కాలేదు?', 'claim_status', 'TE'],
      ['discharge papers pampina kuda naa claim enduku inka settle avvaledu?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a payment not made (పడలేదు, padaledu, jama kaledu) as a negation too, so why the money is still not credited asks its status, and papers come to you (మీ దగ్గరకు చేరాయా, mee daggaraki vachaya) as received', () => {
    expectReadings([
      ['రీయింబర్స్‌మెంట్ డబ్బులు ఇంకా బ్యాంక్ లో పడలేదు, ఎందుకు?', 'claim_status', 'TE'],
      ['settlement amount inka naa account lo padaledu enduku?', 'claim_status', 'TE_EN'],
      ['పంపిన స్కాన్ రిపోర్ట్స్ మీ దగ్గరకు చేరాయా?', 'pending_documents', 'TE'],
      ['courier lo pampina bills mee daggariki vachaya?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads for your information (మీ సమాచారం కోసం, mee records kosam, just info kosam) as a closing that only informs, while info asked for (claim info kosam ... status enti?) still asks', () => {
    expectReadings([
      ['హాస్పిటల్ బిల్లులు అన్నీ ఈరోజు పంపాను, మీ సమాచారం కోసం', 'small_talk', 'TE'],
      ['pharmacy bills ivala courier chesanu, just info kosam', 'small_talk', 'TE_EN'],
      ['naa claim info kosam message chesanu, status enti?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a cheque (చెక్) and a bill (బిల్) as papers as well as money, as English does: how to send one asks for documents, when one comes a payment', () => {
    expectReadings([
      ['క్యాన్సిల్ చేసిన చెక్ ఫోటో సరిపోతుందా, ఒరిజినల్ పంపాలా?', 'pending_documents', 'TE'],
      ['మెడికల్ షాప్ బిల్ ఒరిజినల్ కావాలా?', 'pending_documents', 'TE'],
      ['చెక్ ఎప్పుడు వస్తుంది?', 'claim_status', 'TE'],
    ]);
  });

  it('reads with whom a claim now lies (ఎవరి దగ్గర ఉంది, evari daggara undi) as where it stands, while whom to talk to asks for a person', () => {
    expectReadings([
      ['నా రీయింబర్స్‌మెంట్ ఫైల్ ఇప్పుడు ఎవరి దగ్గర ఉంది?', 'claim_status', 'TE'],
      ['maa nanna claim ippudu evari daggara pending lo undi?', 'claim_status', 'TE_EN'],
      ['evari tho matladali cheppandi', 'human_handover', 'TE_EN'],
    ]);
  });

  it('reads sending as a noun (పంపడం, pampadam, upload cheyadam) as sending, so how else to send asks for documents', () => {
    expectReadings([
      ['పోర్టల్ పని చేయట్లేదు, వేరే ఎలా పంపడం?', 'pending_documents', 'TE'],
      ['app open avvatledu, vere ela pampadam?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads how many hours, how long yet (ఇంకా ఎంత సేపు, entha sepu, enni gantalu) as a when-word that asks', () => {
    expectReadings([
      ['డిశ్చార్జ్ కోసం ఇంకా ఎంత సేపు ఆగాలి?', 'claim_status', 'TE'],
      ['cashless approval ki inka enni gantalu?', 'claim_status', 'TE_EN'],
      ['inka entha sepu?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads coming to the office (ఆఫీస్ కి వచ్చి, branch ki vachi) as a person to meet, so coming to talk asks for a person, and coming to hand papers asks for documents', () => {
    expectReadings([
      ['రేపు మీ ఆఫీసుకి వచ్చి మాట్లాడొచ్చా?', 'human_handover', 'TE'],
      ['mee branch ki vachi evaritho matladali?', 'human_handover', 'TE_EN'],
      ['ఆఫీస్ కి వచ్చి ఏ డాక్యుమెంట్స్ ఇవ్వాలి?', 'pending_documents', 'TE'],
    ]);
  });

  it('reads no more doubts (ఇంకా ఏమీ డౌట్స్ లేవు, inka emi doubts levu) as nothing more to ask, while what more papers are needed still asks', () => {
    expectReadings([
      ['అర్థమైంది సార్, ఇంకా ఏమీ ప్రశ్నలు లేవు', 'small_talk', 'TE'],
      ['ardham ayyindi, inka emi doubts levu', 'small_talk', 'TE_EN'],
      ['inka emi documents kavali?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads the deduction as a noun (తగ్గింపు, తగ్గింపులు, కోతలు; taggimpu) as a cut, so why or how it was reckoned asks why', () => {
    expectReadings([
      ['ఈ తగ్గింపు ఎందుకు చేశారు?', 'query_reason', 'TE'],
      ['తగ్గింపులు ఎలా లెక్కించారు?', 'query_reason', 'TE'],
      ['bill lo taggimpu enduku?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads an officer\'s or senior\'s number asked for (అధికారి నంబర్, senior number) as a person to reach', () => {
    expectReadings([
      ['దయచేసి పై అధికారి నంబర్ పంపండి', 'human_handover', 'TE'],
      ['mee senior number ivvandi please', 'human_handover', 'TE_EN'],
    ]);
  });

  it('reads I have come to know (telusukunna, telsindi) as romanised Telugu that understood', () => {
    expectReadings([
      ['sare telusukunnanu, thanks andi', 'small_talk', 'TE_EN'],
    ]);
  });

  it('reads anyone as an object (ఎవరినైనా, evarinaina) as a person, so putting anyone on the line asks for one, and the head office number (హెడ్ ఆఫీస్ నంబర్) as a person to reach', () => {
    expectReadings([
      ['దయచేసి ఎవరినైనా లైన్‌లో పెట్టండి', 'human_handover', 'TE'],
      ['evarikaina phone ivvandi, matladali', 'human_handover', 'TE_EN'],
      ['head office no kavali sir', 'human_handover', 'TE_EN'],
      ['హెడ్ ఆఫీస్ నెంబర్ పంపండి', 'human_handover', 'TE'],
    ]);
  });

  it('reads approved or rejected asked with a verb each (అప్రూవ్ అయిందా రిజెక్ట్ అయిందా, approve ayyinda reject ayyinda) as status', () => {
    expectReadings([
      ['మా నాన్న క్లెయిమ్ అప్రూవ్ అయ్యిందా రిజెక్ట్ అయ్యిందా?', 'claim_status', 'TE'],
      ['claim approve ayyinda leka reject ayyinda?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a relationship manager (RM తో, rm tho) and taking it to the higher-ups (పై అధికారుల దృష్టికి తీసుకెళ్లండి) as a person asked for, and did you ask for (adigara) as Tenglish', () => {
    expectReadings([
      ['నా RM తో మాట్లాడించండి', 'human_handover', 'TE'],
      ['ee samasyanu pai adhikarula drushtiki teesukellandi', 'human_handover', 'TE_EN'],
      ['ఈ విషయం పై అధికారుల దృష్టికి తీసుకెళ్లండి', 'human_handover', 'TE'],
      ['cancel cheque adigara?', 'pending_documents', 'TE_EN'],
    ]);
  });
  it('reads papers told mailed or WhatsApped (ఈమెయిల్ చేశాను, mail chesanu) as sent: small talk that starts nothing', () => {
    for (const text of ['డిశ్చార్జ్ సమ్మరీ వాట్సాప్ చేశాను', 'హాస్పిటల్ బిల్లులు మెయిల్ చేసేశాను', 'discharge summary whatsapp chesanu', 'pharmacy bills anni email chesesanu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads never renewing (eppudu renew cheyanu, ఎప్పుడు రిన్యూ చేయను) as a parting word that asks no when', () => {
    for (const text of ['ee company policy inka eppudu renew cheyyanu', 'చెత్త సర్వీస్, ఎప్పుడు రిన్యూ చేయను']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    // Without the negated renew, eppudu still asks when.
    expectReadings([['claim eppudu settle avutundi?', 'claim_status', 'TE_EN']]);
  });

  it('reads settlement written short (setlment, stlmnt) and ayinda written aynda as asking whether the claim was settled', () => {
    expectReadings([
      ['setlment aynda?', 'claim_status', 'TE_EN'],
      ['claim stlmnt ayindha leda sir', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads never taking the policy again (ఇంకెప్పుడూ మీ పాలసీ తీసుకోము, inka eppudu mee policy teesukonu) as a parting word that asks no when', () => {
    for (const text of ['ఈ కంపెనీ సర్వీస్ బాలేదు, ఇంకెప్పుడూ మీ పాలసీ తీసుకోము', 'worst service, inka eppudu mee policy teesukonu']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    expectReadings([['మా క్లెయిమ్ డబ్బులు ఎప్పుడు వస్తాయి?', 'claim_status', 'TE']]);
  });

  it('reads repudiated written in Telugu (రిపుడియేట్, రెపుడియేషన్) as a rejection whose reason is asked', () => {
    expectReadings([['షుగర్ ఉందని రిపుడియేట్ చేశారు, ఏ ఆధారంతో?', 'query_reason', 'TE']]);
  });

  it('reads the claimant paying the bill (బిల్లు కట్టాము, bill kattanu) as money spent, no papers asked for', () => {
    for (const text of ['అప్పు చేసి ఆసుపత్రి బిల్లు కట్టాము', 'appu chesi hospital bill kattanu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['బిల్లు కట్టాను, డబ్బులు ఎప్పుడు వస్తాయి?', 'claim_status', 'TE']]);
  });

  it('reads did it reach you with the verb first (vachinaya meeku, చేరాయా మీకు) after papers sent as asking whether they arrived', () => {
    expectReadings([
      ['scan copies nenu mail lo pampa, vachinaya meeku', 'pending_documents', 'TE_EN'],
      ['రిపోర్ట్స్ నిన్న పంపాను, చేరాయా మీకు', 'pending_documents', 'TE'],
    ]);
  });

  it('reads papers the claimant will forward or is still looking for (forward chestanu, vetukutunnanu) as told: small talk that starts nothing', () => {
    for (const text of ['discharge summary ravagane forward chestanu', 'okka nimisham, bills vetukutunnanu', 'డిశ్చార్జ్ సమ్మరీ రాగానే ఫార్వర్డ్ చేస్తాను']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    expectReadings([['bills vetukutunna, inka emi documents kavali?', 'pending_documents', 'TE_EN']]);
  });

  it('reads can you put me through written as two words (matladincha galara, మాట్లాడించ గలరా) as a person asked for', () => {
    expectReadings([
      ['evaraina officer tho matladincha galara?', 'human_handover', 'TE_EN'],
      ['నా కేసు గురించి ఎవరైనా ఆఫీసర్ తో మాట్లాడించ గలరా?', 'human_handover', 'TE'],
    ]);
  });

  it('reads papers a son, wife or mother sent or handed in (పంపింది, ఇచ్చేశాడు, submit chesindi) as sent: small talk that starts nothing', () => {
    for (const text of ['మా అమ్మాయి డిశ్చార్జ్ సమ్మరీ స్కాన్ చేసి పంపింది', 'మా నాన్న బిల్లులన్నీ బ్రాంచ్ లో ఇచ్చేశారు', 'maa abbayi pharmacy bills upload chesadu', 'naa wife reports anni courier chesindi']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['maa abbayi bills pampadu, inka emaina kavala?', 'pending_documents', 'TE_EN'],
      ['upload link pampandi', 'pending_documents', 'TE_EN'],
    ]);
  });


  it('reads customer care called useless (కస్టమర్ సర్వీస్ చెత్త, customer care baaledu) as venting, no person asked for', () => {
    for (const text of ['మీ కస్టమర్ సర్వీస్ చెత్త', 'mee customer care baaledu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['customer care lo evaritonaina matladali', 'human_handover', 'TE_EN']]);
  });

  it('reads the hospital ward (వార్డుకి) as a place, no card or status', () => {
    expect(['small_talk', 'unclear']).to.include(asked('తాతయ్యని ఈరోజు వార్డుకి మార్చారు'));
  });

  it('reads disallowed written in Telugu (డిస్అలౌడ్, డిస్అలౌన్స్) as a deduction whose reason is asked', () => {
    expectReadings([
      ['డిస్అలౌడ్ అమౌంట్ ఎందుకు?', 'query_reason', 'TE'],
      ['ఈ డిస్అలౌన్స్ ఏంటి?', 'query_reason', 'TE'],
    ]);
  });

  it('reads where the rest went (మిగిలింది ఎక్కడికి, migatadi ekkadiki) as why the sum was cut', () => {
    expectReadings([
      ['మొత్తం బిల్లు 80000, వచ్చింది 65000, మిగిలింది ఎక్కడికి పోయింది?', 'query_reason', 'TE'],
      ['total bill 80000, 65000 vachindi, migatadi ekkadiki poyindi?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads papers the claimant will bring (తెచ్చుకుంటాను, teesukostanu) as told, and searching or running around (vetukutunna, tirugutunnam) as Tenglish', () => {
    for (const text of ['రేపు డిశ్చార్జ్ సమ్మరీ తెచ్చుకుంటాను', 'friday original bills teesukostanu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    for (const text of ['friday original bills teesukostanu', 'inka file vetukutunna', 'nela nunchi tirugutunnam']) {
      expect(detectLanguage(text), text).to.equal('TE_EN');
    }
  });


  it('reads the bill paid as an infinitive (బిల్లు కట్టడానికే, bill kattadanike) as money spent, no papers asked for', () => {
    for (const text of ['మందుల బిల్లు కట్టడానికే అప్పు చేశాం', 'medicine bill kattadanike appu chesam']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('medicine bill kattadanike appu teesukunnanu')).to.equal('TE_EN');
  });

  it('reads non-payable written as one word (నాన్పేయబుల్) and an explanation wanted (vivarana kavali) as why the sum was cut', () => {
    expectReadings([
      ['నాన్పేయబుల్ ఐటమ్స్ ఏంటి?', 'query_reason', 'TE'],
      ['room rent cut gurinchi vivarana kavali', 'query_reason', 'TE_EN'],
    ]);
  });


  it('reads papers handed in and come back from (ఇచ్చి వచ్చాడు, ichesi vacham) as told: nothing asked', () => {
    for (const text of ['మా అబ్బాయి బిల్లులన్నీ కౌంటర్ లో ఇచ్చి వచ్చాడు', 'papers anni counter lo ichesi vacham']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads taking out a card while the agent waits (ఆధార్ కార్డ్ తీస్తున్నాను, pan card teestunna) as a closing: no papers asked for', () => {
    for (const text of ['ఆగండి సార్, ఆధార్ కార్డ్ తీస్తున్నాను', 'okka nimisham agandi, pan card teestunna']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('okka nimisham agandi, pan card teestunna')).to.equal('TE_EN');
  });


  it('reads papers a mother or the claimant fetched from the hospital (తెచ్చింది, teeskochanu) as told: nothing asked', () => {
    for (const text of ['మా ఆవిడ ల్యాబ్ నుంచి రిపోర్ట్స్ తెచ్చింది', 'ninna hospital nunchi discharge summary teeskochanu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('ninna hospital nunchi discharge summary teeskochanu')).to.equal('TE_EN');
  });


  it('reads a fever or pain come down (జ్వరం తగ్గింది, noppi taggipoyindi) as health news, no deduction; trusting (nammi) is no cut', () => {
    for (const text of ['నాన్నకి ఇప్పుడు జ్వరం తగ్గింది', 'ammaki noppi taggipoyindi', 'mimmalni nammi policy teesukunnam']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim amount enduku taggindi?', 'query_reason', 'TE_EN']]);
  });

  it('reads the bills kept ready (రెడీగా ఉంచాను, petti unchanu) as told: no papers asked for', () => {
    for (const text of ['అన్ని రిపోర్ట్స్ రెడీగా ఉంచాను', 'pharmacy bills anni oka cover lo petti unchanu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });


  it('reads exempted or deducted romanised (minahayincharu, minahayimpu) as a cut whose reason is asked, and about to cancel (cancel cheyabotunnanu) as Tenglish', () => {
    expectReadings([['service charge enduku minahayincharu?', 'query_reason', 'TE_EN']]);
    expect(detectLanguage('policy renewal cancel cheyabotunnanu')).to.equal('TE_EN');
  });


  it('reads an elder who will send the bills (aayana pamputaaru) as told, a senior citizen (సీనియర్ సిటిజన్) as no officer, while when they will send the money still asks', () => {
    for (const text of ['bills anni maa mamayya daggara unnayi, aayana pamputaaru', 'నేను సీనియర్ సిటిజన్ ని, ఇంత తిప్పడం న్యాయం కాదు']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['dabbulu eppudu pamputaru?', 'claim_status', 'TE_EN']]);
  });


  it('reads everyday verbs of care (veyincham, vesukuntunnaru, modalupettam, teesukomannaru) and sariga as Tenglish', () => {
    for (const text of ['babuki vaccine veyincham', 'tablets sariga vesukuntunnaru', 'dialysis modalupettam', 'doctor rest teesukomannaru']) {
      expect(detectLanguage(text), text).to.equal('TE_EN');
    }
  });


  it('reads the hospital record papers (అడ్మిషన్ నోట్స్, admission notes, ICP) as papers, so where to get them asks for documents', () => {
    expectReadings([
      ['అడ్మిషన్ నోట్స్ ఎక్కడ తీసుకోవాలి?', 'pending_documents', 'TE'],
      ['indoor case papers kuda kavala?', 'pending_documents', 'TE_EN'],
    ]);
  });


  it('reads a decision challenged (ఎలా అంటారు, ela cut chestaru) as why the sum was cut, while how you will tell the status still asks the status', () => {
    expectReadings([
      ['ICU ఛార్జీలు ఎక్కువ అని ఎలా అంటారు?', 'query_reason', 'TE'],
      ['pharmacy bill lo ela cut chestaru?', 'query_reason', 'TE_EN'],
      ['status ela cheptaru?', 'claim_status', 'TE_EN'],
    ]);
  });


  it('reads god save us (devude kapadali) as Tenglish', () => {
    expect(detectLanguage('inka devude kapadali')).to.equal('TE_EN');
  });


  it('reads non-medical in Telugu script (నాన్ మెడికల్, ఎన్ఎంఈ) as a cut whose reason is asked', () => {
    expectReadings([
      ['ఎన్ఎంఈ ఛార్జీలు ఏంటి?', 'query_reason', 'TE'],
      ['నాన్ మెడికల్ ఐటమ్స్ లిస్ట్ ఏంటి?', 'query_reason', 'TE'],
    ]);
  });


  it('reads messages or an OTP coming late (మెసేజ్ లేట్ గా, otp late ga) as the phone network, no claim delayed', () => {
    for (const text of ['సిగ్నల్ లేదు, ఓటీపీ లేట్ గా వస్తోంది', 'signal ledu, msg late ga vastondi']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim enduku late ga avutondi?', 'claim_status', 'TE_EN']]);
  });


  it('reads papers put in the drop box or handed over (వేసేశాను, అప్పగించాను, appaginchanu) as told: nothing asked', () => {
    for (const text of ['డ్రాప్ బాక్స్ లో బిల్లులు వేసేశాను', 'కౌంటర్ లో రిపోర్ట్స్ అప్పగించాను', 'reception lo bills appaginchanu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('reception lo bills appaginchanu')).to.equal('TE_EN');
  });


  it('reads the relationship manager asked for (నా rm ఎవరు, maa rm, rm number) as a person', () => {
    expectReadings([
      ['మా rm ఎవరు? ఆయన నంబర్ కావాలి', 'human_handover', 'TE'],
      ['mee rm number ivvandi, matladali', 'human_handover', 'TE_EN'],
    ]);
  });


  it('reads papers attached (అటాచ్ చేశాను, attach chesanu) or submitted and come back from (submit chesi vachanu) as told, while what to attach still asks for documents', () => {
    for (const text of ['డిశ్చార్జ్ సమ్మరీ అటాచ్ చేశాను', 'lab reports anni attach chesam', 'counter lo claim form submit chesi vachanu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['ఏ రిపోర్ట్స్ అటాచ్ చేయాలి?', 'pending_documents', 'TE']]);
  });


  it('reads stitches or a plaster taken off (కుట్లు తీసేశారు, plaster teesesaru) as health news, no deduction, while a sum taken off the bill still asks why', () => {
    for (const text of ['అమ్మకి నిన్న కుట్లు తీసేశారు', 'tammudiki plaster teesaru, ippudu baagunnadu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['bill lo 1500 teesesaru, enduku?', 'query_reason', 'TE_EN']]);
  });


  it('reads to him or her (aayanaki, aameki, vaallaki) as known words, no payment asked, so thanks passed on to a named agent is a closing', () => {
    expectReadings([['mee executive Suresh garu baaga help chesaru, aayanaki thanks cheppandi', 'small_talk', 'TE_EN']]);
    expect(['small_talk', 'unclear']).to.include(asked('aameki chala thanks'));
  });


  it('reads someone having explained (baaga explain chesaru, clear ga explain chesadu) as an explanation understood, no request to explain, while explain cheyyandi still asks why', () => {
    expectReadings([
      ['mee officer Lakshmi garu clear ga explain chesaru, thanks andi', 'small_talk', 'TE_EN'],
      ['room rent enduku cut chesaro explain cheyyandi', 'query_reason', 'TE_EN'],
    ]);
  });


  it('reads compulsory (తప్పనిసరా, thappanisara) as a paper needed, so is this paper compulsory asks for documents', () => {
    expectReadings([
      ['పోలీస్ రిపోర్ట్ తప్పనిసరా?', 'pending_documents', 'TE'],
      ['ration card copy thappanisara?', 'pending_documents', 'TE_EN'],
    ]);
  });


  it('reads meeting someone in person (కలవాలి, direct ga kalavali) and an appointment asked for (appointment kavali) as asking for a person; a doctor\'s appointment told asks nothing', () => {
    expectReadings([
      ['బ్రాంచ్ లో మేనేజర్ ని నేరుగా కలవాలి', 'human_handover', 'TE'],
      ['mee office lo evarinaina kalavali, appointment ivvandi', 'human_handover', 'TE_EN'],
    ]);
    expect(['small_talk', 'unclear']).to.include(asked('nanna ki doctor appointment dorikindi'));
  });


  it('reads not given, and what? (ivvaledu enti, ఇవ్వలేదేంటి, cover cheyyaledu enti) as why a charge was not paid', () => {
    expectReadings([
      ['డాక్టర్ ఫీజు 1200 ఇవ్వలేదేంటి?', 'query_reason', 'TE'],
      ['physiotherapy charges cover cheyyaledu enti?', 'query_reason', 'TE_EN'],
    ]);
  });


  it('reads an agent who spoke well or patiently (బాగా మాట్లాడారు, opikaga matladaru) as praise that closes, no person asked for; asking to talk still asks', () => {
    expectReadings([
      ['మీ ఎగ్జిక్యూటివ్ రమేష్ గారు ఓపికగా మాట్లాడారు', 'small_talk', 'TE'],
      ['mee agent Latha garu maryadaga matladaru', 'small_talk', 'TE_EN'],
      ['mee manager tho matladali', 'human_handover', 'TE_EN'],
    ]);
  });


  it('reads the policy\'s own business (రెన్యూవల్, చేర్చొచ్చా, renewal, add cheyyocha) as cover, no claim: when the renewal is due or adding a mother asks nothing of a claim', () => {
    for (const text of ['పాలసీ రెన్యూవల్ ఎప్పుడు?', 'maa attagaru ni policy lo add cheyyocha?', 'వచ్చే ఏడాది ప్రీమియం ఎంత?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['నా క్లెయిమ్ ఎప్పుడు సెటిల్ అవుతుంది?', 'claim_status', 'TE']]);
  });


  it('reads the claimant having paid the bill (కట్టేశాను, nene kattesanu) as told, no papers asked for, while a payment date asked after it still asks', () => {
    for (const text of ['pharmacy bill antha nene kattesanu, ippudu prasantham', 'హాస్పిటల్ బిల్లు మొత్తం నేనే కట్టేశాను']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['bill kattesanu, reimbursement eppudu vastundi?', 'claim_status', 'TE_EN']]);
  });


  it('reads papers the claimant will give (ఇస్తాను) or put on WhatsApp (వాట్సాప్ లో పెట్టింది, whatsapp lo pettanu) as told, no list asked', () => {
    for (const text of ['రేపు ఆఫీస్ లో స్కాన్ రిపోర్ట్ ఇస్తాను', 'మా అన్నయ్య ప్రిస్క్రిప్షన్ వాట్సాప్ లో పెట్టాడు', 'lab report whatsapp lo pettanu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });


  it('reads changed (maarindi, marchali, maaripoyindi) as Tenglish, so a phone number changed is answered in Tenglish and asks nothing', () => {
    expect(detectLanguage('naa mobile number maaripoyindi')).to.equal('TE_EN');
    expect(['small_talk', 'unclear']).to.include(asked('naa mobile number maaripoyindi'));
  });


  it('reads the TPA office as a place (tpa office lo, TPA ఆఫీస్ లో), no claim: papers handed in there are told, while a claim asked about there still asks', () => {
    for (const text of ['nanna ninna TPA office lo anni xerox lu ichaaru', 'అమ్మ TPA ఆఫీస్ లో రిపోర్ట్స్ ఇచ్చేసి వచ్చారు']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['tpa office lo naa claim ekkada undi?', 'claim_status', 'TE_EN']]);
  });


  it('reads did they give, asked (ఇచ్చారా, ichara) as a payment asked about, whether it happened or not (అయిందో లేదో, ayyindo ledo) as a status phrase, and once (ఒకసారి, oka sari) as a known phrase, no ok that closes', () => {
    expectReadings([
      ['మెడిక్లెయిమ్ డబ్బులు ఇచ్చారా లేదా?', 'claim_status', 'TE'],
      ['naa claim settle ayyindo ledo oka sari chudandi', 'claim_status', 'TE_EN'],
      ['క్లెయిమ్ సెటిల్ అయిందో లేదో చెప్పండి', 'claim_status', 'TE'],
    ]);
  });


  it('reads the claim\'s processing started, asked (process start ayyinda), as its status, also after papers asked about', () => {
    expectReadings([['bills andaya? claim process start ayyinda?', 'claim_status', 'TE_EN']]);
  });


  it('reads what the bill came to (1.2 lakh bill ayyindi, 80 వేలు బిల్ అయింది) as a cost told, no papers asked for', () => {
    for (const text of ['nanna ki surgery, 1.2 lakh bill ayyindi', 'అమ్మకి ఆపరేషన్, 80 వేలు బిల్ అయింది']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });


  it('reads how can it be late (ela late avutundi, ఎలా లేట్ అవుతుంది) after a rejection as its reason challenged, while beside a delay alone it asks where the claim stands', () => {
    expectReadings([
      ['late intimation ani reject chesaru, marnade cheppanu. ela late avutundi?', 'query_reason', 'TE_EN'],
      ['లేట్ ఇంటిమేషన్ అని రిజెక్ట్ చేశారు, మరుసటి రోజే చెప్పాను. ఎలా లేట్ అవుతుంది?', 'query_reason', 'TE'],
      ['claim settle avvadaniki inni rojulu, ela late avutundi?', 'claim_status', 'TE_EN'],
    ]);
  });


  it('reads can you see them (కనిపిస్తోందా, kanipistonda) after papers told uploaded as whether they arrived, and a claim status visible in the app still as its status', () => {
    expectReadings([
      ['సాయంత్రం అన్నీ అప్లోడ్ చేశాను, మీకు కనిపిస్తోందా?', 'pending_documents', 'TE'],
      ['morning anni upload chesanu, meeku kanipistonda?', 'pending_documents', 'TE_EN'],
      ['క్లెయిమ్ స్టేటస్ యాప్ లో కనిపిస్తుందా?', 'claim_status', 'TE'],
    ]);
  });


  it('reads what is this rejection or cut (reject chesaru enti, కట్ చేశారేంటి) as why it was done, not which papers', () => {
    expectReadings([
      ['pharmacy bills reject chesaru enti?', 'query_reason', 'TE_EN'],
      ['మందుల బిల్లులు రిజెక్ట్ చేశారేంటి? పాలసీలో కవర్ ఉంది కదా', 'query_reason', 'TE'],
    ]);
  });


  it('reads nobody picks up (evaru ettaledu, ఎవరూ ఎత్తలేదు) as venting, no person asked for, while a person asked for after it still asks', () => {
    for (const text of ['customer care ki call chesthe evaru ettaledu, worst experience', 'కస్టమర్ కేర్ కి కాల్ చేస్తే ఎవరూ ఎత్తలేదు']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['call chesthe evaru ettaledu, evaraina officer tho matladali', 'human_handover', 'TE_EN']]);
  });


  it('reads a paper the claimant read (chadivanu, చదివాను) as told, no paper asked for, while a question after it still asks', () => {
    for (const text of ['ninna policy document motham chadivanu', 'ఈరోజు పాలసీ డాక్యుమెంట్ చదివాను']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['rejection letter chadivanu, enduku reject chesaru?', 'query_reason', 'TE_EN'],
      ['query letter chadivanu, inka ye documents kavali?', 'pending_documents', 'TE_EN'],
    ]);
  });


  it('reads papers in the claimant\'s hands (naa daggara unnayi, నా దగ్గర ఉన్నాయి) as told, no paper asked for, while how to send them still asks', () => {
    expect(['small_talk', 'unclear']).to.include(asked('nanna discharge ayyaru, anni bills naa daggara unnayi'));
    expectReadings([['original bills naa daggara unnayi, courier cheyyala leka upload cheyyala?', 'pending_documents', 'TE_EN']]);
  });


  it('reads papers with all joined (బిల్లులన్నీ, రిపోర్టులన్నీ) as papers: whether they arrived is asked', () => {
    expectReadings([['బిల్లులన్నీ మీకు అందాయా?', 'pending_documents', 'TE']]);
  });


  it('reads a form told filled in (fill chesanu, నింపేశాను) as papers done, none asked for, while what else is needed after it still asks', () => {
    for (const text of ['claim form fill chesanu', 'క్లెయిమ్ ఫారం నింపేశాను']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim form fill chesanu, inka emi kavali?', 'pending_documents', 'TE_EN']]);
  });


  it('reads it came quickly (tondaraga vachindi), told of a past claim, as no payment date asked, while a delay asked after it still asks', () => {
    expect(['small_talk', 'unclear']).to.include(asked('last year kuda ilaane claim chesanu, appudu tondaraga vachindi'));
    expectReadings([['gatha saari dabbulu tondaraga vachindi, ee saari enduku inni rojulu?', 'claim_status', 'TE_EN']]);
  });

  it('reads sadness told (బాధగా ఉంది, badhaga undi) as venting, no reason asked, while a why asked beside it still asks; ఎంతో (so much) is no question word', () => {
    for (const text of ['నా క్లెయిమ్ రిజెక్ట్ అయింది. చాలా బాధగా ఉంది', 'claim reject ayyindi ani message vachindi, chala badhaga undi', 'రిజెక్షన్ లెటర్ వచ్చింది. చాలా బాధగా ఉంది, ఎంతో ఆశతో క్లెయిమ్ పెట్టాం']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['క్లెయిమ్ రిజెక్ట్ అయింది, చాలా బాధగా ఉంది. ఎందుకు రిజెక్ట్ చేశారు?', 'query_reason', 'TE'],
      ['claim reject ayyindi, chala badhaga undi. enduku reject chesaru?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads struck off (కొట్టేశారు, kottesaru) as a cut: a sum struck off and challenged asks why', () => {
    expectReadings([
      ['స్కాన్ బిల్లు 3500 కొట్టేశారు, అది కూడా ట్రీట్మెంట్ లో భాగమే కదా?', 'query_reason', 'TE'],
      ['scan bill 3500 kottesaru, adi kuda treatment lo bhagame kada?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads it would be good if someone talked (మాట్లాడితే బాగుంటుంది, matladithe baguntundi) as a person asked for, while if I talked, told of the past, asks for nobody', () => {
    expectReadings([
      ['మా తాతయ్యకి మెసేజ్ చదవడం రాదు, ఎవరైనా ఆయనతో ఫోన్ లో మాట్లాడితే బాగుంటుంది', 'human_handover', 'TE'],
      ['naannamma ki chat cheyyadam raadu, evaraina aame tho phone lo matladithe baguntundi', 'human_handover', 'TE_EN'],
    ]);
    expect(asked('nenu hospital vallatho matladithe vallu kuda teliyadu annaru')).to.not.equal('human_handover');
  });

  it('reads next week (వచ్చే వారం) as a date told as well as a when-word: a claim planned for next week asks nothing, while a payment asked for next week still asks', () => {
    expect(['small_talk', 'unclear']).to.include(asked('డిశ్చార్జ్ అయ్యాక వచ్చే వారం క్లెయిమ్ పెడదామని అనుకుంటున్నాం'));
    expectReadings([['క్లెయిమ్ డబ్బులు వచ్చే వారం వస్తాయా?', 'claim_status', 'TE']]);
  });

  it('reads approved or rejected, asked with the English verbs (approve అయిందా reject అయిందా), as the claim\'s status: no rejection to explain', () => {
    expectReadings([['నాన్న surgery claim approve అయిందా reject అయిందా? ఏమీ తెలియట్లేదు', 'claim_status', 'TE']]);
  });

  it('reads under review (అండర్ రివ్యూ, రివ్యూలో) as a status word and how much more time, contracted (ఇంకెంత టైం), as a when-word: how long a claim under review takes is asked', () => {
    expectReadings([
      ['పోర్టల్ లో అండర్ రివ్యూ అనే ఉంది, ఇంకెంత సమయం పడుతుంది?', 'claim_status', 'TE'],
      ['నా క్లెయిమ్ ఇంకా రివ్యూలో ఉందా', 'claim_status', 'TE'],
    ]);
  });

  it('reads what fell short (ఏం తక్కువ పడింది, ఏది తక్కువ పడింది) as papers asked for, while a sum that fell short, challenged, still asks why', () => {
    expectReadings([
      ['query letter వచ్చింది, ఏం తక్కువ పడింది?', 'pending_documents', 'TE'],
      ['బిల్లులో 5000 తక్కువ పడింది, ఎందుకు?', 'query_reason', 'TE'],
    ]);
  });

  it('reads I called (ఫోన్ చేశాను, కాల్ చేశా), told of the past, as no call asked for, while a call asked for after it still asks', () => {
    expect(asked('బిల్లుల గురించి తెలుసుకోవాలని హాస్పిటల్ కి ఫోన్ చేశాను')).to.not.equal('human_handover');
    expectReadings([['రెండు సార్లు కాల్ చేశా ఎవరూ ఎత్తలేదు, దయచేసి నాకు కాల్ చేయండి', 'human_handover', 'TE']]);
  });

  it('reads whether it is done (పూర్తయిందేమో), the doubting form, as the question form is, and wanting to find out (తెలుసుకుందామని) as a request: a claim\'s status asked', () => {
    expectReadings([['నా హెల్త్ క్లెయిమ్ పూర్తయిందేమో తెలుసుకుందామని మెసేజ్ పెట్టాను', 'claim_status', 'TE']]);
  });

  it('reads became ok, asked (ok అయిందో, ఓకే అయిందా, ok ayyinda), as approval asked, no ok of thanks, while ok alone still thanks', () => {
    expectReadings([
      ['నాన్న ఆపరేషన్ కి insurance ok అయిందో లేదో ఇంకా చెప్పలేదు', 'claim_status', 'TE'],
      ['cashless ok ayyinda? hospital lo adugutunnaru', 'claim_status', 'TE_EN'],
    ]);
    expect(asked('ok అండి, ధన్యవాదాలు')).to.equal('small_talk');
  });

  it('reads a password reset link (పాస్వర్డ్ రీసెట్ లింక్, reset link) as a known phrase, no upload link: a login trouble asks for no papers, while the upload link asked for still does', () => {
    expect(asked('ఫోన్ మార్చాను, పాస్వర్డ్ రీసెట్ లింక్ రావట్లేదు, ఏం చేయాలి?')).to.not.equal('pending_documents');
    expectReadings([['డాక్యుమెంట్స్ అప్లోడ్ లింక్ రాలేదు, మళ్ళీ పంపండి', 'pending_documents', 'TE']]);
  });

  it('reads acceptance told (ఒప్పుకుంటున్నా, oppukuntunna, accept chestunna) as small talk, no reason asked, while a why asked beside it still asks', () => {
    for (const text of ['సరే, ఆ నిర్ణయాన్ని ఒప్పుకుంటున్నాను, క్లెయిమ్ రిజెక్ట్ అయినా పర్వాలేదు', 'sare andi, claim rejection ni oppukuntunnanu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expect(detectLanguage('rejection ni oppukuntunna')).to.equal('TE_EN');
    expectReadings([['రిజెక్షన్ ఒప్పుకోను, ఎందుకు రిజెక్ట్ చేశారు?', 'query_reason', 'TE']]);
  });

  it('reads nothing more can be done (ఇంక ఏమీ చేయలేం, inka emi cheyalem) as resignation, no what-else asked, while what else is needed still asks', () => {
    for (const text of ['క్లెయిమ్ రిజెక్ట్ అయింది, ఇంకా ఏమీ చేయలేము', 'claim reject ayyindi, inka emi cheyalem']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['ఇంకా ఏమి documents కావాలి?', 'pending_documents', 'TE'],
      ['inka emi documents kavali?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads joy told (సంతోషించింది, santhoshinchindi, chala happy) as small talk: money told arrived with joy asks nothing, while a cut asked beside it still asks', () => {
    for (const text of ['క్లెయిమ్ డబ్బులు బ్యాంక్ లో పడ్డాయి, నాన్న చాలా సంతోషించారు', 'claim amount credit ayyindi, chala happy']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['పేమెంట్ వచ్చింది సంతోషం, కానీ 5000 ఎందుకు కట్ చేశారు?', 'query_reason', 'TE']]);
  });

  it('reads he asked (అడిగాడు, అడిగారు) as a known word, no typo of a need word: someone told to have asked about a claim asks for no papers, while papers they asked for still ask', () => {
    expect(asked('మా బావ కూడా క్లెయిమ్ గురించి అడిగాడు')).to.not.equal('pending_documents');
    expectReadings([['TPA వాళ్ళు ఇంకో రిపోర్ట్ అడిగారు', 'pending_documents', 'TE']]);
  });

  it('reads a plan told in romanised Telugu (cheddamani anukuntunna) as TE_EN: anukuntunna and cheddamani are markers', () => {
    expect(detectLanguage('vachhe nela hospital lo check up cheddamani anukuntunna')).to.equal('TE_EN');
    expect(detectLanguage('next year policy renew cheddamani anukuntunna')).to.equal('TE_EN');
    expect(detectLanguage('operation ayyaka claim pedatam')).to.equal('TE_EN');
    expect(detectLanguage('ee nela lo renewal cheddam anukuntunnam')).to.equal('TE_EN');
  });

  it('reads injustice told (ఇది అన్యాయం, anyayam) as venting, no reason asked, while a why asked beside it still asks', () => {
    for (const text of ['ఇన్ని రోజులు తిప్పారు, ఇది చాలా అన్యాయం', 'inni rojulu wait cheyinchaaru, chala anyayam']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['ఇది అన్యాయం, ఎందుకు రిజెక్ట్ చేశారు?', 'query_reason', 'TE']]);
  });

  it('reads it all went well (అంతా బాగానే జరిగింది, baagane jarigindi) as news told: a claim settled long ago asks nothing, while money still not come asks', () => {
    for (const text of ['క్లెయిమ్ డబ్బులు పోయిన నెలే వచ్చాయి, అంతా బాగానే జరిగింది', 'claim settle ayyi rendu nelalu ayyindi, antha bagane jarigindi']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim settle ayyi nela ayyindi, inka dabbulu raaledu', 'claim_status', 'TE_EN']]);
  });

  it('reads sending it as it is (అలాగే పంపితే, అలాగే పంపొచ్చా) as a send phrase, no ok of thanks, and will it be valid (చెల్లుతుందా) as a question: whether a paper with a flaw may go is asked', () => {
    expectReadings([
      ['discharge summary లో doctor sign లేదు, అలాగే పంపొచ్చా?', 'pending_documents', 'TE'],
      ['బిల్లు మీద సీల్ లేదు, అలాగే పంపితే చెల్లుతుందా', 'pending_documents', 'TE'],
    ]);
    expect(asked('అలాగే, ధన్యవాదాలు')).to.equal('small_talk');
  });

  it('reads a cap put on (cap పెట్టారు, cap pettaru) as a cut, and where in the policy (పాలసీలో ఎక్కడ ఉంది, policy lo ekkada undi) as asking the reason', () => {
    expectReadings([
      ['మోకాలి surgery కి cap పెట్టారు, ఎందుకు?', 'query_reason', 'TE'],
      ['knee surgery ki cap pettaru, enduku?', 'query_reason', 'TE_EN'],
      ['పూర్తి డబ్బు ఇవ్వలేదు, ఇది పాలసీలో ఎక్కడ ఉంది?', 'query_reason', 'TE'],
      ['mottham ivvaledu, idi policy lo ekkada undi?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads bills to be fetched (తీసుకొస్తాను, teesukostanu) as papers promised, and the portal showing them received (received అని చూపిస్తోంది) as told: neither asks for documents', () => {
    for (const text of ['రేపు హాస్పిటల్ నుంచి bills తీసుకొస్తాను', 'repu hospital nundi bills teesukostanu',
      'documents పంపాను, portal లో received అని చూపిస్తోంది', 'documents pampanu, portal lo received ani chupistundi']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads resignation (సరే, ఏం చేస్తాం; inkem chestam) and shock told (గుండె ఆగిపోయింది, gunde aagipoyindi) as small talk, while a question beside them still asks', () => {
    for (const text of ['క్లెయిమ్ రిజెక్ట్ అయ్యింది. సరే, ఏం చేస్తాం', 'claim reject ayyindi. sare, inkem chestam',
      'బిల్ చూసి గుండె ఆగిపోయింది', 'bill chusi gunde aagipoyindi', 'hospital bill chusi shock ayyanu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['క్లెయిమ్ రిజెక్ట్ అయ్యింది, ఎందుకు?', 'query_reason', 'TE'],
      ['bill chusi gunde aagipoyindi, inka enni documents kavali?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads NEFT or bank details as a paper, no payment status', () => {
    expectReadings([
      ['neft details kavala?', 'pending_documents', 'TE_EN'],
      ['NEFT details form lo rayala?', 'pending_documents', 'TE_EN'],
      ['neft ayyinda?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads the policy\'s own business (a family floater to buy, a health card lost, a tax certificate, a mobile number to change, premium EMI, an app update) as no claim question', () => {
    for (const text of ['nanna ki family floater policy teeskovali', 'నాన్నకి ఫ్యామిలీ ఫ్లోటర్ పాలసీ తీసుకోవాలి',
      'health card poyindi, kotha card ela?', 'హెల్త్ కార్డ్ పోయింది, కొత్త కార్డ్ ఎలా?',
      'income tax kosam 80D certificate ekkada dorukutundi?', 'ఆదాయపు పన్ను కోసం ప్రీమియం సర్టిఫికేట్ ఎక్కడ దొరుకుతుంది?',
      'naa mobile number marchali', 'నా మొబైల్ నంబర్ మార్చాలి. ఎలా మార్చాలి?', 'premium EMI lo kattocha?', 'app update chesaka open avvatledu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads a rejection letter told arrived (రిజెక్షన్ లెటర్ వచ్చింది, vachindi) as news told, while the reason not understood or not written (కారణం అర్థం కాలేదు, reason raayaledu) asks for it', () => {
    for (const text of ['రిజెక్షన్ లెటర్ వచ్చింది', 'rejection letter vachindi']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([
      ['రిజెక్షన్ లెటర్ వచ్చింది, కారణం అర్థం కాలేదు', 'query_reason', 'TE'],
      ['rejection letter vachindi kani reason raayaledu', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads buying a policy (health insurance kavali, senior citizen policy), filing tax (itr file cheyyali) and when the premium is due (ప్రీమియం ఎప్పుడు కట్టాలి) as the policy\'s business, no claim question', () => {
    for (const text of ['amma ki health insurance kavali', 'నాన్నకి సీనియర్ సిటిజన్ పాలసీ కావాలి',
      'ITR file cheyyali, 80D certificate pampandi', '80D సర్టిఫికేట్ పంపండి', 'ఈ సంవత్సరం ప్రీమియం ఎప్పుడు కట్టాలి?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads running around and being fed up (తిరుగుతున్నా, విసుగు వచ్చింది; tirugutunna, visugu vachindi) as venting, while how long, asked beside it, still asks', () => {
    for (const text of ['క్లెయిమ్ కోసం నెల రోజులుగా తిరుగుతున్నా, విసుగు వచ్చింది', 'claim kosam nela rojulu tirugutunna, chala visugu vachindi']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim kosam nela rojulu tirugutunna, inka entha time padutundi?', 'claim_status', 'TE_EN']]);
  });

  it('reads a letter told come by post or just now (పోస్ట్ లో వచ్చింది, post lo vachindi) as news told, while a why beside it still asks', () => {
    for (const text of ['closure letter post lo vachindi ninna', 'రిజెక్షన్ లెటర్ పోస్ట్ లో వచ్చింది']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['rejection letter post lo vachindi, enduku reject chesaru?', 'query_reason', 'TE_EN']]);
  });

  it('reads someone asked to come on the line (line loki raavali, లైన్ లోకి రావాలి) as a person asked for, and a file asked whether it moved on (ముందుకు కదిలిందా, munduku kadilinda) as a status question', () => {
    expectReadings([
      ['ipo manager line loki raavali', 'human_handover', 'TE_EN'],
      ['ఎవరైనా ఆఫీసర్ లైన్ లోకి రావాలి', 'human_handover', 'TE'],
      ['నా క్లెయిమ్ ముందుకు కదిలిందా?', 'claim_status', 'TE'],
      ['file munduku kadilinda leda cheppandi', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a rejection asked about with enti (reject chesaru enti) as a why, the papers given (icchamu) as told', () => {
    expectReadings([['cashless ah reject chesaru enti?? discharge summary icchamu', 'query_reason', 'TE_EN']]);
  });

  it('reads a network hospital list, a changed number or e-mail to update and a nominee to change as the policy\'s business, no claim question', () => {
    for (const text of ['Hyderabad lo network hospital list pampandi', 'naa email maarindi, ela update cheyyali?', 'nominee maarchali, ela?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads the app crashing or not working (crash avuthondi, యాప్ పని చేయట్లేదు) as trouble told, no papers asked, a rejection seen in a letter (letter lo chusa) as news, and a new policy to buy (kotha policy konali) as the policy\'s business, while a why beside the letter still asks', () => {
    for (const text of ['app lo bills upload avvatledu, crash avuthondi', 'యాప్ పని చేయట్లేదు, documents upload అవ్వట్లేదు',
      'claim reject ayyindani letter lo chusa', 'ecard kanipinchatledu, kotha card ela?', 'kotha policy konali, details cheppandi']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['letter vachindi kaani enduku reject chesaro raayaledu', 'query_reason', 'TE_EN']]);
  });

  it('reads a parting word of one who will never take insurance again (inka eppudu insurance teeskonu, ఇంకెప్పుడూ తీసుకోను, narakam) as venting, no when asked, while a when asked beside it still asks', () => {
    for (const text of ['claim cheyyadam ante narakam, inka eppudu insurance teeskonu', 'క్లెయిమ్ అంటే నరకం, ఇంకెప్పుడూ తీసుకోను']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim eppudu settle avutundi? inka eppudu insurance teeskonu', 'claim_status', 'TE_EN']]);
  });

  it('reads a name to put as nominee (kooturu peru pettali, పేరు పెట్టాలి) as the policy\'s business, no papers to send', () => {
    for (const text of ['nominee ga kooturu peru pettali, ela cheyyali?', 'నామినీగా భార్య పేరు పెట్టాలి']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads cheppu typed without its vowel (chppu) as cheppu: a status asked so is romanised Telugu', () => {
    expectReadings([['claim status chppu', 'claim_status', 'TE_EN']]);
  });

  it('reads a new e-mail id to update (kotha mail id, కొత్త ఈమెయిల్, email id maarindi) as the policy\'s business, no claim status, while the claim\'s status asked still asks', () => {
    for (const text of ['mail id marindi, kotha email id lo update cheyyandi', 'నా మెయిల్ ఐడి మారింది, కొత్త ఈమెయిల్ కి అప్డేట్ చేయండి']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['naa claim status update cheyyandi', 'claim_status', 'TE_EN']]);
  });

  it('reads papers someone will come and give (vachi istaru, వచ్చి ఇస్తాను) or bring to the office (office ki vastadu, ఆఫీసుకి వస్తాడు) as told, no papers asked, while a question about the papers after it still asks', () => {
    for (const text of ['reports anni naa bhartha daggara unnayi, aayana repu vachi istaru', 'మా అబ్బాయి discharge summary తీసుకుని ఆఫీసుకి వస్తాడు',
      'bills anni ready, Friday vachi istanu']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['రేపు ఆఫీసుకి వస్తాను, బిల్స్ ఏమి కావాలి?', 'pending_documents', 'TE']]);
  });

  it('reads can someone call (కాల్ చెయ్యగలరా) as a call asked for, is it needed (కావాలా, kavala) as a question after papers sent, nothing showing (emi kanipinchaledu, ఏమీ కనిపించట్లేదు) as no question, and under review as the claim\'s status', () => {
    expectReadings([
      ['సాయంత్రం ఎవరైనా నాకు కాల్ చెయ్యగలరా', 'human_handover', 'TE'],
      ['discharge summary mail చేశాను, original కూడా కావాలా', 'pending_documents', 'TE'],
      ['discharge summary mail chesanu, original kuda kavala', 'pending_documents', 'TE_EN'],
      ['claim settle ayyinda? passbook lo emi kanipinchaledu', 'claim_status', 'TE_EN'],
      ['డబ్బులు వేశారా? బ్యాంక్ స్టేట్మెంట్ లో ఏమీ కనిపించట్లేదు', 'claim_status', 'TE'],
      ['under review ani chepparu, ippudu ayyinda?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a deficiency letter as the papers asked for, no payment', () => {
    expectReadings([['naa claim ki deficiency letter vachindi, andulo emi adigaru?', 'pending_documents', 'TE_EN']]);
  });

  it('reads does it show (chupistunda, చూపిస్తుందా) as a question and a claim left lying (alage padi undi, అలాగే పడి ఉందా) as pending, as in the Tamil packs', () => {
    expectReadings([
      ['app lo paid ani chupistunda?', 'claim_status', 'TE_EN'],
      ['naa claim file alage padi undi, evaru chudaledu', 'claim_status', 'TE_EN'],
      ['నా క్లెయిమ్ అలాగే పడి ఉందా?', 'claim_status', 'TE'],
    ]);
  });

  it('reads the documents list come or noted (list vachindi, లిస్ట్ అందింది) as thanks, no papers asked, while a question about the papers after it still asks', () => {
    for (const text of ['sare andi, pending documents list andindi', 'ఓకే, documents లిస్ట్ వచ్చింది థాంక్స్']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['list vachindi, kani inka emi documents pampali?', 'pending_documents', 'TE_EN']]);
  });

  it('reads papers fetched and brought (teeskuni vachanu, తీసుకొచ్చాను) as told, no papers asked, while a question about the papers after it still asks', () => {
    for (const text of ['pharmacy bills anni teesukuni vachesanu', 'నిన్న lab reports అన్నీ తీసుకొచ్చాను']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['pharmacy bills techanu, inka emi documents kavali?', 'pending_documents', 'TE_EN']]);
  });

  it('reads the outcomes asked about in either order (reject ayyinda approve ayyinda, రిజెక్ట్ అయిందా అప్రూవ్ అయిందా) as the claim\'s status, no reason asked', () => {
    expectReadings([
      ['amma claim reject ayyinda pass ayyinda, evaru cheppatledu', 'claim_status', 'TE_EN'],
      ['మా నాన్న claim రిజెక్ట్ అయిందా అప్రూవ్ అయిందా?', 'claim_status', 'TE'],
    ]);
  });

  it('reads a call asked to be had (call cheyamanandi, కాల్ చేయమనండి) as a request, so someone to call is asked for beside a bot turned from', () => {
    expectReadings([
      ['bot tho kudaradu, evaraina officer ni call cheyamanandi', 'human_handover', 'TE_EN'],
      ['ఈ bot వద్దు, ఎవరైనా executive ని call చేయమనండి', 'human_handover', 'TE'],
    ]);
  });

  it('reads raale typed for rale (did not come) as a payment not come', () => {
    expectReadings([['naa hospital bill dabbulu inka raale andi', 'claim_status', 'TE_EN']]);
  });

  it('reads what must be fetched and brought (teesukuni raavali, తీసుకురావాలి) as papers needed, and the NEFT form as a paper, no payment status', () => {
    expectReadings([
      ['discharge appudu emi emi teesukuni raavali?', 'pending_documents', 'TE_EN'],
      ['claim ki NEFT form kuda pampala?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads filing an income tax return (IT return file cheyyali, ఐటీ రిటర్న్) as policy business, its "file" no claim paper', () => {
    for (const text of ['ee year IT return file cheyyali, premium certificate pampandi', 'ఐటీ రిటర్న్ కోసం 80డి సర్టిఫికెట్ కావాలి']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['claim file cheyyadaniki emi documents kavali?', 'pending_documents', 'TE_EN']]);
  });

  it('reads a waiting period carried over on porting (waiting period continue, carry forward) as policy business, no reason asked', () => {
    for (const text of ['vere company nunchi port chesthe waiting period carry forward avutunda?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
  });

  it('reads a rejection remark of no medical need (not medically necessary, medically not required) as a reason asked about when a why is beside it', () => {
    expectReadings([['letter lo not medically necessary ani enduku pettaru?', 'query_reason', 'TE_EN']]);
  });

  it('reads files in the plural (ఫైల్స్, ఫైళ్ళు, ஃபைல்ஸ், ஃபைல்கள்) as papers, the one file still the claim', () => {
    expectReadings([['నేను పంపిన ఫైళ్ళు సరిపోతాయా?', 'pending_documents', 'TE'], ['నా క్లెయిమ్ ఫైల్ ఎక్కడ ఉంది?', 'claim_status', 'TE']]);
  });

  it('reads paid in part or in full (partial aa full aa) as the outcome asked about, no deduction', () => {
    expectReadings([
      ['naa claim partial aa full aa settle chestara?', 'claim_status', 'TE_EN'],
      ['full aa leka partial aa inka decide cheyaleda?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads the decision seen in the mail (mail lo chusanu, మెయిల్ లో వచ్చింది) as news, a why beside it still asking', () => {
    for (const text of ['rejection letter ninna raatri mail lo chusanu', 'repudiation letter మెయిల్ లో వచ్చింది ఈరోజు']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    expectReadings([['rejection letter mail lo chusanu, enduku reject chesaru?', 'query_reason', 'TE_EN']]);
  });

  it('reads papers promised to be handed in at the office (ఇచ్చి వస్తా, ichesi vastanu) as the claimant\'s plan, no papers asked for', () => {
    for (const text of ['రేపు మా బ్రాంచ్ కి వెళ్ళి discharge summary ఇచ్చేసి వస్తాను', 'gurvaram office ki velli pharmacy bills ichi vasta']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['bills ichesi vasta, inka emaina kavala?', 'pending_documents', 'TE_EN']]);
  });

  it('reads did they come (vachaya, వచ్చాయా) as a question: the money asked about, or the papers sent arrived; they came (vachesayi, వచ్చేశాయి) told', () => {
    expectReadings([
      ['maa nanna ki 78 years, bank ki vellaleru. claim dabbulu account ki vachaya ani meere cheppandi', 'claim_status', 'TE_EN'],
      ['nenu reports anni speed post lo pampanu. avi anni vachaya?', 'pending_documents', 'TE_EN'],
      ['క్లెయిమ్ డబ్బులు ఖాతాలో వచ్చాయా?', 'claim_status', 'TE'],
    ]);
    for (const text of ['డబ్బులు వచ్చేశాయి, చాలా థాంక్స్', 'dabbulu vachesayi, thanks andi']) expect(asked(text), text).to.equal('small_talk');
  });

  it('reads whether what was sent is complete (complete ga unnaya, పూర్తిగా ఉన్నాయో లేదో) as asking whether the papers came in full', () => {
    expectReadings([
      ['nenu pampinavi anni complete ga unnaya ledo okasari chusi cheppandi', 'pending_documents', 'TE_EN'],
      ['మేము అప్లోడ్ చేసినవి పూర్తిగా ఉన్నాయో లేదో చెప్పగలరా?', 'pending_documents', 'TE'],
    ]);
  });

  it('reads papers got ready (ready chesanu, రెడీగా ఉన్నాయి) as news, no papers asked, while a question about them after it still asks', () => {
    for (const text of ['discharge summary, bills anni ready chesanu, ellundi courier chesta', 'మీరు అడిగిన రిపోర్ట్స్ అన్నీ రెడీ చేశాను']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['bills anni ready ga unnayi, inka emaina kavala?', 'pending_documents', 'TE_EN']]);
  });

  it('reads which paper a change to the policy needs (nominee marchali, emi form?) as the policy\'s business, while a nominee\'s own claim (nominee ga claim) still asks for papers', () => {
    for (const text of ['nominee ni marchali, emi form fill cheyyali?', 'నా కొడుకుని policy లో add చేయాలి, ఏ documents కావాలి?']) {
      expect(['small_talk', 'unclear'], text).to.include(asked(text));
    }
    expectReadings([['nanna poyaru, nominee ga claim cheyyali, emi documents kavali?', 'pending_documents', 'TE_EN']]);
  });

  it('reads a goodbye, a wait or a note taken (wait chestanu, rasukunnanu, tarvata matladta, వెళ్ళొస్తాను) as closing, while a question after it still asks', () => {
    for (const text of ['sare andi, wait chesta', 'claim number rasukunnanu', 'office lo unna, tarvata matladta', 'సరే, వెళ్ళొస్తాను']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    expectReadings([['wait chestanu, kaani dabbulu eppudu vastayi?', 'claim_status', 'TE_EN']]);
  });

  it('reads a matter dropped, no complaint or all clear (vadilesam, emi complaint ledu, అంతా క్లియర్) as closing, while a question after it still asks', () => {
    for (const text of ['appeal gurinchi emi cheyyam, vadilesam', 'dabbulu vachayi, cut gurinchi e complaint ledu, antha clear', 'రిజెక్ట్ గురించి ఇంకేమీ చేయం, వదిలేశాం', 'డబ్బులు వచ్చాయి, ఏ ఫిర్యాదు లేదు, అంతా క్లియర్']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    expectReadings([
      ['claim reject ayyindi, vadilesam. kani deduction enduku chesaru?', 'query_reason', 'TE_EN'],
      ['ఏ సమస్య లేదు కానీ నా క్లెయిమ్ ఎప్పుడు సెటిల్ అవుతుంది?', 'claim_status', 'TE'],
    ]);
  });

  it('reads how a waiting period can apply (waiting period ela vastundi) as asking why, not when money comes', () => {
    expectReadings([
      ['claim reject chesaru, 5 years nundi premium kadutunna, waiting period ela vachindi?', 'query_reason', 'TE_EN'],
      ['పాలసీ 4 ఏళ్లుగా ఉంది, వెయిటింగ్ పీరియడ్ ఎలా వస్తుంది?', 'query_reason', 'TE'],
    ]);
  });

  it('reads a yes-no question tagged "what" (approve ayyinda enti, రిజెక్ట్ అయిందా ఏంటి) as "or what", the status asked, while a why beside it still asks why', () => {
    expectReadings([
      ['maa nanna claim approve ayyinda enti? inka message raledu', 'claim_status', 'TE_EN'],
      ['మా క్లెయిమ్ రిజెక్ట్ అయిందా ఏంటి? ఏ సమాచారం లేదు', 'claim_status', 'TE'],
      ['claim reject ayyindi, enti karanam?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads how far a claim has gone (ekkadi varaku vellindi, ఎక్కడిదాకా వచ్చింది) as its status', () => {
    expectReadings([
      ['maa amma claim ekkadi varaku vellindi?', 'claim_status', 'TE_EN'],
      ['నా క్లెయిమ్ ఎక్కడిదాకా వచ్చింది?', 'claim_status', 'TE'],
    ]);
  });

  it('reads koncham (a little, please) as no cut, so a payment asked with it stays a payment, while a cut named beside it still asks why', () => {
    expectReadings([
      ['sir naa surgery dabbulu Rs 45,000 eppudu vastayi koncham chusi cheppandi', 'claim_status', 'TE_EN'],
      ['bill lo koncham amount cut chesaru, enduku?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads a matter let go (parledu vadileyandi, పర్లేదు వదిలేయండి) as closing, while a question after it still asks', () => {
    for (const text of ['cut gurinchi adagalanukunna, paravaledu vadileyandi', 'డిడక్షన్ గురించి అడగాలనుకున్నా, పర్లేదు వదిలేయండి']) {
      expect(asked(text), text).to.equal('small_talk');
    }
    expectReadings([
      ['adi vadileyandi, kani deduction enduku chesaru?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads whether what was sent is legible (clear ga unnaya, క్లియర్ గా ఉన్నాయా) as asking whether the papers came right, while the money asked still asks', () => {
    expectReadings([
      ['reports anni scan chesi pampanu, clear ga unnaya?', 'pending_documents', 'TE_EN'],
      ['డిశ్చార్జ్ సమ్మరీ ఫోటో పంపాను, క్లియర్ గా ఉందా?', 'pending_documents', 'TE'],
      ['claim clear ayindi, dabbulu eppudu vastayi?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a duplicate (duplicate copy, డూప్లికేట్ కాపీ) as a paper, so whether one will do asks for documents', () => {
    expectReadings([
      ['original report poyindi, duplicate copy saripotunda?', 'pending_documents', 'TE_EN'],
      ['ఒరిజినల్ బిల్ పోయింది, డూప్లికేట్ కాపీ సరిపోతుందా?', 'pending_documents', 'TE'],
    ]);
  });

  it('reads will you send (pamputara) and is it to be had (dorukutunda) as romanised Telugu markers, English beside them notwithstanding', () => {
    for (const text of ['policy copy email lo pamputara?', 'senior manager direct line dorukutunda?']) {
      expect(detectLanguage(text), text).to.equal('TE_EN');
    }
    expect(detectLanguage('policy copy email please')).to.equal('EN');
  });

  it('reads a link or number asked after a complaint to make (complaint ivvali, link pampandi) as the way to complain, no papers', () => {
    expectReadings([
      ['hospital meeda complaint ivvali, daaniki link pampandi', 'human_handover', 'TE_EN'],
      ['ఫిర్యాదు నమోదు చేయాలి, లింక్ పంపండి', 'human_handover', 'TE'],
    ]);
  });

  it('reads when, after a call told not made (evaru call cheyaledu, eppudu chestaru?), as asking for the call, while a payment asked still asks the payment', () => {
    expectReadings([
      ['monna callback adiganu, ippati varaku evaru call cheyaledu, eppudu chestaru?', 'human_handover', 'TE_EN'],
      ['agent call chesadu, dabbulu eppudu vastayi?', 'claim_status', 'TE_EN'],
    ]);
  });

  it("reads a named person's number asked for (aayana number, ఆయన నంబర్) as a person asked for, while a paper asked stays papers", () => {
    expectReadings([
      ['claims lo oka officer Suresh garu unnaru ani cheppaaru, aame number kaavali', 'human_handover', 'TE_EN'],
      ['TPA వాళ్ళ దగ్గర ఒక coordinator ఉన్నారు, ఆయన నంబర్ పంపండి', 'human_handover', 'TE'],
      ['coordinator cheppinattu discharge summary pampandi antunnaru, enduku?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads "formal" as no typo of form, so a formal complaint asked for is a person, not papers', () => {
    expectReadings([
      ['grievance officer mail id ivvandi, naaku formal ga complaint ivvali', 'human_handover', 'TE_EN'],
      ['claim form ekkada dorukutundi?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads regret at having taken the policy (teesukovadame thappu, తీసుకోవడమే తప్పు) as venting that asks nothing, while a question after it still asks', () => {
    expectReadings([
      ['prathi saari kotha papers adugutaru, ee policy teesukovadame pedda tappu', 'small_talk', 'TE_EN'],
      ['ఇన్ని కాగితాలు అడుగుతారు, ఈ పాలసీ తీసుకోవడమే తప్పు', 'small_talk', 'TE'],
      ['policy teesukovadame thappu, inka ye documents kavali?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads rejected or still in process (reject ayyinda leka inka pending, రిజెక్ట్ అయిందా లేక) as the outcomes asked about, where the claim stands; a rejection told and why asked still asks why', () => {
    expectReadings([
      ['maa nanna claim reject ainda leka inka process lo unda? cheppandi', 'claim_status', 'TE_EN'],
      ['నా క్లెయిమ్ రిజెక్ట్ అయిందా లేక ఇంకా పెండింగ్ లో ఉందా?', 'claim_status', 'TE'],
      ['claim reject ayyindi ani message vachindi, enduku?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads nothing came (ఏమీ రాలేదు, emi raledu) as a negation told, no question, so the question before it decides; money said not come still asks for it', () => {
    expectReadings([
      ['claim approve ayyinda? mail lo kani SMS lo kani emi raledu', 'claim_status', 'TE_EN'],
      ['క్లెయిమ్ settle అయిందా? mail లో ఏమీ రాలేదు', 'claim_status', 'TE'],
      ['ఏ డాక్యుమెంట్స్ పంపాలి? mail లో లెటర్ ఏమీ రాలేదు', 'pending_documents', 'TE'],
    ]);
  });

  it("reads what a phrase means asked (deeni meaning enti, దీని అర్థం ఏంటి) as asking the reason, while a status asked with enti stays the status", () => {
    expectReadings([
      ["letter lo 'non payable items' ani raasaru, daani ardham enti?", 'query_reason', 'TE_EN'],
      ["settlement లో 'capping' అని ఉంది, దీని అర్థం ఏంటి?", 'query_reason', 'TE'],
      ['naa claim status enti?', 'claim_status', 'TE_EN'],
    ]);
  });

  it("reads 'not justified' (admission not justified) as a rejection, so how asked beside it asks why; a payment asked after it still asks when", () => {
    expectReadings([
      ["'admission not justified' ani raasaru, doctor admit avvamani cheppaaru kada, ela not justified?", 'query_reason', 'TE_EN'],
      ["letter lo 'not justified' ani undi, dabbulu eppudu vastayi?", 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a sticker (implant sticker, స్టిక్కర్) as a paper, so where to get one asks for documents', () => {
    expectReadings([
      ['cataract ki lens sticker kavali antunnaru, adi ekkada dorukutundi?', 'pending_documents', 'TE_EN'],
      ['stent స్టిక్కర్ కావాలి అన్నారు, అది ఎక్కడ దొరుకుతుంది?', 'pending_documents', 'TE'],
    ]);
  });

  it('reads the sum insured left asked (entha sum insured migilindi, sum insured ఎంత) as the policy\'s own business, no papers or payment', () => {
    expect(asked('ee policy lo inka entha sum insured migilindi?')).to.be.oneOf(['unclear', 'small_talk']);
    expect(asked('ఈ policy లో sum insured ఇంకా ఎంత మిగిలింది?')).to.be.oneOf(['unclear', 'small_talk']);
    expect(asked('claim settle ayyaka inka entha dabbulu vastayi?')).to.equal('claim_status');
  });

  it('reads what tracking shows (tracking lo undi, tracking లో delivered) as the courier told, no status asked, so whether the papers came asks for documents', () => {
    expectReadings([
      ['reports anni courier lo pampanu, delivered ani tracking lo chupistundi, meeku andaaya?', 'pending_documents', 'TE_EN'],
      ['bills courier చేశాను, tracking లో delivered అని ఉంది, మీకు అందాయా?', 'pending_documents', 'TE'],
      ['naa claim status enti? tracking ela chudali?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads the cheque the insurer sends or dispatches (cheque pamparu, dispatch chesara) as the payment, no paper to send; a cancelled cheque is still a paper', () => {
    expectReadings([
      ['settlement cheque pamputam annaru, inka dispatch ayyinda leda?', 'claim_status', 'TE_EN'],
      ['cancelled cheque kuda pampala?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads "is it because ... not" asked (admit kaledu ani aa, కాలేదనా) as a why-question', () => {
    expectReadings([
      ['X-ray ki dabbulu ivvaledu, admit avvaledu ani aa?', 'query_reason', 'TE_EN'],
      ['physiotherapy కి డబ్బులు ఇవ్వలేదు, admit కాలేదనా?', 'query_reason', 'TE'],
      ['admit ayyaka dabbulu eppudu vastayi?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads whether it came, asked to be checked (vachindemo chudandi, వచ్చిందేమో చూడండి), as a payment asked, as vachinda is', () => {
    expectReadings([
      ['hospital bill kattamantunnaru, insurance nunchi approval emaina vachindemo chudandi', 'claim_status', 'TE_EN'],
      ['TPA నుంచి approval ఏమైనా వచ్చిందేమో కనుక్కోండి', 'claim_status', 'TE'],
    ]);
  });

  it('reads will you take or find out (తీసుకుంటారా, kanukkuntara) as a request, so someone asked to phone and take the details is a person asked for', () => {
    expectReadings([
      ['నాన్నకి చదవడం రాదు. మీ వాళ్ళు ఎవరైనా ఆయనకి phone చేసి వివరాలు తీసుకుంటారా?', 'human_handover', 'TE'],
      ['discharge summary మీరే hospital నుంచి తీసుకుంటారా?', 'pending_documents', 'TE'],
    ]);
  });

  it('reads whether the claim goes through without a paper (lekunda claim process avutunda, లేకుండా ప్రాసెస్ అవుతుందా) as the paper asked about, its process word no status asked', () => {
    expectReadings([
      ['hospital vallu ICP ivvatledu, adi lekunda claim process avutunda leka tappanisari aa?', 'pending_documents', 'TE_EN'],
      ['hospital వాళ్ళు case sheet ఇవ్వట్లేదు, అది లేకుండా claim process అవుతుందా?', 'pending_documents', 'TE'],
      ['naa claim process avutunda leda? status cheppandi', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads directly (నేరుగా, neruga) before talk as a person to talk to, and as nothing beside money', () => {
    expectReadings([
      ['policy విషయం నేరుగా కలిసి మాట్లాడాలి', 'human_handover', 'TE'],
      ['branch lo evaranna tho neruga matladali', 'human_handover', 'TE_EN'],
      ['డబ్బులు నేరుగా account లో పడ్డాయా?', 'claim_status', 'TE'],
    ]);
  });

  it('reads charts (ICU charts, nursing charts) as papers, so asked if needed they are documents', () => {
    expectReadings([
      ['nursing charts kuda ivvali aa?', 'pending_documents', 'TE_EN'],
      ['ICU charts పంపాలా?', 'pending_documents', 'TE'],
      ['bot tho kaadu, chat lo evaraina matladali', 'human_handover', 'TE_EN'],
    ]);
  });

  it('reads not given (ఇవ్వలేదు, ivvaledu) beside why and a sum as a payment withheld, and a paper not given by the hospital stays documents', () => {
    expectReadings([
      ['మందుల బిల్లు 2000 ఎందుకు ఇవ్వలేదు?', 'query_reason', 'TE'],
      ['physiotherapy ki 1500 enduku ivvaledu?', 'query_reason', 'TE_EN'],
      ['hospital వాళ్ళు discharge summary ఇంకా ఇవ్వలేదు, ఏం చేయాలి?', 'pending_documents', 'TE'],
    ]);
  });

  it('reads their phone number (వాళ్ళ phone number, ame phone number) asked for as a person asked for, and told as nothing', () => {
    expectReadings([
      ['మా agent ఎవరు? ఆయన phone number ఇవ్వండి', 'human_handover', 'TE'],
      ['claim chustunna aayana evaru? valla phone number kavali', 'human_handover', 'TE_EN'],
      ['వాళ్ళ phone number నా దగ్గర ఉంది, thanks', 'small_talk', 'TE'],
    ]);
  });

  it('reads anyone available (evaraina available unnara, ఎవరైనా అందుబాటులో ఉన్నారా) as a person asked for, and a doctor available as nothing', () => {
    expectReadings([
      ['office lo evaraina available ga unnara?', 'human_handover', 'TE_EN'],
      ['branch lo ఎవరైనా అందుబాటులో ఉన్నారా?', 'human_handover', 'TE'],
      ['doctor available unnara?', 'unclear', 'TE_EN'],
    ]);
  });

  it('reads explained told (explain చేశారు, బాగా explain చేశాడు) as understood, no reason asked, while explain asked for still asks why', () => {
    expectReadings([
      ['మా branch officer settlement గురించి బాగా explain చేశాడు', 'small_talk', 'TE'],
      ['deduction ఎందుకు చేశారో explain చేయండి', 'query_reason', 'TE'],
    ]);
  });

  it('reads rejected or approved asked of what they did (reject చేశారా approve చేశారా, approve chesara reject chesara) as where the claim stands, while why they rejected still asks why', () => {
    expectReadings([
      ['approve చేశారా reject చేశారా? ఇంకా ఎంత కాలం', 'claim_status', 'TE'],
      ['approve chesara reject chesara? cheppandi', 'claim_status', 'TE_EN'],
      ['reject chesaru enduku?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads the bill counter (bill counter lo) as a place, no paper', () => {
    expectReadings([
      ['hospital bill counter lo 2 gantalu nilabettaru', 'unclear', 'TE_EN'],
    ]);
  });

  it('reads raadu (does not come, cannot) as no rejection, and matladandi (please talk) as a request, so someone asked to call and talk is a person asked for', () => {
    expectReadings([
      ['naanna ki phone vaadatam raadu, evaraina intiki phone chesi aayana tho matladandi', 'human_handover', 'TE_EN'],
      ['mee office lo evaraina naa tho matladandi', 'human_handover', 'TE_EN'],
      ['ఎవరైనా మా అమ్మ తో మాట్లాడండి', 'human_handover', 'TE'],
    ]);
  });

  it('reads evarini (whom) as a person, so whom to meet at the branch asks for one', () => {
    expectReadings([
      ['Ameerpet office lo claim kosam evarini kalavali?', 'human_handover', 'TE_EN'],
    ]);
  });

  it('reads chk as check, so a claim to check and tell (chk chesi cheppandi) asks where it stands', () => {
    expectReadings([
      ['naa claim okasari chk chesi cheppandi', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads anything more (ఇంకేమైనా) and what is there (ఏముంది, ఏముందో) as what-words, so what is still pending on a claim asks for documents', () => {
    expectReadings([
      ['అన్ని papers పంపించాను. CLM-2025-11873 లో ఇంకేమైనా పెండింగ్ ఉందా?', 'pending_documents', 'TE'],
      ['CLM-2025-40922 pending లో ఏముంది చెప్పండి', 'pending_documents', 'TE'],
    ]);
  });

  it('reads an address changed or to change (address మారింది, address marchadaniki) and the policy updated as the policy\'s own business, so the form asked for it starts nothing', () => {
    expectReadings([
      ['Vizag కి మారాం, address మార్చడానికి ఏ form fill చేయాలి?', 'unclear', 'TE'],
      ['address maarindi, policy lo update cheyandi', 'unclear', 'TE_EN'],
    ]);
  });

  it('reads a policy like this and which plan (ఇలాంటి policy, ఏ plan, ye plan) as a new policy asked about, no papers', () => {
    expectReadings([
      ['మా నాన్న కి ఇలాంటి policy కావాలి, ఏ plan తీసుకోవాలి?', 'unclear', 'TE'],
      ['na friend ki ilanti policy kavali, ye plan best?', 'unclear', 'TE_EN'],
    ]);
  });

  it('reads the rest is in your hands (మిగతాది మీ చేతుల్లో, migatadi mee chetullo) as closing, while what more is needed still asks for documents', () => {
    expectReadings([
      ['discharge summary పంపేశాను, మిగతాది మీ చేతుల్లో', 'small_talk', 'TE'],
      ['reports anni upload chesanu, migatadi mee chetullo', 'small_talk', 'TE_EN'],
      ['reports pampanu, migatadi inka emi kavali?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads hours waited (gantala nunchi, గంటల నుంచి) as a delay, so the approval waited for hours asks where the claim stands', () => {
    expectReadings([
      ['KIMS lo unnam, cashless approval kosam 3 gantala nunchi wait chestunnam', 'claim_status', 'TE_EN'],
      ['cashless approval కోసం 4 గంటల నుంచి ఎదురుచూస్తున్నాం', 'claim_status', 'TE'],
    ]);
  });

  it('reads a limit or cap put (limit pettaru, cap పెట్టారు) as a cut, so where that cap is written asks why', () => {
    expectReadings([
      ['lens ki 25k ke limit pettaru, aa limit ekkada raasi undi?', 'query_reason', 'TE_EN'],
      ['room rent కి cap పెట్టారు, ఎందుకు?', 'query_reason', 'TE'],
    ]);
  });

  it('reads I will go and meet (వెళ్లి కలుస్తా, velli kalusta) as talk, so the officer asked for to be met is a person asked for', () => {
    expectReadings([
      ['Vijayawada branch officer పేరు చెప్పండి, వెళ్లి కలుస్తా', 'human_handover', 'TE'],
      ['claims officer evaru cheppandi, velli kalusta', 'human_handover', 'TE_EN'],
    ]);
  });

  it('reads how hard (entha kashtam, ఎంత కష్టం) and going round (tiraganu, తిరిగాను) as venting, no papers asked, while what more is needed after it still asks', () => {
    expectReadings([
      ['ee claim ki entha kashtam, bills kosam 3 sarlu pharmacy ki tiraganu', 'small_talk', 'TE_EN'],
      ['papers kosam 2 sarlu office ki tiraganu, inka emi kavali?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads enhancement (a cashless approval raised) as a claim word, so an enhancement asked to be okayed asks where it stands', () => {
    expectReadings([
      ['Yashoda vaallu enhancement request pettaru, adi ok chesara', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads how to check told (ఎలా చూడాలో, ela check cheyalo) as a conjunction and taught (నేర్పించాను, nerpinchanu) as news, so teaching someone to check the status asks nothing, while asked to be told it still asks', () => {
    expectReadings([
      ['claim status ఎలా చూడాలో మా అమ్మకి నేర్పించాను 😊', 'small_talk', 'TE'],
      ['claim status ela check cheyalo maa tammudu ki nerpinchanu', 'small_talk', 'TE_EN'],
      ['claim status ఎలా చూడాలో చెప్పండి', 'claim_status', 'TE'],
    ]);
  });

  it('reads on seeing what they wrote so (చూసి అలా రాశారు, chusi ala rasaru) as a why, so which report a rejection rests on asks why, while which report to send still asks for documents', () => {
    expectReadings([
      ['smoking valla ani reject చేశారు, ఏ report చూసి అలా రాశారు?', 'query_reason', 'TE'],
      ['pre-existing ani reject chesaru, e report chusi ala rasaru?', 'query_reason', 'TE_EN'],
      ['ఏ report పంపాలి?', 'pending_documents', 'TE'],
    ]);
  });

  it('reads after the claim settles (settle aina tarvata) as a time told, no payment asked, so the no claim bonus asked after it starts nothing, while money not come after it still asks', () => {
    expectReadings([
      ['claim settle aina tarvata renewal premium perugutunda?', 'unclear', 'TE_EN'],
      ['claim settle aina tarvata kuda dabbulu raaledu', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads aina (has it become) as a romanised Telugu marker, so a short status question with it is answered in Tenglish', () => {
    expectReadings([
      ['CLM-2025-77120 settle aina? pls reply', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a message left for the agent (agent ki cheppandi, ఏజెంట్ గారికి చెప్పండి: tell the agent that ...) as news relayed, no person asked for, while a call asked through the agent still asks for one', () => {
    expectReadings([
      ['agent gariki cheppandi nenu ee nela premium EMI lo kadtanu', 'small_talk', 'TE_EN'],
      ['ఏజెంట్ గారికి చెప్పండి నేను వచ్చే వారం ఊరిలో ఉండను', 'small_talk', 'TE'],
      ['agent ki cheppandi naaku ventane call cheyyamani', 'human_handover', 'TE_EN'],
    ]);
  });

  it('reads clear now (ippudu clear ayyindi, ఇప్పుడు క్లియర్ అయింది) as understood thanks, no payment cleared, so a deduction told explained asks nothing, while a cheque asked cleared still asks', () => {
    expectReadings([
      ['TPA vallu copay gurinchi explain chesaru, ippudu clear ayyindi', 'small_talk', 'TE_EN'],
      ['ఆఫీసర్ copay గురించి చెప్పారు, ఇప్పుడు క్లియర్ అయింది', 'small_talk', 'TE'],
      ['ippudu clear ayyindi kani 3000 enduku cut chesaru?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads a form filled and kept (fill chesi pettanu, fill చేసి ఉంచాను) as papers done, so a form told filled asks for nothing, while where to submit it still asks', () => {
    expectReadings([
      ['reimbursement form fill చేసి ఉంచాను', 'unclear', 'TE'],
      ['reimbursement form fill చేసి ఉంచాను, ఎక్కడ submit చేయాలి?', 'pending_documents', 'TE'],
    ]);
  });

  it('reads will reach (reach avuthayi, reach అవుతాయి) told after papers sent as news, no arrival asked, while when they will reach still asks', () => {
    expectReadings([
      ['lab reports speed post lo pampincha, shukravaram reach avutayi', 'small_talk', 'TE_EN'],
      ['lab reports speed post లో పంపించాను, శుక్రవారం reach అవుతాయి', 'small_talk', 'TE'],
      ['speed post lo pampina lab reports eppudu reach avuthayi?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads plan details and a new policy wanted (plan details, కొత్త policy తీసుకోవాలి) as the policy\'s business, so plan details asked for are no claim papers, while claim papers asked still ask', () => {
    expectReadings([
      ['amma kosam senior plan details pampandi', 'unclear', 'TE_EN'],
      ['అబ్బాయికి కొత్త policy తీసుకోవాలి, plan details పంపండి', 'unclear', 'TE'],
      ['claim ki inka ye papers kavali, list pampandi', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads papers scanned (scan chesi pettanu, స్కాన్ చేశాను) as papers done, so they ask for nothing, while where to upload them still asks', () => {
    expectReadings([
      ['pharmacy receipts anni scan chesesanu', 'unclear', 'TE_EN'],
      ['pharmacy receipts అన్నీ స్కాన్ చేశాను', 'unclear', 'TE'],
      ['pharmacy receipts scan chesesanu, ye mail id ki pampali?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads the agent told a word or informed (agent garu ki oka maata cheppandi, ఏజెంట్ కి తెలియజేయండి) as news relayed, while a call asked through the agent still asks for one', () => {
    expectReadings([
      ['agent anna ki oka maata cheppandi, nenu kotha number ki marchanu', 'small_talk', 'TE_EN'],
      ['ఏజెంట్ గారికి తెలియజేయండి నేను renewal cheque ఇచ్చేశాను', 'small_talk', 'TE'],
      ['agent anna ki cheppandi sayantram naaku call cheyyamani', 'human_handover', 'TE_EN'],
    ]);
  });

  it('reads the no claim bonus (bonus, బోనస్, ncb) as the policy\'s business, so a bonus told coming after a claim-free year starts nothing, while a claim\'s payment asked beside it still asks', () => {
    expectReadings([
      ['rendu samvatsaralu claim ledu, renewal lo bonus vastundi', 'unclear', 'TE_EN'],
      ['రెండు సంవత్సరాలు claim లేదు, renewal లో బోనస్ వస్తుంది', 'unclear', 'TE'],
      ['naa claim payment eppudu vastundi? bonus gurinchi tarvata adugutanu', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads thanks for giving the list (list ichinanduku, లిస్ట్ ఇచ్చినందుకు) as thanks, so the list thanked for asks for no papers, while a paper asked after it still asks', () => {
    expectReadings([
      ['paper list icchinanduku chala thanks, rendu rojullo ready chestanu', 'small_talk', 'TE_EN'],
      ['paper లిస్ట్ ఇచ్చినందుకు చాలా థాంక్స్', 'small_talk', 'TE'],
      ['list ichinanduku thanks, kani aadhaar copy kuda kavala?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads the agent already spoken to (matladanu, మాట్లాడాను) as news, as I already spoke to is, so it asks for no person, while a question after it still asks; they spoke (matladaru) is no typo of it', () => {
    expectReadings([
      ['agent garu tho ninna matladanu, ayana cheppinattu anni chesanu', 'small_talk', 'TE_EN'],
      ['ఏజెంట్ తో ఇప్పటికే మాట్లాడాను, ఆయన చెప్పినవన్నీ చేశాను', 'small_talk', 'TE'],
      ['agent tho matladanu, kani claim enduku reject chesaru?', 'query_reason', 'TE_EN'],
      ['hospital staff chala rude ga matladaru, manager tho matladali', 'human_handover', 'TE_EN'],
    ]);
  });

  it('reads a new address (kotha address, lo kotha address) as the policy\'s business, no cut (kotha), so updating it starts no claim workflow, while a cut in a bill (bill lo kotha) still asks why', () => {
    expectReadings([
      ['memu illu maarchamu, policy lo kotha address ela pettali?', 'unclear', 'TE_EN'],
      ['naa kotha address lo courier pampandi', 'unclear', 'TE_EN'],
      ['bill lo kotha endi?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads untunda (will it be there) as romanised Telugu\'s marker, so an office hour asked with it is read in Telugu and starts no workflow', () => {
    expectReadings([
      ['Sunday office open untunda', 'unclear', 'TE_EN'],
    ]);
  });

  it('reads put on hold (hold lo pettara, hold lo pettaru) as pending, its pettara (did they put) a known word and no typo of a paper to send, so whether a payment was held asks where the claim stands', () => {
    expectReadings([
      ['naa claim hold lo pettara?', 'claim_status', 'TE_EN'],
      ['refund ippudu process lo unda leka hold lo pettesaru?', 'claim_status', 'TE_EN'],
      ['na claim ni hold lo pettaru enduku?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads can I do or pay (చేయొచ్చా, కట్టొచ్చా, cheyyocha, kattocha) as a question and porting the policy (port cheyyocha, vere company ki port) as the policy\'s business, so a last question on that business after a claim question starts nothing, typed with no question mark; bills asked whether to upload still ask for documents', () => {
    expectReadings([
      ['claim settle అయిందా? అలాగే మా అమ్మాయిని కూడా add చేయొచ్చా', 'small_talk', 'TE'],
      ['payment ఎప్పుడు వస్తుంది? అలాగే ప్రీమియం EMI లో కట్టొచ్చా', 'small_talk', 'TE'],
      ['amount eppudu vastundi? inka premium emi lo kattocha', 'unclear', 'TE_EN'],
      ['settlement ayyinda? next year naa policy vere company ki port cheyyocha', 'unclear', 'TE_EN'],
      ['bills ఇప్పుడు upload చేయొచ్చా', 'pending_documents', 'TE'],
    ]);
  });

  it('reads being fed up and running around (visugu vachesindi, chuttu tirigaanu, విసుగు వచ్చేసింది) as venting, so papers complained of start nothing, while a person asked to be put on (person ni pettandi, మనిషిని పెట్టండి) still asks for one beside it', () => {
    expectReadings([
      ['rendu vaaralu office chuttu tirigaanu, inka kotha report adugutunnaru, visugu vachesindi', 'small_talk', 'TE_EN'],
      ['ఈ బాట్ replies తో విసుగు వచ్చేసింది, ఒక మనిషిని పెట్టండి', 'human_handover', 'TE'],
      ['ee bot tho visugu vachindi, oka manishini pettandi', 'human_handover', 'TE_EN'],
      ['mee system tho visugu vachindi, real person ni pettandi please', 'human_handover', 'TE_EN'],
    ]);
  });

  it('reads the tracking number written short (ట్రాకింగ్ నం) as the consignment\'s number, so bills told couriered with it ask no status, while a status asked of the claim still asks', () => {
    expectReadings([
      ['రిపోర్ట్స్ అన్నీ Professional courier లో పంపించాను, ట్రాకింగ్ నం 55012347', 'unclear', 'TE'],
      ['CLM-2025-31002 స్టేటస్ ఏంటి?', 'claim_status', 'TE'],
    ]);
  });

  it('reads cancelled (cancel చేశారు, క్యాన్సిల్ అయింది, cancel ఎందుకు) as a rejection, so why it was cancelled asks why, and should I send (పంపాలా, pampala) as a question, so a paper asked whether to send again asks for documents', () => {
    expectReadings([
      ['నా రీయింబర్స్‌మెంట్ క్యాన్సిల్ ఎందుకు అయింది', 'query_reason', 'TE'],
      ['claim cancel చేశారు, ఎందుకు?', 'query_reason', 'TE'],
      ['ఫార్మసీ బిల్లులు మళ్ళీ పంపాలా', 'pending_documents', 'TE'],
    ]);
  });

  it('reads praise of an agent or staff member for work made easy or quick (easy ga chesi ichaaru, ఓపికగా చెప్పింది, మంచి వ్యక్తి) as thanks, so naming the agent asks for no person, while talking to them asked still hands over', () => {
    expectReadings([
      ['mee executive Swathi anni papers easy ga chesi ichaaru, thanks', 'small_talk', 'TE_EN'],
      ['customer care lo unna abbayi chala polite ga matladaru', 'small_talk', 'TE_EN'],
      ['మీ మేనేజర్ గారు చాలా మంచి వ్యక్తి, పని త్వరగా అయ్యింది', 'small_talk', 'TE'],
      ['మీ ఏజెంట్ గారు మా నాన్నకి చాలా ఓపికగా చెప్పారు', 'small_talk', 'TE'],
      ['mee agent chala polite, kani malli agent tho matladali', 'human_handover', 'TE_EN'],
    ]);
  });

  it('reads venting about reasons given every time (edo oka kaaranam chebutaru, ఎప్పుడు అడిగినా కారణం చెప్తారు) as a known phrase and being fed up (visugu vachindi) as venting: they start no why-workflow, while a why asked after still asks', () => {
    expectReadings([
      ['eppudu adigina kotha kaaranam, visugu vachindi', 'small_talk', 'TE_EN'],
      ['prathi saari phone chesthe edo oka kaaranam chebutaru', 'small_talk', 'TE_EN'],
      ['ఎప్పుడు అడిగినా ఏదో ఒక కారణం చెబుతారు, విసుగు వచ్చింది', 'small_talk', 'TE'],
      ['prathi saari reason cheptaru, ee saari claim enduku reject chesaru?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads a KYC or detail updated by the claimant (update chesanu, అప్డేట్ చేశాను) as their own doing told, no status asked, and chesesanu, illu as Tenglish, while the status asked beside it still asks', () => {
    expectReadings([
      ['bank details ninne update chesesanu', 'unclear', 'TE_EN'],
      ['నిన్నే KYC అప్డేట్ చేశాను', 'unclear', 'TE'],
      ['PAN update chesanu, claim status enti?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a wait at the hospital and its hardship told (aapesaru, chala kashtam ayyindi, idi nyayam kaadu) as venting: a TPA approval named late there asks nothing, while asking when it comes still asks', () => {
    expectReadings([
      ['discharge roju 5 gantalu aapesaru, TPA approval late, idi nyayam kaadu', 'small_talk', 'TE_EN'],
      ['హాస్పిటల్ లో రాత్రి వరకు ఆపేశారు, TPA approval లేట్, చాలా కష్టం అయ్యింది', 'small_talk', 'TE'],
      ['hospital lo aapesaru, TPA approval eppudu vastundi?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a call asked to explain (call chesi vivaristara, ఫోన్ చేసి చెప్తారా) as a call asked for, after a why-question too, and a phone the claimant cannot use much (phone lo ekkuva cheyyalenu) as no call: the papers to bring still asked', () => {
    expectReadings([
      ['deduction artham kaaledu, evaraina call chesi vivaristara?', 'human_handover', 'TE_EN'],
      ['డబ్బులు ఎందుకు తగ్గించారు? ఎవరైనా ఫోన్ చేసి చెప్తారా?', 'human_handover', 'TE'],
      ['naaku phone lo ekkuva cheyyalenu, branch ki ye kaagithaalu tevali cheppandi', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads praise of work handled well or a talk that put the claimant at ease (baaga handle chesaru, relief ga undi, ప్రశాంతంగా ఉంది) as thanks, and him or her to talk to (aayana tho, ఆవిడతో) as a person: talking to them again asked hands over', () => {
    expectReadings([
      ['executive garu maa amma claim ni baaga handle chesaru', 'small_talk', 'TE_EN'],
      ['customer care madam tho matladaka chala relief ga undi', 'small_talk', 'TE_EN'],
      ['ఏజెంట్ గారితో మాట్లాడిన తర్వాత చాలా ప్రశాంతంగా ఉంది', 'small_talk', 'TE'],
      ['agent madam baaga chesaru, malli aavida tho matladali', 'human_handover', 'TE_EN'],
      ['ఏజెంట్ బాగా చెప్పారు, మళ్ళీ ఆయనతో మాట్లాడాలి', 'human_handover', 'TE'],
    ]);
  });

  it('reads a new paper asked every time (prathi saari kotha documents adugutaru) and regret at the policy (enduku ee policy teesukunnano, ఎందుకు తీసుకున్నానో) as venting: no documents or why-workflow starts, while which paper is still due, asked, still asks', () => {
    expectReadings([
      ['prathi saari kotha documents adugutunnaru, chala kashtam', 'small_talk', 'TE_EN'],
      ['ప్రతిసారీ కొత్త డాక్యుమెంట్స్ అడుగుతారు', 'small_talk', 'TE'],
      ['asalu enduku ee policy teesukunnano ani anipistundi', 'small_talk', 'TE_EN'],
      ['prathi saari kotha documents adugutaru, ippudu inka emi documents kavali?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads the hours an approval took told (gantalu pattindi) as venting', () => {
    expectReadings([
      ['TPA approval raavadaniki 4 gantalu pattindi hospital lo', 'small_talk', 'TE_EN'],
      ['TPA approval రావడానికి 8 గంటలు పట్టింది', 'small_talk', 'TE'],
    ]);
  });

  it('reads papers sent before, reminded (పంపాను కదా, I sent them, didn\'t I?) as a known phrase, no papers told done: asking whether to send them again asks for documents', () => {
    expectReadings([
      ['డిశ్చార్జ్ సమ్మరీ ముందే పంపాను కదా, మళ్ళీ పంపాలా?', 'pending_documents', 'TE'],
      ['బిల్లులు పంపించాను కదా, డబ్బులు ఎప్పుడు వస్తాయి?', 'claim_status', 'TE'],
    ]);
  });

  it('reads papers promised, by the claimant or someone else (upload chestadu, కొరియర్ చేస్తాను) as told (done): it starts no workflow, while which papers are still needed, asked, still asks', () => {
    expectReadings([
      ['maa ammayi reports anni upload chestundi', 'unclear', 'TE_EN'],
      ['డిశ్చార్జ్ సమ్మరీ రేపు కొరియర్ చేస్తాను', 'small_talk', 'TE'],
      ['maa ammayi upload chestundi, inka emi documents kavali?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads rejected or still in process asked as a yes/no (reject చేశారా లేక ఇంకా process లోనే ఉందా, reject chesara leka) as where the claim stands', () => {
    expectReadings([
      ['అమ్మ claim reject చేసారా లేక ఇంకా ప్రాసెస్ లోనే ఉందా?', 'claim_status', 'TE'],
      ['naa claim reject chesara leka inka process lo unda?', 'claim_status', 'TE_EN'],
      ['naa claim enduku reject chesaru?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads why so long after a pre-auth (ఎందుకు అంత టైం పడుతోంది, enduku antha time) as a delay, where the claim stands; why a cut still asks why', () => {
    expectReadings([
      ['pre-auth పంపి 5 గంటలు అయింది, ఎందుకు అంత టైం పడుతోంది?', 'claim_status', 'TE'],
      ['discharge ready, approval ki enduku intha sepu?', 'claim_status', 'TE_EN'],
      ['ఎందుకు amount తక్కువైంది?', 'query_reason', 'TE'],
    ]);
  });

  it('reads a file asked complete or short (ఏమైనా తక్కువైందా, shortfall emaina raise chesara) as the papers asked for, no cut', () => {
    expectReadings([
      ['నా file complete గా ఉందా, ఏమైనా తక్కువైందా?', 'pending_documents', 'TE'],
      ['naa file complete ga unda, emaina takkuvaindha?', 'pending_documents', 'TE_EN'],
      ['CLM-2025-11111 file lo shortfall emaina raise chesara?', 'pending_documents', 'TE_EN'],
      ['5000 enduku cut chesaru?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads papers lost and the claim asked to go ahead without them (అవి లేకుండా claim ముందుకు వెళ్తుందా) as the papers asked for; the claim going ahead alone is its status', () => {
    expectReadings([
      ['బిల్లులు పోయాయి, అవి లేకుండా claim ముందుకు వెళ్తుందా?', 'pending_documents', 'TE'],
      ['mandu bills poyayi andi, avi lekunda claim munduku veltunda?', 'pending_documents', 'TE_EN'],
      ['నా claim ముందుకు వెళ్తుందా?', 'claim_status', 'TE'],
    ]);
  });

  it('reads relief or a laugh at a hospital bill (అదృష్టం బాగుంది, thala tirigindi) and anger at the rules as small talk; a question beside them still asks', () => {
    expectReadings([
      ['హాస్పిటల్ బిల్లు చూసి తల తిరిగింది, అదృష్టం బాగుంది insurance ఉంది', 'small_talk', 'TE'],
      ['hospital bill chusi thala tirigindi 😂 nayam insurance undi', 'small_talk', 'TE_EN'],
      ['mee company lo inkeppudu policy teeskonu, kopam vastondi', 'small_talk', 'TE_EN'],
      ['అదృష్టం బాగుంది, నా claim ఎప్పుడు settle అవుతుంది?', 'claim_status', 'TE'],
      ['kopam vastondi, enduku 5000 cut chesaru?', 'query_reason', 'TE_EN'],
    ]);
  });

  it('reads a fright at a hospital bill (కళ్ళు తిరిగాయి, lekapothe em ayyedo), staff who talked patiently (opikaga matladindi) and papers told sent by us (upload చేశాం) as small talk, and a policy copy that will not download as the policy\'s business; a question beside them still asks', () => {
    expectReadings([
      ['బిల్లు చూడగానే కళ్లు తిరిగాయి, insurance లేకపోతే ఏమయ్యేదో', 'small_talk', 'TE'],
      ['hospital bill chusi kallu tirigaayi andi 😅', 'small_talk', 'TE_EN'],
      ['mee receptionist chala opikaga matladaaru', 'small_talk', 'TE_EN'],
      ['Aadhaar copy కూడా అప్లోడ్ చేశాం', 'unclear', 'TE'],
      ['policy pdf download kaavadam ledu', 'unclear', 'TE_EN'],
      ['Aadhaar copy upload chesam, inka emi kavali?', 'pending_documents', 'TE_EN'],
      ['claim form download avvatledu, ekkada dorukutundi?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads for that alone, the whole thing cancelled? (anduke motham cancel aa, దానికే రిజెక్ట్ ఆ) after a delay told as a why asked of the rejection, no status; a call told made for it asks nothing new', () => {
    expectReadings([
      ['oka roju late ga bills ichaanu anthe, anduke motham cancel aa?', 'query_reason', 'TE_EN'],
      ['రెండు రోజులు ఆలస్యం అయింది, దానికే reject ఆ?', 'query_reason', 'TE'],
      ['anduke call chesanu, naa claim status enti?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads their phone number after who handles the claim (vaalla phone number kavali, వాళ్ళ ఫోన్ నంబర్ కావాలి) as a person asked for', () => {
    expectReadings([
      ['Vizag branch lo naa claim evaru chustunnaru? vaalla phone number kavali', 'human_handover', 'TE_EN'],
      ['మా claim ఎవరు చూస్తున్నారు? వాళ్ళ ఫోన్ నంబర్ కావాలి', 'human_handover', 'TE'],
    ]);
  });

  it('reads an agent who got the policy made and gave this number (policy ippincharu, నంబర్ ఇచ్చారు), or who will see to it, as told: no payment, no person asked for', () => {
    expectReadings([
      ['maa agent Ravi garu policy ippincharu, aayane ee number ichaaru', 'unclear', 'TE_EN'],
      ['మా agent సురేష్ గారు policy ఇప్పించారు, ఆయనే ఈ నంబర్ ఇచ్చారు', 'unclear', 'TE'],
      ['naa agent ki anni cheppanu, aayana chusukuntaru', 'small_talk', 'TE_EN'],
    ]);
  });

  it('reads never recommending the company (evariki recommend cheyyanu, ఎవరికీ recommend చేయను) as venting, with the cut told', () => {
    expectReadings([
      ['room rent lo sagam cut chesaru, ee company ni evariki recommend cheyyanu', 'small_talk', 'TE_EN'],
      ['ఈ company ని ఎవరికీ recommend చేయను', 'small_talk', 'TE'],
    ]);
  });

  it('reads calling again and again (malli malli call cheyyalsi vastundi) as a complaint about calling, and no update that it was received (received ani update ledu) as no status: the papers asked about', () => {
    expectReadings([
      ['inka emi documents kavalo cheppandi, malli malli call cheyyalsi vastundi', 'pending_documents', 'TE_EN'],
      ['discharge summary post lo pampanu, received ani update ledu. reach ayyinda?', 'pending_documents', 'TE_EN'],
      ['malli call cheyandi', 'human_handover', 'TE_EN'],
    ]);
  });

  it('reads the ground of a rejection (asalu ground enti, em ground meeda) as its reason asked; porting the policy (port chesthe) as its business', () => {
    expectReadings([
      ['claim reject ayyindi ani letter vachindi, asalu ground enti?', 'query_reason', 'TE_EN'],
      ['policy vere company ki port chesthe waiting period carry avutunda?', 'unclear', 'TE_EN'],
    ]);
  });

  it('reads help praised (చాలా help చేశారు, help chesaaru) as thanks: naming the agent asks for no person', () => {
    expectReadings([
      ['branch lo agent Venkat garu help chesaaru', 'small_talk', 'TE_EN'],
      ['agent రాము గారు చాలా help చేశారు', 'small_talk', 'TE'],
      ['agent cheppaaru ikkada message cheyyamani, naa claim status enti?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads whom to contact (evarini contact cheyyali, ఎవరిని సంప్రదించాలి) as a person asked for, and a detail to update (update cheyyali) as the claimant\'s own doing, no status', () => {
    expectReadings([
      ['naa claim gurinchi evarini contact cheyyali?', 'human_handover', 'TE_EN'],
      ['క్లెయిమ్ గురించి ఎవరిని సంప్రదించాలి?', 'human_handover', 'TE'],
      ['mobile number maarindi, update cheyyali', 'unclear', 'TE_EN'],
      ['claim update cheppandi', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a call to come from a person (vaalla nunchi call raavali, నుంచి call రావాలి) as a person asked for', () => {
    expectReadings([
      ['naa file ni manager ki pampi, aayana nunchi call raavali', 'human_handover', 'TE_EN'],
      ['పై అధికారి నుండి నాకు call రావాలి', 'human_handover', 'TE'],
    ]);
  });

  it('reads resignation, praise of speed and an agent already told (em cheyyalem, fast ga jarigindi, chuskuntanu annadu) as small talk', () => {
    expectReadings([
      ['amount taggincharu, em cheyyalem, insurance ante anthe', 'small_talk', 'TE_EN'],
      ['payment twaraga jarigindi, great work', 'small_talk', 'TE_EN'],
      ['mee staff ki already cheppanu, vaadu chuskuntanu annadu', 'small_talk', 'TE_EN'],
      ['కారణం అర్థమైంది, ఇంకేమీ అక్కర్లేదు', 'small_talk', 'TE'],
    ]);
  });

  it('reads a status asked yes-or-no (inka pending lone unda, vachinaya leva, pending లోనే ఉందా) as a status question', () => {
    expectReadings([
      ['approve chesara leka inka pending lone unda?', 'claim_status', 'TE_EN'],
      ['settlement dabbulu account ki vachinaya leva', 'claim_status', 'TE_EN'],
      ['నా claim ఇంకా pending లోనే ఉందా', 'claim_status', 'TE'],
    ]);
  });

  it('reads the money not showing in the bank statement (bank statement lo kanipinchatledu) as the payment asked after, no paper', () => {
    expectReadings([
      ['transfer chesara? naa bank statement lo kanipinchatledu', 'claim_status', 'TE_EN'],
      ['bank statement pampinchala?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads "what is this" (enti idi, ఏంటి ఇది) after money as why, a cut told as a habit (last time kuda, alavatu aipoyindi, అలవాటైపోయింది) as venting, and papers submitted days ago (submit chesi) as sent', () => {
    expectReadings([
      ['pharmacy bills lo sagam cut chesaru, enti idi??', 'query_reason', 'TE_EN'],
      ['ICU charges motham teesesaru, ఏంటి ఇది?', 'query_reason', 'TE'],
      ['poyina saari kuda gloves ki dabbulu cut chesaru, ee saari kuda ante', 'small_talk', 'TE_EN'],
      ['mee company ki idi alavatu aipoyindi, prathi claim lo cut', 'small_talk', 'TE_EN'],
      ['పోయిన సారి కూడా room rent లో కట్ చేశారు, మీకు ఇది అలవాటైపోయింది', 'small_talk', 'TE'],
      ['last time kuda cut chesaru, ee sari enduku cut chesaru?', 'query_reason', 'TE_EN'],
      ['discharge summary upload chesi 10 rojulu ayyindi, inka dabbulu raledu enduku?', 'claim_status', 'TE_EN'],
      ['bills సబ్మిట్ చేసి 15 రోజులు అయింది, డబ్బులు ఎప్పుడు వస్తాయి?', 'claim_status', 'TE'],
      ['documents ela submit chesi claim cheyali?', 'pending_documents', 'TE_EN'],
    ]);
  });

  it('reads a bill given (bill icharu, బిల్లు ఇచ్చారు: the paper handed over) as no payment: whether to get it again and send asks for documents, a payment asked after it still asks the status', () => {
    expectReadings([
      ['హాస్పిటల్ వాళ్ళు stamp లేకుండా బిల్లు ఇచ్చారు, మళ్ళీ తీసుకుని పంపాలా?', 'pending_documents', 'TE'],
      ['pharmacy vaadu sign lekunda bill ichadu, adi malli pampala?', 'pending_documents', 'TE_EN'],
      ['hospital vaallu final bill icharu, inka emi documents kavali?', 'pending_documents', 'TE_EN'],
      ['discharge appudu bill icharu, claim eppudu settle avutundi?', 'claim_status', 'TE_EN'],
    ]);
  });

  it('reads a reason told given (reason cheppaaru, కారణం చెప్పారు), the heart not accepting it (manasu oppukoledu) as no person nor rejection, "I don\'t want this company" (ee company vaddu) as a parting word, and "please confirm" (నిర్ధారించండి) as a request', () => {
    expectReadings([
      ['room rent cut chesinanduku reason cheppaaru, ayina manasu oppukoledu. inka ee company vaddu', 'small_talk', 'TE_EN'],
      ['రూమ్ రెంట్ కట్ చేసినందుకు కారణం చెప్పారు, అయినా మనసు ఒప్పుకోలేదు. ఇక ఈ కంపెనీ వద్దు', 'small_talk', 'TE'],
      ['cut chesinanduku kaaranam cheppandi', 'query_reason', 'TE_EN'],
      ['manasu baledu, claim eppudu settle avutundi?', 'claim_status', 'TE_EN'],
      ['పంపిన బిల్లులు అన్నీ వచ్చాయో లేదో నిర్ధారించండి. claim no 5512230', 'pending_documents', 'TE'],
      ['డబ్బులు అకౌంట్ లో పడ్డాయో లేదో నిర్ధారించండి', 'claim_status', 'TE'],
    ]);
  });

  it('reads a joke asked for (జోక్ చెప్పండి, joke cheppandi) as small talk, "I will hand them in and go" (ఇచ్చి వెళ్తాను, ichi veltanu) as papers about to be handed in, told, and "all sorted now" (antha set ayyindi) as closing', () => {
    expectReadings([
      ['ఒక జోక్ చెప్పండి సార్', 'small_talk', 'TE'],
      ['bore ga undi, oka joke cheppandi', 'small_talk', 'TE_EN'],
      ['మధ్యాహ్నం branch కి వచ్చి original bills ఇచ్చి వెళ్తాను', 'small_talk', 'TE'],
      ['sayantram office ki vachi discharge summary ichi veltanu', 'small_talk', 'TE_EN'],
      ['ఏ documents ఇచ్చి వెళ్ళాలి?', 'pending_documents', 'TE'],
      ['ముందు claim reject అయింది, ఇప్పుడు అంతా సెట్ అయింది', 'small_talk', 'TE'],
      ['mundu oka claim reject ayyindi, ippudu antha set ayyindi', 'small_talk', 'TE_EN'],
    ]);
  });
});
