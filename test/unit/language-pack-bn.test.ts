/**
 * The Bengali packs (pipeline/languages/bn and bn_en, scripts/Bengali.json): every reply the
 * English pack has, with the same variables; WhatsApp button and list titles within Meta's limits;
 * SMS replies within the segment budget (UCS-2 for Bengali script); STOP, START, YES and NO in
 * Bengali and romanised Bengali; Bengali digits read as numbers, in the grammar and by the PHI
 * recognisers; the script's spelling folds; and what the replies tell a claimant to write is
 * understood, in the language it is written in.
 */
import { expect } from 'chai';
import { checkPackReplies } from '../helpers/language-pack-checks';
import { detectLanguage } from '../../pipeline/language';
import { asciiDigits, packOf } from '../../pipeline/languages';
import { matchIntent, understandMessage } from '../../pipeline/intents';
import { redactPhi } from '../../pipeline/policy-gate/phi-redaction';
import { consentAnswer, spokenLanguage } from '../../pipeline/stages/consent';
import { foldWord } from '../../pipeline/understanding/fold';
import { readMessage } from '../../pipeline/understanding/sentences';

const codes = ['BN', 'BN_EN'] as const;
describe('language packs: Bengali (BN, BN_EN)', () => {
  checkPackReplies({ native: 'BN', romanised: 'BN_EN', meta: 'bn', answer: 'রুম রেন্টের সীমা বিমার অঙ্কের ১% প্রতিদিন।' });

  it('reads STOP, START, YES and NO in Bengali and romanised Bengali as whole messages only', () => {
    const cases: Array<[string, 'yes' | 'no' | 'stop' | 'start']> = [
      ['বন্ধ করো', 'stop'], ['বন্ধ করুন', 'stop'], ['থামুন', 'stop'], ['মেসেজ বন্ধ করুন', 'stop'], ['bondho koro', 'stop'], ['Bondho korun!', 'stop'],
      ['শুরু করুন', 'start'], ['আবার শুরু করো', 'start'], ['chalu korun', 'start'], ['shuru koro', 'start'],
      ['হ্যাঁ', 'yes'], ['হ্যা', 'yes'], ['আমি রাজি', 'yes'], ['hya', 'yes'], ['raji achi', 'yes'],
      ['না', 'no'], ['রাজি নই', 'no'], ['raji noi', 'no'],
    ];
    for (const [text, answer] of cases) expect(consentAnswer(text), text).to.equal(answer);
    for (const text of ['মেসেজ বন্ধ করুন, ক্লেমের স্ট্যাটাস বলুন', 'bondho koro kintu status bolun', 'হ্যাঁ আমার ক্লেম কবে পাস হবে']) {
      expect(consentAnswer(text), text).to.equal(null);
    }
    // Answered in the language the word is in.
    expect(spokenLanguage('বন্ধ করুন', true)).to.equal('BN');
    expect(spokenLanguage('bondho koro', true)).to.equal('BN_EN');
    expect(spokenLanguage('shuru koro', true)).to.equal('BN_EN');
    // What the handover reply tells the claimant to send ends the handover.
    expect(packOf('BN').handover_cancel).to.include('দরকার নেই');
    expect(packOf('BN_EN').handover_cancel).to.include('dorkar nei');
  });

  it('reads Bengali digits as numbers: counts, amounts and references, and in the PHI recognisers', () => {
    expect(asciiDigits('ক্লেম ৪৫৭৮, ₹৩২,৫০০')).to.equal('ক্লেম 4578, ₹32,500');
    const entities = (text: string) => readMessage(text).words.filter((w) => w.startsWith('#'));
    expect(entities('ক্লেম নম্বর ৪৫৭৮ এর স্ট্যাটাস জানান')).to.deep.equal(['#ref']);
    expect(entities('৩২,৫০০ টাকার ক্লেম করেছি')).to.deep.equal(['#amount']);
    expect(entities('১৫ হাজার টাকা কেন কাটলেন')).to.deep.equal(['#amount']);
    expect(entities('ডিসচার্জ হয়ে ১০ দিন হয়ে গেছে')).to.deep.equal(['#number']);
    expect(entities('১২ নভেম্বর ভর্তি হয়েছিলাম')).to.deep.equal(['#date']);
    expect(matchIntent('১৫,০০০ টাকা কেন কাটলেন?')).to.equal('query_reason');
    expect(redactPhi('আমার মোবাইল ৯৮৭৬৫৪৩২১০').text).to.equal('আমার মোবাইল [phone removed]');
    // An account number needs a context word, also as a case form (অ্যাকাউন্টে: into the account).
    expect(redactPhi('আমার অ্যাকাউন্ট নম্বর ১২৩৪৫৬৭৮৯০১').text).to.equal('আমার অ্যাকাউন্ট নম্বর [account removed]');
    expect(redactPhi('টাকা অ্যাকাউন্টে ১২৩৪৫৬৭৮৯০১ পাঠান').text).to.equal('টাকা অ্যাকাউন্টে [account removed] পাঠান');
    expect(redactPhi('taka accounte 12345678901 e pathan').text).to.equal('taka accounte [account removed] e pathan');
    expect(redactPhi('ক্লেম ১২৩৪৫৬৭৮৯০১ এর স্ট্যাটাস').counts).to.deep.equal({});
  });

  it('folds the spellings Bengali is typed with to one form', () => {
    const same: Array<[string, string]> = [
      ['কী', 'কি'], ['দেরী', 'দেরি'], ['স্ট্যাটাস', 'স্টেটাস'], ['অ্যাপ্রুভ', 'এপ্রুভ'], ['এ্যাকাউন্ট', 'একাউন্ট'],
      ['হলো', 'হল'], ['কেনো', 'কেন'], ['কারণ', 'কারন'], ['ডকুমেন্ট', 'ডকুমেনট'], ['হ্যাঁ', 'হ্যা'], ['রঙ', 'রং'],
      ['হয়', 'হয'], ['ক্লেম্', 'ক্লেম'], ['ষ্টেটাস', 'স্টেটাস'], ['বিশেষ', 'বিশেশ'], ['র\u200d্যাব', 'র্যাব'],
    ];
    for (const [a, b] of same) expect(foldWord(a), `${a} = ${b}`).to.equal(foldWord(b));
    // A final o-kar folds only after two consonants: তো stays itself.
    expect(foldWord('তো')).to.not.equal(foldWord('ত'));
    expect(matchIntent('আমার ক্লেমর স্টাটাস কি')).to.equal('claim_status');
    expect(matchIntent('ক্লেম কেনো রিজেক্ট হলো')).to.equal('query_reason');
  });

  it('tells Bengali, romanised Bengali, Hinglish and English apart', () => {
    expect(detectLanguage('আমার ক্লেমের স্ট্যাটাস কী?')).to.equal('BN');
    expect(detectLanguage('claim এর স্ট্যাটাস জানান')).to.equal('BN');
    expect(detectLanguage('৪৫৭৮')).to.equal('BN');
    expect(detectLanguage('amar claim er status ki?')).to.equal('BN_EN');
    expect(detectLanguage('taka kobe pabo?')).to.equal('BN_EN');
    expect(detectLanguage('mera claim kab aayega')).to.equal('HI_EN');
    expect(detectLanguage('What is my claim status?')).to.equal('EN');
  });

  it('reads "kno" as keno, "how do I send" as a documents question, and a deduction in its case forms', () => {
    expect(matchIntent('ICU charge kno kom dilen?')).to.equal('query_reason');
    expect(matchIntent('disallowed items er taka kno katlo?')).to.equal('query_reason');
    // "কিভাবে" / "kibhabe" is how (the way), not why: how to send documents asks which and how.
    expect(matchIntent('কিভাবে বিল জমা দেব?')).to.equal('pending_documents');
    expect(matchIntent('kibhabe documents upload korbo?')).to.equal('pending_documents');
    expect(matchIntent('ডিডাকশনের কারণ বলবেন?')).to.equal('query_reason');
    // "chai naki" asks whether a paper is needed.
    expect(matchIntent('PAN card chai naki?')).to.equal('pending_documents');
    expect(detectLanguage('hospital e bill pouchheche?')).to.equal('BN_EN');
  });

  it('reads "I will send" as telling, couriered papers asked after, where to get a form, "X ke din" and "bot or human"', () => {
    expect(matchIntent('আগামীকাল রিপোর্টগুলো পাঠিয়ে দেব')).to.equal(null);
    expect(matchIntent('kal bill gulo pathiye debo')).to.equal(null);
    expect(matchIntent('আমি এখনই রিপোর্ট পাঠাচ্ছি')).to.equal(null);
    expect(matchIntent('কোন রিপোর্ট পাঠিয়ে দেব?')).to.equal('pending_documents');
    expect(matchIntent('গত মাসে ফাইলটা কুরিয়ার করেছিলাম, হাতে পেয়েছেন?')).to.equal('pending_documents');
    expect(matchIntent('file ta courier korechilam, hate peyechen?')).to.equal('pending_documents');
    expect(matchIntent('ইমেইল করেছিলাম, পেয়েছেন?')).to.equal('pending_documents');
    expect(matchIntent('email korechilam, peyechen?')).to.equal('pending_documents');
    expect(matchIntent('অনলাইনে কিভাবে আপলোড করব?')).to.equal('pending_documents');
    expect(matchIntent('ক্লেম ফর্ম কোথায় পাব?')).to.equal('pending_documents');
    expect(matchIntent('claim form kothay pabo?')).to.equal('pending_documents');
    // "জিনিস" (things) cut from a bill are no documents.
    expect(matchIntent('ওষুধের ৩,২০০ টাকা কেটেছেন, কোন কোন জিনিস?')).to.equal('query_reason');
    expect(matchIntent('ekjon staff ke din')).to.equal('human_handover');
    expect(matchIntent('bot naki manush, ke uttor dicche?')).to.equal(null);
    expect(detectLanguage('happy durga pujo')).to.equal('BN_EN');
    // SMS spellings: kbe (kobe), pbo (pabo), krbo (korbo), vai (bhai).
    for (const text of ['vai status?', 'status krbo?', 'claim status blun']) expect(detectLanguage(text), text).to.equal('BN_EN');
  });

  it('reads "just letting you know" and "I will send" as telling, a date as no when-word, a real person asked for, a new link asked for and a paper\'s case forms', () => {
    expect(matchIntent('documents গুলো আজ মেইল করে দিয়েছি, জানিয়ে রাখলাম')).to.equal(null);
    expect(matchIntent('docs sob mail kore diyechi, just janalam')).to.equal(null);
    expect(matchIntent('hospital theke final bill ta pele pathiye dibo')).to.equal(null);
    // তারিখ, tarikh: the day something was sent, no when-word that would stop "have you received them?".
    expect(matchIntent('২৮ তারিখ সব কাগজ মেইল করেছিলাম। receive হয়েছে কিনা একটু confirm করবেন?')).to.equal('pending_documents');
    expect(matchIntent('28 tarikh sob mail korechilam, sob thik thak peyechen to?')).to.equal('pending_documents');
    expect(matchIntent('বট চাই না, আসল কাউকে দিন প্লিজ। ভীষণ জরুরি')).to.equal('human_handover');
    expect(matchIntent('bot na, ashol kauke din please. urgent')).to.equal('human_handover');
    expect(matchIntent('senior kauke din')).to.equal('human_handover');
    expect(matchIntent('upload link টা expire হয়ে গেছে, নতুন একটা দিন')).to.equal('pending_documents');
    expect(matchIntent('আমার প্রেসক্রিপশনটা নাকি পড়া যাচ্ছে না, ওতে ঠিক কী সমস্যা?')).to.equal('pending_documents');
    expect(matchIntent('hospital ICP dey ni. ota chara hobe? naki otao mandatory?')).to.equal('pending_documents');
    // "kata" (cut) is romanised Bengali as well as Hinglish; "jitlo", "shuprobhat" Bengali alone.
    expect(detectLanguage("letter e 'non payable' bole Rs 3,850 kata, ogulo ki ki?")).to.equal('BN_EN');
    expect(detectLanguage('paisa kata kyu')).to.equal('HI_EN');
    for (const text of ['aaj India match jitlo', 'shuprobhat', 'r kodin lagbe bolo to']) expect(detectLanguage(text), text).to.equal('BN_EN');
    for (const text of ['amio pathiyechi', 'ki korche apnara', 'ar koto din lagben']) expect(detectLanguage(text), text).to.equal('BN_EN');
    // "clear kore bolun" (say it clearly) asks nothing about a claim being cleared.
    expect(matchIntent('aar ki baki ache clear kore bolun')).to.equal('pending_documents');
    expect(matchIntent('আর কী কী বাকি আছে ক্লিয়ার করে বলুন')).to.equal('pending_documents');
    expect(matchIntent('claim clear hoyeche?')).to.equal('claim_status');
    // "then I will send" tells; "which shall I send?" still asks.
    expect(matchIntent('কাল হাসপাতাল থেকে বিল নিয়ে আসব, তারপর পাঠাব')).to.equal(null);
    expect(matchIntent('kal hospital theke bill niye asbo, tarpor pathabo')).to.equal(null);
    expect(matchIntent('কোন কাগজ পাঠাব?')).to.equal('pending_documents');
    // "will just the final bill do?" asks which papers are needed.
    expect(matchIntent('শুধু ফাইনাল বিল দিলেই হবে?')).to.equal('pending_documents');
    expect(matchIntent('sudhu final bill dilei hobe?')).to.equal('pending_documents');
    // "is this a bot / an automatic reply?" asks nothing of a claim.
    expect(understandMessage('eta ki automatic reply?').kind).to.equal('small_talk');
    expect(understandMessage('tumi ki robot?').kind).to.equal('small_talk');
  });

  it('understands what its replies tell the claimant to write, in the language they are written in', () => {
    const asked: Array<[string, string]> = [
      ['ক্লেমের স্ট্যাটাস', 'claim_status'], ['কী কী ডকুমেন্ট বাকি', 'pending_documents'], ['ডকুমেন্ট বাকি', 'pending_documents'],
      ['ক্লেম কেন রিজেক্ট হল', 'query_reason'], ['কারও সাথে কথা বলুন', 'human_handover'],
      ['claim er status', 'claim_status'], ['aro ki documents lagbe', 'pending_documents'], ['documents lagbe', 'pending_documents'],
      ['claim keno reject holo', 'query_reason'], ['karo sathe kotha', 'human_handover'],
    ];
    for (const [text, intent] of asked) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(/[a-z]/.test(text) ? 'BN_EN' : 'BN');
    }
    for (const code of codes) {
      for (const [name, intent] of [['choice_claim_status', 'claim_status'], ['choice_pending_documents', 'pending_documents'], ['choice_query_reason', 'query_reason'], ['choice_human_handover', 'human_handover']]) {
        expect(matchIntent(packOf(code).replies.whatsapp[name!]!), `${code} ${name}`).to.equal(intent);
      }
    }
  });
  it('keeps এখনো (still) apart from এখন (now), reads ব্যাপার as no paper, Bangal status questions, and চেক করবেন as a request to check', () => {
    expect(foldWord('এখনো')).to.not.equal(foldWord('এখন'));
    expect(foldWord('কখনো')).to.not.equal(foldWord('কখন'));
    expect(foldWord('হলো')).to.equal(foldWord('হল'));
    expect(matchIntent('ক্লেম এখনো পেন্ডিং?')).to.equal('claim_status');
    // "Now, where do I send the bill?" asks about papers, not when the claim is paid.
    expect(matchIntent('অপারেশনের claim, hospital এর bill টা দিতে ভুলে গেছি। এখন কোথায় পাঠাব?')).to.equal('pending_documents');
    expect(matchIntent('pre-existing বলে claim reject করেছেন, ব্যাপারটা কী?')).to.equal('query_reason');
    expect(matchIntent('বাবার ক্লেমের কী হইল? কিছু তো জানাইলেন না')).to.equal('claim_status');
    expect(matchIntent('babar claim er ki hoilo? kichu janailen na')).to.equal('claim_status');
    expect(matchIntent('ডিসচার্জ সামারি গত সপ্তাহে পাঠিয়েছি, receive হয়েছে কিনা একটু চেক করবেন')).to.equal('pending_documents');
    // "Is anything short (kom) in my file?" asks for papers, as Hindi's "kuch kam hai"; "how much money short" still asks why.
    expect(matchIntent('babar claim e kichu kom ache?')).to.equal('pending_documents');
    expect(matchIntent('বাবার ক্লেমে কী কম আছে?')).to.equal('pending_documents');
    expect(matchIntent('আমার ফাইলে কিছু কম আছে কি?')).to.equal('pending_documents');
    expect(matchIntent('amar claim e koto taka kom ache?')).to.equal('query_reason');
  });

  it('keeps কোনো (any) apart from কোন (which); reads eta (this) as no ETA, kiser and kivabe hoy as why, a stamp as a paper, pash as passed, an upload error as a failed send', () => {
    expect(foldWord('কোনো')).to.not.equal(foldWord('কোন'));
    expect(foldWord('কেনো')).to.equal(foldWord('কেন'));
    const cases: Array<[string, string, string]> = [
      // "No answer at all" asks for no list; the person asked for decides.
      ['কোনো উত্তর নেই, এজেন্টের সাথে কথা বলতে চাই', 'human_handover', 'BN'],
      ['কোনো ডকুমেন্ট বাকি আছে?', 'pending_documents', 'BN'], ['আর কোনো কাগজ লাগবে?', 'pending_documents', 'BN'],
      // eta is Bengali "this" in a romanised Bengali message, the English ETA elsewhere.
      ['deduction dekhacche, eta kiser?', 'query_reason', 'BN_EN'], ['২০০০ টাকা কাটা হয়েছে, এটা কিসের?', 'query_reason', 'BN'],
      ['amar claim e 2000 taka kom dilo, eta kivabe hoy?', 'query_reason', 'BN_EN'],
      ['pharmacy bill puro pay korlo na kn?', 'query_reason', 'BN_EN'],
      ['what is the ETA for my claim?', 'claim_status', 'EN'],
      // A stamp or seal missing is a paper to fix; pash (passed) with শ.
      ['pharmacy bill e stamp nei bolche, ki korbo?', 'pending_documents', 'BN_EN'], ['বিলে সিল নেই বলছে, কি করব?', 'pending_documents', 'BN'],
      ['claim ta pash hoyeche?', 'claim_status', 'BN_EN'], ['ক্লেমটা পাশ হয়েছে কি?', 'claim_status', 'BN'],
      // "In process or rejected?" asks where the claim stands.
      ['ক্লেম প্রসেসে আছে নাকি reject?', 'claim_status', 'BN'],
      // An upload that shows an error, another way asked for; papers couriered, asked after.
      ['report upload korte error ashche, ar kono way?', 'pending_documents', 'BN_EN'], ['ডকুমেন্ট আপলোড করতে গেলে এরর দেখাচ্ছে', 'pending_documents', 'BN'],
      ['courier kore pathiye chilam, peyechen?', 'pending_documents', 'BN_EN'],
      // ar before a second question joins it, also before kono: its last question decides.
      ['taka kobe dhukbe ar kono kagoj ki lagbe?', 'pending_documents', 'BN_EN'], ['টাকা কবে ঢুকবে আর কোনো কাগজ কি লাগবে?', 'pending_documents', 'BN'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "not covered", the thousands that went somewhere, a helpline number or team leader asked for, and the policy in its case forms', () => {
    const cases: Array<[string, string, string]> = [
      ['amar claim e eta cover hoy na keno?', 'query_reason', 'BN_EN'], ['পলিসিতে এটা কভার হয় না কেন?', 'query_reason', 'BN'],
      ['20 hajar taka kothay gelo?', 'query_reason', 'BN_EN'], ['২০ হাজার টাকা কোথায় গেল?', 'query_reason', 'BN'],
      ['customer care er number ta din', 'human_handover', 'BN_EN'], ['কাস্টমার কেয়ার নম্বর কত?', 'human_handover', 'BN'],
      ['টিম লিডারকে দিন', 'human_handover', 'BN'],
      ['madam er sathe kotha bolbo', 'human_handover', 'BN_EN'], ['ম্যাডামের সাথে কথা বলব', 'human_handover', 'BN'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads whom to talk to, how much longer and the calculation asked for', () => {
    const cases: Array<[string, string, string]> = [
      ['kar sathe kotha bolbo?', 'human_handover', 'BN_EN'], ['কার সাথে কথা বলব?', 'human_handover', 'BN'],
      ['ar koto deri hobe?', 'claim_status', 'BN_EN'], ['আর কত দেরি হবে?', 'claim_status', 'BN'],
      ['hishab ta bujhiye bolun', 'query_reason', 'BN_EN'], ['হিসাবটা বুঝিয়ে বলুন', 'query_reason', 'BN'],
      ['keno eto deri hocche?', 'claim_status', 'BN_EN'], // a delay asked about: where the claim stands
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads Bangal forms: kene/কেনে (why), amare/আমারে phone den (call me), কি হইসে (what happened), কন (tell), korse and dise', () => {
    const cases: Array<[string, string, string]> = [
      ['taka kom dise kene?', 'query_reason', 'BN_EN'], ['claim reject korse kene?', 'query_reason', 'BN_EN'], ['টাকা কম দিসে কেনে?', 'query_reason', 'BN'],
      ['amare ekta phone den', 'human_handover', 'BN_EN'], ['আমারে একটা ফোন দেন', 'human_handover', 'BN'],
      ['ক্লেমটা কি হইসে কন', 'claim_status', 'BN'],
      // Not rejected, was it? asks where the claim stands.
      // baad (left out) is Bengali as well as Hinglish; gache is geche.
      ['kono document baad gache ki?', 'pending_documents', 'BN_EN'],
      // ase (comes) is Bengali as well as Marathi: a shared marker.
      ['taka ekhono ase ni, kobe asbe?', 'claim_status', 'BN_EN'],
      // A link that does not open asks for papers' way in, also after 'I will send'.
      // The news of the claim (খবরটা, khoborta) and -ta forms of English words as Bengali.
      ['ক্লেমের খবরটা কী?', 'claim_status', 'BN'], ['claimer khoborta ki?', 'claim_status', 'BN_EN'], ['claim er stetas ki?', 'claim_status', 'BN_EN'], ['kaeno taka kom dilo?', 'query_reason', 'BN_EN'], ['updateta din', 'claim_status', 'BN_EN'],
      ['kal sob pathiye debo kintu link khulche na', 'pending_documents', 'BN_EN'], ['লিংক খুলছে না', 'pending_documents', 'BN'],
      ['claim reject hoyni to?', 'claim_status', 'BN_EN'], ['ক্লেম রিজেক্ট হয়নি তো?', 'claim_status', 'BN'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads thanks for a favour done, how much longer in hours, দেন (give) as a request, a query raised and dibe (will give)', () => {
    const cases: Array<[string, string | null, string]> = [
      ['টাকা ঢুকে গেছে, অনেক উপকার করলেন', null, 'BN'], ['taka dhuke geche, onek upokar korlen', null, 'BN_EN'],
      ['discharge hoye gelo, approval ar kotokhon?', 'claim_status', 'BN_EN'], ['আর কতক্ষণ লাগবে?', 'claim_status', 'BN'],
      ['amake ekta phone den, message e bujhte parchi na', 'human_handover', 'BN_EN'], ['আমাকে একটা ফোন দেন, মেসেজে বুঝতে পারছি না', 'human_handover', 'BN'],
      ['abar query keno tulechen?', 'query_reason', 'BN_EN'], ['আবার কোয়েরি কেন দিলেন?', 'query_reason', 'BN'],
      ['baki taka kobe dibe?', 'claim_status', 'BN_EN'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(understandMessage('টাকা ঢুকে গেছে, অনেক উপকার করলেন').kind).to.equal('small_talk');
  });

  it('reads "reject hoyeche na ... ?" (rejected, or ...?) as one of the outcomes asked about, not a rejection to explain', () => {
    for (const [text, language] of [['babar claim reject hoyeche na process e ache?', 'BN_EN'], ['বাবার ক্লেম রিজেক্ট হয়েছে না প্রসেসে আছে?', 'BN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads pathay / pathayni, পাঠায়নি (sends, has not sent) as themselves, no typo of a request to send: an approval not sent asks where the claim stands', () => {
    for (const [text, language] of [['insurance er approval pathay ni bolche, apnara ki pathiyechen?', 'BN_EN'], ['TPA approval pathayni ekhono', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads katlo, কেটে নিল (cut, past) beside a why-word as the reason for a cut asked', () => {
    for (const [text, language] of [['amar bill theke taka keno katlo?', 'BN_EN'], ['hospital bill e 2000 kete nilo keno?', 'BN_EN'], ['বিল থেকে টাকা কেন কেটে নিল?', 'BN']] as const) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "upload করে দেবো" (English verb, Bengali "will do") as papers the claimant will send, which asks nothing', () => {
    for (const text of ['বিলগুলো কাল upload করে দেবো', 'রিপোর্ট বুধবার submit করে দেব', 'prescription কালকে mail করে দেবো']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal('BN');
    }
    // Asking how to upload still asks for documents.
    expect(matchIntent('কাগজ কিভাবে upload করব?')).to.equal('pending_documents');
  });

  it('reads "phone e dite hobe", ফোনে দিন (put someone on the phone) as asking for a person', () => {
    for (const [text, language] of [['chat e kaj hobe na, ekjon officer ke phone e din', 'BN_EN'], ['message e hocche na, kauke phone e dite hobe', 'BN_EN'], ['মেসেজে হবে না, কাউকে ফোনে দিতে হবে', 'BN']] as const) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "kon company r number", কোন কোম্পানির নম্বর (whose number is this) as a greeting that asks nothing', () => {
    for (const text of ['eta kon company r number?', 'এটা কোন কোম্পানির নম্বর?', 'kader number eta?']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
  });

  it('reads "hlo" as hello, not holo (happened)', () => {
    expect(detectLanguage('hlo sir, my claim status please')).to.equal('EN');
    expect(detectLanguage('hlo dada, claim er ki holo?')).to.equal('BN_EN');
  });

  it('reads kinte, kinbo (to buy, will buy) as themselves, no typo of a class word: buying a policy asks nothing of a claim', () => {
    expect(matchIntent('notun ekta health policy kinte chai, premium koto?')).to.equal(null);
    expect(matchIntent('ekta policy kinbo bhabchi')).to.equal(null);
    // কিনতে (to buy) is no typo of কিন্তু (but); কত লাগবে / koto lagbe (what it costs) asks for no papers.
    expect(matchIntent('নতুন একটা পলিসি কিনতে চাই, কী কী প্ল্যান আছে?')).to.equal(null);
    expect(matchIntent('policy renew korbo, premium koto lagbe?')).to.equal(null);
    // Papers still asked for by how many.
    expect(matchIntent('kagoj aro koto lagbe?')).to.equal('pending_documents');
  });
  it('reads "রিনিউ করব না" / "renew korbo na" (will not renew) as a parting word that asks nothing', () => {
    for (const [text, language] of [['প্রতিবার টাকা কেটে নেন, আর রিনিউ করব না', 'BN'], ['bar bar taka kete nen, ar renew korbo na', 'BN_EN'], ['প্রতিবার টাকা কেটে নেন, আপনাদের পলিসি আর নেব না', 'BN'], ['taka kete nilen, onno company te port korbo', 'BN_EN']] as const) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads a period counted (৩ সপ্তাহ ধরে, 2 mash dhore: for three weeks) as a delay: why beside it asks the status', () => {
    for (const [text, language] of [['৩ সপ্তাহ ধরে টাকা কেন আসেনি?', 'BN'], ['2 mash dhore claim keno atke ache?', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads "পাঠানোর পরেও", "deoar poreo" (even after sending, giving) as papers handed in, no documents question', () => {
    for (const [text, language] of [['সব রিপোর্ট পাঠানোর পরেও ক্লেম আটকে আছে', 'BN'], ['sob bill deoar poreo claim atke ache', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads a changed phone number (ফোন নম্বর বদলেছে, number bodleche) as no call and no status: it starts no workflow', () => {
    for (const text of ['আমার ফোন নম্বর বদলেছে, নতুন নম্বর আপডেট করুন', 'amar phone number bodleche, notun number update korun']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('customer care er phone number din')).to.equal('human_handover');
  });
  it('reads the present of sending (মেইল করছি, pathacchi: I am sending now) as papers handed in, which asks nothing', () => {
    for (const [text, language] of [['আজ রাতে ডিসচার্জ সামারি মেইল করছি', 'BN'], ['ekhuni bill gulo pathacchi', 'BN_EN'], ['aaj report gulo email korchi', 'BN_EN']] as const) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(language);
    }
    // Where to send still asks.
    expect(matchIntent('আমি কাগজ পাঠাচ্ছি, কোথায় পাঠাবো?')).to.equal('pending_documents');
  });
  it('reads a limit put on (লিমিট লাগালেন, limit lagalen) and room rent in its case forms as a cut asked about, and "koto somoy" as how long', () => {
    for (const [text, language] of [['রুম রেন্টে লিমিট কেন লাগালেন?', 'BN'], ['ICU te limit lagiyechen keno?', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('claim settle hote aro koto somoy lagbe?')).to.equal('claim_status');
  });
  it('reads festival wishes in romanised Bengali (shubho dipaboli, shubho holi) as greetings', () => {
    for (const text of ['shubho dipaboli', 'shubho holi dada']) expect(understandMessage(text).kind, text).to.equal('small_talk');
  });
  it('reads "chithi" (a letter the insurer sent) as no paper asked for: a rejection letter that came asks why', () => {
    for (const text of ['purono asukh bole batil kora hoyeche, emon chithi elo. keno?', 'claim batil hoyeche chithi esheche, eta kivabe holo?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal('BN_EN');
    }
  });
  it('reads the causative "boliye" (make someone speak: kotha boliye din) as romanised Bengali', () => {
    for (const text of ['karo sathe kotha boliye din', 'ekjon manush er sathe kotha boliye din please']) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal('BN_EN');
    }
  });
  it('reads a claim done or not (ক্লেম হল কিনা, claim hoyeche ki na) as where the claim stands; papers uploaded or not still ask for documents', () => {
    for (const [text, language] of [['মায়ের ক্লেম হল কিনা জানাবেন', 'BN'], ['mayer claim holo ki na bolben?', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('report upload holo kina?')).to.equal('pending_documents');
  });
  it('reads the causative "koran" (have it done: kauke diye phone koran) as romanised Bengali', () => {
    const text = 'kauke diye amake phone koran';
    expect(matchIntent(text)).to.equal('human_handover');
    expect(detectLanguage(text)).to.equal('BN_EN');
  });
  it('reads a decision (সিদ্ধান্ত, siddhanto) as where the claim stands, as the Marathi निर्णय: no decision yet asks the status, a rejection beside it still asks why', () => {
    for (const [text, language] of [['এক মাস হয়ে গেল, এখনও সিদ্ধান্ত হয়নি কেন?', 'BN'], ['babar claim er siddhanto kobe janaben?', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('সিদ্ধান্তটা ভুল, ক্লেম কেন বাতিল করলেন?')).to.equal('query_reason');
  });
  it('reads papers told mailed or WhatsApped (মেইল করলাম, হোয়াটসঅ্যাপ করেছি) as sent: a report that starts nothing', () => {
    for (const text of ['হাসপাতালের বিল মেইল করলাম', 'ডাক্তারের রিপোর্ট ইমেল করেছি']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('BN');
    }
  });

  it('reads kokhono, konodin (ever) as no typo of kokhon, kotodin: no when asked', () => {
    for (const text of ['ami kokhono eto kharap service pai ni', 'konodin bhabini eto jhamela hobe']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('BN_EN');
    }
    expect(matchIntent('claim kokhon settle hobe?')).to.equal('claim_status');
  });

  it('reads the first-person future of sending (pathabo, upload korbo, courier kore debo) as a promise that asks nothing, while which ones to send still asks', () => {
    for (const text of ['ajke bikele discharge summary pathabo', 'pharmacy bills kal upload korbo', 'reports courier kore debo']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('BN_EN');
    }
    expect(matchIntent('kon kon documents pathabo?')).to.equal('pending_documents');
  });

  it('reads the -কে forms of day words (কালকে, আজকে, gotokalke) as dates: papers told sent then start nothing, a payment asked for that day still asks', () => {
    for (const [text, language] of [['কালকে হাসপাতালের রিপোর্ট পাঠিয়ে দিয়েছি', 'BN'], ['আজকে ওষুধের বিল জমা দিয়েছি', 'BN'], ['gotokalke discharge summary pathiye diyechi', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('আজকে কি টাকা ঢুকবে?')).to.equal('claim_status');
  });

  it('reads papers given to a courier or the post (কুরিয়ারে দিলাম, post e pathiyechi) as sent: a report that starts nothing', () => {
    for (const [text, language] of [['প্রেসক্রিপশনগুলো কুরিয়ারে দিয়েছি', 'BN'], ['আসল বিলগুলো স্পিড পোস্টে পাঠিয়েছি', 'BN'], ['original bill gulo courier e dilam', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads money asked as sent already (পাঠানো হয়ে গেছে, pathano hoye geche) as a payment asked about, not papers to send', () => {
    for (const [text, language] of [['ক্লেমের টাকা কি পাঠানো হয়ে গেছে?', 'BN'], ['amar taka ki pathano hoye geche?', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "কার কাছে আছে", "kar kache ache" (with whom is it) beside the claim as where the claim is; whom to complain to still asks for a person', () => {
    for (const [text, language] of [['বাবার ক্লেমের ফাইলটা এখন কার কাছে আছে?', 'BN'], ['amar claim ta ekhon kar kache atke ache?', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('kar kache complaint korbo?')).to.equal('human_handover');
  });

  it('reads romanised Bengali "jama" as handing in (jama deoa: can the claim be submitted without a paper?), not Hinglish "deposited"; money jama hoyeche is still paid', () => {
    for (const text of ['X-ray report chara ki claim jama deoa jabe?', 'doctor er certificate chara ki claim jama kora jabe?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
      expect(detectLanguage(text), text).to.equal('BN_EN');
    }
    expect(matchIntent('taka ki account e jama hoyeche?')).to.equal('claim_status');
  });

  it('reads "এই অবস্থা", "ei obostha" (this sorry state) as venting, no status asked; what state the claim is in still asks', () => {
    for (const [text, language] of [['পনেরো বছরের পলিসি, আর বিপদের দিনে এই অবস্থা', 'BN'], ['bochor bochor premium diye ei obostha', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('আমার ক্লেমের এখন কি অবস্থা?')).to.equal('claim_status');
  });

  it('reads papers a family member sent or handed in (কুরিয়ার করেছেন, upload kore diyeche, দিয়ে এসেছি, diye asbe) as told, no papers asked; which papers are left still asks', () => {
    for (const [text, language] of [
      ['মেয়ে গতকাল সব রিপোর্ট আপলোড করে দিয়েছে।', 'BN'],
      ['জামাই সব বিল কুরিয়ার করেছেন।', 'BN'],
      ['প্রেসক্রিপশন আমি নিজে অফিসে দিয়ে এসেছি।', 'BN'],
      ['কাল ভাই গিয়ে ডিসচার্জ সামারি দিয়ে আসবে।', 'BN'],
      ['meye sob report upload kore diyeche', 'BN_EN'],
      ['jamai bill gulo courier korechen', 'BN_EN'],
      ['bhai kal giye prescription ta diye asbe', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('আর কোন কোন কাগজ বাকি আছে?')).to.equal('pending_documents');
  });

  it('reads "office" (the place papers are handed in at) as no typo of officer: handing papers in at the office starts nothing; an officer asked for still asks for a person', () => {
    for (const [text, language] of [
      ['baba nije office e giye bill gulo joma diyeche', 'BN_EN'],
      ['mi office madhe jaun saglya pavtya jama kelya', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('office er kono officer er sathe kotha bolte chai')).to.equal('human_handover');
  });

  it('reads waiting while papers are looked for (এক মিনিট, খুঁজছি; ektu daran, khujchi) as small talk, in Bengali; a question after the wait still asks', () => {
    for (const [text, language] of [
      ['এক মিনিট, পলিসির কাগজটা খুঁজছি', 'BN'],
      ['একটু দাঁড়ান, ডিসচার্জ রিপোর্ট খুঁজে দেখছি', 'BN'],
      ['ektu daran, hospital er bill ta khujchi', 'BN_EN'],
    ] as const) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('এক মিনিট, টাকা কবে পাব?')).to.equal('claim_status');
    expect(matchIntent('ektu daran, ar ki ki kagoj pathate hobe?')).to.equal('pending_documents');
  });

  it('reads "mane" (means) as romanised Bengali: what a deduction means is asked in Bengali', () => {
    for (const text of ['co-pay mane ki?', 'non payable mane ki?']) {
      expect(detectLanguage(text), text).to.equal('BN_EN');
      expect(matchIntent(text), text).to.equal('query_reason');
    }
  });

  it('reads co-pay written with a hyphen in Bengali script (কো-পে, কো-পেমেন্ট) as a cut: what it is and why it was applied asks why', () => {
    for (const text of ['এই কো-পে জিনিসটা কী, আমার বিলে কেন লাগল?', 'কো-পেমেন্ট কেন কাটা হল?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal('BN');
    }
  });

  it('reads pathiyeche, ekebare, joghonno as romanised Bengali: such venting or news is answered in Bengali', () => {
    for (const text of ['ekebare joghonno service', 'bhai report ta mail e pathiyeche']) {
      expect(detectLanguage(text), text).to.equal('BN_EN');
      expect(matchIntent(text), text).to.equal(null);
    }
  });

  it('reads nobody picking up the phone (কেউ ফোন ধরে না, keu dhore na) as venting, no person asked for; a call or a person asked beside it still asks', () => {
    for (const [text, language] of [
      ['হেল্পলাইনে দশবার ফোন করেছি, কেউ ধরে না', 'BN'],
      ['customer care e bar bar phone korlam, keu phone tole na', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('কেউ ফোন ধরে না, আমাকে একটা কলব্যাক দিন')).to.equal('human_handover');
    expect(matchIntent('keu phone dhore na, manager er sathe kotha bolte chai')).to.equal('human_handover');
  });

  it('reads papers the claimant will send (বাকি বিলগুলো পাঠাব, আপলোড করবো) as a promise that closes, as romanised pathabo does; where or what to send still asks', () => {
    for (const text of ['সামনের মাসে বাকি ওষুধের বিলগুলো পাঠাব।', 'রাতে সব রিপোর্ট আপলোড করবো।']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('BN');
    }
    expect(matchIntent('কাগজপত্র কোথায় পাঠাব?')).to.equal('pending_documents');
    expect(matchIntent('আর কী কী পাঠাব?')).to.equal('pending_documents');
  });

  it('reads how to get a paper (কীভাবে পাব, কোথা থেকে আনব; kibhabe pabo) as asking for documents, not the bill paid; how the money comes still asks its status', () => {
    for (const [text, language] of [
      ['নার্সিংহোম থেকে ফাইনাল বিলটা কীভাবে পাব?', 'BN'],
      ['ফিটনেস সার্টিফিকেট কোথা থেকে আনব?', 'BN'],
      ['lab theke original report kibhabe pabo?', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal('pending_documents');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('ক্লেমের টাকাটা কীভাবে পাব?')).to.equal('claim_status');
  });

  it('reads কাজের (of work, useful) as a word of its own, no typo of কাগজের (of the papers): "you are of no use" asks for no papers; which papers still asks', () => {
    expect(matchIntent('আপনাদের দিয়ে কোনো কাজের কাজ হয় না।')).to.equal(null);
    expect(matchIntent('আপনারা একদম কোনো কাজের না')).to.equal(null);
    expect(matchIntent('কোন কোন কাগজের কপি লাগবে?')).to.equal('pending_documents');
  });

  it('reads papers the claimant will fetch (নিয়ে আসব, এনে দেব; niye asbo) as a promise that closes; which papers to bring still asks', () => {
    for (const [text, language] of [['পরশু নার্সিংহোমে গিয়ে সব রিপোর্ট নিয়ে আসব।', 'BN'], ['kal lab e giye report ta niye asbo', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('কোন কোন কাগজ নিয়ে আসব?')).to.equal('pending_documents');
  });

  it('reads a courier\'s tracking number in Bengali script (ট্র্যাকিং নম্বর) as the consignment named, no status asked: papers couriered with it start nothing', () => {
    expect(matchIntent('ভাই সব বিল কুরিয়ার করে দিয়েছে, ট্র্যাকিং নম্বর DT4471902।')).to.equal(null);
    expect(matchIntent('ক্লেমের স্ট্যাটাস কী?')).to.equal('claim_status');
  });

  it('reads a form told filled in (ফর্ম ভরে দিয়েছে, fill up korechi) as papers handed over: telling it starts nothing; what else after it still asks', () => {
    for (const [text, language] of [['জামাই অনলাইনে ক্লেম ফর্ম ভরে দিয়েছে।', 'BN'], ['meye portal e form fill up kore diyeche', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('ফর্ম ভরে দিয়েছি, আর কী লাগবে?')).to.equal('pending_documents');
  });

  it('reads "never mind" (যাই হোক, যাকগে; jai hok) as a closing: money come late, told and let go, starts nothing; a question after it still asks', () => {
    for (const [text, language] of [['টাকা এল কিন্তু অনেক দেরিতে, যাকগে।', 'BN'], ['taka elo kintu onek deri te, jai hok', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('যাই হোক, টাকা কবে পাব?')).to.equal('claim_status');
  });

  it('reads sad news (দুঃখের খবর, খারাপ খবর, দুঃসংবাদ; dukkher khobor) as a known phrase, its খবর no status asked: a death in the family told starts nothing; any good news of the claim still asks', () => {
    for (const [text, language] of [['জেঠু কাল মারা গেছেন, খুব খারাপ খবর।', 'BN'], ['mama mara gechen, khub dukkher khobor', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('আমার ক্লেমের কোনো ভালো খবর আছে?')).to.equal('claim_status');
  });

  it('reads customer care called a failure (কাস্টমার কেয়ার পুরো ফেল, জঘন্য সার্ভিস; customer care baje) as venting, no person asked for; a manager asked for beside it still asks', () => {
    for (const [text, language] of [['আপনাদের কাস্টমার কেয়ার একদম ফেল।', 'BN'], ['apnader customer care joghonno', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('কাস্টমার কেয়ার বাজে, ম্যানেজারের সাথে কথা বলতে চাই')).to.equal('human_handover');
  });

  it('reads "I will check and tell you" (দেখে বলছি, dekhe janabo) as the claimant fetching an answer, a closing: a paper named in it asks for none; "check and tell me" still asks', () => {
    for (const [text, language] of [['একটু দাঁড়ান, পলিসির কপি দেখে বলছি।', 'BN'], ['daran, passbook ta dekhe janacchi', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('ক্লেমের স্ট্যাটাস দেখে বলুন')).to.equal('claim_status');
  });

  it('reads papers put on the portal or attached (তুলে দেবে, লাগিয়ে দিয়েছি; tule debe, attach korechi) as handed over: telling it starts nothing', () => {
    for (const [text, language] of [['মেয়ে রাতে পোর্টালে রিপোর্টগুলো তুলে দেবে।', 'BN'], ['form er sathe prescription attach kore diyechi', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads romanised Bengali papers sent in the simple past (upload korlam, courier korlam, mail korlam) as sent, as আপলোড করলাম is: telling it starts nothing; which papers are left still asks', () => {
    for (const text of ['ei matro sob report upload korlam', 'kal bill gulo courier korlam']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('BN_EN');
    }
    expect(matchIntent('upload korlam, ar ki ki kagoj baki ache?')).to.equal('pending_documents');
  });

  it('reads wait and see (দেখি কী হয়, dekha jak ki hoy) as a closing, its কী no question: papers told sent then start nothing', () => {
    for (const [text, language] of [['সব বিল পাঠিয়ে দিয়েছি, দেখা যাক কী হয়।', 'BN'], ['all docs upload korechi, ekhon dekhi ki hoy', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads enechi, eneche (have brought) as romanised Bengali: personal news told with it is answered in Bengali', () => {
    expect(detectLanguage('ma ke aaj bari enechi')).to.equal('BN_EN');
    expect(matchIntent('ma ke aaj bari enechi')).to.equal(null);
  });

  it('reads a visit planned or made to the office or branch (অফিসে আসব, গিয়ে এসেছি; branch e jabo, giye esechi) as a plan told: it starts nothing, also with the claim or its papers named', () => {
    for (const [text, language] of [
      ['পরের সোমবার ক্লেমের কাগজ নিয়ে অফিসে আসব।', 'BN'],
      ['টিপিএ অফিসে গিয়ে এসেছি।', 'BN'],
      ['kal claim er kagoj niye branch e jabo', 'BN_EN'],
      ['TPA office e giye esechi', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('টাকা অ্যাকাউন্টে কবে আসবে?')).to.equal('claim_status');
  });

  it('reads the claimant having told someone everything (বলে দিয়েছি, জানিয়ে রেখেছি; sob bole diyechi) as news told: the agent named asks for no person; a manager asked for after it still asks', () => {
    for (const [text, language] of [['এজেন্টকে সব বলে দিয়েছি।', 'BN'], ['hospital ke janiye rekhechi', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('এজেন্টকে সব বলে দিয়েছি, এখন ম্যানেজারের সাথে কথা বলতে চাই')).to.equal('human_handover');
  });

  it('reads relief (ভালো হল, যাক বাবা, বাঁচলাম; bhalo holo) as a closing: money told come with it starts nothing; a question after it still asks', () => {
    for (const [text, language] of [['যাক বাবা, টাকাটা অ্যাকাউন্টে এসে গেছে।', 'BN'], ['bhalo holo, settlement er taka ese geche', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('ভালো হল, কিন্তু বাকি টাকা কবে আসবে?')).to.equal('claim_status');
  });

  it('reads the cut-back and disallowed in their Bengali forms (কাটছাঁটের, ডিসঅ্যালাউড; katchhanter) as a cut: what they mean asks why', () => {
    for (const [text, language] of [['বিলের এই কাটছাঁটের কারণটা কী?', 'BN'], ['ডিসঅ্যালাউড অংশটা কী জিনিস?', 'BN'], ['ei katchhanter mane ki?', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads a hassle exclaimed (কি যে ঝামেলা, কত হয়রানি, ঝামেলার শেষ নেই; ki je jhamela, koto hoyrani) as venting, its কি no question: bills fetched with a hassle start nothing; a question beside it still asks', () => {
    for (const [text, language] of [
      ['ফার্মেসি থেকে তিনবার গিয়ে বিল আনলাম, কি যে ঝামেলা', 'BN'],
      ['ডিসচার্জের কাগজ নিতে কত হয়রানি, সারা দুপুর বসে ছিলাম', 'BN'],
      ['ki je jhamela, lab er report ante duto din laglo', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('কি যে ঝামেলা, আর কোন কাগজ বাকি আছে?')).to.equal('pending_documents');
    expect(matchIntent('koto jhamela, taka kobe pabo?')).to.equal('claim_status');
  });

  it('reads a call asked for in the polite future (কল করবেন, ফোন দেবেন; phone korben, call diben) as asking for a call back, also with the time the claimant is free', () => {
    for (const [text, language] of [
      ['বিকেলের পর একটা ফোন করবেন, এখন মিটিংয়ে আছি', 'BN'],
      ['সন্ধ্যায় কল দেবেন, তখন বাড়ি থাকব', 'BN'],
      ['lunch er pore ekta phone korben please', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads the policy\'s own business (renewal, premium, a new policy) as no claim: a renewal told done (রিনিউ করেছি, premium diyechi) closes, and when to renew or what the premium is (রিনিউ কবে, premium koto) starts no claim workflow; a claim question beside them still asks', () => {
    for (const [text, language] of [
      ['গত সপ্তাহে পলিসি রিনিউ করলাম, রসিদও এসেছে।', 'BN'],
      ['পলিসিটা কবে রিনিউ করতে হবে?', 'BN'],
      ['নতুন পলিসির প্রিমিয়াম কত পড়বে?', 'BN'],
      ['online e premium diye diyechi, receipt mail e eseche', 'BN_EN'],
      ['renew kober moddhe korte hobe?', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('পলিসি রিনিউ করেছি, তবু ক্লেম কেন বাতিল হল?')).to.equal('query_reason');
    expect(matchIntent('premium diyechi, claim er taka kobe pabo?')).to.equal('claim_status');
  });

  it('reads আনা (to bring) in its past forms (এনেছে, আনলাম; eneche, anlam) as itself, no typo of a payment word, and bills fetched (তুলে এনেছি, tule enechi) as papers in hand: telling it starts nothing; what to send next still asks', () => {
    for (const [text, language] of [
      ['ভাইপো আজ ল্যাব থেকে রিপোর্ট তুলে এনেছে।', 'BN'],
      ['ফার্মেসির বিলগুলো কাল তুলে আনলাম।', 'BN'],
      ['jamai babu pharmacy theke bill tule eneche', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('রিপোর্ট তুলে এনেছি, আর কী কী পাঠাতে হবে?')).to.equal('pending_documents');
  });

  it('reads the insurer having asked (চাইলেন, চেয়েছিলেন; chailen) as told, no need now, and bad service with an intensifier (সার্ভিস একদম বাজে, service khub kharap) as venting: a complaint about papers asked for again starts nothing; which papers they asked for, or a person asked beside it, still asks', () => {
    for (const [text, language] of [
      ['সার্ভিস খুবই বাজে। দু সপ্তাহে চারবার একই রিপোর্ট চেয়েছিলেন।', 'BN'],
      ['service khub kharap, barbar ek e bill chailen', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('আপনারা কোন কাগজ চাইলেন?')).to.equal('pending_documents');
    expect(matchIntent('সার্ভিস একদম বাজে, ম্যানেজারের সাথে কথা বলিয়ে দিন')).to.equal('human_handover');
  });

  it('reads the policy\'s own business in Bengali (নমিনি, নাম যোগ করতে, সাম ইনশিওর্ড বাড়াতে; naam jog korte, port korte) as cover: the policy beside it is no claim and asks nothing of one; a claim asked beside it still asks', () => {
    for (const [text, language] of [
      ['পলিসিতে শাশুড়ির নাম যোগ করতে চাই।', 'BN'],
      ['পলিসিটা অন্য কোম্পানিতে পোর্ট করতে চাই, হবে?', 'BN'],
      ['policy te swami r naam jog korte chai', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('পলিসির নমিনি বদলেছি, কিন্তু ক্লেমের টাকা কবে পাব?')).to.equal('claim_status');
  });

  it('reads nobody having picked up, in the past (কেউ ধরল না, ফোন ধরেনি; keu dhorlo na) as venting, as ধরে না is: customer care called five times starts nothing; a person asked for beside it still asks', () => {
    for (const [text, language] of [['হেল্পলাইনে দশবার কল করলাম, কেউ ধরলই না।', 'BN'], ['sara din phone korlam, keu dhoreni', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('কেউ ফোন ধরেনি, ম্যানেজারের সাথে কথা বলিয়ে দিন')).to.equal('human_handover');
  });

  it('reads the object ending typed apart from a relation (মা কে, বাবা কে, স্ত্রী কে: to mother) as no "who": papers promised after a discharge told start nothing; a question after it still asks', () => {
    for (const text of ['বাবা কে কাল ছুটি দেবে, তারপর রিপোর্ট পাঠাবো', 'স্ত্রী কে সোমবার ডিসচার্জ করবে, তারপর সব বিল একসাথে পাঠাবো']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('BN');
    }
    expect(matchIntent('মা কে কবে ছুটি দেবে জানি না, কি কি কাগজ লাগবে?')).to.equal('pending_documents');
    expect(understandMessage('আপনি কে?').kind).to.equal('small_talk');
  });

  it('reads someone who would explain or talk (বুঝিয়ে বলার মতো কেউ, বলবে এমন কেউ; bolar moto keu) as a request for a person, not the greeting "is anyone there?": a call asked for with it is a handover; "কেউ আছে?" alone still greets', () => {
    for (const [text, language] of [
      ['টাকা কেন কম এল বুঝছি না, ফোনে বোঝানোর মতো কেউ আছে?', 'BN'],
      ['phone e bujhiye bolar moto keu ache?', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(understandMessage('কেউ আছে?').kind).to.equal('small_talk');
  });

  it('reads the policy\'s own card (হেলথ কার্ড, ই-কার্ড, পলিসি কার্ড) as a known phrase, no claim paper, as English reads health card: how to download it starts no workflow; a claim form to download, or the card\'s copy to send, still asks for documents', () => {
    for (const text of ['মোবাইলে হেলথ কার্ড কিভাবে ডাউনলোড করব?', 'অ্যাপে ই-কার্ড কোথা থেকে ডাউনলোড হবে?']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('BN');
    }
    expect(matchIntent('ক্লেম ফর্ম কিভাবে ডাউনলোড করব?')).to.equal('pending_documents');
    expect(matchIntent('হেলথ কার্ডের কপি পাঠাতে হবে?')).to.equal('pending_documents');
  });

  it('reads a refusal to redo the claimant\'s own paperwork (আবার ভরব না, আর পাঠাব না; abar fill korbo na) as venting, as MR\'s पुन्हा भरणार नाही: a form filled twice told with it starts nothing; a question beside it still asks', () => {
    for (const [text, language] of [
      ['ক্লেম ফর্ম তিনবার ভরে দিয়েছি, আবার ভরব না।', 'BN'],
      ['claim form already duto bar fill korechi, abar fill korbo na', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('bill gulo ar pathabo na, taka kobe pabo?')).to.equal('claim_status');
  });

  it('reads buying a policy (ইনস্যুরেন্স নেব, পলিসি করাব; insurance nebo) as the policy\'s own business, as MR\'s विमा घेणार: "when would I take your insurance again" after bad service vents and asks no claim status; a claim asked beside it still asks', () => {
    for (const [text, language] of [
      ['বাজে সার্ভিস, আবার কবে আপনাদের পলিসি নেব?', 'BN'],
      ['worst service, abar kobe tomader insurance nebo', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('পলিসি নেব ভাবছি, কিন্তু আগে ক্লেমের টাকা কবে পাব?')).to.equal('claim_status');
  });

  it('reads venting (বিরক্ত লাগছে, এত ঝামেলা; birokto lagche, eto jhamela) as venting, as MR\'s डोकं फिरलंय: a hassle with the bills told starts nothing; a question beside it still asks', () => {
    for (const [text, language] of [
      ['অফিসে তিনবার গেলাম, এত ঝামেলা, সত্যি বিরক্ত লাগছে', 'BN'],
      ['tinbar office gelam, eto jhamela, birokto lagche', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('এত ঝামেলা, ক্লেমের টাকা কবে পাব?')).to.equal('claim_status');
    expect(matchIntent('eto jhamela, claim er taka kobe pabo?')).to.equal('claim_status');
  });

  it('reads the English person typed in Bengali script (পার্সন, রিয়েল পার্সন) as a person: one asked for is a handover, and পার্সোনাল (personal) is no person', () => {
    for (const text of ['একজন পার্সনের সাথে কথা বলতে চাই', 'রিয়েল পার্সন দিন প্লিজ']) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal('BN');
    }
    expect(matchIntent('পার্সোনাল অ্যাক্সিডেন্ট পলিসির ক্লেম কবে পাব?')).to.equal('claim_status');
  });

  it('reads someone working on the claim (কেউ কাজ করছে, কাজ হচ্ছে; keu kaj korche) as its status: whether anyone works on it asks the claim status, and a link not working is still no claim', () => {
    for (const [text, language] of [
      ['আমার ক্লেম নিয়ে কেউ কাজ করছেন তো?', 'BN'],
      ['amar claim niye keu kaj korche?', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('লিংক কাজ করছে না')).to.equal('pending_documents');
  });

  it('reads acceptance (আর কিছু বলার নেই, nothing more to say; ar kichu bolar nei) as a closing: a cut or a rejection accepted starts nothing; a why asked beside it still asks', () => {
    for (const [text, language] of [
      ['রিজেকশন নিয়ে আর কিছু বলার নেই, মেনে নিলাম', 'BN'],
      ['ok, deduction niye kichu bolar nei', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('কিছু বলার নেই, কিন্তু টাকা কেন কাটা হল?')).to.equal('query_reason');
  });

  it('reads next week and next month (পরের সপ্তাহে, সামনের মাসে; porer week, samner mashe) as a date told as well as a when-word, as English does: a claim planned after an operation asks no payment date; money asked for next week still asks', () => {
    for (const [text, language] of [
      ['পরের সপ্তাহে বাবার অপারেশন, তারপর ক্লেম করব', 'BN'],
      ['samner mashe mayer operation, tarpor claim korbo', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('পরের সপ্তাহে কি টাকা পাব?')).to.equal('claim_status');
    expect(matchIntent('porer week e taka pabo to?')).to.equal('claim_status');
  });

  it('reads the claimant\'s own acceptance (মেনে নিলাম, আর কিছু করার নেই; mene nilam) as a closing: a rejection accepted starts nothing; a why beside it still asks', () => {
    for (const [text, language] of [
      ['নাকচ মেনে নিলাম, আর কিছু করার নেই', 'BN'],
      ['rejection mene nilam, ar kichu korar nei', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('মেনে নিলাম, কিন্তু ক্লেম কেন রিজেক্ট হল?')).to.equal('query_reason');
  });

  it('reads a paper said about to be ready (রেডি হবে, তৈরি হবে; ready hobe) as papers about to come, as English will be ready: the hospital\'s bill ready tomorrow is told and asks for no papers; which papers are needed beside it still asks', () => {
    for (const [text, language] of [
      ['হাসপাতাল বলল ফাইনাল বিল কাল রেডি হবে', 'BN'],
      ['hospital bollo final bill kal ready hobe', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('রিপোর্ট কাল রেডি হবে, আর কোন কাগজ লাগবে?')).to.equal('pending_documents');
  });

  it('reads gladness and what matters more (খুব খুশি, খুব ভালো দিন, সেটাই বড় কথা; khub khushi, setai boro kotha) as a closing: money come or a rejection told with them starts nothing; a question beside them still asks', () => {
    for (const [text, language] of [
      ['আজ মায়ের জন্মদিন, টাকাও এসেছে, খুব ভালো দিন', 'BN'],
      ['ক্লেম রিজেক্ট হয়েছে, কিন্তু বাবা সুস্থ আছেন সেটাই বড় কথা', 'BN'],
      ['claim er taka eseche, khub khushi holam', 'BN_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('khushi holam na, taka keno kata holo?')).to.equal('query_reason');
    expect(matchIntent('ভালো দিন, আমার ক্লেমের টাকা কবে পাব?')).to.equal('claim_status');
  });

  it('reads thanks to God (ভগবানের কৃপায়, আল্লাহর রহমতে; allah r rohmote) as a closing: money come told with it starts nothing; a question beside it still asks', () => {
    for (const [text, language] of [['ভগবানের কৃপায় ক্লেমের টাকা এসে গেছে', 'BN'], ['allah r rohmote claim er taka peye gechi', 'BN_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('ভগবানের কৃপায় বাবা সুস্থ, কিন্তু ক্লেমের টাকা কবে পাব?')).to.equal('claim_status');
  });
  it('reads a rejection letter come, a prayer asked, a lost card and an app that will not open (রিজেকশন লেটার পেয়েছি, প্রার্থনা করবেন, নতুন কার্ড; rejection letter peyechi, kono bhorsa nei, crash kore jacche) as starting no workflow; a question beside them still asks', () => {
    for (const text of [
      'আজ রিজেকশন লেটার পেয়েছি',
      'rejection letter peyechi, dekhi ki kori',
      'মায়ের কাল বাইপাস অপারেশন, প্রার্থনা করবেন',
      'insurance company r upor kono bhorsa nei',
      'app ta update korar por crash kore jacche',
    ]) expect(matchIntent(text), text).to.equal(null);
    for (const text of ['কার্ড হারিয়ে গেছে, নতুন কার্ড কীভাবে পাব?', 'card hariye geche, notun card kivabe pabo?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(matchIntent('রিজেকশন লেটার পেয়েছি, কিন্তু ক্লেম কেন বাতিল হল?')).to.equal('query_reason');
  });

  it('reads how many more days it will take (aro koto din lagbe) as a when-question, not papers needed; someone given or caught on the phone (কাউকে দিন; phone e dhorte parbo, real lok chai) as asking for a person; ekhoni as romanised Bengali', () => {
    expect(matchIntent('maa r claim settle hote aro koto din lagbe?')).to.equal('claim_status');
    expect(matchIntent('ar koto document lagbe?')).to.equal('pending_documents');
    for (const text of ['ম্যানেজার কাউকে দিন, আর পারছি না', 'ar ki kichu dite hobe? naki karo sathe phone e dhorte parbo?', 'ekjon real lok chai, bot na']) {
      expect(matchIntent(text), text).to.equal('human_handover');
    }
    expect(detectLanguage('agent din ekhoni')).to.equal('BN_EN');
  });
  it('reads good night typed as shubh ratri as small talk in romanised Bengali too', () => {
    expect(understandMessage('shubh ratri 🙏').kind).to.equal('small_talk');
  });
  it('reads the app not opening or crashing after an update (আপডেটের পর, অ্যাপ খুলছে না, ক্র্যাশ করছে) as telling, no claim update asked', () => {
    expect(matchIntent('আপডেট করার পর অ্যাপ খুলছে না')).to.equal(null);
    expect(matchIntent('অ্যাপ ক্র্যাশ করছে, আমার ক্লেমের স্ট্যাটাস কী?')).to.equal('claim_status');
  });
  it('reads a renewal whose online payment fails (রিনিউ করতে চাই, অনলাইন পেমেন্ট ফেল; renew korte chai) as the policy\'s business, no claim payment asked', () => {
    for (const text of ['পলিসি রিনিউ করতে চাই, কিন্তু অনলাইন পেমেন্ট ফেল হচ্ছে', 'policy renew korte chai, online payment fail hocche']) {
      expect(matchIntent(text), text).to.equal(null);
    }
  });
  it('reads the premium or tax certificate (প্রিমিয়াম সার্টিফিকেট, ট্যাক্স সার্টিফিকেট) as the policy\'s own business, no claim paper', () => {
    expect(matchIntent('ইনকাম ট্যাক্সের জন্য প্রিমিয়াম সার্টিফিকেট কোথায় পাব?')).to.equal(null);
  });
  it('reads a rejection letter told come (রিজেকশনের চিঠি এসেছে; rejection er chithi eseche) as starting nothing; why asked beside it still asks', () => {
    for (const text of ['রিজেকশনের চিঠি হাতে পেয়েছি', 'rejection er chithi peyechi']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('রিজেকশনের চিঠি হাতে পেয়েছি, কিন্তু ক্লেম কেন বাতিল হল?')).to.equal('query_reason');
  });
  it('reads Assalamualaikum and what day it is (aaj ki bar) as greetings, small talk; a claim asked beside the greeting still asks', () => {
    for (const text of ['Assalamu alaikum', 'aaj ki bar?']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('assalamualaikum, claim er status ki?')).to.equal('claim_status');
  });
  it('reads the 80D certificate with its genitive (80D এর সার্টিফিকেট, 80d er certificate), premium inflections (প্রিমিয়ামের), the network hospital list, a number change and a lost card (kothay rekhechi) as the policy\'s business', () => {
    for (const text of ['আয়কর এর জন্য 80D এর সার্টিফিকেট পাঠাবেন?', '80d er certificate ta pathiye deben?', 'প্রিমিয়ামের শেষ তারিখ কবে?', 'নেটওয়ার্ক হাসপাতালের লিস্ট পাঠান', 'network hospital er list ta pathan', 'আমার মোবাইল নম্বর চেঞ্জ করব কিভাবে?', 'card ta kothay rekhechi mone nei, notun card kivabe pabo?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
  });
  it('reads meeting someone at the office (কারো সাথে দেখা করা, dekha korte) and someone to call and explain (phone kore bujhiye din) as asking for a person', () => {
    for (const text of ['অফিসে গিয়ে কারো সাথে দেখা করা যাবে?', 'branch e giye karo sathe dekha korte chai', 'keno kom dilen? ekjon phone kore bujhiye din']) {
      expect(matchIntent(text), text).to.equal('human_handover');
    }
  });
  it('reads the price (দাম, daam) as money, a photo (ছবি, chobi) as a paper, and papers arrived properly (ঠিকমতো এসেছে কিনা) as their receipt asked', () => {
    for (const text of ['osudher daam keno puro dilen na?', 'ওষুধের দাম কেন কম দিলেন?']) expect(matchIntent(text), text).to.equal('query_reason');
    for (const text of ['whatsapp e chobi pathale hobe?', 'রিপোর্টগুলো পাঠিয়েছি, ঠিকমতো এসেছে কিনা জানাবেন?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads premium by EMI (emi te deya) as romanised Bengali and the policy\'s business, and when to renew or pay the premium (রিনিউ কবে, premium kobe) through the cover class, no claim asked', () => {
    expect(detectLanguage('premium ki emi te deya?')).to.equal('BN_EN');
    for (const text of ['premium ki emi te deya?', 'প্রিমিয়াম কবে দিতে হবে?', 'renewal kobe due?', 'অফিস শনিবার খোলা থাকে?']) expect(matchIntent(text), text).to.equal(null);
  });
  it('tells romanised Bengali by "as" and "will do" (hisebe, cholbe) and "has written" (likheche), beside English paper words', () => {
    for (const text of ['ID proof hisebe passport cholbe?', 'mail e likheche documents lagbe']) expect(detectLanguage(text), text).to.equal('BN_EN');
    expect(matchIntent('ID proof hisebe passport cholbe?')).to.equal('pending_documents');
  });
  it('reads papers someone else will bring or hand in (নিয়ে আসবে, জমা দিয়ে যাবে, niye asbe, joma diye jabe) as told, starting nothing; a question after it still asks', () => {
    for (const text of ['আমার ছেলে পরশু রিপোর্টগুলো নিয়ে আসবে', 'বাবা সোমবার সব কাগজ জমা দিয়ে যাবেন', 'meye kal bill gulo joma diye jabe', 'bhai kal sob kagoj niye asbe']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('ভাই কাল কাগজ নিয়ে আসবে, কী কী লাগবে?')).to.equal('pending_documents');
  });
  it('reads relief told (শান্তি পেলাম, nishchinto holam) and someone going to the office with the papers (অফিসে যাবেন, office e asbe) as closing, starting nothing; a question after the relief still asks', () => {
    for (const text of ['ক্লেম পাস হয়ে গেছে দেখলাম, শান্তি পেলাম', 'claim settle hoye geche, nishchinto holam', 'বাবা কাগজ নিয়ে অফিসে যাবেন', 'kal mama bill gulo niye office e asbe']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('claim settle hoye geche shanti pelam, kintu taka kobe pabo?')).to.equal('claim_status');
  });
  it('reads a number or e-mail changed (নম্বর বদলে গেছে, নতুন নম্বরটা, number bodlechi, notun email) and its update asked as the policy\'s business; a claim update asked still asks', () => {
    for (const text of ['আমার নম্বর বদলে গেছে, নতুন নম্বরটা আপডেট করে দিন', 'মোবাইল নম্বর বদলেছি, নতুন নম্বর আপডেট করবেন', 'phone number bodlechi, notun number ta update korun', 'ami email id bodlechi, notun email e update pathaben']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('ক্লেমের আপডেট কবে পাব?')).to.equal('claim_status');
  });
  it('reads not knowing what to do (কী করব বুঝতে পারছি না, ki korbo bujhchi na) as venting, and renewal\'s case forms (রিনিউয়ালের) as the policy\'s business, the last question', () => {
    for (const text of ['বিরক্ত হয়ে গেছি, কী করব বুঝতে পারছি না', 'ki korbo bujhchi na, eto jhamela', 'রিনিউয়ালের তারিখ কবে?', 'ক্লেম কবে পাস হবে? আর রিনিউয়ালের প্রিমিয়াম কোথায় দেব?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('কী করব বুঝতে পারছি না, আর কী কী কাগজ লাগবে?')).to.equal('pending_documents');
  });
  it('reads a talk asked as needed or to be arranged (কথা বলা দরকার, বলিয়ে দিন, kotha boliye din) as a request, the last asking part, after a question put off', () => {
    for (const text of ['রিপোর্ট নিয়ে পরে ভাববো, আগে একজন অফিসারের সাথে কথা বলা দরকার', 'ekjon manager er sathe kotha boliye din']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('কোন কাগজ লাগবে সেটা জানা দরকার')).to.equal('pending_documents');
  });
  it('reads the spoken হইছে as হয়েছে, money released (ছেড়ে দিয়েছেন, chhere diyechen) as paid, a cap put (ক্যাপ করেছেন, cap korechen) as a cut, and where the policy says so (পলিসিতে কোথায় লেখা) as why', () => {
    for (const text of ['ক্লেমের টাকা অ্যাকাউন্টে পাঠানো হইছে?', 'baba r operation er takata ki chhere diyechen?', 'ক্লেমের টাকা কি ছেড়ে দিয়েছেন?']) expect(matchIntent(text), text).to.equal('claim_status');
    for (const text of ['ICU charge e cap korechen, eta policy te kothay lekha?', 'ওষুধের বিলে ক্যাপ করেছেন কেন?', 'কো-পে কেটেছেন, পলিসিতে কোথায় লেখা আছে?']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('claim form e nam kothay lekha ache?')).to.not.equal('query_reason');
  });
  it('reads something couriered (কুরিয়ার করা হয়েছে, courier kora hoyeche) as sent: a cheque asked about is its payment, not papers to send', () => {
    for (const text of ['চেকটা কি কুরিয়ার করা হয়েছে নাকি NEFT এ আসবে?', 'cheque ta ki courier kora holo, naki account e NEFT hobe?']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('বিলগুলো কুরিয়ার করা হয়েছে, আর কী লাগবে?')).to.equal('pending_documents');
  });
  it('reads "in the passbook" (পাসবুকে, passbook e) as the bank\'s record, no paper; the passbook\'s copy is still a paper', () => {
    for (const text of ['taka ki pathiyechen? passbook e ekta entry dekhchi, seta ki apnader?', 'passbook e kono entry nei, taka ki pathano hoyeche?', 'পাসবুকে কিছু দেখাচ্ছে না, টাকা কবে ঢুকবে?']) expect(matchIntent(text), text).to.equal('claim_status');
    for (const text of ['passbook er copy pathate hobe?', 'পাসবুকের কপি লাগবে?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads the negative perfect (ঢোকেনি, দেননি, dhokeni) as a negation: why money has still not come is a delay, a status question; why the rest was not given still asks why', () => {
    for (const text of ['ক্লেমের টাকা এখনো ঢোকেনি কেন?', 'taka ekhono keno dhokeni?']) expect(matchIntent(text), text).to.equal('claim_status');
    for (const text of ['২০ হাজার কম ঢুকেছে, বাকিটা কেন দেননি?', 'bill er puro taka keno denni?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads a number changed in the everyday verb (নম্বর পাল্টেছি, number paltechi) and the new number\'s case form (নতুন নম্বরে) as the policy\'s business', () => {
    for (const text of ['মোবাইল নম্বর পাল্টেছি, নতুন নম্বরে মেসেজ পাঠাবেন', 'mobile number paltechi, notun number e sms diben']) expect(matchIntent(text), text).to.equal(null);
  });
  it('reads a person asked for with the polite give (এজেন্ট দিন, একজন ম্যানেজার দিন; agent din) as a request, even after venting; দিন as days still tells when', () => {
    for (const text of ['এই বটের উত্তরে বিরক্ত লাগছে। একজন এজেন্ট দিন', 'একজন ম্যানেজার দিন', 'bot er reply te birokto. ekjon manager din']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('অফিসার দিন চারেক আগে ফোন করেছিল, টাকা কবে পাব?')).to.equal('claim_status');
  });
  it('reads papers handed in in the past perfect (submit korechilam, জমা করেছিলাম) as papers sent: whether anything was sanctioned after them asks where the claim stands; what else is needed still asks for documents', () => {
    for (const text of ['medicine er bill submit korechilam april e. kichu ki sanction hoyeche?', 'ওষুধের বিল জমা করেছিলাম, কিছু কি স্যাংশন হয়েছে?']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('bill gulo submit korechilam, ar ki ki lagbe?')).to.equal('pending_documents');
  });
  it('reads where did you get this from (কোথা থেকে পেলেন, kotha theke pelen) as asking the basis of a decision, why; papers got from the hospital stay papers', () => {
    for (const text of ['claim e \'smoking related\' likhechen, eta kotha theke pelen?', 'ক্লেমে \'ধূমপান জনিত\' লিখেছেন, এটা কোথা থেকে পেলেন?']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('documents gulo hospital theke pelen?')).to.not.equal('query_reason');
  });
  it('reads "got it from a report" (রিপোর্ট থেকে পেলেন, report theke pelen) and "on what basis" (kiser bhittite) as why-words: which report a rejection came from asks why', () => {
    for (const text of ['বাবার ক্লেম বাতিল করেছেন, এটা কোন রিপোর্ট থেকে পেয়েছেন?', 'claim reject holo, ei karon kon report theke pelen?', 'kiser bhittite deduction korlen?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads "where is this written" (এটা কোথায় লেখা, eta kothay lekha chilo) as a why-word without the policy named: where a co-pay rule was written asks why', () => {
    for (const text of ['৬০ বছরের বেশি বলে ১০% কেটে নিয়েছেন? এটা কোথায় লেখা আছে?', 'room rent limit bole 3000 kete nilen, kothay lekha chilo bolun']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads what was not given (দিলেন না, দেননি; dilen na, den ni) as money not paid: why a sum was not given asks why, money still not given asks where the claim stands', () => {
    for (const text of ['ICU charge er 2000 ta dilen na keno?', 'oxygen er 1800 ta keno den ni?', 'অ্যাম্বুলেন্সের ২৫০০ টাকা দিলেন না কেন?']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('ekhono taka dilen na')).to.equal('claim_status');
  });
  it('reads whether what was sent suffices or is complete (এতেই হবে তো, কমপ্লিট কিনা; etei cholbe to, complete kina) after papers sent as asking whether they came in full: documents', () => {
    for (const text of ['sob report upload korechi, etei cholbe to?', 'je kagoj gulo pathalam segulo complete kina janaben?', 'যা পাঠিয়েছি সেটা কমপ্লিট কিনা দেখে বলবেন?', 'সব জমা দিয়েছি, এতেই হবে তো?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads the claimant\'s own claim to come (ক্লেম করব, claim korbo) as papers promised, a medicine or pharmacy bill (ওষুধের বিল, pharmacy r bill) as a bill, and a follow-up visit (follow up er pore) as a time: a plan told starts nothing', () => {
    for (const text of ['baki pharmacy r bill gulo pore claim korbo', 'follow up er pore test er report gulo pathiye dibo', 'বাকি ওষুধের বিলগুলো পরে ক্লেম করব']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('pharmacy bill ta keno katlen?')).to.equal('query_reason');
  });
  it('reads "what are you people doing" (কী করছেন আপনারা, ki korchen apnara) as venting and weeks gone by (soptaho hoye gelo) as a delay: why money has not come after the papers is a delay, where the claim stands', () => {
    for (const text of ['tin soptaho hoye gelo, bill sob diyechi tobu taka aseni keno? ki korchen apnara', 'দুই সপ্তাহ হয়ে গেল, সব কাগজ দিয়েছি তবু টাকা আসেনি কেন? কী করছেন আপনারা']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads whether a claim has cleared (কি ক্লিয়ার হয়েছে, ki clear holo, clear holo kina) as asking where it stands; "all clear" still understands', () => {
    for (const text of ['amar baba r claim ta ki clear hoyeche?', 'policy renew kobe? ar claim ta clear holo kina?', 'ক্লেমটা কি ক্লিয়ার হয়েছে?']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('sob clear holo, dhonnobad')).to.equal(null);
  });
  it('reads "how do I get it" with the verb first (পাব কিভাবে, pabo kivabe) as "kivabe pabo": after a lost card (কার্ডটা হারিয়ে গেছে, card ta hariye geche) it asks how to get the card, no payment', () => {
    for (const text of ['card ta hariye geche, notun ta pabo kivabe?', 'e-card hariye gechhe, duplicate pabo kibhabe?', 'হেলথ কার্ডটা হারিয়ে গেছে, নতুন কার্ড পাব কিভাবে?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('taka ta pabo kivabe?')).to.equal('claim_status');
    expect(matchIntent('discharge summary pabo kivabe?')).to.equal('pending_documents');
  });
  it('reads "ke" ending a question (apni ke?, who are you?) as romanised Bengali; Hinglish "ke" inside a Hinglish question stays Hinglish', () => {
    expect(detectLanguage('apni ke?')).to.equal('BN_EN');
    expect(detectLanguage('eta ke?')).to.equal('BN_EN');
    expect(detectLanguage('12000 kate hai, kis cheez ke?')).to.equal('HI_EN');
  });
  it('reads papers being fetched, gathered or got ready (বিলগুলো আনতে যাব, জোগাড় করছি; ante jabo, guchiye rakhchi) as a plan told, no papers asked; a question about them after it still asks', () => {
    for (const text of ['kal hospital e jabo bill gulo anar jonno', 'report gulo jogar kore rakhchi', 'সব কাগজ গুছিয়ে রাখছি', 'কাল হাসপাতালে বিলগুলো আনতে যাব']) expect(matchIntent(text), text).to.equal(null);
    for (const text of ['bill gulo guchiye rakhchi, kon gulo pathabo?', 'সব রিপোর্ট জোগাড় করছি, আর কী লাগবে?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads the office\'s hours (অফিস কখন খোলে, office kokhon khole) and the policy\'s expiry (মেয়াদ কবে শেষ, kobe expire hobe) as the policy\'s business: no claim asked about', () => {
    for (const text of ['office kokhon khole?', 'amar policy kobe expire hobe?', 'policy r meyad kobe shesh hobe?', 'অফিস কখন খোলে?', 'আমার পলিসির মেয়াদ কবে শেষ?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('claim er taka kobe pabo?')).to.equal('claim_status');
  });
  it('reads "are you a human?" (আপনি কি মানুষ, apni ki manush) as asking who is there, as "are you a bot?": no person asked for; a person asked for after it still is', () => {
    for (const text of ['apni ki manush?', 'tumi ki manush naki bot?', 'আপনি কি মানুষ?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('apni ki manush? na hole ekjon manush er sathe kotha bolte chai')).to.equal('human_handover');
  });
  it('reads what the TPA or the company says or told (কী বলছে, কী জানাল; ki bolche, ki janalo) as asking where the claim stands; "what are you saying" to us is no such question', () => {
    for (const text of ['TPA ki bolche amar case niye?', 'company ki janalo amar claim niye?', 'TPA আমার ক্লেম নিয়ে কী বলছে?']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('ki bolchen bujhlam na')).to.equal(null);
  });
  it('reads where the rest of the money went (বাকি টাকাটা কোথায় গেল, baki taka gelo kothay) by its words, the rest and the money asked where: why the rest was cut', () => {
    for (const text of ['বাকি টাকাটা কোথায় গেল?', 'বাকি টাকা গেল কোথায়?', 'baki taka kothay gelo?', '40 hajar er claim, 28 hajar elo, baki taka kothay gelo?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads marriage (বিয়ের, biyer) and "shown" (দেখানো, dekhano) as words of their own, no bill nor "show me": a nominee changed after a wedding starts nothing, a why-question beside a bill that shows it still asks', () => {
    for (const text of ['বিয়ের পর পলিসিতে স্ত্রীকে nominee করতে চাই', 'biyer por nominee te bou er naam dite chai', 'বিয়েতে অনেক খরচ হয়ে গেছে']) expect(matchIntent(text), text).to.equal(null);
    for (const text of ['বিলে তো দেখানো আছে, তাহলে ওষুধের টাকা কেন কাটল?', 'bill e to dekhano ache, tahole oshudh er taka keno katlo?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads "did not tell" (বলেন নি, bolen ni) as told, no request to tell: a question on the policy with a past left untold starts nothing; "bolen" asking still asks', () => {
    for (const text of ['policy te dental cover ache? agent kichu bolen ni', 'আগের বার ডাক্তার কিছু বলেন নি, এবার কি OPD cover আছে?']) expect(matchIntent(text), text).to.not.equal('claim_status');
    expect(matchIntent('policy te dental cover ache? agent kichu bolen ni')).to.equal(null);
    expect(matchIntent('claim er status ta bolen')).to.equal('claim_status');
  });
  it('reads a claim given up (ছেড়ে দিয়েছি, chhere diyechi) and nothing more to be done (আর কিছু করতে হবে না, ar kichu korte hobe na) as told: a rejected claim let go asks no why', () => {
    for (const text of ['oi rejected claim ta ami chhere dilam, ar kichu korte hobe na', 'রিজেক্ট হওয়া ক্লেমটা আমরা ছেড়ে দিলাম', 'claim ta reject holo, amra chere diyechi']) expect(matchIntent(text), text).to.equal(null);
    for (const text of ['documents er jonno ar kichu korte hobe na?', 'claim ta keno reject holo? ami chere debo na']) expect(matchIntent(text), text).to.not.equal(null);
  });
  it('reads anything pending (কিছু pending, কিছু পেন্ডিং, kichu pending) as a need: after papers given, whether anything is still pending asks which papers are left; the claim still pending asks where it stands', () => {
    for (const text of ['PAN card ar bank details diyechi, ekhono ki kichu pending?', 'সব বিল জমা দিয়েছি, এখনো কি কিছু পেন্ডিং?', 'discharge summary pathiyechi, ar kichu pending ache?']) expect(matchIntent(text), text).to.equal('pending_documents');
    for (const text of ['claim ta ekhono pending keno?', 'আমার ক্লেম এখনো পেন্ডিং কেন?']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads whether what was sent is enough (যথেষ্ট কিনা, enough kina, jotheshto kina) as asking whether the papers came in full, as complete kina: documents, even with a look asked for', () => {
    for (const text of ['je bill gulo upload korechi segulo enough kina dekhe janaben', 'pathano report gulo jotheshto kina bolben?', 'যে কাগজগুলো পাঠিয়েছি সেগুলো যথেষ্ট কিনা চেক করে জানান']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads what the policy covers (কভার আছে, কভার হয়, cover ache, cover hoy, ম্যাটার্নিটি কভার) as the policy\'s business, as "cover hai kya": no claim asked about; a why after a cover told still asks', () => {
    for (const text of ['আমার পলিসিতে ম্যাটার্নিটি কভার আছে?', 'পলিসিতে ক্যান্সারের চিকিৎসা কভার হয়?', 'amar policy te OPD cover hoy?', 'policy te dental treatment cover kore?']) expect(matchIntent(text), text).to.equal(null);
    for (const text of ['policy te sob cover ache, tahole claim keno reject holo?', 'পলিসিতে কভার আছে, তবু ক্লেম কেন রিজেক্ট করলেন?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads the e-card and health card in Bengali script (ই-কার্ড, হেলথ কার্ড, পলিসি কার্ড) as the policy\'s business, as e-card is: a request that we send it asks for no papers; a card\'s copy sent for the claim still is one', () => {
    for (const text of ['ই-কার্ডটা আরেকবার পাঠিয়ে দিন', 'হেলথ কার্ড পাঠিয়ে দিন প্লিজ', 'পলিসি কার্ড হোয়াটসঅ্যাপে পাঠাবেন']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('হেলথ কার্ডের কপি কি পাঠাতে হবে ক্লেমের জন্য?')).to.equal('pending_documents');
  });
  it('reads a tie of Hinglish and romanised Bengali, each with a word of its own beside a word both list (acha ... thik ... ache), as romanised Bengali, the rarer script; a shared word alone still tells neither', () => {
    expect(detectLanguage('acha thik ache, kal dekhbo')).to.equal('BN_EN');
    expect(detectLanguage('accha thik ache')).to.equal('BN_EN');
    expect(detectLanguage('thik hai')).to.equal('HI_EN');
    expect(detectLanguage('ye papers missing?')).to.equal('EN');
  });
  it('reads etai and etao (this one, this too) as romanised Bengali, and eta by the words beside it: alone it is the English ETA', () => {
    expect(detectLanguage('eta kon hospital er bill?')).to.equal('BN_EN');
    expect(detectLanguage('etao ki lagbe?')).to.equal('BN_EN');
    expect(detectLanguage('etai ki final amount?')).to.equal('BN_EN');
    expect(detectLanguage('what is the ETA for my reimbursement?')).to.equal('EN');
    for (const text of ['ETA?', 'any ETA?', 'claim ETA please']) expect(detectLanguage(text), text).to.equal('EN');
    expect(matchIntent('claim ETA please')).to.equal('claim_status');
  });
  it('reads the emphatic future (lagbei, korbei, pabei) as romanised Bengali, and "hoy" ending a question (cashless hoy?) as romanised Bengali, where Marathi writes "hoto ka?"', () => {
    expect(detectLanguage('original bill ki lagbei?')).to.equal('BN_EN');
    expect(detectLanguage('taka ki pabei?')).to.equal('BN_EN');
    expect(detectLanguage('kon kon test e cover hoy?')).to.equal('BN_EN');
    expect(detectLanguage('kon hospital madhe cashless hota ka?')).to.equal('MR_EN');
  });
  it('reads whom to call (কাকে ফোন করলে, kake phone korle) as a person asked for beside a talk: whom to phone to talk about the claim asks for one; a talk about the claim with nobody named still does not', () => {
    for (const text of ['কাকে ফোন করলে পেমেন্টের ব্যাপারে কথা বলা যাবে?', 'kake phone korle taka niye kotha bolte parbo?', 'কাকে ফোন করব? ক্লেম নিয়ে কথা বলতে চাই']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('ক্লেম নিয়ে কথা বলা যাবে?')).to.equal(null);
  });
  it('reads rejected or still pending (reject hoyeche naki pending, রিজেক্ট হয়েছে নাকি পেন্ডিং) as the outcomes asked about, where the claim stands: no rejection to explain; why it was rejected still asks why', () => {
    for (const text of ['claim ta reject hoyeche naki ekhono pending, ektu janaben?', 'আমার ক্লেম রিজেক্ট হয়ে গেছে নাকি পেন্ডিং, দেখে বলবেন?']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('claim ta keno reject holo, ektu janaben?')).to.equal('query_reason');
  });
  it('reads কি / ki ending a status phrase (অ্যাপ্রুভাল হয়েছে কি, approval hoyeche ki, pass holo ki) as its yes/no particle: whether a bill was approved asks where the claim stands; which papers a bill needs still asks for documents', () => {
    for (const text of ['হাসপাতালের ফাইনাল বিলের অ্যাপ্রুভাল হয়েছে কি?', 'medicine bill gulo pass holo ki?', 'mayer operation er bill er approval hoyeche ki?']) expect(matchIntent(text), text).to.equal('claim_status');
    for (const text of ['ফাইনাল বিলের সাথে কি কি কাগজ লাগবে?', 'bill er sathe ki pathate hobe?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads never taking a policy here again (আর কখনো ... পলিসি নেব না, ar kokhono ... policy nebo na) and venting at the bills (lut korche, মাথা ঘুরে গেল) as told: a settled claim vented about asks nothing; a question after it still asks', () => {
    for (const text of ['টাকা পেয়েছি, কিন্তু আর কখনো এই কোম্পানিতে পলিসি নেব না', 'ar kokhono apnader company te policy korbo na', 'nursing home ta lut korche, bill dekhe matha ghure gelo']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('bill dekhe matha ghure gelo, eto taka keno katlen?')).to.equal('query_reason');
  });
  it('reads "as someone said" (কথা মতো, kotha moto) as a known phrase, no talk: papers sent as the agent said ask for no person; a talk asked for with the agent still does', () => {
    for (const text of ['executive er kotha moto bill gulo pathiye diyechi', 'এজেন্টের কথামতো রিপোর্ট পাঠিয়েছি']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('agent er sathe kotha bolte chai')).to.equal('human_handover');
  });
  it('reads কে right before thanks (টিমকে ধন্যবাদ written apart: team কে ধন্যবাদ) as to whom the thanks go, no who-question: thanks for a claim done quickly asks nothing; a question after the thanks still asks', () => {
    for (const text of ['আপনাদের অফিসের সবাই কে অনেক ধন্যবাদ, টাকাটা এত তাড়াতাড়ি পেয়ে গেলাম', 'support team কে ধন্যবাদ, বাবার claim টা তাড়াতাড়ি মিটিয়ে দেওয়ার জন্য']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('team কে ধন্যবাদ, কিন্তু বাকি টাকা কবে পাব?')).to.equal('claim_status');
  });
  it('reads a person\'s number told got (নম্বর পেয়ে গেছি, number peye gechi) and a talk told done (কথা হয়ে গেছে, kotha bolechi) as news: no person asked for; a number not got, asked for, and a talk wanted still ask for one', () => {
    for (const text of ['ম্যানেজারের নম্বরটা পেয়েছি, ধন্যবাদ', 'এজেন্টের সাথে কথা বলে নিয়েছি, আর দরকার নেই', 'officer er number peyechi, onar sathe kotha hoye geche']) expect(matchIntent(text), text).to.equal(null);
    for (const text of ['ম্যানেজারের নম্বরটা দেবেন?', 'agent er number ta pelam na, deben?', 'agent er sathe kotha hoyeche kintu kaj hoyni, manager er sathe kotha bolte chai']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads the office\'s number (office er number, landline number) as a way to reach a person, as the helpline number is: asking for it asks for one; the office\'s address does not', () => {
    for (const text of ['Howrah office er phone number ta deben?', 'apnader landline number ta din, kotha bolbo']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('office er address ta din')).to.equal(null);
  });
  it('reads how many hours or weeks (koto ghonta, কত ঘণ্টা, koto soptaho) as a when-question, as koto din is: how long till the approval asks where the claim stands', () => {
    for (const text of ['approval asar por ar koto ghonta lagbe discharge e?', 'ফাইনাল অ্যাপ্রুভাল আসতে আর কত ঘণ্টা লাগবে?', 'refund ashte aro koto soptaho lagbe?']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('ar ki ki kagoj lagbe?')).to.equal('pending_documents');
  });
  it('reads a card of the policy that will not open or download (health card er soft copy download hocche na) beside a sending word as the policy\'s business: sending it again asks for no claim papers; papers the claimant cannot send still do', () => {
    for (const text of ['health card er soft copy ta download hocche na, abar pathate parben?', 'policy card er PDF ta khulche na, ekbar pathate parben?']) expect(matchIntent(text), text).to.equal(null);
    for (const text of ['bill gulo pathate parchi na, ki korbo?', 'ডিসচার্জ সামারিটা আপলোড হচ্ছে না, আবার পাঠাতে হবে?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads the courier\'s case forms (কুরিয়ারের, কুরিয়ারে) as a sending word, as কুরিয়ার is: which address the papers go to by courier asks for documents; papers told sent by courier ask nothing', () => {
    for (const text of ['কুরিয়ারের জন্য কোন অফিসের ঠিকানা দেব?', 'কুরিয়ারে বিলগুলো কোথায় পাঠাব?']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('বিলগুলো কুরিয়ারে পাঠিয়ে দিয়েছি। ধন্যবাদ')).to.equal(null);
  });
  it('reads baad written with a long a (baad dilen, baad diyechen) as a cut, as bad dilen is: why a bill was left out asks the reason; Hinglish "ke baad" (after) is no cut', () => {
    for (const text of ['babar oshudher bill ta baad diyechen, keno?', 'ambulance er taka baad dilen keno bolun to', 'nebulizer er charge ta baad gelo keno?']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('discharge ke baad kitne din lagenge?')).to.equal('claim_status');
  });
  it('reads being impressed, scared or upset (impressed, bhoy lagche, চিন্তা হচ্ছে, খারাপ লাগছে) as feelings told: a claim done quickly or another\'s claim rejected, told with one, asks nothing; a question beside one still asks', () => {
    for (const text of ['mamar claim ta eto taratari pass hoye gelo, sotti impressed', 'bondhur claim batil hoyechilo, tai amar o ektu bhoy korche', 'দিদির ক্লেম রিজেক্ট হয়েছিল শুনে খুব চিন্তা হচ্ছে', 'mamar claim batil hoyechilo, tai ektu bhoy pacchi', 'কাকার ক্লেম বাতিল হয়েছিল, তাই দুশ্চিন্তা হচ্ছে']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('khub chinta hocche, amar claim ta kobe pass hobe?')).to.equal('claim_status');
    expect(matchIntent('খুব খারাপ লাগছে, বিলের টাকা কেন কাটলেন?')).to.equal('query_reason');
    // Not impressed is no praise: the claim still pending is still asked about.
    expect(matchIntent('ekdom impressed noi, claim ta ekhono atke ache')).to.equal('claim_status');
  });
  it('reads whom to go to (kar kache jabo, কার কাছে যাব) as a person asked for, after a claim told stuck: asking whom to approach asks for one; where the claim is stuck (kar kache atke ache) still asks where it stands', () => {
    for (const text of ['refund 6 soptaho dhore atke ache, ebar kar kache jabo?', 'অভিযোগ করতে চাই, টাকা তিন মাস ধরে আটকে আছে, কার কাছে যাব?']) expect(matchIntent(text), text).to.equal('human_handover');
    for (const text of ['file ta ekhon kar kache atke ache?', 'ক্লেমটা কার কাছে আটকে আছে?']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads going without a paper (ওটা ছাড়া কি, এটা ছাড়াই, ota chara ki) beside a claim asked of as whether the paper is needed, and প্রসেস হবে (will it be processed) as the claim going through, no status asked', () => {
    for (const text of ['ডাক্তার প্রেসক্রিপশন হারিয়ে ফেলেছে, এটা ছাড়াই কি ক্লেম প্রসেস হবে?', 'lab report ta pacchi na, ota chara ki claim process hobe?']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('আমার ক্লেম কবে প্রসেস হবে?')).to.equal('claim_status');
  });
  it('reads a member added to the policy (add করা যাবে, অ্যাড করতে) as the policy\'s business, as add kora jabe is: a last question on it starts nothing', () => {
    for (const text of ['বাবাকে নতুন পলিসিতে add করা যাবে?', 'ক্লেমের টাকা ঢুকেছে? আর বউকে পলিসিতে অ্যাড করতে চাই']) expect(understandMessage(text).intent, text).to.equal(null);
  });
  it('reads showing (dekhachhe, dekhacche, dekhay) as a marker of romanised Bengali: a portal\'s state told with it and English words is Bengali, and still asks what it asked', () => {
    expect(detectLanguage('app e ki document pending dekhacche?')).to.equal('BN_EN');
    expect(matchIntent('app e ki document pending dekhacche?')).to.equal('pending_documents');
    expect(detectLanguage('status under review dekhay')).to.equal('BN_EN');
  });
  it('reads a message left for the agent (এজেন্টকে বলে দেবেন, agent dada ke bole deben) as news relayed, no person asked for: the premium told paid starts nothing; a call or a status asked in it still asks', () => {
    for (const text of ['agent dada ke bole deben premium ta kal diye debo', 'এজেন্টকে জানিয়ে দেবেন রিনিউয়ালের টাকা আমি পরশু দিয়ে দেব']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('এজেন্টকে বলে দেবেন আমাকে একটা কল করতে')).to.equal('human_handover');
    expect(matchIntent('agent ke bole deben amar claim er status ta jante chai')).to.equal('claim_status');
  });
  it('reads a message left for the agent in every form of asking (এজেন্টকে বলবেন, জানাবেন, বলে দিন; agent ke bolben, janaben, bole din) as news relayed, small talk; the agent told to call or talk to me (আমার সাথে কথা বলতে, amar sathe kotha bolte) still asks for a person', () => {
    for (const text of ['এজেন্ট দাদাকে বলবেন আমি বাড়ির ঠিকানা বদলেছি', 'এজেন্টকে জানিয়ে দিন রবিবার আমি বাইরে থাকব', 'agent ke janaben ami notun mobile number niyechi', 'agent dada ke bole din ami porer mase renew korbo']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['এজেন্টকে বলবেন আমার সাথে কথা বলতে', 'agent dada ke bole din amar sathe kotha bolte', 'agent ke janaben amake ekta phone korte']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads venting (দুঃস্বপ্ন, dusshopno, বিরক্তিকর, biroktikor, আর কিছু বলব না, ar kichu bolbo na) as told: papers vented about ask for none; a question after the venting still asks', () => {
    for (const text of ['হাসপাতালের বিল জোগাড় করাটাই একটা দুঃস্বপ্ন', 'discharge er kagoj tola ekta dusshopno, ar kichu bolbo na', 'প্রতি সপ্তাহে নতুন কাগজ চাওয়া, খুবই বিরক্তিকর', 'prescription er copy abar chailo, biroktikor']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('সব মিলিয়ে একটা দুঃস্বপ্ন, আর কোন রিপোর্ট বাকি আছে?')).to.equal('pending_documents');
    expect(matchIntent('biroktikor, claim ta kobe settle hobe?')).to.equal('claim_status');
  });
  it('reads praise (খুব ভালো কাজ, darun kaj, ভালো মানুষ, bhalo manush) and so quickly (এত তাড়াতাড়ি, eto taratari: no when asked) as told: a person praised asks for none and a payment praised asks nothing; when the money comes still asks', () => {
    for (const text of ['রিইম্বার্সমেন্ট এত তাড়াতাড়ি হবে ভাবিনি, খুব ভালো কাজ', 'cashless approval eto taratari, darun kaj korechen', 'আপনাদের এক্সিকিউটিভ সত্যিই ভালো মানুষ', 'amader agent khub bhalo manush, bill er hisab bujhiye dilen']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('ভালো কাজ, কিন্তু বাকি টাকাটা কবে আসবে?')).to.equal('claim_status');
  });
  it('reads when I call (ফোন করলে, call korle) as a time told, no call asked: what the helpline says each time starts nothing; a call asked as a favour (ফোন করলে ভালো হয়, call korle bhalo hoy) still asks for a person', () => {
    for (const text of ['যতবার ফোন করলে শুনি একটু অপেক্ষা করুন', 'helpline e call korle bole ektu hold korun']) expect(understandMessage(text).kind, text).to.equal('unclear');
    for (const text of ['সন্ধ্যা সাতটার পর কল করলে ভালো হয়', 'aaj dupure phone korle bhalo hobe']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads thanks for a list (তালিকা পাঠানোর জন্য, list er jonno) and a thing now clear (এবার পরিষ্কার, ekhon clear) as thanks: the papers or the cut named in them ask nothing; a question after them still asks', () => {
    for (const text of ['দরকারি কাগজের তালিকা পাঠানোর জন্য ধন্যবাদ, কাল জোগাড় করব', 'baki report er list er jonno dhonnobad', 'ওষুধের বিলের কাটাটা বুঝিয়ে দিলেন, এখন পরিষ্কার', 'co-pay er cut ta bujhiye diyechen, ekhon clear']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('ekhon clear, kintu ar kon document lagbe?')).to.equal('pending_documents');
  });
  it('reads rudeness told (খারাপ ব্যবহার করেছেন, kharap byabohar korechen) as venting and a message left for the manager or the team (ম্যানেজারকে বলবেন, team ke janiye din) as news relayed: small talk; a person asked for after either still asks for one', () => {
    for (const text of ['হাসপাতালের ডেস্কে আপনাদের লোক খুব খারাপ ব্যবহার করলেন', 'customer care er meyeta kharap byabohar koreche', 'ক্লেম টিমকে জানিয়ে দিন আমি পরের মাসে দেশের বাইরে থাকব', 'branch manager ke bole deben ami kal dupure asbo']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('ওরা খারাপ ব্যবহার করেছে, একজন সিনিয়রের সাথে কথা বলতে চাই')).to.equal('human_handover');
    expect(matchIntent('manager ke janiye din amake ekta phone korte')).to.equal('human_handover');
  });
  it('reads papers told already there (আগেই আছে, agei ache) as papers done: nothing asked starts no document question; which ones are there still asks', () => {
    for (const text of ['হাসপাতালের কাছে সব রিপোর্ট আগেই আছে', 'insurance office e amar prescription agei ache']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('kon kon document apnader kache agei ache?')).to.equal('pending_documents');
  });
  it('reads the claimant checking or waiting (নিজেই দেখে নেব, dekhe nebo, অপেক্ষায় থাকব, wait korbo, কোনো তাড়া নেই), nothing left from my side (কিছু বাকি নেই) and the case closable (case ta bondho korte paren) as told: small talk; a question after them still asks', () => {
    for (const text of ['অ্যাপে স্ট্যাটাসটা আমি নিজেই দেখে নেব', 'settlement er jonno opekkhay thakbo, kono tara nei', 'ব্যাংকে টাকা চলে এসেছে, আমার দিক থেকে কিছু বাকি নেই', 'refund peye gechi, case bondho korte paren']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('wait korbo, kintu claim ta kobe settle hobe?')).to.equal('claim_status');
    expect(matchIntent('আর কিছু বাকি নেই তো?')).to.equal('pending_documents');
  });
  it('reads a recipient with কে written apart (TPA কে, হাসপাতাল কে) as to whom, no who-question, and papers told sent by another (কাগজ পাঠিয়েছে, kagoj pathiyeche) as papers done, no payment: nothing asked starts nothing; whether they sent them still asks', () => {
    for (const text of ['নার্সিংহোম TPA কে সব কাগজ পাঠিয়েছে', 'clinic theke TPA ke kagoj pathiyeche gotokal']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('ডাক্তার কি রিপোর্ট পাঠিয়েছেন?')).to.equal('pending_documents');
    expect(matchIntent('nursing home ki document pathiyeche?')).to.equal('pending_documents');
  });
  it('reads papers told ready or a form filled (আমার কাছে রেডি, পূরণ করে রেখেছি, fill kore rekhechi) as papers done, and help told got (সাহায্য করেছেন, help korechen) as thanks: nothing asked starts nothing; which papers are needed still asks', () => {
    for (const text of ['ডিসচার্জের সব কাগজ আমার কাছে রেডি', 'claim er form ta fill kore rekhechi']) expect(understandMessage(text).kind, text).to.equal('unclear');
    for (const text of ['হেল্পডেস্কের ভদ্রলোক অনেক সাহায্য করেছেন', 'call centre er meyeti khub help korechen']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('form fill kore rekhechi, ar kon kon document lagbe?')).to.equal('pending_documents');
  });
  it('reads a member added to the policy (পলিসিতে যোগ করতে, policy te jog korte), an address change (ঠিকানা বদলের, thikana bodol) and tax relief (ট্যাক্স ছাড়, tax chharer) as the policy\'s business: papers or a pending request about them start no claim workflow; a claim question beside them still asks', () => {
    for (const text of ['শাশুড়িকে পলিসিতে যোগ করতে কী কী কাগজ লাগবে?', 'ঠিকানা বদলের আবেদনটা দুই সপ্তাহ ধরে পেন্ডিং', 'tax chharer jonno kon document dekhate hobe?']) expect(understandMessage(text).intent, text).to.equal(null);
    expect(matchIntent('thikana bodol hoyeche, kintu claim er taka kobe asbe?')).to.equal('claim_status');
  });
  it('reads someone told already (agent ke bolechi, ke janiyechi: I have told ...) as news, no person asked for; a call asked after it still asks for one', () => {
    expect(understandMessage('branch er manager ke janiyechi, uni bakita dekhben').kind).to.equal('small_talk');
    expect(matchIntent('agent ke bole diyechi, tobu ekjon officer er sathe kotha bolte chai')).to.equal('human_handover');
  });
  it('reads happiness told (সবাই খুশি, khushi hoyeche) as thanks: a settlement told with it asks nothing; a question after it still asks', () => {
    for (const text of ['টাকা পেয়ে বাড়ির সবাই খুশি', 'refund peye ma khub khushi hoyeche']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('sobai khushi, kintu baki taka ta kobe pabo?')).to.equal('claim_status');
  });
  it('reads the agent kept informed (এজেন্টকে জানিয়ে রাখবেন, agent ke janiye rakhben), "for your information" (আপনার তথ্যের জন্য, apnar tothyer jonno) and a long list accepted (লিস্ট লম্বা, list lomba) as told: small talk; a call or the papers asked after them still ask', () => {
    for (const text of ['এজেন্ট দাদাকে জানিয়ে রাখবেন আমি নতুন বাড়িতে উঠেছি', 'apnader tothyer jonno, refund er taka account e dhukeche', 'কাগজের লিস্ট লম্বা, তবে ঠিক আছে']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('agent ke janiye rakhben amake ekta phone korte')).to.equal('human_handover');
    expect(matchIntent('list lomba, kon kon document age lagbe?')).to.equal('pending_documents');
  });
  it('reads a tracking number written short (ট্র্যাকিং নং, ডকেট নং, tracking nombor) after papers told sent as the consignment named, no status asked: nothing asked starts nothing; whether they reached still asks', () => {
    for (const text of ['মেডিক্যাল রিপোর্টগুলো স্পিড পোস্টে পাঠিয়েছি, ট্র্যাকিং নং EE55120987IN', 'prescription gulo courier korechi, tracking nombor 55120987']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('বিলগুলো পাঠিয়েছি, ট্র্যাকিং নং EE55120987IN, পৌঁছেছে কি?')).to.equal('pending_documents');
  });
  it('reads the Bijoya greeting in its forms (শুভ বিজয়ার, বিজয়ার প্রণাম, প্রণাম নেবেন, bijoyar pronam) and being stood by or not forgotten (পাশে ছিলেন, ভুলব না, pashe thakar jonno, bhulbo na) as small talk: a claim remembered in them starts nothing; a payment asked after the greeting still asks', () => {
    for (const text of ['শুভ বিজয়ার প্রীতি ও শুভেচ্ছা, বাবার অপারেশনের সময় আপনারা পাশে ছিলেন', 'subho bijoyar pronam neben, hospital e bhortir somoy pashe thakar jonno dhonnobad', 'দাদুর ক্লেমের সময় যা করেছেন কোনোদিন ভুলব না']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('শুভ বিজয়ার প্রণাম নেবেন, আমার ক্লেমের টাকা কবে আসবে?')).to.equal('claim_status');
  });
  it('reads an address updated or changed (ঠিকানাটা আপডেট, ঠিকানা বদলেছি, address kivabe update) as the policy\'s business: how to update it starts no status; a claim\'s payment asked beside it still asks', () => {
    for (const text of ['নতুন ফ্ল্যাটে উঠেছি, পলিসিতে ঠিকানাটা আপডেট করতে চাই', 'office shift hoyeche, policy te address kivabe update korbo?']) expect(understandMessage(text).intent, text).to.equal(null);
    expect(matchIntent('ঠিকানা বদলেছি, কিন্তু ক্লেমের টাকা কবে পাব?')).to.equal('claim_status');
  });
  it('reads sending told as a condition (পোস্টে পাঠালে, post e pathale: if I send it by post) as a sending word, no papers sent, and courier and post in romanised Bengali in no other language\'s sense: where to send them asks for documents', () => {
    for (const text of ['আমার শহরে কুরিয়ার যায় না, পোস্টে পাঠালে কোন ঠিকানায় পাঠাব?', 'ekhane courier service nei, speed post e pathale kon thikanay pathabo?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads on what account (কী বাবদ, ki babod) as a why-question, and babod as romanised Bengali: a sum asked of with it asks why', () => {
    for (const text of ['hospital er bill e 2300 taka ki babod?', 'ফাইনাল সেটেলমেন্টে ৩০০০ টাকা কী বাবদ কম?']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(detectLanguage('hospital er bill e 2300 taka ki babod?')).to.equal('BN_EN');
  });
  it('reads papers told gone by courier or post (কুরিয়ারে চলে গেছে, পোস্ট করেছি, courier e geche, post korechi) as papers done: nothing asked starts nothing; whether they reached or what else is needed still asks', () => {
    for (const text of ['ডিসচার্জ সামারি কুরিয়ারে চলে গেছে', 'pharmacy r bill gulo post kore diyechi', 'lab report courier e geche']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('prescription post e chole geche, pouchheche ki?')).to.equal('pending_documents');
    expect(matchIntent('এক্স-রে রিপোর্ট পোস্ট করে দিয়েছি, আর কোন কাগজ লাগবে?')).to.equal('pending_documents');
  });
  it('reads a relative\'s or the patient\'s condition (বাবার অবস্থা, mayer obostha) as their health, no claim status, worse (আরো খারাপ, aro kharap) as no papers needed, and what use was the insurance (করে কি লাভ, ki labh holo) as venting: nothing asked starts nothing; the claim\'s own status still asks', () => {
    for (const text of ['মায়ের অবস্থা ভালো না, দুদিন ধরে আইসিইউতে, বিমা করে কি লাভ হল বুঝছি না', 'hospital e theke babar obostha aro kharap hocche, insurance kore ki labh holo']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['মায়ের অবস্থা ভালো না, ক্লেমের অবস্থা কী?', 'babar obostha bhalo na, claim er obostha ki?']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads papers put by (গুছিয়ে রাখলাম, file kore rakhlam) and the claimant going to hand them in (জমা দিতে যাব, jama dite jabo) as their own doing: nothing asked starts nothing; what else to submit still asks', () => {
    for (const text of ['ডিসচার্জের কাগজগুলো গুছিয়ে রাখলাম, সোমবার ব্রাঞ্চে জমা দিতে যাব', 'babar prescription gulo file kore rakhlam, porshu office e jama dite jabo']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('কাগজগুলো গুছিয়ে রাখলাম, আর কী কী জমা দিতে হবে?')).to.equal('pending_documents');
  });
  it('reads who is handling it (কে দেখছেন, dekhche ke) as a person: talking with them asks for a person, also after a status question; a talk about the claim with nobody named still does not', () => {
    for (const text of ['মায়ের ক্লেমটা দেখছে কে? তার সাথে একবার কথা বলা যাবে?', 'claim ta kothay atke ache? file ta dekhche ke, tar sathe kotha bola jabe?']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('পলিসি নিয়ে কথা বলা যাবে?')).to.equal(null);
  });
  it('reads the spoken দেখেন (please look) as a request, no payment, and কল্লাম as করলাম: papers told uploaded with a check asked whether they are complete ask about the documents', () => {
    for (const text of ['কাগজপত্র সব আপলোড কল্লাম, ঠিক হয়েছে কিনা দেখেন', 'রিপোর্ট আপলোড কল্লাম, সব কমপ্লিট হয়েছে কিনা একটু দেখেন']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads a promise of completion within a time (মধ্যে হয়ে যাবে, moddhe hoye jabe) as the claim\'s payment: whether it happened asks its status', () => {
    for (const text of ['অফিস থেকে বলেছিল এক সপ্তাহের মধ্যে হয়ে যাবে। হয়েছে কি?', 'TPA bolechilo 5 diner moddhe hoye jabe, hoyeche ki?']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads what all is still to be given (এখনো কি কি, ekhono ki ki) as a which-question, its "still" no when: what a claim still needs asks for documents; whether the claim is still pending still asks where it stands', () => {
    for (const text of ['বাবার অপারেশনের ক্লেমে এখনো কি কি দিতে হবে?', 'claim er jonno ekhono ki ki jama dite hobe?']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('claim ta ki ekhono pending?')).to.equal('claim_status');
  });
  it('reads an officer, a manager or an executive asked to be given (অফিসার দিন, ম্যানেজার দিন, officer din, manager din) as a person to be put through to, as এজেন্ট দিন is, also after venting; an officer only told of asks for nobody', () => {
    for (const text of ['এত হয়রানি, একজন অফিসার দিন', 'একজন ম্যানেজার দিন প্লিজ', 'aar parchi na, ekjon officer din', 'manager din ekhuni']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(understandMessage('অফিসার বাড়িতে এসেছিলেন').kind).to.equal('unclear');
  });
  it('reads romanised Bengali typed with 6 for ছ (a6e, hoye6e, ki6u) as the word, no reference: the question still asks; a reference with a 6 in it stays a reference', () => {
    expect(readMessage('kono kagoj baki a6e ki?').words).to.include('ache');
    expect(detectLanguage('kono kagoj baki a6e ki?')).to.equal('BN_EN');
    expect(matchIntent('kono kagoj baki a6e ki?')).to.equal('pending_documents');
    expect(matchIntent('babar claim er ki hoye6e bolun')).to.equal('claim_status');
    expect(matchIntent('ki6u taka ese6e ki?')).to.equal('claim_status');
    expect(readMessage('CLM6A778 er status').entities.map((e) => e.cls)).to.deep.equal(['ref']);
  });
  it('reads praise or thanks of a staff member by name (খুব ভদ্র, অমায়িক, ধৈর্য ধরে, khub bhodro, onake thanks) as small talk: nobody is asked for; a person asked for after the praise still hands over', () => {
    for (const text of ['আপনাদের এজেন্ট দাদা খুব ভদ্র, সব গুছিয়ে বলে দিলেন', 'কাস্টমার কেয়ারের মেয়েটি খুব অমায়িক ছিল', 'ফোনে যিনি ছিলেন উনি খুব ধৈর্য ধরে সব শুনলেন, ধন্যবাদ', 'পিয়ালী ম্যাডাম বাবার ক্যাশলেসটা করিয়ে দিলেন, তার জন্য অনেক ধন্যবাদ',
      'executive dada khub bhodro, sob bujhiye bollen', 'Mou di kal kagoj gulo guchiye dilen, onake amar thanks', 'apnader agent meyeti khub bhalo byabohar korechen']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    for (const text of ['এজেন্ট খুব ভদ্র ছিলেন কিন্তু আমি একজন ম্যানেজারের সাথে কথা বলতে চাই', 'agent khub bhodro chilo kintu ami manager er sathe kotha bolte chai']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads an explanation told got (বুঝিয়েছিলেন, bujhiyechilen) with thanks as closing: the which-question inside it is what was explained; the spoken কন (say) is no request in every কোন (which)', () => {
    for (const text of ['রুমা দি কাল বুঝিয়েছিলেন কোন কাগজ কোথায় জমা দিতে হবে, ওনাকে আমার ধন্যবাদ', 'Sumi di porshu bujhiyechilen kon bill kothay pathate hobe, onake thanks']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(matchIntent('কোন কাগজ এখনো জমা হয়নি?')).to.equal('pending_documents');
    expect(matchIntent('Rina di bujhiyechen kon kagoj lagbe. kintu kothay pathabo?')).to.equal('pending_documents');
    expect(matchIntent('টাকা এত কম কেন দিলেন? হিসাবটা একটু বুঝিয়ে কন')).to.equal('query_reason');
  });
  it('reads an app that is slow and attempts told (বার চেষ্টা করলাম, bar try korlam, upload korte giye error elo) as venting: nothing asked starts nothing; how to send after it still asks for documents', () => {
    for (const text of ['অ্যাপটা খুব স্লো, রিপোর্ট আপলোড করতে ৫ বার চেষ্টা করলাম', 'app ta eto slow, prescription upload korte 4 bar try korechi', 'discharge summary upload korte giye 2 bar error elo']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    for (const text of ['রিপোর্ট আপলোড করতে ৩ বার চেষ্টা করেছি, কিভাবে পাঠাব?', 'bill upload korte 6 bar try korlam, kivabe pathabo?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads the policy\'s other business (the 80D tax certificate with its case ending, a number or e-mail changed and how to update it, office hours) as no workflow, asked in romanised Bengali', () => {
    for (const text of ['প্রিমিয়ামের ট্যাক্স সার্টিফিকেটটা কোথা থেকে নেব?', '৮০ডি সার্টিফিকেট মেইলে পাঠিয়ে দিন', 'আমার মোবাইল নম্বর বদলে গেছে, কিভাবে আপডেট করব?', 'amar email bodleche, kivabe update korbo?', 'আমার ইমেইল আইডি বদলে গেছে']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(detectLanguage('Saturday office khola thakbe?')).to.equal('BN_EN');
    expect(matchIntent('Saturday office khola thakbe?')).to.equal(null);
    expect(matchIntent('claim er update kivabe pabo?')).to.equal('claim_status');
  });
  it('reads on what basis (কোন ভিত্তিতে, kiser bhittite, ki bhittite) as a why-question', () => {
    for (const text of ['কোন ভিত্তিতে ক্যাশলেস বাতিল করলেন?', 'কী ভিত্তিতে বলছেন যে রোগটা আগের?', 'kiser bhittite eta bolchen?', 'ki bhittite bolchen je rog ta purono?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
    }
  });
  it('reads whether what was sent will do (যা পাঠিয়েছি তাতে চলবে তো, jo pathiyechi tate hobe to) as a documents question, anything still remaining after papers couriered as one, and a refusal to send more (আর কিছু দেব না) as venting', () => {
    for (const text of ['যা জমা দিলাম তাতেই হবে তো?', 'ja pathalam tate hobe to?', 'রিপোর্ট কুরিয়ার করেছি। এখনও কিছু বাকি থাকলে জানিয়ে দেবেন', 'sob bill pathiyechi, ekhono kichu baki thakle janaben']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
    for (const text of ['অনেক দিয়েছি, আর কিছু দেব না', 'ja pathiyechi tai thak, ar kichu pathabo na']) expect(understandMessage(text).kind, text).to.equal('small_talk');
  });
  it('reads সেটেল্ড (settled, with the hasanta) as paid: a reference settled? asks its status', () => {
    expect(matchIntent('৪৪১৯০২ কি সেটেল্ড?')).to.equal('claim_status');
  });
  it('reads praise of how staff talked or called (সুন্দর করে কথা বললেন, bhalo bhabe kotha bollo, khub bhalo laglo, প্রণাম জানাবেন) as small talk: a talk or call told beside praise asks for nobody', () => {
    for (const text of ['কাল আপনাদের এজেন্ট ফোনে খুব সুন্দর করে কথা বললেন', 'এক্সিকিউটিভের ব্যবহারটা খুব সুন্দর', 'শুভ্রা ম্যাডামকে আমার প্রণাম জানাবেন', 'call center er agent ta khub bhalo bhabe kotha bollo',
      'branch manager nijei phone korechilen, khub bhalo laglo', 'helpline er dada khub patiently sob shunlen']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    for (const text of ['এজেন্টের ব্যবহার খুব সুন্দর, ওনার সাথে আবার কথা বলতে চাই', 'agent khub bhalo bhabe kotha bolechilen, abar onar sathe kotha bolte chai']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads papers in the claimant\'s hands (সব বিল আমার কাছে আছে, amar kache ache) as news, a contact changed with updating it to do (update korte hobe) as the policy\'s business, and nothing more needed told (ar kichu dorkar nei) as closing: nothing starts; where to send them still asks', () => {
    for (const text of ['মা বাড়ি ফিরেছেন, রিপোর্ট আর বিল আমার কাছেই আছে', 'discharge hoye geche, sob bill amar kache ache', 'amar mobile number change hoyeche, update korte hobe', 'সব ঠিক আছে, আর কিছুর দরকার নেই']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('sob bill amar kache ache, kothay pathabo?')).to.equal('pending_documents');
    expect(matchIntent('claim er status update korte hobe?')).to.equal('claim_status');
  });
  it('reads venting (a call hung up after a hold: phone kete dilo, হোল্ডে রেখে; ar parchi na; an old person, বয়স্ক মানুষ; never insuring again; receipts got) as small talk, its cut, person, when or payment words no request; a person asked for after it still hands over', () => {
    for (const text of ['হেল্পলাইনে আধ ঘণ্টা হোল্ডে রেখে তারপর ফোন কেটে দিলেন', 'customer care e 25 minute hold e rekhe line kete dilo', 'barbar notun notun kagoj chay, ar parchi na', 'ami boyosko manush, eto dourjhap kora jay na',
      'এমন হলে আর কখনো বিমা করব না', 'bills gulo office e jama diye esechi, rosid o peyechi', 'ki bhalo service, 3 diner moddhe taka pelam']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    for (const text of ['phone kete dilo, abar keu amake call korun', 'আমি বয়স্ক মানুষ, একজন মানুষের সাথে কথা বলতে চাই']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('taka kete dilo keno?')).to.equal('query_reason');
  });
  it('reads time being taken (সময় লাগছে, eto din lagche) as a delay, লাগছে no typo of লাগবে: why it takes so long asks the status, no reason', () => {
    for (const text of ['বাবার ক্লেমে এতদিন লাগছে কেন?', 'reimbursement e onek somoy lagche keno?']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads staff praised as the kind every company should have (ওনার মতো এজেন্ট ... থাকা উচিত, onar moto agent) or as cooperative and quick as small talk: the agent named asks for nobody', () => {
    for (const text of ['আপনাদের সুমিত বাবুর মতো এজেন্ট সব জায়গায় থাকা উচিত', 'Howrah branch er staff ra khub cooperative', 'TPA desk er meyeti khub fast kaj korlen']) expect(understandMessage(text).kind, text).to.equal('small_talk');
  });
  it('reads papers told uploaded, mailed, couriered or handed in with an English verb before a Bengali one (upload করে দিয়েছি, courier করলাম, mail kore dilam, jama kore dilam) as news: nothing starts; a question after them still asks', () => {
    for (const text of ['সকালেই সব রিপোর্ট upload করে দিয়েছি', 'বিলগুলো গতকাল courier করলাম, tracking 88123', 'প্রেসক্রিপশন scan করে whatsapp করেছি', 'সব কাগজ জমা দিয়ে দিয়েছি',
      'discharge er kagoj mail kore dilam', 'pharmacy bill gulo scan kore whatsapp korechi', 'aj sob report share kore dilam']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('bills upload করেছি, আর কিছু লাগবে?')).to.equal('pending_documents');
    expect(matchIntent('report gulo email kore diyechi, peyechen ki?')).to.equal('pending_documents');
    expect(matchIntent('documents upload করে দিলাম, কবে টাকা পাব?')).to.equal('claim_status');
  });
  it('reads a payment link (payment link, পেমেন্টের লিংক) and a copy that will not download (download hocche na, ডাউনলোড হচ্ছে না) as the policy\'s business: no papers asked', () => {
    for (const text of ['প্রিমিয়ামের payment link টা পাঠাবেন', 'renewal korbo, payment er link ta din', 'app theke policy document download hocche na', 'ওয়েবসাইট থেকে ই-কার্ড ডাউনলোড হচ্ছে না']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('link এ bill upload হচ্ছে না, কি করব?')).to.equal('pending_documents');
    expect(matchIntent('claim er kagoj ki download kore fill korte hobe?')).to.equal('pending_documents');
  });
  it('reads whether it was rejected or approved (রিজেক্ট হয়েছে কিনা, approve korechen ki, final approval pathiyechen) as the status, and why it was as the reason', () => {
    for (const text of ['ক্লেমটা বাতিল হয়েছে কিনা একটু দেখে বলবেন', 'mayer claim ta reject hoye geche kina janaben', 'হাসপাতাল বলছে এখনো pending, আপনারা কি approve করেছেন?', 'kal discharge, final approval ta ki pathiyechen?',
      'ফাইনাল অ্যাপ্রুভাল কি হাসপাতালে পাঠিয়েছেন?']) {
      expect(matchIntent(text), text).to.equal('claim_status');
    }
    for (const text of ['আমার claim কেন reject হয়েছে জানাবেন', 'reject hoyeche keno janaben?']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(understandMessage('cashless approve korechen, onek dhonnobad').kind).to.equal('small_talk');
  });
  it('reads which papers again (kisher kagoj, কিসের কাগজ) and whether a breakup is needed (breakup ta ki lagbe) as papers asked, no reason; a breakup beside a cut still asks why', () => {
    for (const text of ['abar kiser document lagbe bolun to', 'আবার কিসের কাগজ চাইছেন? সব তো দিয়েছি', 'pharmacy bill er breakup lagbe naki?', 'হাসপাতাল breakup দেয়নি, breakup টা কি লাগবেই?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
    expect(matchIntent('deduction 4500 dekhacche, er breakup ta ki?')).to.equal('query_reason');
    expect(matchIntent('৩২০০ টাকা কাটা হয়েছে, breakup টা দিন')).to.equal('query_reason');
  });
  it('reads পাটিয়েছি, পাটিয়ে (ট for ঠ) as পাঠিয়েছি, পাঠিয়ে', () => {
    expect(foldWord('পাটিয়েছি')).to.equal(foldWord('পাঠিয়েছি'));
    expect(matchIntent('রিপোর্ট পাটিয়ে দিয়েছি, আর কী লাগবে?')).to.equal('pending_documents');
  });
  it('reads staff praised as good or helpful (এজেন্ট খুব ভালো, khub helpful) as small talk, while "it would be very good if" (খুব ভালো হয়, khub bhalo hoto) is a polite request: a person asked for that way is handed over', () => {
    for (const text of ['claim desk er agent ti khub bhalo chilen', 'আপনাদের executive খুব helpful', 'হেল্পডেস্কের মেয়েটি খুব ভালো']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['একজন এজেন্ট ফোন করলে খুব ভালো হয়', 'ekjon manush er sathe kotha bolte parle khub bhalo hoto', 'agent ke din, khub bhalo hobe']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads a new policy to buy (নতুন পলিসি কিনতে, policy kinte chai) and its plans (প্ল্যানগুলো, plan gulo) as the policy\'s business: asking them sent asks for no papers; a new policy\'s claim still asks', () => {
    for (const text of ['বাবার জন্য নতুন পলিসি কিনতে চাই, প্ল্যানগুলো একটু পাঠাবেন', 'notun policy nite chai, plan er list ta pathan']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('নতুন পলিসির ক্লেম কেন রিজেক্ট হল?')).to.equal('query_reason');
  });
  it('reads a cut told as a habit in the present (টাকা কাটে, kete ney) and a reason shown each time (এত কারণ দেখিয়ে, nana karon dekhiye: dekhiye is Bengali "having shown", no Hindi request) as venting; asking why still asks', () => {
    for (const text of ['নানা কারণ দেখিয়ে প্রতিবারই টাকা কেটে নেয়, বিমা করাটাই ভুল', 'সবসময় কিছু না কিছু কারণ দেখিয়ে claim বাতিল করে, আর ভরসা নেই', 'eto karon dekhiye taka kete ney, ar kono din insurance korbo na', 'kono na kono karon dekhiye barbar kom dey, bhison rag hocche']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    for (const text of ['প্রতিবার টাকা কেন কাটেন?', 'protibar keno taka katen?']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(detectLanguage('nana karon dekhiye taka katen apnara')).to.equal('BN_EN');
  });
  it('reads how much longer (আর কত বাকি, ar koto baki) as a when-question, on what basis (কী দেখে, ki dekhe) and where it came from (কোথা থেকে এলো, kotha theke aslo) as why', () => {
    for (const text of ['হাসপাতালের বিল জমা হয়েছে, টাকা পেতে আর কত বাকি বলুন তো', 'claim approve hoyeche, settle hote aro koto din baki?']) expect(matchIntent(text), text).to.equal('claim_status');
    for (const text of ['কী দেখে আমার ক্লেম বাতিল করলেন?', 'ki dekhe room rent er taka ketechen?', 'এই ৩০০০ টাকার deduction কোথা থেকে এলো বুঝিনি', 'co-payment ta kotha theke aslo?', '৫০০০ টাকা কোথা থেকে কাটা হলো?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
    }
  });
  it('reads the customer care called bad (customer care একদম বাজে, customer care khub kharap) as venting, while asking to talk to it still hands over', () => {
    for (const text of ['আপনাদের customer care খুব বাজে, কেউ কিছু জানে না', 'customer care ekdom kharap apnader']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['customer care এর কারো সাথে কথা বলিয়ে দিন', 'customer care e kauke din, kotha bolbo']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads shame called for, being run around (এতদিন ঘুরিয়ে, ghuriye ghuriye) and the same words every time (প্রতিবার বলেন, kichui hoy na) as venting; a cut asked why or a date asked still asks', () => {
    for (const text of ['ঘুরিয়ে ঘুরিয়ে শেষে অর্ধেক টাকা দিলেন, লজ্জা করে না', 'etodin ghuriye sheshe kom taka dilen, lojja howa uchit apnader', 'আপনারা প্রতিবার একই কথা বলেন, কিছুই হয় না', 'protibar bolen kaj cholche, kichui hoyna']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(matchIntent('ঘুরিয়ে ঘুরিয়ে শেষে টাকা কেন কম দিলেন?')).to.equal('query_reason');
    expect(matchIntent('protibar bolen process e ache, taka kobe pabo?')).to.equal('claim_status');
  });
  it('reads papers someone will send (পাঠিয়ে দেবে, pathiye debe) or the claimant will upload later (কাল upload করব, pore upload korbo) as news, and the policy\'s expiry (কবে expire হবে) as its business; what to upload still asks for documents', () => {
    for (const text of ['মেয়ে রাতে discharge summary পাঠিয়ে দেবে', 'jamai kal bill gulo pathiye dibe', 'ল্যাব থেকে রিপোর্ট এনে কাল upload করব', 'report gulo pore upload korbo', 'মায়ের policy কবে expire হবে?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    for (const text of ['আর কী কী upload করব?', 'ar ki upload korbo?', 'বাবা কাল বিল পাঠিয়ে দেবে, আর কোন কাগজ লাগবে?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads resignation and anger told (যা হবার হয়েছে, আর কী বলব, কী আর করব, রাগ হচ্ছে; ja hobar hoyeche, ki r korbo), a reason told read (কারণটা পড়লাম, karon porlam), best wishes (shubhechha) and praise of speed (তাড়াতাড়ি সেটল করলেন) as small talk; a question after them still asks', () => {
    for (const text of ['ক্লেম বাতিলের চিঠি এসেছে। যা হবার হয়েছে, আর কী বলব', 'claim batil er letter elo, ja hobar hoyeche, ar ki bolbo', 'room rent এ কাটার কারণটা পড়লাম, রাগ হচ্ছে কিন্তু কী আর করব', 'co-pay er karon ta porlam, raag hocche kintu ki ar korbo', 'মায়ের বিলের টাকা এসে গেছে, খুব তাড়াতাড়ি সেটল করে দিলেন', 'mayer hospital bill er taka eseche, puro team ke shubhechha']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(matchIntent('আর কী বলব, দুই মাস হয়ে গেল, টাকা কবে পাব?')).to.equal('claim_status');
    expect(matchIntent('sob kagoj diyechi, ar ki korbo?')).to.equal('pending_documents');
  });
  it('reads a rejection asked with naki or kina after its verb (রিজেক্ট করে দিয়েছেন নাকি, reject korechen kina) as whether it was decided: claim status', () => {
    for (const text of ['আমার বাবার ক্লেম রিজেক্ট করে দিয়েছেন নাকি?', 'ami kono message pai ni, claim ta reject korechen kina?', 'claim reject kore dilen naki? kichu janai ni']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('ক্লেম রিজেক্ট করলেন কেন?')).to.equal('query_reason');
  });
  it('reads the logic of a decision (যুক্তি, jukti), by which rule (kon rule e) and a part paid (partly pay) as why-questions', () => {
    for (const text of ['ওষুধের বিল থেকে এত টাকা বাদ দেওয়ার যুক্তিটা কী?', 'room rent er taka katar jukti ta ki?', 'kon rule e amar claim partly pay korlen janan', 'ki rule e eto taka kata holo?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
    }
  });
  it('reads being put on the line (line e dite parben, line e pabo) and someone of the claims department (claims department এর কোনো লোককে) as a person asked for, and office hours (kota obdhi khola) as the policy\'s business', () => {
    for (const text of ['kono officer ke line e dite parben please?', 'ekjon manager ke line e pabo?', 'claims department এর কোনো লোককে ফোনে ধরিয়ে দিন']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('Salt Lake office kota obdhi khola thake?')).to.equal(null);
  });
  it('reads nothing told so far (kichu janalen na) and a month nearly gone (mash hote chollo) as a delay: the why beside them asks the status', () => {
    for (const text of ['kichu janalen na keno? tin mash hote chollo', 'ekhono kichui janalen na, du mash hote chollo']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads mail with the locative (mail এ, mail e: in the mail) as where something came or not, no papers sent: an app\'s reset link not come starts nothing; papers to be mailed still ask for documents', () => {
    for (const text of ['app এর OTP link টা mail এ আসেনি, দুবার চেষ্টা করেছি', 'premium er receipt ta mail e aseni ekhono']) expect(matchIntent(text), text).to.equal(null);
    for (const text of ['kon kon kagoj mail e pathate hobe?', 'বিলগুলো mail এ পাঠাব?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads what an agent said (এজেন্ট বলেছিলেন, agent bolechilo) as who told the claimant, no person asked for; a person asked for or a question after it still asks', () => {
    for (const text of ['এজেন্ট বলেছিলেন এই প্ল্যানে চোখের অপারেশন কভার হয়', 'agent bolechilo maternity cover ache, tai policy ta nilam']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('এজেন্ট বলেছিলেন ফোন করবেন, কেউ করেনি। একজন এজেন্টের সাথে কথা বলতে চাই')).to.equal('human_handover');
    expect(matchIntent('agent bolechilo claim 7 din e hobe, ekhono hoyni, kobe hobe?')).to.equal('claim_status');
  });
  it('reads the link of a KYC update (KYC update er link, KYC আপডেটের লিংক) as the policy\'s business, no status asked; a KYC update for the claim still asks for documents', () => {
    for (const text of ['amar KYC update er link ta khulche na', 'KYC আপডেটের লিংকটা খুলছে না']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('KYC update korte hobe claim er jonno?')).to.equal('pending_documents');
  });
  it('reads the Bengali-script forms too: nothing told (কিছুই জানালেন না) and a month nearly gone (মাস হতে চলল) as a delay, put on the line (লাইনে দিতে পারবেন) as a person asked for, by which rule (কোন রুলে) as why', () => {
    expect(matchIntent('এখনো কিছুই জানালেন না কেন? তিন মাস হতে চলল')).to.equal('claim_status');
    expect(matchIntent('ম্যানেজারকে লাইনে দিতে পারবেন?')).to.equal('human_handover');
    expect(matchIntent('কোন রুলে ওষুধের টাকা কাটলেন?')).to.equal('query_reason');
  });
});
