/**
 * The intent grammar's parts (docs/understanding.md): spelling folds, the class lexicon with its
 * edit-distance and run-together tolerance, template scoring with a confidence, choices, and a
 * tenant's added words.
 */
import { expect } from 'chai';
import { understandMessage } from '../../pipeline/intents';
import { detectLanguage } from '../../pipeline/language';
import { choiceButtonId, choiceOf } from '../../pipeline/understanding/choices';
import { foldedWords, foldWord } from '../../pipeline/understanding/fold';
import { lexiconFor, withinOneEdit } from '../../pipeline/understanding/lexicon';
import { offerHandoverIfMissing } from '../helpers/handover-stand-in';

/** Each text is small talk that closes the conversation (thanks, ok, nothing asked). */
function expectClosings(texts: readonly string[]): void {
  for (const text of texts) {
    const u = understandMessage(text);
    expect(u.kind, text).to.equal('small_talk');
    expect(u.kind === 'small_talk' && u.closing, text).to.equal(true);
  }
}

const classesOf = (text: string) => {
  const words = foldedWords(text);
  return lexiconFor().find(words).map((h) => `${words[h.start]}:${h.cls}${h.fuzzy ? '~' : ''}`);
};

describe('understanding: spelling folds', () => {
  it('folds Devanagari nukta, chandrabindu, nasal clusters and vowel-length variants together', () => {
    expect(foldWord('कागज़ात')).to.equal(foldWord('कागजात'));
    expect(foldWord('हाँ')).to.equal(foldWord('हां'));
    expect(foldWord('सम्बन्ध')).to.equal(foldWord('संबंध'));
    expect(foldWord('दीजिए')).to.equal(foldWord('दिजिए'));
    expect(foldWord('क्लैम')).to.equal(foldWord('क्लेम'));
    expect(foldedWords('क़ाग़ज़\u200Dात')).to.deep.equal(foldedWords('कागजात'));
  });

  it('folds romanised Hindi and SMS spellings to one form', () => {
    for (const w of ['kyun', 'kyon', 'kyu', 'kyuuun']) expect(foldWord(w)).to.equal('kyu');
    expect(foldWord('baaki')).to.equal('baki');
    expect(foldWord('chaiye')).to.equal('chahiye');
    expect(foldWord('pleeeease')).to.equal('please');
    // Folding is by word: "kaam" (work) is not "kam" (less).
    expect(foldWord('kaam')).to.equal('kaam');
  });
});

describe('understanding: the class lexicon', () => {
  it('matches words of 5+ letters at edit distance 1, including a swap of neighbours', () => {
    expect(withinOneEdit('stauts', 'status')).to.equal(true);
    expect(withinOneEdit('approvel', 'approval')).to.equal(true);
    expect(withinOneEdit('status', 'status')).to.equal(false);
    expect(withinOneEdit('stats', 'statutes')).to.equal(false);
    expect(classesOf('documnets')).to.include('documents:doc');
    expect(classesOf('rejcted')).to.include('rejcted:reject~');
  });

  it('never fuzzes short words, nor a romanised Hindi word that is itself ("karna" is not "karan")', () => {
    expect(classesOf('klam')).to.deep.equal([]);
    expect(classesOf('karna')).to.deep.equal([]);
  });

  it('reads words run together as the class words they are made of', () => {
    expect(classesOf('claimrejectkyu')).to.include.members(['claimrejectkyu:claim~', 'claimrejectkyu:reject~', 'claimrejectkyu:why~']);
    expect(classesOf('zzzzzzzz')).to.deep.equal([]);
  });

  it("reads a told language's own word in its own sense, not English's: romanised Marathi \"pan\" (but) is no PAN card", () => {
    const read = (text: string) => {
      const words = foldedWords(text);
      return lexiconFor().find(words, detectLanguage(text)).filter((h) => words[h.start] === 'pan' && h.end === h.start).map((h) => h.cls);
    };
    expect(detectLanguage('bill approve zala pan paise ajun ale nahit')).to.equal('MR_EN');
    expect(read('bill approve zala pan paise ajun ale nahit')).to.deep.equal(['contrast']);
    // PAN as a document stays where no language says otherwise, and "pan card" in every language.
    expect(read('aadhaar aur pan dono chahiye kya')).to.include('doc');
    expect(read('is PAN needed for the claim?')).to.include('doc');
    expect(understandMessage('pan card pathvaycha ka?').intent).to.equal('pending_documents');
  });

  it('matches phrases of several words as one', () => {
    expect(classesOf('kab tak milega')).to.include.members(['kab:when', 'milega:paid']);
  });
  it('reads a class phrase longer than a known phrase it opens with (चक्कर काट रहा over the known चक्कर काट), and no word inside it in another class', () => {
    const words = foldedWords('चक्कर काट रहा हूं');
    expect(lexiconFor().find(words, 'HI').map((h) => h.cls)).to.deep.equal(['thanks']);
    expect(lexiconFor().find(foldedWords('चक्कर काटने पड़ेंगे'), 'HI')).to.deep.equal([]);
  });
});

describe('understanding: templates score every intent', () => {
  const cases: Array<[string, string]> = [
    ['why was my claim rejected', 'query_reason'],
    // The longest phrase used to win: "my claim" no longer outweighs the why.
    ['what happened to my claim, why is it so delayed', 'claim_status'],
    ['amount kam kyu diya', 'query_reason'],
    ['क्यों रिजेक्ट हुआ क्लेम', 'query_reason'],
    ['क्लेम रिजेक्ट क्यों हुआ', 'query_reason'],
    ['when will the hospital be paid', 'claim_status'],
    ['paisa kab aayega', 'claim_status'],
    ['रकम कब तक आएगी', 'claim_status'],
    ['stauts of my clam pls', 'claim_status'],
    ['kaun se kagaz bhejne hai', 'pending_documents'],
    ['कौन से कागज़ात चाहिए', 'pending_documents'],
    ['docs pending?', 'pending_documents'],
  ];
  for (const [text, intent] of cases) {
    it(`"${text}" is ${intent}`, () => {
      const u = understandMessage(text);
      expect(u.kind).to.equal('intent');
      expect(u.intent).to.equal(intent);
      expect(u.confidence).to.be.at.least(0.5);
    });
  }

  it('a question word beside the reason asks for it, also inside a why-phrase that holds both', () => {
    for (const text of ['what was the reason?', 'wajah kya thi?', 'কারণটা কী?', 'karon ta ki?']) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
    // "enna kaaranam", "कारण काय आहे" are why-phrases whose reason word is a why-word by itself too:
    // the phrase carries that word's own sense, so the reason and the question in it still ask.
    for (const text of ['enna kaaranam?', 'कारण काय आहे?']) {
      const u = understandMessage(text);
      expect(u.intent, text).to.equal('query_reason');
      expect(u.template, text).to.equal('reason-asked-what');
    }
    // A phrase of another sense still keeps its words apart: "how many more days" is a time
    // question, not "how many" and "more" (what more is needed).
    expect(understandMessage('how many more days?').scores.pending_documents).to.equal(0);
  });

  it('a claim reference counts as a claim word where a template needs one', () => {
    for (const [text, template] of [['CLM-2023-40404 approve hua?', 'claim-paid'], ['CLM-2024-5555 pending hai?', 'claim-pending'], ['2233/44/567 ka status?', 'claim-status-words']]) {
      const u = understandMessage(text);
      expect(u.intent, text).to.equal('claim_status');
      expect(u.template, text).to.equal(template);
    }
    // Alone it names the claim and asks nothing, as "my claim" does.
    expect(understandMessage('CLM-2024-5555').kind).to.equal('unclear');
  });

  it('a request that we send the claimant something (a link, a form, a list) asks for the documents', () => {
    for (const text of ['pls share me the procedure', 'courier address pampandi', 'list bhej dijiye']) {
      const u = understandMessage(text);
      expect(u.intent, text).to.equal('pending_documents');
      expect(u.template, text).to.equal('send-me-something');
    }
    // The upload link is a document word: asked for with a plain "send", or said to fail, it is
    // still about the documents.
    for (const text of ['pls share me the portal link', 'Pls send the upload link again. The old one has expired', 'the upload link is not opening']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    // Another intent's word, or a negation, says the request is not for the documents.
    expect(understandMessage('UTR number bhej do').intent).to.equal('claim_status');
    expect(understandMessage("please don't send me reminders").intent).to.equal(null);
  });

  it('a claimant who sent the papers and asks whether they arrived asks about the documents', () => {
    for (const text of ['sab bhej diya hai, mil gaya?', 'kal sob pathiye diyechi, peyechen?', 'mi kal sagle reports upload kele, receive zale ka?']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    // Romanised Marathi "kal" is yesterday, a date, not Hinglish's when-word (kal tak, by tomorrow).
    const words = foldedWords('mi kal sagle reports upload kele');
    expect(lexiconFor().find(words, 'MR_EN').filter((h) => h.start === 1).map((h) => h.cls)).to.deep.equal(['date']);
  });

  it('says how sure it is: a bare "my claim" is unclear, with every score given', () => {
    const u = understandMessage('my claim');
    expect(u).to.include({ kind: 'unclear', intent: null });
    expect(u.scores).to.have.keys(['claim_status', 'pending_documents', 'query_reason', 'human_handover']);
    expect(u.confidence).to.be.below(0.5);
  });

  it('greetings and thanks are small talk, not a workflow', () => {
    for (const text of ['hi', 'thanks', 'नमस्ते', 'dhanyavaad', 'ok got it']) expect(understandMessage(text).kind, text).to.equal('small_talk');
  });

  it("a tenant's words join a class for that tenant only", () => {
    expect(understandMessage('hisaab batao').kind).to.equal('unclear');
    expect(understandMessage('hisaab batao', { status: ['hisaab'] }).intent).to.equal('claim_status');
  });
});

describe('understanding: asking for a person (human_handover)', () => {
  const handover: Array<[string, string]> = [
    ['I want to talk to someone', 'ask-to-talk-to-someone'],
    ['talk to agent', 'talk-to-someone'],
    ['call me', 'call-me'],
    ['I would like to register a complaint', 'make-a-complaint'],
    ['get me a human pls', 'human-asked-for'],
    ['मुझे एजेंट से बात करनी है', 'ask-to-talk-to-someone'],
    ['इंसान से बात', 'talk-to-someone'],
    ['कृपया मुझे फोन कीजिए', 'call-me'],
    ['शिकायत दर्ज करनी है', 'make-a-complaint'],
    ['customer care se baat karni hai', 'ask-to-talk-to-someone'],
    ['kisi insaan se baat karni hai', 'ask-to-talk-to-someone'],
    ['complaint karna hai', 'make-a-complaint'],
    // Typos and SMS spellings: "agnet" is one swap from "agent", "bat" and "krao" are folded.
    ['agnet se bat krao', 'ask-to-talk-to-someone'],
    ['talk to custmer care', 'talk-to-someone'],
  ];
  for (const [text, template] of handover) {
    it(`"${text}" asks for a person (${template})`, () => {
      const u = understandMessage<string>(text);
      expect(u.kind).to.equal('intent');
      expect(u.intent).to.equal('human_handover');
      expect(u.template).to.equal(template);
    });
  }

  it('a claim asked whether it happened or not is its status, in any word order; papers asked so are their receipt', () => {
    for (const text of ['bhai mera cashless claim hua ya nahi?', 'hui ki nahi meri claim ab tak', 'did my reimbursement happen or not', 'so has the settlement happened yet or not?']) {
      expect(understandMessage<string>(text).intent, text).to.equal('claim_status');
    }
    expect(understandMessage<string>('reports mil gaye aapko, hua ki nahi?').intent).to.equal('pending_documents');
  });

  it('what happened to the rest of a sum paid in part asks the reason of the balance; when it comes is its status', () => {
    for (const text of ['they credited 62,000. what happened to the remaining balance amount?', 'sirf aadha paisa mila, baki rakam ka kya hua?', '25000 జమ అయ్యింది, మిగతా డబ్బు ఏమైంది?']) {
      expect(understandMessage<string>(text).intent, text).to.equal('query_reason');
    }
    expect(understandMessage<string>('they credited 62,000. when will the remaining amount be credited?').intent).to.equal('claim_status');
    expect(understandMessage<string>('baki rakam ka kya hua?').intent).to.equal('claim_status');
  });

  it('a need word inside a phrase of waiting is that waiting, not papers needed', () => {
    for (const text of ['இன்னும் எவ்வளவு நாள் நான் காத்திருக்க வேண்டும்', 'how many more weeks do I need to wait for this?']) {
      expect(understandMessage<string>(text).intent, text).to.equal('claim_status');
    }
  });

  it('papers told handed over in the asking clause are not asked about: the delay after them is the question', () => {
    for (const text of ['saare kagaz jama kar diye phir bhi payment mein itni der kyun?', 'even after I submitted every document, why is my reimbursement so delayed?']) {
      expect(understandMessage<string>(text).intent, text).to.equal('claim_status');
    }
  });

  it("a person's number asked for is a request for that person, in any language; a claim's number is not", () => {
    for (const text of ['could you send me the claims officer number', 'surveyor ka number bhejo please', 'अधिकाऱ्याचा नंबर पाठवा', 'officer er nombor ta din', 'number of the manager please']) {
      expect(understandMessage<string>(text).intent, text).to.equal('human_handover');
    }
    expect(understandMessage<string>('my agent gave me the claim number, what is the status?').intent).to.equal('claim_status');
  });

  it('a request for a person after another question is the request: the last asking clause decides', () => {
    expect(understandMessage<string>('why was my claim rejected, I want to talk to a manager').intent).to.equal('human_handover');
    expect(understandMessage<string>('मेरा क्लेम अटका है। किसी आदमी से बात करनी है').intent).to.equal('human_handover');
  });

  const mentions: Array<[string, string]> = [
    ['has the agent approved my claim', 'claim_status'],
    ['call centre said documents pending, which ones?', 'pending_documents'],
    ['I raised a complaint last week, what is the status of my claim now?', 'claim_status'],
    ['customer care said the amount was deducted, why?', 'query_reason'],
    ['एजेंट ने कहा था पैसा आ जाएगा, कब तक आएगा?', 'claim_status'],
    ['अधिकारी ने फोन पर बोला दस्तावेज़ चाहिए, कौन से?', 'pending_documents'],
    ['एजेंट से बात करने के बाद भी कटौती क्यों हुई?', 'query_reason'],
    ['agent se baat hui thi phir bhi kam amount kyu aaya?', 'query_reason'],
    ['helpline pe call kiya tha, claim ka status batao', 'claim_status'],
  ];
  for (const [text, intent] of mentions) {
    it(`"${text}" mentions a person but asks ${intent}`, () => {
      const u = understandMessage<string>(text);
      expect(u.kind).to.equal('intent');
      expect(u.intent).to.equal(intent);
    });
  }

  it('talking later, never mind, not wanting a call, or asking whether this is a bot asks for nobody', () => {
    for (const text of ['baad mein baat karte hain', 'ok thanks, will call the helpline']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['कोई बात नहीं', 'no need to call', "please don't call me", 'मुझे फोन मत करो', 'Are you a bot or a human?']) {
      expect(understandMessage<string>(text).intent, text).to.equal(null);
    }
  });
});

describe('understanding: several sentences, the asking part decides', () => {
  const cases: Array<[string, string]> = [
    // Context before the question does not outvote it.
    ['The TPA says something is short in my file. Can you tell me what is missing?', 'pending_documents'],
    ['hospital ne bills le liye. lekin mera claim kahan atka hai?', 'claim_status'],
    // Two different questions: the last is answered.
    ['Why is my claim on hold?? Which papers should I send now?', 'pending_documents'],
    ['paisa kab aayega? aur amount kam kyu kiya?', 'query_reason'],
    // A question naming nothing by itself is read with the clause before it, however far.
    ['मेरा क्लेम 20 दिन से प्रोसेस में है। कृपया बताइए कब तक निपटेगा।', 'claim_status'],
    // An amount near a why-word is a deduction question.
    ['pharmacy ke 8,000 nahi diye. wajah batao', 'query_reason'],
    ['दवाइयों के ₹8,000 नहीं दिए गए। इसकी वजह क्या है?', 'query_reason'],
    // Numbers, dates and names neither help nor hurt.
    ['namaste ji 🙏 mera claim CLM-2024-88812 hai. 61,500 mila, baaki kyu kata?', 'query_reason'],
    ['10 tarikh ko Apollo se discharge hua. kab milega paisa', 'claim_status'],
    // A question word opening a clause asks about all of it, past the template window.
    ['Why did the insurer, after the hospital sent everything on time and answered every single query, reject my claim?', 'query_reason'],
    // (A delay asked so, "why ... and my claim is still not settled?", asks where the claim stands.)
    ['Why has it been 2 months since the hospital sent everything and my claim is still not settled?', 'claim_status'],
    // A question naming nothing even with the clause before it is read with the whole message.
    ['My claim was closed last week. Nobody informed me. What went wrong?', 'query_reason'],
    // A longer phrase of one class is not read as the shorter words of another inside it.
    ['The hospital sent the bills in March. How many more days for my claim?', 'claim_status'],
    // A date word in the clause a question leans on tells when it happened, not when it asks.
    ['मैंने १५ तारीख को कूरियर से बिल भेजे थे। आपको मिले या नहीं?', 'pending_documents'],
    ['maine 12 tarikh ko courier se bills bheje the. aapko mile ya nahi?', 'pending_documents'],
    // A request that we send something names what it asks about, and decides as the last request.
    ['धन्यवाद। लेकिन पैसा खाते में क्यों नहीं दिखा रहा? UTR नंबर भेज दीजिए', 'claim_status'],
    ['thanks, but why is the money not in my account? send me the UTR number', 'claim_status'],
    // One naming nothing ("number pampandi") only says how to answer the question before it.
    ['customer care lo evaraina matladataara? number pampandi', 'human_handover'],
    // "To whom should I give it?" after a complaint asks for a person, not what papers to send.
    ['complaint likh li hai, kisko dena hai?', 'human_handover'],
    ['kisko bhejna hai documents?', 'pending_documents'],
    // A rejection inside a status phrase is an outcome asked about: where the claim stands.
    ['Hello. Is my claim approved or rejected?', 'claim_status'],
    ['mera claim pass hua ya reject?', 'claim_status'],
    ['why was my claim rejected?', 'query_reason'],
    // Papers to attach ("lagani padegi") or a form to hand in ("kahan jama karu") are documents.
    ['doctor ka parcha aur test report bhi lagani padegi kya, ya sirf hospital ka bill kaafi hai?', 'pending_documents'],
    ['pichla case sulajh gaya. ab dobara claim ke liye bank detail wala form kahan jama karu?', 'pending_documents'],
    // "Under process", "in process" say where the claim stands.
    ['my claim is in process', 'claim_status'],
    ['claim being processed since Monday', 'claim_status'],
  ];
  for (const [text, intent] of cases) {
    it(`"${text}" is ${intent}`, () => {
      const u = understandMessage(text);
      expect(u.kind).to.equal('intent');
      expect(u.intent).to.equal(intent);
    });
  }

  it('a question that names nothing it asks about is about what the clause before it named', () => {
    // "received" of documents sent is whether they arrived, not whether the claim was paid.
    for (const text of [
      'I couriered the discharge summary and the pharmacy bills last week. Have you received them?',
      'Lab reports aur discharge summary courier se bheje the. Pahunch gaye kya?',
      'अस्पताल ने रिपोर्ट और बिल भेजे थे। क्या आपको मिल गए?',
    ]) expect(understandMessage(text).intent, text).to.equal('pending_documents');
    // A question that names what it asks about is read alone.
    expect(understandMessage('I couriered the bills last week. Has my claim been approved?').intent).to.equal('claim_status');
  });

  it('an asking clause whose two intents tie is told apart by the rest of the message', () => {
    // Pending (claim status) or rejected (why): too close to call alone, so the claimant is asked.
    expect(understandMessage('Is my claim pending or rejected?').kind).to.equal('unclear');
    // A deduction told before it makes it a why question.
    const u = understandMessage('The letter says the amount was deducted. Is my claim pending or rejected?');
    expect(u.intent).to.equal('query_reason');
    expect(u.template).to.equal('rejected-claim');
  });

  it('"what is this for?" after a deduction asks why it was deducted, not which documents', () => {
    for (const text of [
      'Claim approved, thanks. The final bill shows a ₹3,200 deduction against consumable items. What is this for?',
      'There is a deduction of 2,500 under the room rent papers. What was it for?',
      'Settlement mein 4,500 ka deduction dikh raha hai. Ye kis liye hai?',
      'सेटलमेंट में ₹2,100 की कटौती दिख रही है। यह किस लिए है?',
    ]) expect(understandMessage(text).intent, text).to.equal('query_reason');
  });

  it('"what is short?" asks what is missing, and a short-of word is no deduction beside it', () => {
    expect(understandMessage('फाइल अधूरी बताई गई है। कृपया बताइए क्या कम है।').intent).to.equal('pending_documents');
    expect(understandMessage('file adhuri bol rahe hain. batao kya kam hai').intent).to.equal('pending_documents');
    // A short amount is still a deduction.
    expect(understandMessage('amount kam kyu hai?').intent).to.equal('query_reason');
  });

  it('where the rest of the money went is a deduction question, whatever documents the bill is', () => {
    for (const text of [
      'Bill 80,000 ka tha, sirf 60,000 mile. Baaki 20 hazar kahan gaye?',
      '७५ हज़ार के बिल में ५० हज़ार मिले। बाकी २५ हज़ार कहां गए?',
      'The bill was 90,000 and I got 70,000. Where did the remaining 20,000 go?',
    ]) expect(understandMessage(text).intent, text).to.equal('query_reason');
    // Papers still to send are documents.
    expect(understandMessage('bills bhej diye the, baaki kaunse documents chahiye?').intent).to.equal('pending_documents');
  });

  it('only part of an amount approved, and the calculation asked for, is a deduction question', () => {
    for (const text of [
      'Bill 2 lakh ka tha, manjoor sirf 1.5 lakh hua. 50 hazar ka kya hisaab hai?',
      'बिल ९० हज़ार का था, केवल ६० हज़ार मिले। इसका क्या हिसाब है?',
      'I was paid 40,000 against 55,000. How was this amount calculated?',
    ]) expect(understandMessage(text).intent, text).to.equal('query_reason');
    expect(understandMessage('lab reports chahiye ya sirf bills?').intent).to.equal('pending_documents');
  });

  it('a why-word inside "because of" (ki wajah se, की वजह से) is no why-question', () => {
    expect(understandMessage('Pichli baar claim reject hua tha documents ki wajah se. Is baar kya kya lagega?').intent).to.equal('pending_documents');
    expect(understandMessage('पिछली बार कागज़ों की वजह से क्लेम अटका था। इस बार कौन से कागज़ चाहिए?').intent).to.equal('pending_documents');
    // "For what reason" still asks why.
    expect(understandMessage('kis wajah se claim reject hua?').intent).to.equal('query_reason');
    expect(understandMessage('rejection ki wajah kya hai?').intent).to.equal('query_reason');
  });

  it('"where things stand" asks for the status', () => {
    expect(understandMessage('We filed the claim on 2nd Nov. Could you please let me know where things stand?').intent).to.equal('claim_status');
  });
});

describe('understanding: closings', () => {
  it('thanks, acknowledgement and politeness with nothing asked are small talk, whatever nouns they carry', () => {
    expectClosings([
      'Thanks for the status update on my claim',
      'Got ₹45,000 in my account today. Thanks a lot!!',
      'Ok. Will courier the bills to your office on Monday. Thanks.',
      'शुक्रिया, दावे की स्थिति अब समझ आ गई',
      'जानकारी के लिए धन्यवाद',
      'papa ka claim jaldi settle karne ke liye shukriya 🙏',
    ]);
  });

  it('a message of emoji only is small talk: a thumbs up or folded hands closes, an angry face offers the choices, a lone question mark stays unclear', () => {
    expectClosings(['👍', '🙏🙏', '👌🏽', '❤️']);
    const angry = understandMessage('😠😠');
    expect(angry.kind === 'small_talk' && !angry.closing).to.equal(true);
    expect(understandMessage('??').kind).to.equal('unclear');
    expect(understandMessage('👍?').kind).to.equal('unclear');
  });

  it('thanks with a question is the question', () => {
    expect(understandMessage('Got the payment, thanks. But why is 4,000 less?').intent).to.equal('query_reason');
    expect(understandMessage('धन्यवाद। अब बताइए कौन से कागज़ भेजने हैं').intent).to.equal('pending_documents');
    expect(understandMessage('checking on my claim status, thanks').intent).to.equal('claim_status');
  });

  it('a request whose object is thanks asks nothing: the claimant says what they want to say', () => {
    expectClosings([
      "I would like to express my heartfelt gratitude for settling my father's claim so quickly.",
      'Hi team, main bas shukriya kehna chahta tha, papa ka claim 3 din mein settle ho gaya',
      'नमस्ते, मैं आपकी टीम को धन्यवाद कहना चाहती हूं, मेरा क्लेम समय पर पास हो गया',
    ]);
    // A request that goes on to name what is asked still asks.
    expect(understandMessage('thanks I want to know my claim status').intent).to.equal('claim_status');
  });

  it('a greeting with nothing asked is small talk that is no closing', () => {
    const u = understandMessage('Hi, good evening. Hope you are doing well 😊');
    expect(u.kind).to.equal('small_talk');
    expect(u.kind === 'small_talk' && u.closing).to.equal(false);
  });

  it('a question or request word inside a longer closing asks nothing', () => {
    expectClosings([
      'Bills sent by courier today. Just letting you know, no need to reply.',
      'Appreciate how quickly my claim was settled. Good job!',
      'rejection letter mil gaya. aur kuch nahi karna',
      'bank mein cheque jama kar diya, bas info ke liye bata rahi hoon',
      'देर के लिए माफ़ी चाहता हूँ। बिल भेज दिए हैं।',
      // Informing: a number shared for the records asks for nothing.
      'Good afternoon. My policy number is 44120987, sharing it for your records.',
      'Mera claim number CLM-2025-10021 hai, aapke record ke liye bhej rahi hoon.',
      'मेरा क्लेम नंबर CLM-2025-10021 है, आपके रिकॉर्ड के लिए भेज रहा हूं।',
      // Praise for a person names no request for one.
      'Aapke agent Verma ji ne bahut help ki. Unka number save kar liya hai.',
      'आपके एजेंट ने बहुत मदद की।',
      'Your agent was very helpful during the admission.',
      // An explanation acknowledged closes too.
      'The payment of 32,400 has come. The remaining amount was my co-pay, I understand.',
    ]);
    // A request outside the closing phrase still asks.
    expect(understandMessage('no need to reply, but please tell me which documents are pending').intent).to.equal('pending_documents');
  });

  it('sentences that only tell start nothing on a bill or a payment mentioned in passing', () => {
    for (const text of [
      'Good morning. My mother came home from Fortis today. I have kept all the reports and bills safely.',
      'नमस्ते। माँ आज अस्पताल से घर आ गईं। सारे बिल और रिपोर्ट मेरे पास रखे हैं।',
      'hello ji. mummy ghar aa gayi hai. saare bills mere paas hain.',
      'Hello sir. Papa was discharged on Monday. My claim 55120 is settled.',
      'Hi team. The hospital gave me the final bill and the reports. I will courier them on Monday.',
      'Sir maine aaj courier se saare documents bhej diye. Tracking number 55443322 hai.',
      'Good evening. Just to update, papa had his follow-up checkup today and the doctor is happy.',
    ]) expect(understandMessage(text).kind, text).to.equal('small_talk');
    // A problem, a request or a surer template still names the intent, in as many sentences.
    expect(understandMessage('Hello. Sent the bills last week. The amount is not credited yet.').intent).to.equal('claim_status');
    expect(understandMessage('Hi. I lost my claim form. Send me the form.').intent).to.equal('pending_documents');
    expect(understandMessage('Hi. Papa was discharged on Monday. Bills and reports to submit.').intent).to.equal('pending_documents');
    expect(understandMessage('Please follow up on my claim. Track my claim 55120.').intent).to.equal('claim_status');
    // One sentence is a request put briefly: "bills with me" alone is no telling.
    expect(understandMessage('my claim, bills pending').intent).to.equal('pending_documents');
  });

  it('"मेरे पास", "mere paas" (with me) is no "passed", and "पास" alone still is', () => {
    const classes = (text: string) => lexiconFor().find(foldedWords(text)).map((h) => h.cls);
    expect(classes('बिल मेरे पास है')).to.not.include('paid');
    expect(classes('bill mere paas hai')).to.not.include('paid');
    expect(classes('बिल की कॉपी भाई के पास रहेगी')).to.not.include('paid');
    // A bank's passbook updated is no claim status asked.
    expect(understandMessage('आज बैंक गया था, पासबुक अपडेट करवा ली है। पैसा दिख रहा है।').kind).to.not.equal('intent');
    expect(understandMessage('क्लेम पास हुआ?').intent).to.equal('claim_status');
    expect(understandMessage('claim pass hua kya').intent).to.equal('claim_status');
  });

  it('a question that is only a greeting makes the message small talk, whatever its statements name', () => {
    for (const text of [
      'who is speaking? got a call about my claim payment yesterday',
      'kaun bol raha hai? kal claim ke baare mein message aaya tha',
      'यह किसका नंबर है? कल मेरे दावे का मैसेज आया था',
    ]) expect(understandMessage(text).kind, text).to.equal('small_talk');
    // A real question after the greeting is answered.
    expect(understandMessage('How are you? When will my claim be paid?').intent).to.equal('claim_status');
  });

  it('an auxiliary opens a question only in a language that has it ("is baar" is "this time")', () => {
    expect(understandMessage('Thank you ji! is baar claim jaldi settle ho gaya').kind).to.equal('small_talk');
    expect(understandMessage('is my claim approved').intent).to.equal('claim_status');
  });

  it('"anything pending" asks for documents, and "aur" after "kuch" is "more"', () => {
    expect(understandMessage('KYC upload kar diya. aur kuch pending hai kya?').intent).to.equal('pending_documents');
    expect(understandMessage('शुभ प्रभात। बिल कल अपलोड कर दिए। क्या कुछ और बाकी है?').intent).to.equal('pending_documents');
    // "What is to be sent" asks for documents; "waise" (by the way) is no typo of a why-word.
    expect(understandMessage('क्या भेजना है?').intent).to.equal('pending_documents');
    expect(understandMessage('Status ke liye thanks. Waise PAN card bhi dena padega kya?').intent).to.equal('pending_documents');
  });

  it('"anything pending from my side?" asks what the claimant still has to send', () => {
    for (const text of [
      'Sir meri taraf se ab kuch pending to nahi hai na? Diwali se pehle close ho jaye to accha hai',
      'सर, मेरी तरफ़ से अब कुछ बाकी तो नहीं है ना? जल्दी निपटाना है',
      'is anything pending from my side?',
    ]) expect(understandMessage(text).intent, text).to.equal('pending_documents');
  });

  it('papers said sent, in sentences that ask nothing, ask for no list of documents', () => {
    for (const text of [
      'Documents uploaded just now. Will share the pharmacy bills also by evening.',
      'Bhaiya report abhi lab se nahi mili. Mil jayegi toh kal tak upload kar dunga',
      'दस्तावेज़ अभी अपलोड कर दिए हैं। बाकी दवाई के बिल शाम तक भेज दूँगी।',
      'I uploaded all documents',
      'maine sab documents upload kar diye',
    ]) expect(understandMessage(text).kind, text).to.not.equal('intent');
    // One sentence that names a problem is still a request put briefly.
    expect(understandMessage('documents upload kar diye, abhi bhi pending dikha raha hai').intent).to.not.equal(null);
    // A question after them still asks, and something said pending is still a documents question.
    expect(understandMessage('Sent the bills yesterday. What else?').intent).to.equal('pending_documents');
    expect(understandMessage('bills bhej diye, kuch kam hai kya?').intent).to.equal('pending_documents');
    expect(understandMessage('दवाई के बिल अपलोड कर दिए हैं। और कुछ कम है क्या?').intent).to.equal('pending_documents');
  });

  it('a failed upload, with nothing asked, is a documents question', () => {
    for (const text of ['upload nahi ho raha', 'अपलोड होत नाही', 'upload hocche na', 'I am not able to upload']) {
      const u = understandMessage(text);
      expect(u.intent, text).to.equal('pending_documents');
      expect(u.template, text).to.equal('cannot-send');
    }
    // Money not sent is a payment, not a document.
    expect(understandMessage('payment abhi tak nahi bheja').intent).to.not.equal('pending_documents');
  });

  it('a question read with the clause before it is told apart first by the templates it takes part in', () => {
    expect(understandMessage('Lucknow branch me 12 Nov ko file jama ki thi haath se. Aap logo tak pahuchi ya nahi?').intent).to.equal('pending_documents');
  });

  it('"why still pending?" asks where the claim stands, after other sentences too; of a hold alone or a rejection, it asks why', () => {
    for (const text of ['अभी तक pending क्यों', 'claim abhi tak pending kyu hai?', 'CLM-2025-55210 अभी भी पेंडिंग क्यों दिख रहा है', 'এখনো পেন্ডিং দেখাচ্ছে কেন']) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
    expect(understandMessage('claim hold pe kyu hai').intent).to.equal('query_reason');
    expect(understandMessage('15 din ho gaye, claim abhi tak pending kyu hai?').intent).to.equal('claim_status');
  });

  it('a delay question asks where the claim stands, in every language; a why beside a cut or a rejection still asks why', () => {
    for (const text of [
      'why is my reimbursement taking so long??',
      'what is the reason for the delay in my claim',
      'why no update on my claim till now',
      'bhai itni der kyu lag rahi hai mere claim me',
      'itne dino se claim kyu atka hua hai',
      'teen mahine ho gaye aur paisa nahi aaya. kyu?',
      'मेरे दावे में इतनी देरी क्यों?',
      'claim 3 hafte se pending hai. itna late kyu?',
    ]) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
    for (const text of [
      'why was my claim delayed and then cut by 5000?',
      'Claim rejected after waiting so long. Explain this please.',
      'itni der ke baad bhi paisa kaat diya, kyu?',
      'why is my claim on hold',
    ]) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
    // A delay told in passing starts nothing: an apology for a late reply is small talk.
    expect(understandMessage('sorry for the late reply, was at the hospital').kind).to.equal('small_talk');
    expect(understandMessage('talk to a human not a bot, it is taking too long').intent).to.equal('human_handover');
  });

  it('still or yet beside a claim not paid is a delay asked, and "not approved yet" no rejection; "still needed" papers stay papers', () => {
    for (const text of [
      'why is my reimbursement still not credited?',
      'Why are you taking 6 weeks, and my hospital bill claim is still not paid?',
      'why has my claim not been approved yet?',
      'my claim is still not approved',
    ]) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
    expect(understandMessage('why was my claim not approved?').intent).to.equal('query_reason');
    expect(understandMessage('which papers are still needed for my claim?').intent).to.equal('pending_documents');
  });

  it('a delay told in one clause makes the why beside an unpaid claim in another a delay question', () => {
    expect(understandMessage('3 hafte ho gaye, aur mera claim approve kyu nahi hua?').intent).to.equal('claim_status');
  });

  it('a need word inside a request ("I need to know") does not stop the delay reading; papers told handed over do not either', () => {
    expect(understandMessage('I need to know why my claim is still stuck').intent).to.equal('claim_status');
    expect(understandMessage('why are more papers needed when my claim is stuck?').intent).to.equal('query_reason');
    expect(understandMessage('I submitted all documents, why is the settlement taking so long?').intent).to.equal('claim_status');
  });

  it('an approval or payment still not given is a status question; papers still not received stay papers', () => {
    expect(understandMessage('cashless approval not given yet 😟').intent).to.equal('claim_status');
    expect(understandMessage('final approval still not given. what is the issue?').intent).to.equal('claim_status');
    expect(understandMessage('the lab reports are still not received').intent).to.equal('pending_documents');
  });

  it('a paper rejected, then "what is wrong with it?", asks about the paper; a claim or a sum so asked still asks why', () => {
    expect(understandMessage('aadhaar card ki copy upload ki thi, wo reject kyu hui? usme kya galat hai?').intent).to.equal('pending_documents');
    expect(understandMessage('I uploaded the cancelled cheque, why was it rejected? What is wrong with it?').intent).to.equal('pending_documents');
    expect(understandMessage('claim reject ho gaya, kyu? kya galat tha?').intent).to.equal('query_reason');
  });

  it('a claimant who says they will not renew only vents: small talk, unless they ask', () => {
    expectClosings([
      'Terrible service. 7k deducted for no reason. I will never renew this policy.',
      'bahut bekaar service. har baar paisa kaat lete ho. agli baar policy renew nahi karungi.',
    ]);
    expect(understandMessage('I will not renew this policy. Why was 7k deducted?').intent).to.equal('query_reason');
  });

  it('papers told sent with the subject left out ("Sent the bills") ask no list: the question after them is answered', () => {
    expect(understandMessage('Sent the bills yesterday 🙏 how many more days for settlement?').intent).to.equal('claim_status');
  });

  it('"kaise laun", "kahan se laau" (how, where do I get it) ask about a paper to send, not why', () => {
    expect(understandMessage('registration certificate maanga hai wo main kaise laun').intent).to.equal('pending_documents');
    expect(understandMessage('doctor ka certificate maanga hai, main kahan se laau?').intent).to.equal('pending_documents');
  });

  it('a paper that is also a why-word ("breakup"), said missing before a question, is the paper', () => {
    expect(understandMessage('lab ne breakup nahi diya. wo bhi chahiye?').intent).to.equal('pending_documents');
    expect(understandMessage('amount kam aaya, breakup do').intent).to.equal('query_reason');
  });

  it('money told come asks where it stands only when asked ("paisa aa gaya kya?"); told with its sum, it reports and starts nothing', () => {
    expect(understandMessage('paisa aa gaya kya?').intent).to.equal('claim_status');
    expect(understandMessage('amount aa gaya hai kya account me').intent).to.equal('claim_status');
    for (const text of ['hospital bill ka 12 hazar ka reimbursement aa gaya, ek hafte mein', 'Refund of Rs 4,200 credited to my account today']) {
      expect(understandMessage(text).kind, text).to.not.equal('intent');
    }
    expect(understandMessage('Rs 4,200 not credited yet').intent).to.equal('claim_status');
  });

  it('after papers told handed over, "update hua kya?" / "has it been updated?" asks whether they were entered', () => {
    expect(understandMessage('papers jama kar diye the office me. system me update hua kya?').intent).to.equal('pending_documents');
    expect(understandMessage('I have sent the bills yesterday. Has it been updated?').intent).to.equal('pending_documents');
    expect(understandMessage('claim update hua kya?').intent).to.equal('claim_status');
    expect(understandMessage('has my claim been updated?').intent).to.equal('claim_status');
  });

  it('items named beside a deduction stand for the cut in a question that names none ("which items will not be paid?" asks why)', () => {
    expect(understandMessage('They deducted 2,000 as non-payable. Which items will not be paid?').intent).to.equal('query_reason');
    expect(understandMessage('2,500 kaat liye non payable bolke. kaun si cheezein hain jinka paisa nahi milega?').intent).to.equal('query_reason');
  });

  it('"file" is the paper in a message about sending or uploading it, and the claim otherwise', () => {
    expect(understandMessage('file upload nahi ho rahi, email pe bhej du?').intent).to.equal('pending_documents');
    expect(understandMessage('meri file kab tak process hogi?').intent).to.equal('claim_status');
    expect(understandMessage('my file is stuck, what is the status').intent).to.equal('claim_status');
  });

  it('a payment word right after a rejection is its verb: "claim reject kar diya?" asks why', () => {
    expect(understandMessage('claim reject kar diya? humne sab papers diye the').intent).to.equal('query_reason');
  });

  it('a bill beside a cut word is the money cut, unless the message speaks of papers needed', () => {
    for (const text of ['they reduced the whole bill, room rent capping', 'bill kam kar diya']) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
    expect(understandMessage('pharmacy bills bhi chahiye, ya sirf final bill kaafi hai?').intent).to.equal('pending_documents');
  });

  it('a bare count right beside a cut word is the amount cut', () => {
    const u = understandMessage('3200 kazhichirukeenga');
    expect(u.intent).to.equal('query_reason');
    expect(u.template).to.equal('cut-near-money');
  });

  it('the calculation asked for ("hisaab do") is a deduction question', () => {
    for (const text of ['Claim 7730154621\nApproved: 1,12,000\nBill tha 1,48,000\n36k ka hisaab do', '12 हज़ार कम आए, हिसाब दीजिए', 'please give me the breakup of the deduction']) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
  });

  it('"when we bought", "I\'ll tell the hospital" ask nothing', () => {
    expect(understandMessage("20% co-pay deducted from my mother's claim. Why??? nobody told me about this when we bought the policy").intent).to.equal('query_reason');
    expect(understandMessage('Ok got it. Claim approved, I\'ll tell the hospital desk. Thank you!!').kind).to.equal('small_talk');
  });

  it('where to send or upload asks for documents with no document word; where to give a complaint asks for a person', () => {
    for (const text of ['where should i upload?', 'Got the mail from you guys. Where do I submit?', 'ab kahan bhejna hai?', 'kahan upload karun, portal nahi khul raha']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    expect(understandMessage('Got the approval for the last one, thanks! Where do I email the discharge papers this time?').intent).to.equal('pending_documents');
    for (const text of ['From where can I get the NEFT mandate form?', 'KYC form kahan milega?']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    for (const text of ['where is my bill payment?', 'bill ka paisa kahan atka hai']) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
    for (const text of ['where do I submit my complaint?', 'complaint dena hai, kahan du?']) {
      expect(understandMessage(text).intent, text).to.equal('human_handover');
    }
    expect(understandMessage('where is my payment? I want to send a reminder').intent).to.not.equal('pending_documents');
  });

  it('a document rejected, asked what is wrong with it, asks for documents', () => {
    for (const text of ['The cancelled cheque copy got rejected again. What is the issue with it?', 'PAN card ki copy bheji thi wo reject ho gayi. Kya galat hai usme?']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    expect(understandMessage('My claim got rejected, what is wrong?').intent).to.equal('query_reason');
  });

  it('a when-word that asks ("how long?", "aur kitne din?") asks about the payment; one that tells ("soon", "jaldi") starts nothing', () => {
    for (const text of ['how long?', 'Sent everything last week. How much longer?', 'Thanks. By when?', 'ab aur kitne din??', 'कब तक?']) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
    for (const text of ['will come to the office soon', 'aapne jaldi reply kiya, kya aap robot ho?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('My claim was repudiated for non-disclosure. Why, when I disclosed everything?').intent).to.equal('query_reason');
  });

  it('where a named sum went asks why it was cut; things beside a deduction are the items cut, not papers', () => {
    for (const text of ['Hospital bill was 1.2 lakh, you paid 95k. Where did the remaining 25,000 go?', 'bill 50 hazar, mila 42 hazar. 8 hazar kidhar gaye?', 'Discharge bill shows non-payable Rs 2,100 deducted. What are those items?', 'non payable mein 1800 kaat liye, ye kaunsi cheezein hain?']) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
    expect(understandMessage('which items are still needed for my claim?').intent).to.equal('pending_documents');
  });

  it('a bot named beside a person asks who is there; one the claimant turns from stops no request for a person', () => {
    for (const text of ['Aap robot ho ya koi banda baat kar raha hai?', 'is a real human talking to me or a bot?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    for (const text of ['ye machine kuch samajhti nahi, kisi insaan se baat karni hai', 'This bot is useless, connect me to a real person', 'this chatbot keeps repeating itself. let me speak with an agent',
      'talk to human not bot', 'I want to talk to a human, not a bot', 'insaan se baat karni hai, bot nahi']) {
      expect(understandMessage(text).intent, text).to.equal('human_handover');
    }
  });

  it('papers couriered or handed in, then "aapko mila?", "did you get them?", ask whether the papers came', () => {
    for (const text of ['Pichhle hafte courier kiya tha discharge summary. Aapko mili ya nahi?', 'Sent the lab reports by speed post last week. Did you get them?', 'office me jaake de aaya tha file. aap tak pahunchi?']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    expect(understandMessage('bill ka paisa abhi tak nahi mila').intent).to.equal('claim_status');
  });

  it('a question leaning on a clause that names nothing reads what the clause before it names, in the same sentence', () => {
    expect(understandMessage('Cancelled cheque ki photo 2 baar upload ki, dono baar reject ho gayi. Kya dikkat hai?').intent).to.equal('pending_documents');
    expect(understandMessage('Claim 3 hafte pehle file kiya, Apollo Hospital. Approve hua ya nahi?').intent).to.equal('claim_status');
  });

  it('"still" beside a claim and papers asks which papers, not when it is paid; a bill is money too', () => {
    expect(understandMessage('mere claim ke liye kaunse documents abhi tak baki hain?').intent).to.equal('pending_documents');
    expect(understandMessage('When will I get the money for my hospital bill?').intent).to.equal('claim_status');
  });

  it('what all is pending on a claim asks for documents; "still pending or what?" asks where it stands', () => {
    for (const text of ['What all is pending on my claim?', 'mere claim me kya kya pending hai, list bhejo']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    expect(understandMessage('is my claim still pending or what?').intent).to.equal('claim_status');
  });

  it('a question with its own question word asks that, whatever question word the clause before it had', () => {
    for (const text of ['paisa abhi tak kyu nahi aaya? kab aayega?', 'Why is the money not credited yet? When will it come?']) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
    expect(understandMessage('claim kab settle hoga? itna kam kyu diya?').intent).to.equal('query_reason');
  });

  it('a bill right before a payment word is the bill paid; a NEFT form to get is a paper, not money gone', () => {
    expect(understandMessage('pharmacy bill settle hua ya nahi, check karke batao').intent).to.equal('claim_status');
    expect(understandMessage('NEFT form chahiye bol rahe hain, wo kahan milega?').intent).to.equal('pending_documents');
    expect(understandMessage('The hospital bill is not clear, they said. What is wrong with it?').intent).to.equal('pending_documents');
  });

  it('"since when" (kab se) asks since when something holds, not when it will be paid', () => {
    expect(understandMessage('Room rent ke naam pe 8000 kaat liye. Ye niyam kab se lagu hai?').intent).to.equal('query_reason');
    expect(understandMessage('They deducted Rs 5,000 as co-pay. Since when is this rule there?').intent).to.equal('query_reason');
    expect(understandMessage('claim kab se pending hai?').intent).to.equal('claim_status');
    expect(understandMessage('यह नियम कब से है? ५००० काट लिए').intent).to.equal('query_reason');
  });

  it('the Hindi-script forms of the Hinglish words: how to send, sent and received?, the items cut, closing words', () => {
    expect(understandMessage('बिल कैसे भेजूं?').intent).to.equal('pending_documents');
    expect(understandMessage('रिपोर्ट कूरियर किया था, आपको मिली?').intent).to.equal('pending_documents');
    expect(understandMessage('₹3,200 के नॉन पेएबल आइटम्स काटे, ये कौन सी चीजें हैं?').intent).to.equal('query_reason');
    expect(understandMessage('मेरा क्लेम पास हो गया, बस यही बताना था, धन्यवाद').intent).to.equal(null);
  });

  it('"kaise bheju" (how do I send) asks for documents, not why', () => {
    for (const text of ['app pe error aa raha hai, reports kaise bhejun?', 'bills upload kaise karu, link khul nahi raha']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    expect(understandMessage('claim kaise reject ho gaya?').intent).to.equal('query_reason');
  });

  it('"kya chahiye?" (what is needed) asks for documents; "kab chahiye", how long, does not', () => {
    for (const text of ['Email mila ki kuch details required hain. Aapko kya chahiye mujhse?', 'पत्र आया है कि जानकारी अधूरी है। आपको क्या चाहिए?']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    expect(understandMessage('kitne din aur chahiye aapko?').intent).to.equal('claim_status');
  });

  it('"just wanted to tell you", "bas batana tha" and "whose number is this?" start nothing', () => {
    for (const text of ['Just wanted to tell you the surgery went well, the approval came on time', 'bas yahi batana tha ki papa ghar aa gaye, claim approve ho gaya tha', 'whose number is this? got a msg about a claim', 'ye number kiska hai? kal claim ka msg aaya']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
  });
});

describe('understanding: choices', () => {
  let removeStandIn = () => {};
  before(() => { removeStandIn = offerHandoverIfMissing(); });
  after(() => removeStandIn());

  it('maps a button id back to its workflow and language', () => {
    expect(choiceOf('Claim ka status', choiceButtonId('claim_status', 'HI_EN'))).to.deep.equal({ intent: 'claim_status', language: 'HI_EN' });
    expect(choiceOf('x', 'choice:unknown:EN')).to.equal(null);
  });

  it('reads a typed number, in ASCII or Devanagari digits, by the fixed order', () => {
    expect(choiceOf('2')).to.deep.equal({ intent: 'pending_documents', language: null });
    expect(choiceOf(' 3. ')).to.deep.equal({ intent: 'query_reason', language: null });
    expect(choiceOf('१')).to.deep.equal({ intent: 'claim_status', language: 'HI' });
    expect(choiceOf('४')).to.deep.equal({ intent: 'human_handover', language: 'HI' });
    expect(choiceOf('5')).to.equal(null);
    expect(choiceOf('12')).to.equal(null);
  });
});

describe('understanding: language', () => {
  it('recognises Hinglish from romanised Hindi grammar words, not only marker words', () => {
    expect(detectLanguage('amount kam kyu diya')).to.equal('HI_EN');
    expect(detectLanguage('claim approve hua kya')).to.equal('HI_EN');
    expect(detectLanguage('dhanyavaad')).to.equal('HI_EN');
    expect(detectLanguage('please see the bill')).to.equal('EN');
  });

  it('"fir" (phir) is no Hinglish marker, as FIR is a police report: "FIR copy o lagbe?" is romanised Bengali', () => {
    expect(detectLanguage('FIR copy o lagbe?')).to.equal('BN_EN');
    expect(detectLanguage('fir kab aayega paisa')).to.equal('HI_EN');
    expect(understandMessage('fir bhi claim reject kyu hua').intent).to.equal('query_reason');
  });
});

describe('understanding: clause and sentence bounds', () => {
  it('no phrase of several words runs across a sentence mark ("ala. ka?" is two sentences, not "has it come?")', () => {
    const words = foldedWords('sms ala ka');
    const phrase = (starts: ReadonlySet<number>) => lexiconFor().find(words, 'MR_EN', starts).some((h) => h.end > h.start);
    expect(phrase(new Set())).to.equal(true);
    expect(phrase(new Set([2]))).to.equal(false);
  });

  it('"or" before an auxiliary opens a second question, which decides as the last one asked', () => {
    expect(understandMessage('I posted the prescriptions last week. Is any paper still missing or has my claim been approved now?').intent).to.equal('claim_status');
    expect(understandMessage('Has the amount been credited or do you need more papers from me?').intent).to.equal('pending_documents');
    // Elsewhere "or" joins: outcomes asked about stay one question.
    expect(understandMessage('is my claim approved or rejected?').intent).to.equal('claim_status');
  });
});

describe('understanding: a hold, and a claim still pending', () => {
  it('a why beside a hold, with no claim word, asks the hold\'s reason', () => {
    for (const text of ['why have you put it on hold?', 'ye hold pe kyun rakha hai?']) expect(understandMessage(text).intent, text).to.equal('query_reason');
  });

  it('still pending told, with or without a why, asks where the claim stands; still-pending papers stay documents', () => {
    for (const text of ['still on hold only', 'abhi bhi pending hi hai, kyun?']) expect(understandMessage(text).intent, text).to.equal('claim_status');
    expect(understandMessage('which reports are still pending?').intent).to.equal('pending_documents');
  });
});

describe('understanding: a person asked for to explain something', () => {
  it('a request to talk to a person about a why, told, asks for the person; asked, the why still asks', () => {
    for (const text of ['I would like to speak to an officer about why so much was deducted', 'kitna kata kyun, ye samjhane ke liye kisi adhikari se baat karni hai']) {
      expect(understandMessage(text).intent, text).to.equal('human_handover');
    }
    expect(understandMessage('agent se baat ki thi, phir bhi amount kyun kata?').intent).to.equal('query_reason');
  });
});

describe('understanding: a call asked for, a list of what was cut, a bill\'s money', () => {
  it('a call asked for after a refusal of chat asks for a person; one told of a third party asks nothing', () => {
    expect(understandMessage('not on whatsapp, just call me').intent).to.equal('human_handover');
    expect(understandMessage('Got it. The hospital desk will call me tomorrow.').intent).to.equal(null);
  });

  it('a list asked for after a deduction named, with no paper, is the list of what was cut', () => {
    expect(understandMessage('room rent lo 4000 cut chesaru, enduku? full list pampandi').intent).to.equal('query_reason');
    expect(understandMessage('they cut some charges. what were they? send me the list').intent).to.equal('query_reason');
    // With papers named, the list is of papers.
    expect(understandMessage('send me the list of documents').intent).to.equal('pending_documents');
  });

  it("a bill's money received is the payment, not the bills received", () => {
    expect(understandMessage('अस्पताल के बिल का पैसा खाते में मिल गया क्या?').intent).to.equal('claim_status');
    expect(understandMessage('bill ka paisa mil gaya kya?').intent).to.equal('claim_status');
    expect(understandMessage('hospital ke bills mil gaye kya?').intent).to.equal('pending_documents');
  });
});

describe('understanding: a file that arrived', () => {
  it('a file sent, asked whether it came, is the paper arrived, though "came" is also paid', () => {
    expect(understandMessage('speed post lo pampina file mee office ki vachinda?').intent).to.equal('pending_documents');
    expect(understandMessage('meri file kab tak process hogi?').intent).to.equal('claim_status');
  });
});

describe('understanding: a need told for a relation', () => {
  it('"my brother needs one" after a question about a product asks for no papers', () => {
    expect(understandMessage('aap log bike ka insurance bhi dete ho kya? meri behen ko chahiye').intent).to.equal(null);
    // Asked, or naming what is needed, it still asks for papers.
    expect(understandMessage('papa ke claim ke liye kya chahiye?').intent).to.equal('pending_documents');
  });
});

describe('understanding: small talk that tells and asks nothing', () => {
  it('papers told sent on a day ("kal", "aaj", yesterday) report, and ask for no list', () => {
    for (const text of ['कल सारी रिपोर्ट अपलोड कर दी', 'aaj discharge summary bhej di', 'yesterday I couriered the bills', 'আজ সব রিপোর্ট পাঠিয়ে দিয়েছি']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    // Asked whether they arrived, they still ask about the documents.
    expect(understandMessage('aaj bills bhej diye, mil gaye?').intent).to.equal('pending_documents');
  });

  it('a when-word before a parting word with its negation is "never": venting, no question', () => {
    for (const text of ['mi kadhi renew karnar nahi', 'ami kokhono renew korbo na']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('paise kadhi miltil?').intent).to.equal('claim_status');
  });
  it('reads a when-word before "won\'t renew" with the policy between as "never": venting that starts nothing; a payment asked between still asks', () => {
    for (const text of ['parat kadhi hi policy renew karnar nahi', 'ఇంక ఎప్పుడూ ఈ పాలసీ రిన్యూ చెయ్యను', 'यापुढे कधी ही पॉलिसी घेणार नाही']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(understandMessage('paise kadhi milnar nahitar policy renew karnar nahi').intent).to.equal('claim_status');
  });

  it('"ghatiya" (awful) and its spellings are no cut ("ghataya", reduced)', () => {
    expect(understandMessage('ekdum ghatiya company hai').intent).to.equal(null);
    expect(understandMessage('bahut ghatia service').intent).to.equal(null);
    expect(understandMessage('itna ghatiya kaam, paisa kam kyu diya?').intent).to.equal('query_reason');
  });

  it('a payment word inside papers handed in ("bill jama kar diya", "form fill kar di") is no payment', () => {
    for (const text of ['final bill jama kar diya', 'claim form fill kar di', 'hospital ka bill jama karwa diya hai', 'report courier kar di hai']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('paisa jama hua kya?').intent).to.equal('claim_status');
  });

  it('papers told sent by mail, post, WhatsApp or courier ("mail kar diye", "whatsapped the bills") report', () => {
    for (const text of ['saari reports whatsapp kar di', 'lab report mail kar chuki hoon', 'faxed the discharge papers', 'posted them this morning']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('reports email kar diye, aur kya bhejna hai?').intent).to.equal('pending_documents');
  });

  it('thanks for a list, or noting it, closes: the list is what is thanked for, not a question', () => {
    for (const text of ['thank you for the checklist', 'ok noted the documents list', 'pending documents ki list ke liye dhanyavaad']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('please send the documents list').intent).to.equal('pending_documents');
  });

  it('venting about customer care names no person asked for; a request for one beside it still asks', () => {
    for (const text of ['very poor customer care', 'customer care ekdum bakwas', 'bahut kharab service hai aapki']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('useless support, put me through to a manager').intent).to.equal('human_handover');
    expect(understandMessage('ok, transfer me to a senior officer').intent).to.equal('human_handover');
    // Told after a modal, it says what the claimant will do.
    expect(understandMessage('Noted, will talk to my agent about it.').intent).to.equal(null);
  });

  it('papers the claimant will send on a day ("parso bhejunga", "upload karungi") report, and ask nothing', () => {
    for (const text of ['parso saare papers bhejunga', 'discharge summary kal upload karungi', 'bills monday ko courier kar denge']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('kal bhejunga, aur kya kya chahiye?').intent).to.equal('pending_documents');
  });

  it('the claimant paying the hospital, or saying they are satisfied, asks nothing of a claim paid', () => {
    for (const text of ['I have already paid the nursing home', 'maine pharmacy ka bill bhar diya', 'acknowledged', 'very satisfied, thank you', 'claim se khush hoon']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('I paid the hospital myself, when will I get the money back?').intent).to.equal('claim_status');
  });

  it('an auxiliary inside papers told sent ("have sent", "has been uploaded") is the perfect, not a question', () => {
    for (const text of ['have sent the lab reports', 'has been uploaded on the portal, the ICU bill', 'Hello, forwarded you the discharge card by mail. Regards']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('have you received the lab reports?').intent).to.equal('pending_documents');
  });
});

describe('understanding: papers told sent, promised or handed in, and a second question', () => {
  it('papers the claimant is sending now ("I am sending", "sending again") report, and "sending" is no misspelt "pending"', () => {
    expect(classesOf('sending')).to.deep.equal(['sending:send']);
    for (const text of ['I am sending the lab reports again today', 'we are sending the discharge papers by courier']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('which papers should I be sending?').intent).to.equal('pending_documents');
  });
});

describe('understanding: a count of days asked after papers', () => {
  it('"how many days" after a question about papers asks when, not which papers', () => {
    expect(understandMessage('Which reports are still pending? And after I upload them, how many days for the settlement?').intent).to.equal('claim_status');
    expect(understandMessage('which documents are pending, how many are left?').intent).to.equal('pending_documents');
    expect(understandMessage('discharge summary pathavli, ajun kiti lagtil?').intent).to.equal('pending_documents');
  });
});

describe('understanding: papers dropped off or to be put on the portal (HI_EN)', () => {
  it('papers told dropped off ("drop kar diye") or promised onto the portal ("daal dunga") are handed over', () => {
    expect(understandMessage('Branch me discharge papers drop kar diye the. System me update hua kya?').intent).to.equal('pending_documents');
    for (const text of ['reports ki photo kheench li hai, raat tak app pe daal dungi', 'kal saare bills branch me drop kar diye']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
  });
});

describe('understanding: what is going on, and a paper asked whether needed (HI_EN)', () => {
  it('"what is going on" asks where the claim stands', () => {
    for (const text of ['three weeks and not a single call. what is going on with my claim', "what's going on with the reimbursement?"]) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
  });

  it('"bhi lagega kya" asks whether a paper is needed; "time lagega kya" asks no paper', () => {
    for (const text of ['Lab ne sirf final report di hai. Wo bhi lagegi kya?', 'bank statement lagega kya?']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    expect(understandMessage('abhi aur time lagega kya?').intent).to.not.equal('pending_documents');
  });
});

describe('understanding: the list the claimant was given, told of', () => {
  it('"as per your list", "aapki list me tha" tell of the list and ask for none; asking for the list still asks', () => {
    for (const text of ['I sent the papers as per your list on Monday.', 'Aapki list me PAN card tha, wo bhi courier kar diya.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Uploaded everything that was on your list, still rejected. Why?').intent).to.equal('query_reason');
    expect(understandMessage('pending list bhejo').intent).to.equal('pending_documents');
  });
});

describe('understanding: will this paper do (HI_EN)', () => {
  it('"bhi chalegi", "chal jayega" ask whether a paper will do, after another question too', () => {
    expect(understandMessage('Payment hua kya? Aur ek baat, original bill chahiye ya scan copy bhi chalegi').intent).to.equal('pending_documents');
    expect(understandMessage('aadhaar ki photocopy chal jayegi').intent).to.equal('pending_documents');
    expect(understandMessage('ab ye nahi chalega, bahut ho gaya').intent).to.equal(null);
  });
});

describe('understanding: a decision challenged ("how is that not", "how can you reject")', () => {
  it('a deduction or rejection challenged with "how is this fair", "how can they reject" asks why; "how is my claim going" does not', () => {
    for (const text of ['They cut 7,400 for consumables. How is that fair?', 'Room rent capped at 3000 a day. How is this not covered when I paid the full premium?', 'how can they reject a claim for a planned surgery']) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
    expect(understandMessage('how is this claim going?').intent).to.not.equal('query_reason');
  });
});

describe('understanding: papers told sent, then whether they reached', () => {
  it('"have they reached?" after papers told sent asks whether the papers arrived; the payment reached is still a payment', () => {
    expect(understandMessage('I couriered the discharge summary and bills last Friday. Please confirm whether they have reached.').intent).to.equal('pending_documents');
    expect(understandMessage('Sent the reports on Monday. Has the money reached my account?').intent).to.equal('claim_status');
  });
});

describe('understanding: a second question opened by "also", "and"', () => {
  it('an auxiliary after a word that opens the sentence ("Also has", "And is") asks; inside a sentence it tells', () => {
    expect(understandMessage('Why was 4,500 taken off for room rent? Also has the remaining money been credited').intent).to.equal('claim_status');
    expect(understandMessage('Sent the KYC form on Monday. And is my claim approved now').intent).to.equal('claim_status');
    expect(understandMessage('I emailed the lab reports and have not heard anything since').intent).to.not.equal('claim_status');
  });
});

describe('understanding: where to get a paper, and a claim word naming one', () => {
  it('a where-question naming nothing after a paper asked for and the case it is for ("accident case") asks where to get the paper; a claim told stuck is asked about', () => {
    for (const text of ['The TPA asked for the police FIR copy, road accident case. Where do I get it?', 'Hospital MLC report kavali antunnaru, road accident case. adi ekkada teesukovali?', 'Hospital wale MLC report maang rahe hain, accident case hai. Wo kahan se milegi?']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    expect(understandMessage('They asked for the FIR copy. My claim is stuck since May. Where is it?').intent).to.equal('claim_status');
  });
  it('a claim word naming a paper ("claim form", "case papers") is the paper: where to get it asks for documents', () => {
    for (const text of ['where can I get the claim form?', 'reimbursement form kahan milega?']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    expect(understandMessage('where is my claim?').intent).to.equal('claim_status');
  });

  it('"kahan se milega" after a paper asks where to get it; money asked where from is still the payment', () => {
    expect(understandMessage('Hospital ne MLC copy maangi hai. Ye kya hoti hai aur kahan se milegi?').intent).to.equal('pending_documents');
    expect(understandMessage('mera paisa kahan se milega?').intent).to.equal('claim_status');
  });
});

describe('understanding: a bill beside a cut, asked about', () => {
  it('a question word beside a bill with a cut named asks about the cut, not which bills; papers needed keep the bill a paper', () => {
    expect(understandMessage('the final bill shows a non-payable deduction line, what is that?').intent).to.equal('query_reason');
    expect(understandMessage('pharmacy bill kaat diya, original pharmacy bill bhi chahiye kya?').intent).to.equal('pending_documents');
  });
});

describe('understanding: a call got', () => {
  it('"callback milega kya?" asks for the call, not a payment', () => {
    for (const text of ['parso sham tak callback milega kya?', 'aaj callback milel ka?']) {
      expect(understandMessage(text).intent, text).to.equal('human_handover');
    }
    expect(understandMessage('claim ka paisa kab milega?').intent).to.equal('claim_status');
  });
});

describe('understanding: a consignment number told after papers sent', () => {
  it('"tracking <number>" after papers told sent asks nothing; a status asked with a number still asks', () => {
    expect(understandMessage('I couriered the discharge summary today, tracking ED998877665IN').intent).to.equal(null);
    expect(understandMessage('Sent the bills last week. Status of 5566778?').intent).to.equal('claim_status');
  });
});

describe('understanding: the file asked about after papers told arrived', () => {
  it('after papers told arrived, "where is the file now?" asks where the claim is; the file asked whether it arrived stays a paper', () => {
    expect(understandMessage('You said all my papers were received last week. So where is my file now?').intent).to.equal('claim_status');
    expect(understandMessage('file courier se bheji thi, aapko mil gayi kya?').intent).to.equal('pending_documents');
  });
});

describe('understanding: papers told sent in the passive (EN)', () => {
  it('"were submitted", "was couriered" tell papers handed over, as "have been sent" does', () => {
    for (const text of ['The pharmacy bills were couriered on Friday.', 'ICU notes was uploaded this morning']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Lab reports were emailed last week, have they reached?').intent).to.equal('pending_documents');
  });
});

describe('understanding: venting, and where a cut came from (HI_EN)', () => {
  it('reads running around (chakkar kaat raha) and "bahut galat hai" as venting that starts nothing, while a question after it still asks', () => {
    for (const text of ['Hospital gaye to pata chala cashless approve nahi hua, saara paisa khud bharna pada. Bahut galat hai ye.', 'Ek mahine se office ke chakkar kaat raha hu. Har baar naya form maang lete ho.']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal('HI_EN');
    }
    expect(understandMessage('chakkar kaat raha hu paisa kab milega').intent).to.equal('claim_status');
  });
  it('reads "kahan se aaya" (where did it come from) beside a cut as asking why it was cut', () => {
    for (const text of ['Sirf 20 hazaar diye, bill 35 ka tha. Ye limit kahan se aayi?', 'pharmacy ka paisa kaat diya, ye rule kaha se aaya?']) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
  });
});

describe('understanding: papers promised with when and which, and money not received (EN)', () => {
  it('papers told sent or promised with a time or "the remaining" start nothing; asked, the time still asks', () => {
    for (const text of ['Will email the remaining lab reports by Friday.', 'We are shifting house this week, so I will upload the bills after that.', 'Posting the pending prescriptions tomorrow.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('I will upload the remaining bills tomorrow, when will the claim be paid?').intent).to.equal('claim_status');
  });
  it('a visit or a drop-off with the papers, planned (will bring, will drop off, will visit your branch), starts nothing; asking what to bring still asks', () => {
    for (const text of ['My wife will drop off the originals at your office on Tuesday.', 'I will bring the hospital bills to the branch next week.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('I will visit your branch on Friday, which documents should I carry?').intent).to.equal('pending_documents');
  });
  it('papers told attached, or to follow (have attached, will follow), start nothing; asking after them still asks', () => {
    for (const text of ['Hello, I have attached the cancelled cheque. The ID proof will follow tomorrow.', 'Attached the lab reports and the prescription.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('I attached the bills. What else do you need?').intent).to.equal('pending_documents');
  });
  it('the claimant promising to update us (will update you, will keep you posted) closes; asking us for an update still asks', () => {
    expectClosings(['Papa is back home. Will update you about the hospital bills next week.', 'The lab will send the report soon, I will keep you posted.']);
    expect(understandMessage('When will you update me on the claim?').intent).to.equal('claim_status');
  });
  it('praise of a person (very polite and helpful), nothing further to ask (no further queries) and the claimant to contact us (will contact you) close', () => {
    expectClosings(['Your officer Mrs Rao called me today. She was very polite and helpful.', 'Full amount of 52,000 came in today. No further queries.', 'My son keeps the claim file. He will contact you next week.']);
    expect(understandMessage('Your agent was polite, but why was my claim rejected?').intent).to.equal('query_reason');
  });
  it('"been sent" after money that is no paper asks whether the payment was made ("Has the balance amount been sent?"); papers "been sent" tell', () => {
    expect(understandMessage('You deducted 900 for the kit. Has the balance amount been sent?').intent).to.equal('claim_status');
    expect(understandMessage('The scan reports have all been sent by the diagnostic centre.').intent).to.equal(null);
  });
  it('money that "will come" or "has not come" is a payment: asked after papers handed in, even with no mark, it asks when; a visit with the papers told starts nothing', () => {
    expect(understandMessage('sir i gave all the papers at your office last month pls tell me when the amount will come').intent).to.equal('claim_status');
    expect(understandMessage('The money has not come yet.').intent).to.equal('claim_status');
    expect(understandMessage('My father came to the branch on Monday with the original bills.').intent).to.equal(null);
  });
  it('a request word inside papers promised ("I will arrange the papers") asks nothing: a call thanked before it is no call asked for', () => {
    expect(understandMessage('Thank you for calling me this morning. I will arrange the bank letter by Friday.').kind).to.equal('small_talk');
    expect(understandMessage('Kindly arrange a call from the claims manager.').intent).to.equal('human_handover');
  });
  it('money told not received after papers told sent asks the status, not whether the papers arrived', () => {
    for (const text of ['Couriered the documents two weeks back, the payment is still not received.', 'All papers submitted in March. Amount not received so far.']) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
    expect(understandMessage('I sent the papers on Monday. Have you received them?').intent).to.equal('pending_documents');
  });
});

describe('understanding: a count of papers beside "only", and "aakar" (HI_EN)', () => {
  it('a count right before a paper that is no money ("sirf 2 reports") counts papers, no sum cut: telling it starts nothing', () => {
    for (const text of ['Sirf 2 reports baaki hain, wo parso tak aa jayengi. Phir sab saath me bhej dunga.', 'सिर्फ 2 रिपोर्ट बाकी हैं, परसों तक आ जाएंगी। फिर सब साथ भेज दूंगी।']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('sirf 2000 kaat liye, kyu?').intent).to.equal('query_reason');
  });
  it('"aakar", "jaakar" (having come, having gone) are no typo of a sum or a rejection: a plan to send told with them starts nothing', () => {
    for (const text of ['Hum Monday ko gaon ja rahe hain, wapas aakar bills courier kar denge.', 'Kal hospital jaakar reports le aaunga, phir upload kar dunga.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI_EN');
    }
  });
});

describe('understanding: an explanation told given, and progress asked (HI_EN)', () => {
  it('"samjha di" (explained to me) and "ab sab clear hai" close; "kuch aage badha?" asks the status', () => {
    for (const text of ['Officer ne phone pe deduction samjha di. Ab sab clear hai.', 'Room rent ka hisaab samjha diya hai, sab clear ho gaya.']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(understandMessage('Do hafte pehle saare papers pahunch gaye the. Kuch aage badha?').intent).to.equal('claim_status');
    expect(understandMessage('Main ye baat aage badha dunga').intent).to.equal(null);
  });
});

describe('understanding: a talk told past, praise, and the rest of the money asked sent (HI_EN)', () => {
  it('"agent se baat hui" (the talk happened) and "bahut helpful the" tell, "aapse contact karenge" closes: no person asked for', () => {
    for (const text of ['Parso aapke officer Verma ji se baat hui. Wo bahut helpful the.', 'Bills meri behen ke paas hain. Wo agle hafte aapse contact karengi.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Agent se baat hui par kuch nahi hua. Kisi senior se baat karwao.').intent).to.equal('human_handover');
  });
  it('"sirf itna janna hai" (I only want to know) is no cut: the question after it is asked', () => {
    expect(understandMessage('Mujhe sirf itna janna hai ki mummy ka claim pass hua ya nahi').intent).to.equal('claim_status');
  });
  it('"baaki paisa bhej diya kya?" after a cut told asks whether the rest was paid', () => {
    expect(understandMessage('Medicine ke 1,800 kaat liye, theek hai. Baaki paisa bhej diya kya?').intent).to.equal('claim_status');
    expect(understandMessage('Maine hospital ko paisa bhej diya').intent).to.equal(null);
  });
});

describe('understanding: next week told, a complaint plan and venting, a claim asked after, one thing to ask (EN, HI_EN)', () => {
  it('next week or next month told in a statement is when something happens, no payment date asked; asked, it still asks when', () => {
    for (const text of ['Dad gets his stitches removed next week. The pharmacy bills are in a folder at home.', 'Papa ki dressing agle hafte khulegi. Dawai ka bill baad mein dekhenge.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Will the money come by next week?').intent).to.equal('claim_status');
  });
  it('a complaint the claimant will take elsewhere (the ombudsman, the consumer forum) and venting (waste of time, kitna time waste, pareshan kiya) tell and ask for no one', () => {
    for (const text of [
      'I will take this up with the ombudsman, I do not expect anything more from your side.',
      'Totally fed up. I will go to the consumer forum.',
      'Teen baar documents bhej chuka hoon, kitna time waste hota hai.',
      'Bahut pareshan kiya aapke logo ne. Har hafte naya document mangte ho.',
    ]) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(understandMessage('I will go to the ombudsman, how do I file a complaint?').intent).to.equal('human_handover');
  });
  it('"claim ka kuch hua?" (has anything happened on the claim) asks its status', () => {
    expect(understandMessage('Bhai ka accident hua tha March mein. Claim ka kuch hua?').intent).to.equal('claim_status');
  });
  it('"ek baat puchni hai" (I have one thing to ask) asks for no person: a question about the policy after it starts no workflow', () => {
    expect(understandMessage('Ek baat puchni hai, kya wife ko policy mein jod sakte hain?').intent).to.equal(null);
    expect(understandMessage('Ek baat puchni hai, claim kab tak milega?').intent).to.equal('claim_status');
  });
});

describe('understanding: a changed number, a visit or a receipt told, coming home, and a complaint taken elsewhere (EN, HI_EN)', () => {
  it('a phone number changed and the records to update (phone number, update your records, number update) ask no call and no status', () => {
    for (const text of ['I changed my phone number last week. Please update your records.', 'Mera mobile number badal gaya, records mein update kar dijiye.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Claim ka update batao').intent).to.equal('claim_status');
  });
  it('a visit with papers planned (lekar office aaungi), a receipt given (receiving de di) and coming home (ghar aa gayi) tell, asking nothing', () => {
    for (const text of ['Kal baaki bills lekar office aaungi.', 'Office gaya tha, unhone receiving de di. Papers ab unke paas hain.', 'Maa kal ghar aa gayi. Doctor ne do hafte aaram bola.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Kal office aaungi, kaunse papers lane hain?').intent).to.equal('pending_documents');
  });
  it('a complaint the claimant will write or take to an outside body (will complain to IRDAI, IRDA ko likhungi, complaint karunga), told after "with how", asks for no one', () => {
    for (const text of ['I am upset with how my father\'s claim was handled, I will complain to IRDAI.', 'Bahut ho gaya, main IRDA ko likhungi.', 'Main consumer forum mein complaint karunga, bas.']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(understandMessage('Mujhe complaint karni hai').intent).to.equal('human_handover');
  });
  it('"kisi se boliye mujhe call kare" (tell someone to call me) asks for a person', () => {
    expect(understandMessage('Kisi se boliye mujhe call kare').intent).to.equal('human_handover');
  });
});

describe('understanding: the policy\'s own business (cover: premium, renewal, nominee, adding a member)', () => {
  it('a question about a policy\'s renewal, nominee, top-up or adding a member is no claim question; a claim asked beside it still is', () => {
    for (const text of [
      'When is my policy renewal due? I do not want a break in cover.',
      'Can I change the nominee on my policy to my son?',
      'Meri policy renewal kab hai?',
      'Kya beti ka naam policy mein jod sakte hain?',
      'Renewal pe sum insured badhana hai, kaise hoga?',
    ]) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Can I add my wife to the policy? Also, when will my claim be paid?').intent).to.equal('claim_status');
    expect(understandMessage('Premium bhar diya tha, phir bhi claim reject kyu hua?').intent).to.equal('query_reason');
    expect(understandMessage('I will never renew this policy, worst service').kind).to.equal('small_talk');
  });
  it('renewing, a lost or new policy card, a premium or tax certificate, a nominee form are the policy\'s business (EN, HI_EN); a claim asked beside them still is', () => {
    for (const text of [
      'Policy renew karwani hai agle hafte, online ho jayega?',
      'Can I renew the policy online before it lapses?',
      'Insurance card ghar pe chhoot gaya. Naya card kab tak aayega?',
      'Premium ki receipt chahiye tax ke liye, kahan milegi?',
      'ITR file karni hai, income tax ke liye premium certificate kaise milega?',
      'Nominee form kahan milega?',
    ]) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Policy renew kar di hai. Ab claim kab settle hoga?').intent).to.equal('claim_status');
    // A question of its own after the policy's business asks of it unless it names a claim, money, papers or a why.
    expect(understandMessage('Premium bhar diya hai. Paisa kab milega?').intent).to.equal('claim_status');
    expect(understandMessage('5 saal se premium bhar raha hoon, fir bhi waiting period bolke reject kiya, kaise?').intent).to.equal('query_reason');
    // A paper asked after that business, past clauses naming only family, is its paper; papers to send, or asked after it told done, are the claim's.
    expect(understandMessage('Nominee badalna hai, pehle papa the ab mummy ko karna hai. Kaunsa form lagega?').intent).to.equal(null);
    expect(understandMessage('Health card ghar pe kho gaya. Uski photocopy chalegi kya?').intent).to.equal(null);
    expect(understandMessage('Premium bhar diya hai. Ab kya documents chahiye?').intent).to.equal('pending_documents');
    expect(understandMessage('Renewal ho gaya. Ab kaunse papers bhejne hain?').intent).to.equal('pending_documents');
    // Giving or sending in a clause on the premium that names no papers is the premium paid.
    expect(understandMessage('Is baar premium net banking se kaise bhejun?').intent).to.equal(null);
    expect(understandMessage('Premium ke saath bills bhi bhej du kya?').intent).to.equal('pending_documents');
  });
});

describe('understanding: Hinglish words that are no typo of a class word (jaise, tareeka, karana), and "bas inform karna tha"', () => {
  it('"jaise hi" (as soon as), "tareeka" (a way), "karana" (to get done) ask nothing by themselves', () => {
    expect(understandMessage('Ok ji. Jaise hi doctor se report aati hai, bhej dunga.').kind).to.equal('small_talk');
    expect(understandMessage('Renewal ke liye koi aur tareeka hai kya?').intent).to.equal(null);
    expect(understandMessage('Kya renewal pe health checkup dobara karana hoga?').intent).to.equal(null);
    expect(understandMessage('Claim reject hone ka karan kya hai?').intent).to.equal('query_reason');
  });
  it('"mail nahi aaya", "reply bhi nahi aaya" (no mail or reply came) is no payment and no papers sent: a check asked after it asks the status', () => {
    expect(understandMessage('claim approve hua ya nahi pata nahi. koi sms nahi aaya. check karke batao').intent).to.equal('claim_status');
    expect(understandMessage('Reports mail pe bheji thi. Reply bhi nahi aaya. Mil gayi kya?').intent).to.equal('pending_documents');
  });
  it('the claimant\'s own paying (can I pay, how do I pay, pay kar sakta) and a payment card (by card, credit card se) are no claim payment and no paper', () => {
    for (const text of ['The renewal premium is due next week. Can I pay online, or only by debit card?', 'Premium UPI se pay kar sakta hoon ya credit card se hi hoga?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Can I know when my claim will be paid?').intent).to.equal('claim_status');
  });
  it('"dekhte hain ab kya karna hai" (let us see what to do now) tells a plan, no question: a rejection letter told with it starts nothing; a why still asks', () => {
    expect(understandMessage('Closure letter aa gaya. Theek hai, ghar pe baat karke dekhte hain kya karna hai.').intent).to.equal(null);
    expect(understandMessage('Rejection letter aaya. Kyun reject kiya? Dekhte hain ab kya karna hai.').intent).to.equal('query_reason');
  });
  it('"bas inform karna tha" (I only wanted to tell you) asks nothing, whatever it names', () => {
    expect(understandMessage('Aapka letter mil gaya. Humne baat kar li hai. Bas inform karna tha.').kind).to.equal('small_talk');
  });
});

describe('understanding: someone asked to call (call kare), and a list noted (HI_EN)', () => {
  it('"koi mujhe ... call kare" (someone should call me) asks for a person, whatever the call is about', () => {
    expect(understandMessage('Form bhej diya hai. Koi mujhe rejected claim ke baare mein call kare.').intent).to.equal('human_handover');
    expect(understandMessage('Please koi senior phone karein, bahut der ho gayi').intent).to.equal('human_handover');
  });
  it('"list note kar li" (I noted the list) closes; which papers are left still asks', () => {
    expect(understandMessage('Ok, papers ki list note kar li. Kal tak bhej dungi.').kind).to.equal('small_talk');
    expect(understandMessage('List note kar li, par kaunse papers abhi baaki hain?').intent).to.equal('pending_documents');
  });
});

describe('understanding: a courier\'s tracking told after papers sent', () => {
  it('"tracking says delivered" after papers sent names the consignment: the question after it asks whether the papers arrived; a claim\'s status asked still is', () => {
    expect(understandMessage('I sent the hospital bills by Blue Dart on Monday. The tracking shows delivered. Did they reach you?').intent).to.equal('pending_documents');
    expect(understandMessage('Sent the papers by speed post. Tracking shows delivered on Monday. Has my claim status changed?').intent).to.equal('claim_status');
  });
});

describe('understanding: words of other business that read as claim words (dental, ke paas, email id, e-card), and plans and waiting told (EN, HI_EN)', () => {
  it('"dental" is no typo of "denial", "ke paas" (near) no "passed": questions about cover or network hospitals start no workflow', () => {
    for (const text of ['Is dental treatment covered under my policy?', 'Andheri ke paas kaunse network hospital hain?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Dental bill ka paisa kyu kata?').intent).to.equal('query_reason');
  });
  it('a new email id to note, how to download the e-card, the health news of a patient (haalat stable) ask for nothing; a claim form to download still asks for it', () => {
    for (const text of ['Mera naya email id note kar lijiye.', 'How do I download my e-card from the app?', 'Papa ki haalat stable hai, kal discharge hoga.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Claim form kaise download karein?').intent).to.equal('pending_documents');
  });
  it('papers planned to be handed in (jama karne ka plan, planning to send) and waiting told (reply ka wait karunga, I will wait for your reply) tell', () => {
    for (const text of ['Kal branch mein originals jama karne ka plan hai.', 'Grievance daal di hai, ref GRV-7781. Unke reply ka wait karunga.', 'I am planning to send the bills by courier on Friday.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Where is my claim? I will wait for your reply.').intent).to.equal('claim_status');
  });
});

describe('understanding: an update the claimant gives, papers to get and upload, a premium the claimant will pay (EN, HI_EN)', () => {
  it('"just an update", "update de raha hoon" give news: a surgery and a claim to file after it ask nothing; an update asked for still asks', () => {
    for (const text of ['Just an update: mom\'s knee surgery is on the 9th. We will file the claim after that.', 'Bas update de raha hoon, papa ki dialysis 3 tarikh ko hai. Uske baad claim dalenge.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Any update on my claim?').intent).to.equal('claim_status');
  });
  it('papers the claimant will get "and upload it", a premium "I will pay", waiting told ("ruka hoon") tell', () => {
    for (const text of ['Got the query letter. Will collect the lab report tomorrow and upload it.', 'The premium auto-debit bounced, I will pay it manually tonight.', 'Desk wale ne rukne ko kaha, toh ruka hoon.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
  });
});

describe('understanding: a need told as a condition, escalation planned, papers someone will bring (EN, HI_EN)', () => {
  it('"if needed", "zarurat padi toh" state a condition, no papers needed: escalation the claimant plans asks for no one, and the Hinglish one is read as Hinglish', () => {
    for (const text of ['Noted. I will escalate through my company HR if needed.', 'Zarurat padi toh HR ke through escalate karunga.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(detectLanguage('Zarurat padi toh HR ke through escalate karunga.')).to.equal('HI_EN');
    expect(understandMessage('I want to escalate my complaint, connect me to a manager').intent).to.equal('human_handover');
  });
});

describe('understanding: a claim word naming people (claims team)', () => {
  it('"claims team" names people, no claim: someone from it asked to explain on the phone asks for a person; a why about a rejection they told still asks why', () => {
    expect(understandMessage('Can someone from your claims team explain this to me on the phone?').intent).to.equal('human_handover');
    expect(understandMessage('The claims team said it was rejected. Why?').intent).to.equal('query_reason');
  });
});

describe('understanding: a follow-up told done, and paying told as a condition (EN, HI_EN)', () => {
  it('a follow-up someone did (follow up kiya, followed up) is thanked, no request; one asked for still asks the status', () => {
    expect(understandMessage('Rohit ji ka dhanyavad, unhone har din mere claim ka follow up kiya.').kind).to.equal('small_talk');
    expect(understandMessage('Claim ka follow up kijiye').intent).to.equal('claim_status');
  });
  it('"if I pay" tells the claimant\'s own payment: a premium discount asked starts no claim question', () => {
    expect(understandMessage('Is there a discount on the premium if I pay for three years at once?').intent).to.equal(null);
  });
});

describe('understanding: a power cut, an upload to retry, someone told, a reason got, a claim stopped (EN, HI_EN)', () => {
  it('a power cut is no deduction, and an upload that failed with a retry promised (will do it tonight, raat ko kar dunga) tells', () => {
    for (const text of ['Power cut since noon, so the upload failed. Will do it tonight.', 'Subah se light cut hai, upload nahi ho paya. Raat ko kar dunga.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Upload nahi ho raha, kya karun?').intent).to.equal('pending_documents');
  });
  it('a person told of (the agent who visited; ko bata diya hai), a reason got (reason mil gaya, ab kuch nahi chahiye) and a claim stopped (claim rok diya) ask nothing', () => {
    for (const text of ['The agent who came home was rude. I have told my relationship manager about it.', 'Jo agent aaya tha wo rude tha, maine manager ko bata diya hai.', 'Rejection ka reason hospital se mil gaya. Ab kuch nahi chahiye.', 'Abhi claim rok diya hai, hospital seedha bill karega.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Can I talk to the agent who visited us?').intent).to.equal('human_handover');
  });
});

describe('understanding: a number for the file, all clear, no rush, and a claim asked moving (EN, HI_EN)', () => {
  it('a number shared "for your file", "all clear" after an explanation and "no rush" tell; "is the claim moving?" asks the status', () => {
    for (const text of ['Sharing the UTR for the deposit I paid at the hospital: 556677889900. Just for your file.', 'Money received and the deduction was explained by your officer. All clear.', 'Last time it took a month, so no rush this time.', 'Hospital ko diye advance ka UTR 556677889900 hai. Bas aapki file ke liye.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('I submitted the papers on Friday. Is the claim moving now?').intent).to.equal('claim_status');
  });
});

describe('understanding: more forms of a complaint taken elsewhere, coming home, records to update and the nominee (EN, HI_EN)', () => {
  it('complaint likhunga, case daalunga, going to the consumer forum, enough is enough tell; a Hinglish visit (branch aa jaunga) is Hinglish', () => {
    for (const text of ['Main IRDAI ko complaint likhungi, bahut ho gaya.', 'Ab consumer court mein case daalunga.', 'We are going to the consumer forum with this. Enough is enough.']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(detectLanguage('Kal branch aa jaunga papers leke.')).to.equal('HI_EN');
  });
  it('came home is no payment; records me update kar dena asks nothing; the nominee to update or add karoon is the policy\'s business', () => {
    for (const text of ['Mom came home last night and is resting.', 'Naya number ye hai, purana band. Records me update kar dena.', 'How do I change the nominee on my policy?', 'Premium kitna lagega agar saas ko add karoon?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
  });
});


describe('understanding: a clause that names nothing between a question and what it leans on', () => {
  it('a question that names nothing leans past a clause of no class word ("no reply came") onto the papers told before it', () => {
    for (const text of ['Lab reports aur pharmacy bills 3 tareekh ko bheje the. Koi auto-reply bhi nahi aaya. Aapko mil gaye ya dobara bhejun?', 'पैन कार्ड की कॉपी भेजी थी पर फोटो धुंधली है। उससे काम चलेगा, या फिर से भेजूं?']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
  });
});

describe('understanding: how to get the policy\'s own card, asked after its business', () => {
  it('a how-question (kaise) of a paper right after a clause on the policy\'s business asks how to get that card, no reason; with the claim named it still asks', () => {
    for (const text of ['Health card ghar shift karte waqt kho gaya. Agle hafte papa ka checkup hai, card kaise milega?', 'Policy card purse ke saath chori ho gaya. Parso hospital jaana hai, card kaise banega?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    // So does one with only a verb of getting: how to get another card.
    for (const text of ['Policy card baarish me kharab ho gaya. Dusra kaise milega?', 'हेल्थ कार्ड फट गया है, दूसरा कैसे मिलेगा?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('3 saal se premium bhar raha hoon, phir waiting period kaise?').intent).to.equal('query_reason');
    expect(understandMessage('Premium bhar diya tha. Claim ka paisa kaise milega?').intent).to.not.equal(null);
  });
});

describe('understanding: a date in a yes-no question (EN)', () => {
  it('"today", "tomorrow" in a question an auxiliary opens tell when, and ask no payment date; a payment asked so is still a status question', () => {
    for (const text of ['I wanted to look at my claim on the portal but the page will not load. Is the website down today?', 'My claim file is with my brother. Is he coming to your office tomorrow?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    for (const text of ['Is my claim settled today?', 'Is the payment coming today?']) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
  });
});

describe('understanding: a question after the policy\'s business leans on it only when it is read as listed', () => {
  it('a word only one letter from a word of that business (पोर्टल, a portal, beside पोर्ट) is no business the question goes on about: the claim told before is asked about', () => {
    expect(understandMessage('पिताजी का क्लेम अपोलो वाला है। पोर्टल पर दो हफ्ते से प्रोसेसिंग ही दिख रहा है। कब तक बदलेगा?').intent).to.equal('claim_status');
    expect(understandMessage('Policy renew karwani hai. Online ho jayega?').intent).to.equal(null);
  });
});

describe('understanding: a breakup asked beside a deduction', () => {
  it('a word both a paper and a why-word (breakup) asks for the calculation beside a deduction named; papers to send keep it a paper', () => {
    for (const text of ['My settlement letter shows a deduction of Rs 4,500. What is the breakup?', 'Settlement me 3,200 ka deduction dikh raha hai, uska breakup kya hai?']) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
    expect(understandMessage('Deduction samajh aa gaya. Breakup bhi bhej du kya hospital ka?').intent).to.equal('pending_documents');
  });
});

describe('understanding: a date in a question that tells papers sent', () => {
  it('"kal", "कल" in a question that also tells the papers sent says when they went: whether they arrived is asked, no payment date', () => {
    for (const text of ['Kal jo bills bheje the wo mil gaye?', 'कल जो रिपोर्ट्स भेजी थीं वो मिल गईं?']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
  });
});

describe('understanding: an update asked right after the policy\'s business', () => {
  it('a status word with no claim, right after a clause on that business (the app, the renewal), asks about that business; with the claim named it asks the claim\'s status', () => {
    for (const text of ['Everything with my claim is done. Only the app keeps logging me out. Any update on that?', 'Renewal ka premium kal online bhar diya. Status kab dikhega?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Premium bhar diya. Claim ka status kya hai?').intent).to.equal('claim_status');
  });
});

describe('understanding: an only-word is a cut only before the money it limits (HI_EN)', () => {
  it('"sirf" before a sum or money is a cut; before anything else ("sirf SMS aaya") it names no cut', () => {
    for (const text of ['Settlement ka SMS aa gaya par bank me kuch nahi aaya. Paisa sach me bheja hai ya sirf SMS gaya hai?', 'Approval ho gaya bola, par account me kuch nahi. Transfer hua hai ya sirf mail aaya?']) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
    for (const text of ['Bill 80 hazar ka tha, sirf 52 hazar mila. Aisa kyu?', 'claim ka sirf aadha paisa aaya']) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
  });
});

describe('understanding: a paper word inside a why-phrase', () => {
  it('"किस चीज़" (for what) is the question, its चीज़ no paper: after a rejection it asks why', () => {
    for (const text of ['आपने क्लेम खारिज कर दिया कि जानकारी छुपाई। किस चीज़ की बात हो रही है?', 'Claim reject kar diya bolke ki bimari chhupayi. Kis cheez ko chhupane ki baat ho rahi hai?']) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
  });
});

describe('understanding: a file handed in, asked about with a paper short', () => {
  it('a payment word right after "file" ("file jama ho sakti hai?") is the file handed in: with a paper said needed it asks for documents; "zaroori" is a need', () => {
    expect(understandMessage('Discharge summary abhi hospital ne nahi di. Kya uske bina file jama ho sakti hai ya wo zaroori hai?').intent).to.equal('pending_documents');
    expect(understandMessage('Meri file jama hui thi 10 din pehle, paisa kab aayega?').intent).to.equal('claim_status');
  });
});

describe('understanding: papers someone will bring to the branch', () => {
  it('a visit inside papers told brought ("will come to your office with the bills") is their delivery, no problem: the document word alone starts nothing', () => {
    for (const text of ['My son will come to your office tomorrow with all the hospital bills.', 'Wife will come to the branch on Friday with the discharge papers.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
  });
});

describe('understanding: a delay word inside a date phrase', () => {
  it('"agle mahine" (next month) is a date, no delay: a premium question after a claim told starts nothing; a delay told still asks', () => {
    for (const text of ['Claim ho gaya, shukriya. Ek sawaal, agle mahine premium kitna kategaa?', 'Claim ka sab theek ho gaya. Bas ek baat, agle mahine renewal ki date kya hai?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Pichle mahine se claim atka hua hai').intent).to.equal('claim_status');
  });
});

describe('understanding: a deduction\'s letter told arrived', () => {
  it('a cut word naming a letter that came ("the deduction letter came", "katauti ka letter mila") is news, no why; a why beside it or a cut told still asks', () => {
    for (const text of ['Money is in my account now. The deduction letter came by courier today.', 'Paisa aa gaya 41 hazar. Katauti ka letter bhi aaj mila.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    for (const text of ['The deduction letter came today. Why was 3000 cut?', 'Kam paisa aaya, 20 hazar kata.']) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
  });
});

describe('understanding: who explained, told', () => {
  it('a person or a call in a clause telling an explanation understood ("officer ne phone karke sab samjha diya") names who explained: news of the money after it starts nothing; a person asked for still asks', () => {
    for (const text of ['Aapke officer ne phone karke sab samjha diya. Claim ka paisa bhi aa gaya.', 'Aapki team ne call karke sab samjha diya tha. Paisa aaj aa gaya.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Mujhe kisi officer se baat karni hai, deduction samajh nahi aaya.').intent).to.equal('human_handover');
  });
  it('with nothing asked, the person who explained, praised ("Your agent explained it so patiently", "apnader executive sob bujhiye dilen") is no person asked for: no handover; a person asked for after it still asks', () => {
    for (const text of ['Your agent explained the whole process so patiently, 10 on 10 👍', 'apnader executive Rakhi di sob bujhiye dilen, 10 e 10']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(understandMessage('The agent explained it, but I still want to speak to a manager').intent).to.equal('human_handover');
  });
});

describe('understanding: a question that only exclaims', () => {
  it('"can you believe it?", "isn\'t that great?" are praise, no question: news of the claim with them starts nothing; "got it?" after papers sent and a claim asked still ask', () => {
    for (const text of ['Reimbursement came through in 2 days, can you believe it? Thank you all!', 'Mom\'s claim is approved, isn\'t that great? Many thanks.', 'The money is in my account. Do you know how relieved I am?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Thanks a lot. Is my claim approved?').intent).to.equal('claim_status');
    expect(understandMessage('I mailed the PAN copy and the cancelled cheque yesterday. Got it?').intent).to.equal('pending_documents');
  });
});

describe('understanding: the network and an app login are the policy\'s business', () => {
  it('a hospital asked about "in your network" after a claim told, or a login that fails, starts nothing; the claim still asked does', () => {
    for (const text of ['My mother\'s claim took a month last year, lots of bills. Next time we want cashless. Is Manipal hospital in the network?', 'Bills upload karne ke liye app khola par login hi nahi ho raha. Login ka kya karu?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Manipal is a network hospital, then why was my cashless claim rejected?').intent).to.equal('query_reason');
  });
});

describe('understanding: the last question goes on about the policy\'s business', () => {
  it('a need to change the nominee told, then "what is the process?", starts nothing, whatever claim came before; a claim question after it still asks', () => {
    for (const text of ['Our claim for my mother was paid last month, thanks. I need to update the nominee on my family policy now. How does that work?', 'I want to change the nominee on my old policy to my son. What do I do?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('I need to change the nominee on my policy. Also, when will my claim be paid?').intent).to.equal('claim_status');
  });
});

describe('understanding: a class word with a digit in another script\'s digits', () => {
  it('"८०D" is the tax section 80D, no reference: its certificate asked for after a claim told starts nothing', () => {
    const text = 'पिछले साल claim का पैसा आ गया था। अब ८०D certificate चाहिए tax के लिए, कहाँ मिलेगा?';
    expect(understandMessage(text).intent, text).to.equal(null);
    expect(understandMessage('पिछले साल claim का पैसा आ गया था। अब ८०D certificate चाहिए।').intent).to.equal(null);
  });
});

describe('understanding: papers sent, told with their consignment', () => {
  it('a tracking number named with a number word ("tracking नंबर ...") and an arrival expected ("should reach you by Monday") ask nothing; "Reached?" and "not received yet" still ask', () => {
    for (const text of ['बाकी bills मैंने कल courier से भेज दिए। Tracking नंबर EK55120931IN है।', 'Couriered the remaining bills and the claim form yesterday. They should reach your Pune office by Monday.']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Couriered the remaining bills yesterday. Reached?').intent).to.equal('pending_documents');
  });
});

describe('understanding: the premium debited', () => {
  it('a cut word in a clause on the premium that names no claim nor sum is the premium debited: starts nothing; a claim or a sum cut still asks why', () => {
    for (const text of ['Mera claim aa gaya, shukriya. Renewal premium har saal khud kat jayega kya?', 'Can the premium be deducted from my salary account every year?']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('Premium time pe bhara, phir bhi claim me se kyu kaat liya?').intent).to.equal('query_reason');
    expect(understandMessage('Why did you deduct Rs 2,000 along with the premium?').intent).to.equal('query_reason');
  });
});

describe('understanding: "sirf" before a bill', () => {
  it('"sirf" before a word that is a paper as well as money ("sirf final bill chalega?") limits the papers, no cut: it asks for documents; before money alone it is still a cut', () => {
    expect(understandMessage('Pharmacy ki parchiyan bhi lagani hai kya? Ya sirf final bill chalega?').intent).to.equal('pending_documents');
    expect(understandMessage('Bill 80 hazar ka tha, sirf aadha paisa aaya. Kyu?').intent).to.equal('query_reason');
  });
});

describe('understanding: whether it was rejected, asked', () => {
  it('a yes-no question on a rejection, opened by kya or an auxiliary, with no why nor reason in the message, asks where the claim stands; with a why or a reason it asks why', () => {
    for (const text of ['Kya papa ka claim reject ho gaya? Teen hafte se koi khabar nahi.', 'Has my claim been rejected? Nobody has told me anything.']) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
    expect(understandMessage('Kya papa ka claim reject ho gaya? Kyu?').intent).to.equal('query_reason');
    expect(understandMessage('Has my claim been rejected? What is the reason?').intent).to.equal('query_reason');
  });

  it('asked by a question suffix on the verb right after the rejection (reject ஆயிடுச்சா?, reject ayyinda?), the particle last, it asks where the claim stands as kya does; with a why it asks why', () => {
    for (const text of ['amma claim reject ஆயிடுச்சா? 20 நாளா ஒரு message கூட வரல', 'naanna claim reject ayyinda? inka emi message raledu']) {
      expect(understandMessage(text).intent, text).to.equal('claim_status');
    }
    expect(understandMessage('amma claim reject ஆயிடுச்சா? ஏன்?').intent).to.equal('query_reason');
    expect(understandMessage('naanna claim reject ayyinda? enduku?').intent).to.equal('query_reason');
  });
});

describe('understanding: a deduction disputed as owed', () => {
  it('with a deduction named, "the insurer should pay" and the hospital bill asked about dispute the cut: it asks why, no payment nor papers; "sirf" only limits', () => {
    const text = 'They deducted Rs 4,800 as consumables from my settlement. Syringes, cotton and so on. Isn\'t that part of the hospital bill the insurer should pay?';
    expect(understandMessage(text).intent, text).to.equal('query_reason');
    expect(understandMessage('The hospital bill was sent last week. When will the insurer pay?').intent).to.equal('claim_status');
  });
});

describe('understanding: whatever update comes, sent later', () => {
  it('"jo bhi update ho" (whatever update there is) asked to be sent later, after a claim number noted, is a closing: small talk; the claim\'s update asked still asks', () => {
    const u = understandMessage('Theek hai, reference number note kar liya. Jo bhi update aaye SMS pe bhej dena.');
    expect(u.intent).to.equal(null);
    expect(understandMessage('Claim ka jo bhi update ho, bata dijiye').intent).to.equal('claim_status');
  });
});

describe('understanding: a purpose told after the question', () => {
  it('after "so that" or "taaki", the claim and its progress are the aim, no status asked: what to send is asked; a claim asked before the purpose still asks', () => {
    for (const text of ['Aur kya upload karu taaki claim jaldi process ho?', 'Which form must I fill so that the claim is settled?']) {
      expect(understandMessage(text).intent, text).to.equal('pending_documents');
    }
    expect(understandMessage('Claim kab settle hoga taaki hospital ko paisa de saku?').intent).to.equal('claim_status');
  });
});

describe('understanding: a request word inside a phrase of having understood', () => {
  it('"explain chesadu" (he explained), said of a person who called, tells: no request for a person, no reason asked; "explain cheyandi" still asks', () => {
    expect(understandMessage('manager monna phone chesi motham explain chesaru, ippudu ardham ayyindi').kind).to.equal('small_talk');
    expect(understandMessage('agent tho matladali, deduction gurinchi explain cheyandi').intent).to.equal('query_reason');
  });
});

describe('understanding: a complaint word naming a paper', () => {
  it('a complaint inside a paper phrase ("police complaint") is that paper: the FIR asked for asks for documents; a complaint against the agent still asks for a person', () => {
    expect(understandMessage('FIR adugutunnaru, police complaint ivvaledu, ippudu em cheyali?').intent).to.equal('pending_documents');
    expect(understandMessage('agent meeda complaint cheyali, evaritho matladali?').intent).to.equal('human_handover');
  });
});

describe('understanding: a link asked for after a complaint', () => {
  it('a request that we send a link or number after a clause asking to make a complaint asks for the way to make it; a paper asked in a question of its own still asks for documents', () => {
    expect(understandMessage('I need to lodge a complaint about the hospital. Please send me the link.').intent).to.equal('human_handover');
    expect(understandMessage('shikayat darj karni hai, link bhej dijiye').intent).to.equal('human_handover');
    expect(understandMessage('complaint file karna hai. kaunse documents bhejne honge?').intent).to.equal('pending_documents');
  });
});

describe('understanding: a call told not made before a when-question', () => {
  it('"nobody called, when will you?" asks for the call: the negation in the clause leaned on refuses nothing asked; a payment asked after a call told still asks the payment', () => {
    expect(understandMessage('callback ke liye bola tha, ab tak kisi ne call nahi kiya, kab karoge?').intent).to.equal('human_handover');
    expect(understandMessage('agent ne call kiya tha, paisa kab aayega?').intent).to.equal('claim_status');
  });
});

describe('understanding: a sending word that is also the request, after the policy\'s business', () => {
  it('"80D certificate lagbe, pathaben?" asks for the business\'s certificate (pathaben, পাঠাবেন: will you send, both a sending word and the request): it starts nothing; claim papers asked for still ask for documents', () => {
    for (const text of ['80D certificate ta lagbe, ektu pathaben?', 'প্রিমিয়ামের 80D সার্টিফিকেট দরকার, পাঠাবেন?']) expect(understandMessage(text).intent, text).to.equal(null);
    expect(understandMessage('আর কী কী বিল লাগবে, লিস্টটা পাঠাবেন?').intent).to.equal('pending_documents');
  });
});

describe('understanding: working or business days as a when-question (EN)', () => {
  it('"how many working days" asks when the money comes, as "how many days" does, not what more is needed', () => {
    for (const text of ['How many working days will the settlement take?', 'Payment approved on Monday. How many more business days till it reaches my account?']) expect(understandMessage(text).intent, text).to.equal('claim_status');
  });
});

describe('understanding: "I want you to know" as news told, no request (EN)', () => {
  it('telling the insurer what happened ("I want you to know that", "just so you know") after a claim settled vents and asks for nobody', () => {
    expect(understandMessage('Payment came through, thanks. Just so you know, your helpline kept me on hold for an hour.').intent).to.equal(null);
    expect(understandMessage('Money received. But your agent was rude on the phone and I want you to know that.').intent).to.equal(null);
    expect(understandMessage('Your agent was rude. I want to talk to a manager.').intent).to.equal('human_handover');
  });
});

describe('understanding: the policy\'s business as what stops papers being sent', () => {
  it('an app that crashes while claim papers are being uploaded, told in one sentence, is the obstacle: the question after it asks how to send the papers; the business alone still starts nothing', () => {
    expect(understandMessage('discharge summary aur bills upload kar rahi hu claim ke liye but app crash ho raha. email pe bhej du kya? kis id pe?').intent).to.equal('pending_documents');
    expect(understandMessage('Policy renew karni hai but app crash ho raha. Online ho jayega?').intent).to.equal(null);
  });
});

describe('understanding: a question answered elsewhere, told after it', () => {
  it('an explanation told got past a contrast, after every question and before thanks ("..., but the TPA desk explained everything. Thanks", lekin ... sab samjha diya, তবে ... বুঝিয়ে দিয়েছে), leaves nothing asked; a request after it still asks', () => {
    for (const text of [
      'I wanted to ask what papers the claim needs, but the hospital desk explained everything. Thank you',
      'claim ke liye kaunse kagaz chahiye ye puchna tha, lekin agent ne sab samjha diya. Dhanyavad',
      'কোন কোন কাগজ লাগবে জানতে চেয়েছিলাম, তবে এজেন্ট সব বুঝিয়ে দিয়েছে। ধন্যবাদ',
    ]) expect(understandMessage(text).intent, text).to.equal(null);
    expect(understandMessage('Which documents are needed? The agent explained but please send the list again, thanks').intent).to.equal('pending_documents');
  });
});

describe('understanding: a yes-no question opened by an auxiliary, however long its subject', () => {
  it('"Has the payment for my father\'s knee surgery at Fortis Mulund been released?" asks the whole clause, as a question word opening it does', () => {
    expect(understandMessage('Has the payment for my father\'s knee surgery at Fortis Mulund been released to my account?').intent).to.equal('claim_status');
    expect(understandMessage('Is the reimbursement for my daughter\'s fracture treatment at Manipal Whitefield approved yet?').intent).to.equal('claim_status');
    expect(understandMessage('Is there any document still pending for my mother\'s cataract claim at Sankara Nethralaya?').intent).to.equal('pending_documents');
  });
});

describe('understanding: a question particle ending a phrase of the policy\'s own business', () => {
  it('still makes the clause ask with no question mark typed ("add చేయొచ్చా", "add பண்ணலாமா"), so a last question on that business after a claim question starts nothing', () => {
    for (const text of ['claim settle ஆச்சா? அப்புறம் என் மனைவியை policy-ல add பண்ணலாமா', 'claim settle అయిందా? అలాగే మా అమ్మాయిని కూడా add చేయొచ్చా']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    expect(understandMessage('claim settle అయిందా?').intent).to.equal('claim_status');
  });
});

describe('understanding: Marathi काल (yesterday) is no call', () => {
  it('reads काल, which कॉल folds to, as yesterday where the message writes no कॉल: "मला काल ..." (yesterday I ...) asks for no call; a call written कॉल still asks for one', () => {
    for (const text of ['मला काल बँकेतून फोन आला होता, आता सगळं ठीक आहे', 'मला काल डिस्चार्ज मिळाला', 'काल तुमच्या ऑफिसमधल्या मॅडम खूप छान बोलल्या, त्यांना धन्यवाद सांगा']) {
      expect(understandMessage(text).intent, text).to.not.equal('human_handover');
    }
    for (const text of ['मला कॉल करा प्लीज', 'काल कोणी फोन उचलला नाही, मला परत कॉल करा', 'मुझे कॉल कीजिए']) {
      expect(understandMessage(text).intent, text).to.equal('human_handover');
    }
  });
});

describe('understanding: long messages that tell, thank or vent (EN, HI, HI_EN)', () => {
  const outcome = (text: string) => {
    const u = understandMessage(text);
    return u.kind === 'intent' ? u.intent : u.kind;
  };
  it('reads a modal negated before its verb ("नहीं कर सकता", "nahi kar sakta": cannot do) as no request: venting about a call cut starts no handover; a person asked for beside it still is', () => {
    for (const text of ['हेल्पलाइन पर पच्चीस मिनट रुका रहा, फिर कॉल कट गया। मैं रोज़ रोज़ यह नहीं कर सकता। बहुत निराश हूँ।', 'Helpline pe aadha ghanta wait kiya, phir phone kat gaya. Main roz roz ye nahi kar sakta. Bahut nirash hu.']) {
      expect(outcome(text), text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(text.startsWith('H') ? 'HI_EN' : 'HI');
    }
    for (const text of ['फोन कट गया। मैं यह नहीं कर सकता, किसी अधिकारी से बात करवाइए।', 'Call kat gaya. Kisi officer se baat karwa dijiye.', 'The call got cut twice. Please connect me to an agent.']) {
      expect(outcome(text), text).to.equal('human_handover');
    }
  });
  it('reads a request to explain ("explain", "समझाइए", "samjhaiye") as asking a reason only where a rejection or cut is named: "which papers, explain" asks for documents', () => {
    expect(outcome("मेरा क्लेम 'गलत जानकारी' कहकर रद्द कर दिया। मैंने सब सही भरा था। किस जानकारी की बात हो रही है, समझाइए")).to.equal('query_reason');
    expect(outcome("Claim 'jaankari chhupai' bolke reject kiya. Maine sab sach likha tha. Kis jaankari ki baat ho rahi hai, samjhaiye")).to.equal('query_reason');
    expect(outcome('They cut 3,200 from the bill. Please explain.')).to.equal('query_reason');
    expect(outcome('अभी कौन से कागज़ बचे हैं, समझाइए')).to.equal('pending_documents');
    expect(outcome('Kaunse papers abhi baaki hai, samjhaiye')).to.equal('pending_documents');
    expect(outcome('Please explain which papers I still have to send')).to.equal('pending_documents');
  });
  it('reads a need inside a conjunction ("the papers you asked for", "जो कागज़ मांगे थे") as naming the papers sent: a statement of papers attached starts nothing; papers asked after still ask', () => {
    for (const text of ['The ECG report and pharmacy bill, which you asked for, are attached to this mail.', 'आपने जो कागज़ मांगे थे, ईसीजी रिपोर्ट और दवा का बिल, वो मेल में लगा दिए हैं।', 'Aapne jo papers mange the, ECG report aur pharmacy bill, wo mail me attach kar diye hai.']) {
      expect(outcome(text), text).to.not.be.oneOf(['claim_status', 'pending_documents', 'query_reason', 'human_handover']);
    }
    expect(outcome('The bills you asked for are attached. What else is still pending?')).to.equal('pending_documents');
  });
  it('reads another business asked beside claim words (network hospitals with cashless, a changed mobile number, a policy lapse) as no workflow; a claim question still asks', () => {
    for (const text of ['My husband needs a hip surgery in March. Could you share the network hospitals in Indore where cashless is available?', 'I changed my mobile number and address last month. How do I update these in the policy records?', 'Renewal premium UPI se diya par receipt nahi mili. Policy lapse to nahi ho jayegi?']) {
      expect(outcome(text), text).to.be.oneOf(['small_talk', 'unclear']);
    }
    expect(outcome('My mother is 74 and my son filed her claim for the hernia surgery. Kindly tell me whether it is approved or not.')).to.equal('claim_status');
  });
  it('reads praise and venting told (बहुत तसल्ली, aise hi chalate rahiye, very useful, very annoying, a rude talk told) as small talk, and the nominee telling who claims as no policy business', () => {
    for (const text of ['Pichli baar pareshani hui thi, is baar har step pe message aaya. Bahut tasalli mili. Aise hi chalate rahiye.', 'इस बार हर स्टेप पर मैसेज आता रहा, बहुत तसल्ली रही। ऐसे ही चलाते रहिए।', 'The SMS updates on my claim were very useful, please continue like this.', 'Each time I call, your executives say something new. Very annoying.', 'Counter ke staff ne mere papa se rude baat ki. Ye theek nahi hai.']) {
      expect(outcome(text), text).to.equal('small_talk');
    }
    expect(outcome('माँ का अस्पताल में देहांत हो गया। नॉमिनी मैं ही हूँ। मुझे कौन कौन से कागज़ देने होंगे?')).to.equal('pending_documents');
    expect(outcome('दवा के पर्चे के बिना क्लेम हो जाएगा क्या?')).to.equal('pending_documents');
    expect(outcome('Hospital keh raha hai discharge form aur ID proof bhejna hai. Ye unko dena hai ya aapko? Thoda clear karo')).to.equal('pending_documents');
  });
  it('reads "should I send them again" as asking what to send and "is that enough" beside papers as a need: papers told bounced or sent before them ask for documents', () => {
    expect(outcome('I mailed the discharge summary on Friday but it bounced back. Should I resend it or has it reached you')).to.equal('pending_documents');
    expect(outcome('Should I upload the lab reports again?')).to.equal('pending_documents');
    expect(outcome('Gave the pharmacy bills and ECG report at the branch. Is that enough for my claim?')).to.equal('pending_documents');
  });
});

describe('understanding: a limiting word before money asked when', () => {
  it('reads only (sirf, fakt) before money a when-word follows as limiting the question, no cut ("sirf paisa kab aayega ye batao"), and a five-digit figure right after it as the sum limited ("sirf 32000 mile")', () => {
    for (const text of ['bas sirf paisa kab milega ye bata do', 'kagad sagle dile, fakt paise kadhi yetil te sanga']) expect(understandMessage(text).intent, text).to.equal('claim_status');
    for (const text of ['claim 84000 ka tha, sirf 51000 aaye', 'claim 84000 cha hota, fakt 51000 aale']) expect(understandMessage(text).intent, text).to.equal('query_reason');
  });
});

describe('understanding: a cut or reason told as a habit, asking nothing, vents', () => {
  const vents: readonly [string, string][] = [
    ['EN', 'Every single time you find a fresh excuse to deduct money from my claim. So tiring.'],
    ['EN', 'All insurance companies are the same, they deduct something on one pretext or another.'],
    ['HI_EN', 'har baar koi naya reason nikaal ke paisa kaat dete ho, dimaag kharab ho gaya'],
    ['HI_EN', 'Sab company ek jaisi hain, claim me katoti karke hi dam leti hain'],
    ['HI', 'हर बार कोई नया बहाना बनाकर कटौती कर देते हो, मन दुखी हो गया'],
    ['MR', 'दर वेळी नवं कारण सांगून पैसे कापता, मन खट्टू होतं'],
    ['MR_EN', 'dar veli navin karan sangun paise kapta, khup raag yeto'],
    ['TA', 'ஒவ்வொரு தடவையும் ஏதாவது காரணம் சொல்லி deduction பண்றீங்க, மனசு கஷ்டமா இருக்கு'],
    ['TA_EN', 'ovvoru thadavaiyum edhavadhu kaaranam solli kaasu kuraikireenga, romba varuthama irukku'],
    ['TE', 'ప్రతిసారీ ఏదో ఒక కారణం చెప్పి డబ్బులు కోస్తారు, మనసు బాధగా ఉంది'],
    ['TE_EN', 'prathisari edo oka reason cheppi cut chestaru, chala badha ga undi'],
    ['BN', 'প্রতিবার নতুন কারণ বলে deduction করেন, মন খারাপ হয়ে যায়'],
    ['BN_EN', 'protibar deduction kore nen, sob company ek rokom'],
  ];
  it('reads a cut, reason or rejection told with an every-time word or of every company, with no question, request or person, as small talk in every language', () => {
    for (const [language, text] of vents) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('still reads a why-question or a request for the reason beside the every-time word as query_reason', () => {
    for (const text of [
      'Why do you deduct something every single time?',
      'Every time there is a cut. Explain why 6,000 this time.',
      'har baar paisa kyun kaat lete ho?',
      'har baar kaat lete ho, is baar ka reason batao',
      'हर बार कटौती क्यों कर देते हो',
      'दर वेळी पैसे का कापता?',
      'ovvoru thadavaiyum yen kaasu kuraikireenga?',
      'ప్రతిసారీ ఎందుకు డబ్బులు కోస్తారు?',
      'prathisari enduku cut chestaru',
      'প্রতিবার কেন টাকা কাটেন?',
      'protibar keno taka katen',
      'ஒவ்வொரு முறையும் ஏன் பணம் குறைக்கிறீங்க?',
    ]) expect(understandMessage(text).intent, text).to.equal('query_reason');
  });
});

describe('understanding: long stories whose last question decides (EN, HI, HI_EN)', () => {
  it('reads a rejection asked yes or no after "or" ("..., or has it been rejected?") as a status question, even after the app login named in passing', () => {
    for (const text of [
      'My wife\'s claim has said \'in process\' for a month, the same page each time I log in. Is anybody working on it, or has it been rejected quietly?',
      'I sent every bill in October. Is it still being checked, or has it been rejected?',
    ]) expect(understandMessage(text).intent, text).to.equal('claim_status');
    expect(understandMessage('It was rejected last week, or was it? Why was it rejected at all?').intent).to.equal('query_reason');
  });
  it('reads "is something still pending?" after papers told sent as a need: the pending and still inside it ask which papers are left; the claim still pending asks where it stands', () => {
    expect(understandMessage('I mailed the lab reports and the discharge card on Friday. Are those fine or is anything still pending for claim 55120?').intent).to.equal('pending_documents');
    expect(understandMessage('Is my mother\'s claim still pending with you?').intent).to.equal('claim_status');
  });
  it('reads a giving word inside a request to tell ("zara bata dena") as that request, nothing sent; papers asked still ask for documents', () => {
    expect(understandMessage('Nanaji ka claim July me gaya tha. Uska kya hua, approve hua ki nahi, zara bata dena.').intent).to.equal('claim_status');
    expect(understandMessage('kaunse kagaz bhejne hain, zara bata dena').intent).to.equal('pending_documents');
  });
  it('reads a deduction negated right before it in a clause that asks nothing ("with no deductions") as news: thanks after money came start nothing', () => {
    for (const text of [
      'Many thanks! The money for my wife\'s surgery came in today, all of it with no deductions. Far better than what we had heard.',
      'Thanks, the claim amount reached my account with no deductions.',
    ]) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(understandMessage('The amount came. Why no deductions note, and why was 2,000 cut?').intent).to.equal('query_reason');
  });
  it('reads "done" or "nothing more to say" beside a request to talk to a person as no closing: the person is still asked for', () => {
    for (const text of [
      'ab kuch nahi kehna, bas kisi agent se baat karwa do',
      'Nothing more to say, just connect me to a person',
      'बस इतना ही, किसी एजेंट से बात करवा दीजिए',
    ]) expect(understandMessage(text).intent, text).to.equal('human_handover');
  });
  it('reads EN whether-or-not status phrases, a pre-auth granted, a paper accepted and Part B as their intents, and an address and mobile update as the policy\'s business', () => {
    expect(understandMessage('my dad\'s claim went in on 4th nov, no mail since. pls check and tell if its cleared or not').intent).to.equal('claim_status');
    expect(understandMessage('The hospital says the pre-auth went to you at noon. We are waiting in the lobby. Please let me know if it has been granted.').intent).to.equal('claim_status');
    expect(understandMessage('The clinic gave only a summary bill. Is the itemised bill mandatory, or will the summary bill be accepted?').intent).to.equal('pending_documents');
    expect(understandMessage('Hello. I moved from Thane to Pune and changed my mobile too. How do I update both on my policy so that claim letters reach me?').kind).to.not.equal('intent');
    expect(understandMessage('I am only telling you that I uploaded the bills today, just informing you.').kind).to.not.equal('intent');
  });
});

describe('understanding: a policy number between the policy\'s business and its question', () => {
  it('passes over a clause that only gives the policy number (with its copula) after a clause on that business, in EN, HI_EN and HI', () => {
    for (const text of [
      'I need the premium certificate for 80D. Policy no 4471-22-1908. Where can I download it?',
      'Premium ki receipt chahiye tax ke liye. Policy number 88120443 hai. Kahan milegi?',
      'टैक्स के लिए प्रीमियम सर्टिफिकेट चाहिए। पॉलिसी नंबर 5521/08/2023 है। कहाँ मिलेगा?',
    ]) expect(understandMessage(text).kind, text).to.equal('unclear');
    // With no business of the policy before it, the number names the claim; and a question of the
    // claim's money after it still asks.
    expect(understandMessage('Claim no 88120443 hai. Kahan milega?').intent).to.equal('claim_status');
    expect(understandMessage('Premium ki receipt chahiye. Claim no 88120443 hai. Paisa kab milega?').intent).to.equal('claim_status');
  });
});

describe('language pack: English, venting, praise passed on and the app\'s tracker', () => {
  it('reads frustration told, "no need to explain, I know the rules" and appreciation passed on to a manager as small talk; a why or a person asked still asks', () => {
    for (const text of [
      'Really frustrated. They deducted 6,000 as non-medical items and nobody told me at admission.',
      'They cut 4,000 for the room rent. No need to explain, I know the rules.',
      'Rohit from your team sorted my papers in one day. Kindly pass on my appreciation to his supervisor.',
    ]) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(understandMessage('Why was 4000 cut? No need to explain the rules, just tell me the reason.').intent).to.equal('query_reason');
    expect(understandMessage('Please connect me to your manager, the claim is stuck.').intent).to.equal('human_handover');
  });
  it('reads the app\'s claim tracker, and "fix the app", as the app (the policy\'s business): the claim\'s status asked still asks', () => {
    expect(understandMessage('Your app\'s claim tracker always says under process, even after settlement. Please fix the app.').kind).to.equal('unclear');
    expect(understandMessage('What is the status of my claim in the tracker?').intent).to.equal('claim_status');
  });
  it('reads a tax return to file as the policy\'s business: the premium receipt for it starts nothing', () => {
    expect(understandMessage('I have to file my tax return and need the premium receipt. Where can I get it?').kind).to.equal('unclear');
  });
});

describe('understanding: papers for a claim told sent and tracked delivered', () => {
  it('reads a claim the papers sent are for, beside tracking told delivered, as whose papers went: whether they arrived asks for documents (EN, HI_EN); the claim\'s status asked still asks', () => {
    for (const text of [
      'I sent the bills for my mother\'s claim by speed post and tracking says delivered. Did you get them?',
      'Claim ke saare papers courier kiye aur tracking me delivered dikha raha hai. Mil gaye kya?',
      // "recieved", a common misspelling, is received.
      'I posted the reports for my wife\'s knee surgery claim on Monday and tracking shows delivered. Have they been recieved?',
    ]) expect(understandMessage(text).intent, text).to.equal('pending_documents');
    expect(understandMessage('I sent the bills for my claim and tracking says delivered. What is the claim status now?').intent).to.equal('claim_status');
  });
});

describe('understanding: where or how to get a thing of the policy\'s business', () => {
  it('reads a sending phrase of getting (kahan se milega, कहां से मिलेगा, wo kaise milegi) after a clause on the policy\'s business as how that business\'s form or card is got (HI_EN, HI); after claim papers it still asks for documents', () => {
    for (const text of [
      'Policy renew karni hai. Form kahan se milega?',
      'पॉलिसी रिन्यू करनी है। फॉर्म कहां से मिलेगा?',
      'Mera claim pass hua kya? Policy card ghum gaya, kahan se milega?',
      'Premium ki receipt chahiye tax ke liye, wo kaise milegi?',
    ]) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(understandMessage('Claim ke papers bhejne hain. Form kahan se milega?').intent).to.equal('pending_documents');
  });
});

describe('language pack: English, what else a deduction holds', () => {
  it('reads "what else is in that", "what else comes under" after a deduction as why (what the cut holds); "what else is needed" still asks for documents', () => {
    for (const text of [
      'The letter shows non-medical items Rs 2,950. Syringes I get, but what else comes under that?',
      'What all comes under the 3,100 consumables deduction?',
    ]) expect(understandMessage(text).intent, text).to.equal('query_reason');
    expect(understandMessage('You asked for the discharge papers. What else is needed?').intent).to.equal('pending_documents');
  });
});

describe('language pack: English, rejected or still in process', () => {
  it('reads "rejected or still pending / in process" as one status question: the rejection inside it is an outcome asked about; a why still asks why', () => {
    for (const text of [
      'Four weeks and nothing. Just tell me if my claim is rejected or still pending.',
      'My claim got rejected or still under process? Nobody says.',
    ]) expect(understandMessage(text).intent, text).to.equal('claim_status');
    expect(understandMessage('Why was my claim rejected? It says rejected.').intent).to.equal('query_reason');
  });
});
