/**
 * The Marathi packs (pipeline/languages/mr and mr_en): every reply the English pack has, with the
 * same variables; WhatsApp button and list titles within Meta's limits; SMS replies within the
 * segment budget (UCS-2 for Devanagari); STOP, START, YES and NO in Marathi and romanised Marathi;
 * Devanagari digits read as numbers; Marathi told from Hindi by its grammar words (a Devanagari
 * message with none stays Hindi); "का" read as "why" before a verb and as Hindi's "of" elsewhere;
 * and what the replies tell a claimant to write is understood.
 */
import { expect } from 'chai';
import { checkPackReplies } from '../helpers/language-pack-checks';
import { detectLanguage } from '../../pipeline/language';
import { asciiDigits, packOf } from '../../pipeline/languages';
import { matchIntent, understandMessage } from '../../pipeline/intents';
import { consentAnswer, spokenLanguage } from '../../pipeline/stages/consent';
import { redactPhi } from '../../pipeline/policy-gate/phi-redaction';
import { readMessage } from '../../pipeline/understanding/sentences';

const codes = ['MR', 'MR_EN'] as const;
describe('language packs: Marathi (MR, MR_EN)', () => {
  checkPackReplies({ native: 'MR', romanised: 'MR_EN', meta: 'mr', answer: 'खोलीच्या भाड्याची मर्यादा विमा रकमेच्या दररोज 1% आहे.' });

  it('reads STOP, START, YES and NO in Marathi and romanised Marathi as whole messages only', () => {
    const cases: Array<[string, 'yes' | 'no' | 'stop' | 'start']> = [
      ['थांबवा', 'stop'], ['थांबा!', 'stop'], ['मेसेज बंद करा', 'stop'], ['thambva', 'stop'], ['Band kara', 'stop'],
      ['सुरू करा', 'start'], ['सुरु करा', 'start'], ['पुन्हा सुरू करा', 'start'], ['suru kara', 'start'],
      ['हो', 'yes'], ['होय', 'yes'], ['चालेल', 'yes'], ['hoy', 'yes'], ['ho chalel', 'yes'],
      ['नाही', 'no'], ['नको', 'no'], ['nako', 'no'],
    ];
    for (const [text, answer] of cases) expect(consentAnswer(text), text).to.equal(answer);
    for (const text of ['थांबवा, आधी क्लेमची स्थिती सांगा', 'ho, maza claim kadhi milel?', 'नाही मिळाले पैसे अजून']) {
      expect(consentAnswer(text), text).to.equal(null);
    }
    // Answered in the language the word is in.
    expect(spokenLanguage('थांबवा', true)).to.equal('MR');
    expect(spokenLanguage('thambva', true)).to.equal('MR_EN');
    expect(packOf('MR').handover_cancel).to.include('राहू द्या');
    expect(packOf('MR_EN').handover_cancel).to.include('rahu dya');
  });

  it('folds what Devanagari typists write two ways, and compares consent words after the folds', () => {
    const words = (text: string) => readMessage(text).words;
    // आ typed as अ and the aa sign.
    expect(words('माझा क्लेम स्टेटस काय अाहे')).to.deep.equal(words('माझा क्लेम स्टेटस काय आहे'));
    expect(detectLanguage('क्लेम अाहे')).to.equal('MR');
    // Candra a: one letter (ॲ), or अ, a zero-width joiner and the candra e sign; as Hindi's ऐ (ऐप).
    expect(words('अ\u200Dॅप मध्ये')).to.deep.equal(words('ॲप मध्ये'));
    expect(words('अॅप मध्ये')).to.deep.equal(words('ॲप मध्ये'));
    expect(words('ॲप मध्ये')).to.deep.equal(words('ऐप मध्ये'));
    // One spelling listed, every spelling the folds join answered.
    expect(packOf('MR').consent.start).to.not.include('सुरु करा');
    for (const text of ['सुरु करा', 'परत सुरु करा', 'चालु करा', 'सुरु कर']) expect(consentAnswer(text), text).to.equal('start');
    expect(consentAnswer('हाँ')).to.equal('yes');
    expect(consentAnswer('हां')).to.equal('yes');
  });

  it('reads Devanagari digits in a Marathi message as numbers: counts, amounts and references', () => {
    expect(asciiDigits('क्लेम ४५७८, रु. ३२,५००')).to.equal('क्लेम 4578, रु. 32,500');
    const entities = (text: string) => readMessage(text).words.filter((w) => w.startsWith('#'));
    expect(entities('क्लेम नंबर ४५७८ चा स्टेटस सांगा')).to.deep.equal(['#ref']);
    expect(entities('हॉस्पिटलचं बिल ₹४५,००० भरलं')).to.deep.equal(['#amount']);
    expect(entities('१५ हजार का कापले')).to.deep.equal(['#amount']);
    expect(entities('डिस्चार्ज होऊन १० दिवस झाले')).to.deep.equal(['#number']);
    expect(matchIntent('१५,००० रुपये का कापले?')).to.equal('query_reason');
    // The PHI recognisers read them too, beside Marathi context words.
    expect(redactPhi('माझा मोबाईल नंबर ९८७६५४३२१० आहे').text).to.equal('माझा मोबाईल नंबर [phone removed] आहे');
    expect(redactPhi('खात्याचा नंबर १२३४५६७८९०१२ आहे').text).to.equal('खात्याचा नंबर [account removed] आहे');
    expect(redactPhi('maza khatyacha number 123456789012 ahe').text).to.equal('maza khatyacha number [account removed] ahe');
  });

  it('tells Marathi from Hindi by its grammar words: a Devanagari message with none stays Hindi', () => {
    expect(detectLanguage('माझा क्लेम मंजूर झाला का?')).to.equal('MR');
    expect(detectLanguage('पैसे कधी मिळतील?')).to.equal('MR');
    expect(detectLanguage('बाकी कागदपत्रांची यादी द्या')).to.equal('MR');
    expect(detectLanguage('मेरा क्लेम कब मंजूर होगा?')).to.equal('HI');
    expect(detectLanguage('मेरे क्लेम का स्टेटस क्या है')).to.equal('HI');
    // Words both languages use (क्लेम, स्टेटस, पेंडिंग) tell nothing: Hindi, the script's default.
    expect(detectLanguage('क्लेम स्टेटस')).to.equal('HI');
    expect(detectLanguage('डॉक्युमेंट पेंडिंग')).to.equal('HI');
    // Marathi's imperative करा is also Hindi's causative ("बात करा दीजिए"): Hindi's own grammar
    // words (hi pack markers) outvote or tie it, and a tie stays Hindi.
    expect(detectLanguage('किसी अधिकारी से बात करा दीजिए')).to.equal('HI');
    expect(detectLanguage('मेरा क्लेम जल्दी पास करा दो')).to.equal('HI');
    expect(detectLanguage('क्लेम चेक करा')).to.equal('MR');
    expect(detectLanguage('मला एजंटशी बोलायचं आहे')).to.equal('MR');
  });

  it('tells romanised Marathi from Hinglish and English', () => {
    expect(detectLanguage('maza claim kadhi milel?')).to.equal('MR_EN');
    expect(detectLanguage('ajun konte documents pathvayche aahet?')).to.equal('MR_EN');
    expect(detectLanguage('mera claim kab milega')).to.equal('HI_EN');
    expect(detectLanguage('claim ka status kya hai')).to.equal('HI_EN');
    expect(detectLanguage('What is my claim status?')).to.equal('EN');
  });

  it('reads "का" before a verb as "why", and Hindi\'s "का" (of) as nothing', () => {
    expect(matchIntent('माझा क्लेम का नाकारला?')).to.equal('query_reason');
    expect(matchIntent('पैसे का कापले?')).to.equal('query_reason');
    // A delay asked about asks where the claim stands (claim_status), not a reason to explain.
    expect(matchIntent('इतका उशीर का?')).to.equal('claim_status');
    expect(matchIntent('maza claim ka reject kela?')).to.equal('query_reason');
    expect(matchIntent('itka ushir ka?')).to.equal('claim_status');
    expect(matchIntent('मेरे क्लेम का स्टेटस क्या है?')).to.equal('claim_status');
    expect(matchIntent('claim ka status kya hai')).to.equal('claim_status');
    // A yes/no question ends with "का": about the claim, not why.
    expect(matchIntent('माझा क्लेम मंजूर झाला का?')).to.equal('claim_status');
  });

  it('reads the words Marathi claimants use for stuck, escalate, while and or, and a seen film as no document', () => {
    // "अडकून पडलाय" (has got stuck) read as stuck: why still stuck is a delay asked about, where the
    // claim stands; "एस्केलेट करा" asks for a person.
    expect(matchIntent('माझा क्लेम अजून का रखडून पडलाय?')).to.equal('claim_status');
    expect(matchIntent('तक्रार वरिष्ठांकडे एस्केलेट करा')).to.equal('human_handover');
    // "पाहिला" (saw) is no typo of "राहिला" (remaining): talk of a film starts nothing.
    expect(matchIntent('कालचा सिनेमा पाहिला का?')).to.equal(null);
    // Romanised: "ki" joins two alternatives (or), it is not Bengali's "what"; "-tana" is while.
    expect(matchIntent('payment zala ki ajun process madhe ahe?')).to.equal('claim_status');
    expect(matchIntent('bill chi copy chalel ki original pathvava lagel?')).to.equal('pending_documents');
    expect(matchIntent('form bhartana error yetoy, kay karu?')).to.equal('pending_documents');
    expect(matchIntent('email nako, phone var bolu ya')).to.equal('human_handover');
    for (const text of ['deduction kasasathi kela?', 'room rent purn ka nahi dile?', 'form bhartana error yetoy, kay karu?']) {
      expect(detectLanguage(text), text).to.equal('MR_EN');
    }
    expect(matchIntent('deduction kasasathi kela?')).to.equal('query_reason');
  });

  it('tells Marathi by its imperative करा, शी, its candra spellings and its postpositions, and Hindi stays Hindi', () => {
    for (const text of ['कॉल करा', 'manager शी connect करा', 'ओके थँक्स', 'ऑपरेशन साठी किती खर्च येईल', 'कागदपत्रं पोहोचली का?', 'किती दिवस लागतात?']) {
      expect(detectLanguage(text), text).to.equal('MR');
    }
    for (const text of ['कृपया कॉल करो', 'मुझे कॉल कीजिए']) expect(detectLanguage(text), text).to.equal('HI');
    // Romanised: bhari (great), kalla (understood) beside ho (yes, Hinglish's "be" too).
    expect(detectLanguage('ho kalla')).to.equal('MR_EN');
    expect(detectLanguage('bhari, thanks')).to.equal('MR_EN');
    expect(detectLanguage('paise kadhi miltat?')).to.equal('MR_EN');
    // Spellings a new writer types: kadi (kadhi), kute (kuthe), mla (mala), पायजे (पाहिजे), नाय (नाही).
    for (const text of ['claim kadi?', 'documents kute?', 'mla call plz']) expect(detectLanguage(text), text).to.equal('MR_EN');
    expect(detectLanguage('पैसे नाय')).to.equal('MR');
    // Gudi Padwa greets in Marathi; पाडवा is no typo of पाठवा (send).
    expect(detectLanguage('happy gudi padwa')).to.equal('MR_EN');
    expect(detectLanguage('गुढी पाडवा')).to.equal('MR');
    expect(matchIntent('गुढी पाडवा')).to.equal(null);
  });

  it('reads a contracted perfect as its participle, "I will send" as telling, and where to get or how to send a paper as a documents question', () => {
    // प्रोसेस झालंय = प्रोसेस झालं आहे: every phrase listed with झालं reads its -य form too.
    expect(matchIntent('क्लेम नंबर 55123 प्रोसेस झालंय का?')).to.equal('claim_status');
    // "I will send them" informs, and asks nothing; "which shall I send" still asks.
    expect(matchIntent('परवा बिलं पाठवतो')).to.equal(null);
    expect(matchIntent('ok, udya report pathavto')).to.equal(null);
    expect(matchIntent('मी उद्या बिलं पाठवणार आहे')).to.equal(null);
    expect(matchIntent('कोणती कागदपत्रं पाठवू?')).to.equal('pending_documents');
    // Couriered papers asked after: received, not paid.
    expect(matchIntent('गेल्या महिन्यात फाईल कुरियर केली होती, पोहोचली का?')).to.equal('pending_documents');
    expect(matchIntent('file courier keli hoti, pohochli ka?')).to.equal('pending_documents');
    expect(matchIntent('ईमेल केला होता, मिळाला का?')).to.equal('pending_documents');
    expect(matchIntent('email kela hota, milala ka?')).to.equal('pending_documents');
    expect(matchIntent('पैसे मिळाले का?')).to.equal('claim_status');
    // Where to get a form, how to send a report ("कसे" is how, not why; "हे कसं?" still asks why).
    expect(matchIntent('क्लेम फॉर्म कुठे मिळेल?')).to.equal('pending_documents');
    expect(matchIntent('claim form kuthun milel?')).to.equal('pending_documents');
    expect(matchIntent('रिपोर्ट कसे पाठवू?')).to.equal('pending_documents');
    expect(matchIntent('reports kase pathvu?')).to.equal('pending_documents');
    expect(matchIntent('कसे पाठवू?')).to.equal('pending_documents');
    expect(matchIntent('site var upload kartana error yetoy, kasa pathvu?')).to.equal('pending_documents');
    expect(matchIntent('आधीचा आजार म्हणून नाकारला, हे कसं?')).to.equal('query_reason');
    // Why it is still pending asks its status; why it was kept pending asks the reason.
    expect(matchIntent('माझा क्लेम अजून पेंडिंग का आहे?')).to.equal('claim_status');
    expect(matchIntent('claim ajun pending ka ahe?')).to.equal('claim_status');
    expect(matchIntent('क्लेम का पेंडिंग ठेवलाय?')).to.equal('query_reason');
  });

  it('reads लागतो (is needed), "how long will it take", बोला ना and "na" after a request, हे कसं काय as why, and "I will upload" as telling', () => {
    // लागतो, lagto: is needed (a Marathi marker too); किती वेळ लागेल: how long, no "what is needed".
    expect(matchIntent('NEFT साठी cancelled cheque लागतो का?')).to.equal('pending_documents');
    expect(matchIntent('pan card lagto ka?')).to.equal('pending_documents');
    expect(detectLanguage('PAN card लागते का?')).to.equal('MR');
    expect(detectLanguage('pan card lagto ka?')).to.equal('MR_EN');
    expect(matchIntent('cashless approval अजून pending आहे. अजून किती वेळ लागेल?')).to.equal('claim_status');
    expect(matchIntent('cashless approval ajun ala nahi. kiti vel lagel?')).to.equal('claim_status');
    // "na" after a romanised Marathi request softens it ("pathva na": do send), no negation.
    expect(matchIntent('upload link pathva na plz')).to.equal('pending_documents');
    expect(matchIntent('mla phone kara na')).to.equal('human_handover');
    expect(matchIntent('कोनीतरी माणूस बोला ना, हे मशीन काही समजत नाही')).to.equal('human_handover');
    expect(matchIntent('koni tari manus bola na, he machine kay samjat nahi')).to.equal('human_handover');
    // हे कसं काय, he kasa kay: how come, not the greeting "kasa kay".
    expect(matchIntent('waiting period mhanun reject kela, pan policy 3 varsha juni ahe. he kasa kay?')).to.equal('query_reason');
    expect(matchIntent('क्लेम रिजेक्ट केला, पण पॉलिसी जुनी आहे. हे असं कसं?')).to.equal('query_reason');
    expect(detectLanguage('kon bolatay?')).to.equal('MR_EN');
    expect(understandMessage('kon bolatay?').kind).to.equal('small_talk');
    // "I will upload/send" tells; "ale ki lagech" (as soon as they come) asks nothing.
    expect(matchIntent('reports अजून lab मधून आले नाहीत, आले की लगेच upload करतो')).to.equal(null);
    expect(matchIntent('reports lab madhun ale ki lagech upload karto')).to.equal(null);
    expect(matchIntent("portal वर 'under process' दाखवतंय. कधी पूर्ण होईल?")).to.equal('claim_status');
    // Everyday Marathi words Hindi has not: more, got, from, until, our.
    for (const text of ['जास्त पैसे कापले', 'पैसे भेटले नाहीत', 'फॉर्म भरला', 'छान सेवा', 'रिपोर्ट हरवला']) expect(detectLanguage(text), text).to.equal('MR');
    // दिवस is Hindi's formal "day" too: no marker.
    expect(detectLanguage('गणतंत्र दिवस मुबारक')).to.equal('HI');
    // Nothing heard yet is a status question.
    expect(matchIntent('बाबांचा क्लेम फाईल करून १५ दिवस झाले, अजून काहीच कळवलं नाही')).to.equal('claim_status');
    expect(matchIntent('babancha claim file karun 15 divas zale, ajun kahich kalavla nahi')).to.equal('claim_status');
    // पुरेसं, purese (enough): whether a paper will do is a documents question.
    expect(matchIntent('फक्त हॉस्पिटलचं फायनल बिल पुरेसं आहे?')).to.equal('pending_documents');
    expect(matchIntent('fakt hospital che final bill purese ahe?')).to.equal('pending_documents');
    // समजलं नाही, samajla nahi (not understood) closes nothing; dhanyavad is shared with Hinglish.
    expect(understandMessage('aamhala kahi samajla nahi, nit sanga').kind).to.equal('unclear');
    expect(understandMessage('आम्हाला काही समजलं नाही, नीट सांगा').kind).to.equal('unclear');
    expect(detectLanguage('samajla, dhanyavad')).to.equal('MR_EN');
    expect(understandMessage('tumhi robot ahat ka?').kind).to.equal('small_talk');
    for (const text of ['apla claim', 'bill jast aala', 'paise bhetle ka', 'hospital madhun report', 'form bharla', 'report harvla']) expect(detectLanguage(text), text).to.equal('MR_EN');
  });

  it('tells Marathi by ठीकेय and -ल्याबद्दल thanks, romanised tumha/sarvanna/vichartat, and reads "will bring or courier" as telling, कमी कसे as why', () => {
    for (const text of ['ठीकेय', 'ठीकाय 👍', 'माहिती दिल्याबद्दल धन्यवाद', 'लगेच कळवल्याबद्दल आभार']) expect(detectLanguage(text), text).to.equal('MR');
    for (const text of ['ठीकेय', 'ठीकाय 👍']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['navratrichya shubhechha tumha sarvanna', 'payment zala ka? agent vichartat']) expect(detectLanguage(text), text).to.equal('MR_EN');
    expect(understandMessage('barr 👍').kind).to.equal('small_talk');
    // Telling what the claimant will do starts nothing; asking what to send still does.
    for (const text of ['परवा courier करतो सगळे रिपोर्ट्स', 'सोमवारी मूळ कागदपत्रे घेऊन येतो', 'udya original bills deun jato', 'parva sagle reports gheun yeto']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(matchIntent('कोणती कागदपत्रे घेऊन येऊ?')).to.equal('pending_documents');
    expect(matchIntent('मंजूर रक्कम इतकी कमी कशी?')).to.equal('query_reason');
    expect(matchIntent('settlement amount evdhi kami kashi?')).to.equal('query_reason');
  });

  it('reads the cut, what-for, person, progress and send-again words in their inflections, in both scripts', () => {
    const cases: Array<[string, string, string]> = [
      // kapun (having cut) and kashala / kasha sathi (what for); an amount that went somewhere.
      ['paise kapun ghetle, kashala?', 'query_reason', 'MR_EN'], ['पैसे कापून घेतले, कशाला?', 'query_reason', 'MR'],
      ['12 hazar gele kuthe?', 'query_reason', 'MR_EN'],
      ['claim non admissible mhanun sangitla', 'query_reason', 'MR_EN'],
      // A helpline number, a team leader called, a person "with" (-sobat).
      ['customer care number kay ahe?', 'human_handover', 'MR_EN'], ['कस्टमर केअर नंबर काय आहे?', 'human_handover', 'MR'],
      ['supervisor la bolva', 'human_handover', 'MR_EN'], ['टीम लीडरला बोलवा', 'human_handover', 'MR'],
      // बोलता, bolta (speaks) are no typos of bolva: a person who spoke is no one called over.
      ['१५ दिवसात होईल असं एजंट बोलला होता, अजून किती दिवस?', 'claim_status', 'MR'],
      ['agentsobat bolu dya', 'human_handover', 'MR_EN'],
      // Sir, madam, the boss with -shi/-शी are people to talk to, not greetings.
      ['madam shi bolaycha ahe', 'human_handover', 'MR_EN'], ['तुमच्या बॉसशी बोलायचं आहे', 'human_handover', 'MR'],
      // "kamacha nahi" (useless) is no thanks: the person asked for after it is.
      ['ha bot kamacha nahi, manus pahije', 'human_handover', 'MR_EN'], ['हा बॉट कामाचा नाही, माणूस पाहिजे', 'human_handover', 'MR'],
      // The file moving ahead (pudhe sarkel) is where the claim stands.
      ['maza claim pudhe sarkat nahi', 'claim_status', 'MR_EN'], ['माझा क्लेम पुढे सरकत नाही', 'claim_status', 'MR'],
      // Send again, shall I (karu ka, gheu ka); "kadun" (from) is no typo of kapun (cut).
      ['report parat upload karu ka?', 'pending_documents', 'MR_EN'], ['रिपोर्ट परत अपलोड करू का?', 'pending_documents', 'MR'],
      ['doctor kadun navin prescription gheu ka?', 'pending_documents', 'MR_EN'],
      // A courier named is papers sent.
      ['speed post ne kagad pathavle, milale ka?', 'pending_documents', 'MR_EN'], ['स्पीड पोस्टने कागदपत्रे पाठवली, मिळाली का?', 'pending_documents', 'MR'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads Hindi and Marathi co-pay, what is wrong in a paper, where to hand it in and "I will send" alike, each in its own language', () => {
    const cases: Array<[string, string, string]> = [
      // को-पे is read apart as को and पे: the co-pay phrases (Marathi's only in Marathi messages).
      ['को-पे कितना लगा?', 'query_reason', 'HI'], ['को-पे का कापला?', 'query_reason', 'MR'],
      // What is wrong in a paper asks for the paper to be put right, not why a claim was refused.
      ['रिपोर्ट में क्या गलती है?', 'pending_documents', 'HI'], ['रिपोर्टमध्ये काय चूक आहे?', 'pending_documents', 'MR'],
      ['मेरी क्या गलती थी, क्लेम क्यों रिजेक्ट हुआ?', 'query_reason', 'HI'],
      // Where to hand in (जमा करूं, जमा करें) and what must be attached (लगाने पड़ेंगे).
      ['फॉर्म कहाँ जमा करें?', 'pending_documents', 'HI'], ['कौन से बिल लगाने पड़ेंगे?', 'pending_documents', 'HI'],
      ['बिल भेज दूंगा, पैसा कब आएगा?', 'claim_status', 'HI'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
    // "I will send" tells, with a day or without: small talk, not a documents question.
    for (const text of ['परसों रिपोर्ट भेज दूंगी', 'मेडिकल बिल अपलोड कर दूंगा', 'सोमवार को रिपोर्ट ले आऊंगी', 'सारे बिल मिल गए, अब कोई दिक्कत नहीं']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal('HI');
    }
  });

  it('reads where a rule is written as why, how long to wait as status, "I will come to the office" as telling, an exam passed as no claim, and "not with a bot" as a person asked for', () => {
    const cases: Array<[string, string, string]> = [
      ['deduction cha niyam policy madhe kuthe lihilay?', 'query_reason', 'MR_EN'], ['ही कपात पॉलिसीमध्ये कुठे लिहिलंय?', 'query_reason', 'MR'],
      ['अजून किती वाट पाहायची?', 'claim_status', 'MR'], ['claim sathi ajun kiti vaat pahaychi?', 'claim_status', 'MR_EN'],
      ['बॉटशी नाही बोलायचं मला', 'human_handover', 'MR'], ['machineshi nahi, manasashi bolaycha ahe', 'human_handover', 'MR_EN'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
    for (const text of ['उद्या रिपोर्ट घेऊन ऑफिसला येतो', 'udya bills gheun office la yete', 'mi bank madhe ahe, nantar message karto', 'reports upload kele ahet, fakt mahiti sathi', 'बिलं अपलोड केली आहेत, तुमच्या माहितीसाठी']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    for (const text of ['माझी मुलगी बारावी पास झाली', 'mulga exam pass zala 😊']) expect(matchIntent(text), text).to.equal(null);
  });

  it('reads "not covered", bhetle (got), why-not in the present tense and "only so many thousand" in both scripts', () => {
    const cases: Array<[string, string, string]> = [
      ['he operation policy madhe cover hot nahi ka?', 'query_reason', 'MR_EN'], ['हे पॉलिसीत कव्हर होत नाही का?', 'query_reason', 'MR'],
      ['paise bhetle nahi ajun', 'claim_status', 'MR_EN'], ['पैसे अजून भेटले नाहीत', 'claim_status', 'MR'],
      ['consumables che paise ka nahi det?', 'query_reason', 'MR_EN'], ['औषधांचे पैसे का देत नाही?', 'query_reason', 'MR'],
      ['bill 80 hajar hota, 55 hajarach milale, baki kuthe?', 'query_reason', 'MR_EN'],
      // दाखला (a certificate) is a paper; दाखल (admitted) is not.
      ['दाखला पाहिजे का?', 'pending_documents', 'MR'], ['dakhla pahije ka?', 'pending_documents', 'MR_EN'],
      ['बाबांना हॉस्पिटलमध्ये दाखल केले, क्लेम कधी होईल?', 'claim_status', 'MR'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads how much longer, whom to talk to, the calculation asked for and a payment made to the hospital, in both scripts', () => {
    const cases: Array<[string, string, string]> = [
      ['ajun kiti ushir honar?', 'claim_status', 'MR_EN'], ['अजून किती उशीर होणार?', 'claim_status', 'MR'],
      ['kunashi bolu?', 'human_handover', 'MR_EN'], ['कोणाशी बोलू?', 'human_handover', 'MR'], ['kona sobat bolaycha?', 'human_handover', 'MR_EN'],
      ['hishob sanga kasa kela', 'query_reason', 'MR_EN'], ['हिशोब समजावून सांगा', 'query_reason', 'MR'],
      ['हॉस्पिटलला पेमेंट झालं का?', 'claim_status', 'MR'],
      ['claimchi batmi kay?', 'claim_status', 'MR_EN'],
      ['claim rijek kela ka?', 'query_reason', 'MR_EN'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads Vidarbha Marathi: kahun/काहून (why), kai (what), mle/मले (to me), माहा (my), कवा (when), bhetin/भेटन (will get)', () => {
    const cases: Array<[string, string, string]> = [
      ['kahun kaple paise?', 'query_reason', 'MR_EN'], ['काहून कापले पैसे?', 'query_reason', 'MR'],
      ['claim kahun reject kela tumi?', 'query_reason', 'MR_EN'],
      // Hinglish 'kya kahun' (what can I say) keeps kahun a word of its own, no why and no typo.
      ['kya kahun, claim abhi tak pending hai', 'claim_status', 'HI_EN'],
      // Nor is Hindi's माहे (month of) a Marathi marker.
      ['माहे रमज़ान की मुबारकबाद, क्लेम का स्टेटस बताइए', 'claim_status', 'HI'],
      ['maha claim kai zala?', 'claim_status', 'MR_EN'], ['मले पैसे कवा भेटन?', 'claim_status', 'MR'],
      ['claim la 2 mahine zale yaar kai chalay', 'claim_status', 'MR_EN'],
      // लावून, काढून (having applied, taken) are no typos of कावून, काहून.
      ['कॅप लावून पैसे कापले', 'query_reason', 'MR'], ['reports mobile var photo kadhun pathvu ka?', 'pending_documents', 'MR_EN'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads a trailing "te ka?", "असं का?" (why is that?) with the sentence before it', () => {
    expect(matchIntent('final bill cha kahi part approve nahi zala. te ka?')).to.equal('query_reason');
    expect(matchIntent('क्लेमचा काही भाग मंजूर झाला नाही. असं का?')).to.equal('query_reason');
    // A yes/no question ending in का stays one.
    expect(matchIntent('माझा क्लेम मंजूर झाला का?')).to.equal('claim_status');
  });

  it('reads romanised Marathi verbs typed with a long aa (lagnaar, saanga, bolaich)', () => {
    expect(matchIntent('kiti diwas lagnaar?')).to.equal('claim_status');
    expect(matchIntent('maanus shi bolaich ahe')).to.equal('human_handover');
    expect(matchIntent('deduction che kaaran saanga')).to.equal('query_reason');
    expect(detectLanguage('kiti diwas lagnaar?')).to.equal('MR_EN');
  });

  it('reads ani/आणि before kahi/काही as joining a second question, whose last question decides', () => {
    expect(matchIntent('paise kadhi yetil ani kahi documents baki ahet ka?')).to.equal('pending_documents');
    expect(matchIntent('पैसे कधी येतील आणि काही कागदपत्रे बाकी आहेत का?')).to.equal('pending_documents');
    expect(matchIntent('sagle bills pathavle, ani kahi pahije ka?')).to.equal('pending_documents');
  });

  it('reads "it was not rejected, was it?" (reject tar nahi na, नाकारला तर नाही ना, रिजेक्ट तो नहीं हुआ) as where the claim stands', () => {
    const cases: Array<[string, string, string]> = [
      ['maza claim reject tar nahi zala na?', 'claim_status', 'MR_EN'], ['माझा क्लेम नाकारला तर नाही ना?', 'claim_status', 'MR'],
      ['क्लेम रिजेक्ट तो नहीं हुआ?', 'claim_status', 'HI'], ['claim reject ka zala?', 'query_reason', 'MR_EN'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads a link that does not open as a documents request, also after "I will send"', () => {
    for (const text of ['अपलोड कर दूंगा पर लिंक नहीं खुल रहा', 'उद्या पाठवतो पण लिंक उघडत नाही', 'udya pathavto pan link chalat nahi']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
  });

  it('reads नमस्कार (Marathi\'s everyday greeting) as Marathi, and जी as Hindi', () => {
    expect(detectLanguage('नमस्कार 🙏')).to.equal('MR');
    // A Hindi word beside it outvotes or ties it, and a tie stays Hindi.
    expect(detectLanguage('नमस्कार जी')).to.equal('HI');
    expect(detectLanguage('नमस्कार, मेरा क्लेम कब तक आएगा?')).to.equal('HI');
    expect(detectLanguage('जी, धन्यवाद')).to.equal('HI');
  });

  it('reads namaskar (romanised नमस्कार) as romanised Marathi, and beside a Hinglish word as Hinglish', () => {
    for (const text of ['Namaskar saheb', 'namaskar, ek vichar hota', 'NAMASKAR 🙏🙏']) expect(detectLanguage(text), text).to.equal('MR_EN');
    for (const text of ['namaskar, mera claim kab aayega?', 'namaskar bhai, paisa kab milega']) expect(detectLanguage(text), text).to.equal('HI_EN');
  });

  it('reads an insurer\'s query as a paper asked for, and "why was a query raised" as why', () => {
    const cases: Array<[string, string | null, string]> = [
      ['तुम्ही परत क्वेरी का काढली?', 'query_reason', 'MR'], ['parat query ka raise kela tumhi?', 'query_reason', 'MR_EN'],
      ['बार बार क्वेरी क्यों भेज रहे हो?', 'query_reason', 'HI'],
      ['क्वेरी आली आहे, काय पाठवायचं?', 'pending_documents', 'MR'],
      // A query of the claimant's own is a question, no paper.
      ['I have a query about my policy', null, 'EN'], ['mala ek query aahe', null, 'MR_EN'],
    ];
    for (const [text, intent, language] of cases) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads a sum "deducted" (वजा, vajaa), "how come so little" and "what exactly does it mean" about a cut as why', () => {
    const cases: Array<[string, string]> = [
      ['pharmacy che 1800 vajaa kele, te ka?', 'MR_EN'], ['itki kami amount kashi kay?', 'MR_EN'], ['इतकी कमी रक्कम कशी काय?', 'MR'],
      ['co-pay lavla mhanje nemka kay?', 'MR_EN'], ['को-पे लावला म्हणजे नेमकं काय झालं?', 'MR'],
    ];
    for (const [text, language] of cases) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal(language);
    }
    // What exactly happened to the claim still asks where it stands.
    expect(matchIntent('claim cha nemka kay zala?')).to.equal('claim_status');
  });

  it('reads papers to be couriered (कुरिअर as कुरियर) as no request, and a courier\'s tracking as no claim status', () => {
    for (const text of ['उद्या बिलं कुरिअर करते', 'रिपोर्ट्स आज कुरिअर करतो']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('speed post tracking madhe delivered dakhavtay, office la inward zala ka?')).to.equal('pending_documents');
  });

  it('reads का (ka) ending a question as Marathi\'s why, where Hindi\'s का (of) never stands', () => {
    expect(detectLanguage('रूम रेंट लिमिट का?')).to.equal('MR');
    expect(detectLanguage('copay ka?')).to.equal('MR_EN');
    // Elsewhere it is Hindi's "of" as before, and a Hindi word beside it keeps the message Hindi.
    expect(detectLanguage('क्लेम का स्टेटस?')).to.equal('HI');
    expect(detectLanguage('यह चार्ज किस चीज़ का?')).to.equal('HI');
    expect(detectLanguage('kya hua mere claim ka?')).to.equal('HI_EN');
    expect(detectLanguage('को-पे का?')).to.equal('MR');
  });

  it('reads a period told as passed (महिना झाला, din hoye gelo, महीने हो गए) as a delay, in Marathi, Bengali and Hindi: why the money has not come then asks the status', () => {
    for (const text of ['क्लेम करून दोन महिने झाले, पैसे का नाही आले?', 'claim karun 3 athavde jhale, paise ka nahi ale?', 'claim korechi, 2 mash hoye gelo, taka keno elo na?', 'ক্লেম করেছি, দুই মাস হয়ে গেল, টাকা কেন এল না?', 'क्लेम किए दो महीने हो गए, पैसा क्यों नहीं आया?']) {
      expect(matchIntent(text), text).to.equal('claim_status');
    }
    // Without the period, the same why asks the reason.
    expect(matchIntent('taka keno elo na?')).to.equal('query_reason');
  });

  it('reads kon (who) as romanised Marathi too', () => {
    expect(detectLanguage('kal kon jinkla?')).to.equal('MR_EN');
  });

  it('understands what its replies tell the claimant to write, in both packs', () => {
    const asked: Array<[string, string]> = [
      ['क्लेमची स्थिती', 'claim_status'], ['कोणती कागदपत्रे बाकी आहेत', 'pending_documents'],
      ['क्लेम का नाकारला', 'query_reason'], ['व्यक्तीशी बोलायचे आहे', 'human_handover'],
      ['claim cha status', 'claim_status'], ['konte documents baki ahet', 'pending_documents'],
      ['maza claim reject ka zala', 'query_reason'], ['manasashi bolaycha ahe', 'human_handover'],
    ];
    for (const [text, intent] of asked) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(/[a-z]/.test(text) ? 'MR_EN' : 'MR');
    }
    for (const code of codes) {
      for (const [name, intent] of [['choice_claim_status', 'claim_status'], ['choice_pending_documents', 'pending_documents'], ['choice_query_reason', 'query_reason'], ['choice_human_handover', 'human_handover']]) {
        expect(matchIntent(packOf(code).replies.whatsapp[name!]!), `${code} ${name}`).to.equal(intent);
      }
    }
  });

  it('reads माझ्याकडून / mazyakadun, माझ्या बाजूने (from my side) as what is the claimant\'s to send', () => {
    for (const [text, language] of [['माझ्या बाजूने काही पेंडिंग आहे का?', 'MR'], ['आमच्याकडून काही pending आहे का?', 'MR'], ['majhyakadun kahi pending ahe ka?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('pending_documents');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads हवंय, हवाय / havay (is wanted) as a request, so someone wanted on the phone asks for a person', () => {
    for (const [text, language] of [['मला फोनवर माहिती देणारा कोणीतरी हवाय', 'MR'], ['phone var samjavnara konitari havay', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "बोला माझ्याशी" / "bola majhyashi" (speak with me, verb first) and "फोन लावा" / "call lava" (place a call) as asking for a person', () => {
    for (const [text, language] of [['ऑफिसरला बोला माझ्याशी', 'MR'], ['officer la bola majhyashi', 'MR_EN'], ['मेसेज नको, कॉल लावा', 'MR'], ['email nako, mala phone lava', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "नवीन कारण", "काहीतरी कारण" (a new excuse, some excuse) and "कंटाळा आला" (fed up) as a complaint that asks nothing', () => {
    for (const text of ['दर वेळी उशीर आणि दर वेळी काहीतरी कारण, कंटाळा आला', 'dar veli ushir ani dar veli navin karan, kantala ala', 'तुमच्याकडे दर वेळी नवं कारण असतं']) {
      expect(understandMessage(text).intent, text).to.equal(null);
    }
    // The reason asked for by name still asks.
    expect(matchIntent('कपातीचं कारण सांगा')).to.equal('query_reason');
  });

  it('reads अजून / ajun, अद्याप (still, yet) beside a why-word and a claim stuck or unpaid as a delay asked, and अजून काय as what else', () => {
    for (const [text, language] of [['माझा क्लेम अजूनही का अडकलाय?', 'MR'], ['अद्याप पैसे का आले नाहीत?', 'MR'], ['ajunhi claim ka adaklay?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
    // What else to send, and more money cut, are no delay.
    expect(matchIntent('अजून काय पाठवायचं?')).to.equal('pending_documents');
    expect(matchIntent('ajun kay pathvu?')).to.equal('pending_documents');
    expect(matchIntent('अजून पैसे का कापले?')).to.equal('query_reason');
  });
  it('reads "का नाही धरला" / "ka dharle nahit" (why not counted) as the reason for a cut asked', () => {
    for (const [text, language] of [['औषधांचा खर्च का नाही धरला?', 'MR'], ['room rent che paise ka dharle nahit?', 'MR_EN'], ['डॉक्टरची फी धरली नाही, कारण काय?', 'MR']] as const) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "मंजुरी मिळाली का" / "approval ala ka" (has the approval come?) as a status question, not papers received', () => {
    for (const [text, language] of [['हॉस्पिटलने कागद पाठवलेत, मंजुरी मिळाली का?', 'MR'], ['hospital ne file pathavli, approval ala ka?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "भरावा लागेल" / "bharava lagel" (will have to pay) as no papers needed: a premium asked about starts nothing', () => {
    for (const text of ['पुढच्या वर्षी किती प्रीमियम भरावा लागेल?', 'renewal la kiti bharave lagtil?']) expect(matchIntent(text), text).to.equal(null);
  });

  it('reads a couriered envelope or parcel (कुरियर केलेले पाकीट, courier kelela envelope) asked after as documents received', () => {
    for (const [text, language] of [['सोमवारी कुरियर केलेले पाकीट पोहोचले का?', 'MR'], ['kal courier kelela parcel pochla ka?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('pending_documents');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "द्यायला नकार दिला" / "dyayla nakar dila" (refused to give) as no rejection of the claim: whether papers can be left out asks for documents', () => {
    for (const [text, language] of [['लॅबने रिपोर्ट द्यायला नकार दिला, तो नसेल तर चालेल का?', 'MR'], ['doctor ne certificate dyayla nakar dila, te nastil tar chalel ka?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('pending_documents');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "एवढे कमी", "kay logic ahe" and "कसे दिले" / "kasa dila" (so little, what logic, how come you gave) as the reason for a cut asked', () => {
    for (const [text, language] of [['एवढे कमी पैसे? याचं लॉजिक काय?', 'MR'], ['evdhe kami paise, kasla logic he?', 'MR_EN'], ['बिल ९० हजार, तुम्ही ७० हजारच कसे दिले?', 'MR'], ['bill 3 lakh cha, tumhi 2 lakh kasa kay dila?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "kalavlyabaddal" (for letting know) as romanised Marathi and "team la salaam" (hats off to the team) as praise that asks nothing', () => {
    expect(detectLanguage('update kalavlyabaddal thanks ho')).to.equal('MR_EN');
    for (const [text, language] of [['paise ale, tumchya team la salaam', 'MR_EN'], ['रक्कम जमा झाली, तुमच्या टीमला सलाम', 'MR']] as const) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads "रिन्यू करणार नाही" / "renew karnar nahi" (will not renew) as a parting word that asks nothing', () => {
    for (const [text, language] of [['दर वेळी पैसे कापता, पुढच्या वर्षी रिन्यू करणार नाही', 'MR'], ['pratyek veli kahi tari kaptat, policy renew karnar nahi', 'MR_EN'], ['दर वेळी कपात, पुन्हा तुमच्याकडून पॉलिसी घेणार नाही', 'MR'], ['paise kaplet, ata dusrikade policy port karnar', 'MR_EN']] as const) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads "देऊनसुद्धा", "पाठवूनही", "दिले तरी" / "pathavunhi", "pathavle tari" (even after giving, sending) as papers handed in: no documents question', () => {
    for (const [text, language] of [['सगळे रिपोर्ट पाठवूनही पैसे अजून का आले नाहीत?', 'MR'], ['bills deunsuddha claim ajun ka adaklay?', 'MR_EN'], ['कागद सगळे दिले तरी क्लेम १५ दिवस का थांबवलाय?', 'MR'], ['reports pathavle tari claim ajun ka pending?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads a period counted since (महिन्यापासून, आठवड्यांपासून, mahinyapasun) as a delay: why beside it asks the status, and beside a cut its reason', () => {
    for (const [text, language] of [['दोन आठवड्यांपासून क्लेम का अडकलाय?', 'MR'], ['2 mahinyapasun paise ka ale nahit?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('महिन्यापासून पैसे कमी का आले?')).to.equal('query_reason');
  });
  it('reads a bare period (१२ दिवस, 3 mahine) beside why and a claim held as a delay asked, and beside a cut its reason', () => {
    for (const [text, language] of [['सगळे कागद देऊनसुद्धा क्लेम २० दिवस का थांबवलाय?', 'MR'], ['claim 3 athavde ka thambavla ahe?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('चार दिवस ॲडमिट होतो, रूम रेंट का कापलं?')).to.equal('query_reason');
  });
  it('reads "कोणत्या कंपनीचा नंबर", "konacha number" (whose number) as a greeting that asks nothing', () => {
    for (const [text, language] of [['हा कोणत्या कंपनीचा नंबर आहे?', 'MR'], ['ha konacha number ahe?', 'MR_EN']] as const) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads "असा मेसेज आला", "mhanun msg ala" (a message came saying) as where the news came from, no payment: a why after a rejection told so asks its reason', () => {
    for (const [text, language] of [['बाबांचा क्लेम नाकारला असा मेसेज आला. का?', 'MR'], ['aaicha claim reject zala mhanun sms ala. ka?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal(language);
    }
    // A message that has not come is still asked after.
    expect(matchIntent('kahich message ala nahi ajun')).to.equal('claim_status');
  });
  it('reads "फक्त कळवायचं होतं" / "fakt kalvaycha hota" (just wanted to let you know) as telling: फक्त there is no cut', () => {
    for (const [text, language] of [['आईला आज डिस्चार्ज मिळाला, फक्त कळवायचं होतं', 'MR'], ['aai la aaj discharge milala, fakt kalvaycha hota', 'MR_EN']] as const) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads a changed phone number (फोन नंबर बदलला, number badalla) as no call and no status: it starts no workflow', () => {
    for (const text of ['माझा फोन नंबर बदललाय, नवीन नंबर नोंदवा', 'majha phone number badalla ahe, navin number update kara']) expect(matchIntent(text), text).to.equal(null);
  });
  it('reads the -in future (पाठवीन, अपलोड करीन / pathavin, upload karin: I will send) as telling, karin no typo of karan', () => {
    for (const [text, language] of [['परवा सगळी बिलं अपलोड करीन', 'MR'], ['udya reports upload karin', 'MR_EN'], ['kal bills pathavin', 'MR_EN']] as const) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads a limit applied (मर्यादा लावली, limit lavli, कॅपिंग) as a cut and "कशी लावली" / "kashi lavli" (how was it applied) as why', () => {
    for (const [text, language] of [['ICU च्या खर्चावर मर्यादा कशी लावली?', 'MR'], ['room rent var limit kasa kay lavla?', 'MR_EN'], ['औषधांवर लिमिट लावली, कारण सांगा', 'MR']] as const) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads "हे बॉट आहे का?" / "tumhi bot ahat ka?" (is this a bot?) as a greeting that asks nothing', () => {
    for (const [text, language] of [['तुम्ही बॉट आहात का?', 'MR'], ['he bot ahe ka?', 'MR_EN']] as const) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('bot ahe ka? mala manus pahije')).to.equal('human_handover');
  });
  it('reads दिवाळी (Marathi spelling of Diwali) and माहितीसाठी (for the information) as Marathi: a wish or thanks asks nothing', () => {
    for (const text of ['सर्वांना शुभ दिवाळी', 'हॅपी दिवाळी सर', 'माहितीसाठी खूप आभार', 'दिवाळीनिमित्त शुभेच्छा']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal('MR');
    }
  });
  it('reads a claim done or not (क्लेम झाला की नाही, claim zala ka nahi) as where the claim stands; papers uploaded or not still ask for documents', () => {
    for (const [text, language] of [['वडिलांचा क्लेम झाला की नाही ते सांगा', 'MR'], ['papa cha claim zala ka nahi?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('रिपोर्ट अपलोड झाले का नाही?')).to.equal('pending_documents');
  });
  it('reads "kalala nahi" (did not understand) as no thanks: a why before it still asks why', () => {
    for (const text of ['room rent che paise ka kaple te kalala nahi', 'co pay ka lavla, kahich kalla nahi']) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal('MR_EN');
    }
  });
  it('reads chat spellings zal (zala) and tri (tari)', () => {
    expect(matchIntent('baba cha claim cha pudhe kay zal?')).to.equal('claim_status');
    expect(matchIntent('koni tri mala phone kara')).to.equal('human_handover');
  });
  it('reads papers told handed in, couriered or mailed (जमा केला, ईमेल केल्या, pathavlyat, courier kelya) as sent: a report that starts nothing, no payment', () => {
    for (const [text, language] of [['आज फॉर्म जमा केला', 'MR'], ['हॉस्पिटलची बिलं काल ईमेल केल्या', 'MR'], ['डिस्चार्ज समरी व्हाट्सअप केली', 'MR'],
      ['parva saglya reports pathavlyat', 'MR_EN'], ['discharge summary whatsapp kelay', 'MR_EN'], ['hospital bills courier kelya', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads "sadha", "sadhi" (simple, plain) as no typo of a cut word: a plain claim vented about asks no reason', () => {
    for (const text of ['ek sadhi goshta, 4 vela call kela', 'itka sadha claim ani 3 mahine zale']) {
      expect(matchIntent(text), text).to.not.equal('query_reason');
      expect(detectLanguage(text), text).to.equal('MR_EN');
    }
    expect(matchIntent('ek sadha prashna ahe, maza claim kadhi milel?')).to.equal('claim_status');
  });
  it('reads papers promised by hand (जाऊन देतो, देऊन येईन, jaun deto, deto: I will go and give them) as a promise that asks nothing', () => {
    for (const [text, language] of [['मी सोमवारी शाखेत जाऊन सगळी बिलं देऊन येईन', 'MR'], ['mi parva hospital madhe jaun discharge card deto', 'MR_EN'], ['udya KYC form deun yeto', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('konte form deu?')).to.equal('pending_documents');
  });

  it('reads "kuthe lihila", "कुठे लिहिलं" (where is it written: nowhere in the policy) as a challenge, no where-is-my-claim: the cut beside it asks why', () => {
    for (const [text, language] of [['room rent cha limit kasa lavla? policy madhe kuthech lihila nahi', 'MR_EN'], ['हे १५% कपात कशासाठी? पॉलिसीत कुठे लिहिलं आहे?', 'MR']] as const) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('maza claim kuthe adakla ahe?')).to.equal('claim_status');
  });

  it('reads झाला typed without its aspirate (जाला, जालं) as झाला: Marathi, and a claim passed asked about', () => {
    for (const text of ['बाबांचा क्लेम मंजूर जाला का?', 'क्लेम सेटल जालं का']) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal('MR');
    }
  });

  it('reads bas, hota, hoti as words romanised Marathi shares with Hinglish, and evdhach, itkach (just this much) as its own: "bas itkach ..." is romanised Marathi, "bas" alone still Hinglish', () => {
    for (const text of ['bas itkach vicharaycha hota, thank you', 'bas evdhich shanka hoti']) expect(detectLanguage(text), text).to.equal('MR_EN');
    for (const text of ['bas', 'reject kyu hota hai?']) expect(detectLanguage(text), text).to.equal('HI_EN');
    expect(understandMessage('bas itkach vicharaycha hota, thank you').kind).to.equal('small_talk');
  });

  it('reads "किती त्रास", "kiti tras" (what a hassle) as an exclamation, no question: venting starts no workflow, how many days still asks', () => {
    for (const [text, language] of [['किती त्रास आहे, तीन आठवडे झाले', 'MR'], ['kevdha tras ahe ha, roj phone karto', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('क्लेमला किती दिवस लागतील?')).to.equal('claim_status');
  });

  it('reads waiting while papers are looked for (एक मिनिट, शोधतोय; thamba jara, shodhte) as small talk, in Marathi; a question after the wait still asks', () => {
    for (const [text, language] of [
      ['एक मिनिट, पॉलिसीचे कागद शोधतोय', 'MR'],
      ['जरा थांबा, डिस्चार्ज रिपोर्ट शोधते', 'MR'],
      ['thamba jara, hospital chi bill shodhtoy', 'MR_EN'],
      ['ek minute, report shodhte', 'MR_EN'],
    ] as const) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('एक मिनिट, पैसे कधी मिळतील?')).to.equal('claim_status');
    expect(matchIntent('ek minute, ajun konte documents pathvayche ahet?')).to.equal('pending_documents');
  });

  it('reads papers handed in by hand or at the office (हाताने दिल्या, ऑफिसला दिली; office la dile) and papers another will hand in (देईल, deil) as sent: telling it starts nothing; which papers are left still asks', () => {
    for (const [text, language] of [
      ['औषधांची बिलं मी स्वतः हाताने दिल्या', 'MR'],
      ['डिस्चार्ज कार्ड काल ऑफिसला दिलं', 'MR'],
      ['जावई परवा शाखेत जाऊन रिपोर्ट देईल', 'MR'],
      ['pharmacy chi bills mi branch la dili', 'MR_EN'],
      ['bhau udya office madhe jaun prescription deil', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('कंपनी पैसे कधी देईल?')).to.equal('claim_status');
    expect(matchIntent('ajun konte documents dyayche ahet?')).to.equal('pending_documents');
  });

  it('reads venting about the service (वाईट अनुभव, फालतू सर्व्हिस, नुसती धावपळ; bhangar service) as a closing that asks nothing; a person or a payment asked beside it still asks', () => {
    for (const [text, language] of [
      ['असा भयानक अनुभव पहिल्यांदाच आला', 'MR'],
      ['फालतू सर्व्हिस आहे तुमची', 'MR'],
      ['तीन आठवडे झाले, फक्त धावपळ चालू आहे', 'MR'],
      ['bhangar service ahe tumchi', 'MR_EN'],
      ['evdha kharab anubhav kadhich nahi ala', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('बेकार सर्व्हिस, मला मॅनेजरशी बोलायचं आहे')).to.equal('human_handover');
    expect(matchIntent('faltu service, claim kadhi settle honar?')).to.equal('claim_status');
  });

  it('reads papa in Marathi (पप्पा, पप्पांना, pappanchi) as a relation, no typo of a status word: news of father home starts nothing', () => {
    for (const [text, language] of [['पप्पांना आज सुट्टी मिळाली, घरी आलेत', 'MR'], ['pappa ata ghari aalet, bare ahet', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('पप्पांच्या क्लेमचं स्टेटस सांगा')).to.equal('claim_status');
  });

  it('reads non-payable in Marathi spelling (नॉन पेयेबल, नॉन-पेयेबल, नॉनपेयेबल) as a cut: what it means asks why', () => {
    for (const text of ['नॉन-पेयेबल म्हणजे नक्की काय असतं?', 'हे नॉनपेयेबल कशासाठी लावलं?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal('MR');
    }
  });

  it('reads "manasashi" (with a person) as romanised Marathi: a person asked for is answered in Marathi', () => {
    expect(detectLanguage('manasashi bolna karun dya')).to.equal('MR_EN');
    expect(matchIntent('manasashi bolna karun dya')).to.equal('human_handover');
  });

  it('reads "milali ki pathavto" (once I get it I will send it) as a promise to send, no question whether the papers arrived; "milali ki nahi" still asks', () => {
    for (const text of ['hospital kadun final bill milale ki pathavto', 'lab report milali ki upload karto']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal('MR_EN');
    }
    expect(matchIntent('maze reports milale ki nahi tumhala?')).to.equal('pending_documents');
  });

  it('reads a plan told with करणार आहे, karnar ahe (स्कॅन करणार आहे, passbook update karnar ahe) as a closing, its करणार no request: a plan starts nothing; a complaint the claimant will make still asks for a person', () => {
    for (const [text, language] of [
      ['संध्याकाळी सगळी बिलं स्कॅन करणार आहे', 'MR'],
      ['परवा बँकेत जाऊन पासबुक अपडेट करून घेणार आहे', 'MR'],
      ['udya bank madhe passbook update karnar ahe', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('मी ग्राहक मंचात तक्रार करणार आहे')).to.equal('human_handover');
  });

  it('reads a patient discharged (डिस्चार्ज मिळाला, discharge dila) as news, no discharge papers received: it starts nothing; whether the discharge summary reached us still asks', () => {
    for (const [text, language] of [
      ['नमस्कार. आजोबांना शुक्रवारी डिस्चार्ज मिळाला. सगळी बिलं आमच्याकडे आहेत.', 'MR'],
      ['aajinna kal discharge milala, ata ghari ahet', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('डिस्चार्ज समरी मिळाली का तुम्हाला?')).to.equal('pending_documents');
  });

  it('reads nobody picking up the phone (कोणी फोन उचलत नाही, phone uchlat nahi) as venting, no person asked for; a call or a person asked beside it still asks', () => {
    for (const [text, language] of [
      ['हेल्पलाइनला दहा वेळा फोन केला, कोणीच उचलत नाही', 'MR'],
      ['customer care la kitida phone kela, koni uchlat nahi', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('कोणी फोन उचलत नाही, मला मॅनेजरशी बोलायचं आहे')).to.equal('human_handover');
    expect(matchIntent('helpline var koni phone uchlat nahi, mala call kara')).to.equal('human_handover');
  });

  it('reads "talk on the phone" asked with someone between (कोणीतरी फोनवर बोला, konitari phone var bola) as a person asked for', () => {
    for (const [text, language] of [['माझ्याशी कोणीतरी फोनवर बोला', 'MR'], ['plz amchyashi konitari phone var bola', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads romanised Marathi "aai" as mother, not Hinglish "came" (payment aai): papers the mother sent start nothing; Hinglish "payment aai kya?" still asks', () => {
    expect(detectLanguage('aai ne kal speed post ne file pathvli ahe')).to.equal('MR_EN');
    expect(matchIntent('aai ne kal speed post ne file pathvli ahe')).to.equal(null);
    expect(matchIntent('payment aai kya?')).to.equal('claim_status');
  });

  it('reads where to get a paper in Marathi forms (कुठून आणायचं, मिळवायची, डॉक्टरांचं) as Marathi, not Hindi; a Hindi question of the same papers stays Hindi', () => {
    for (const text of ['डॉक्टरांचं प्रमाणपत्र कुठून आणायचं?', 'फिटनेस सर्टिफिकेट कसं मिळवायचं?']) {
      expect(detectLanguage(text), text).to.equal('MR');
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
    expect(detectLanguage('डॉक्टर का सर्टिफिकेट कहां से लाना है?')).to.equal('HI');
  });

  it('reads disallowed as Marathi writers spell it (डिसअलाउड, डिसअलाऊड, डिस्अलाउड) as a cut: what it is asks why', () => {
    for (const text of ['हे डिस्अलाउड अमाउंट म्हणजे नक्की काय?', 'फार्मसी बिलात डिसअलाऊड ९०० रुपये का लावले?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal('MR');
    }
  });

  it('reads how to get a paper (कसं मिळेल, कशी मिळवू; kasa milel) as asking for documents, not the bill paid; how the money comes stays a status question', () => {
    for (const [text, language] of [
      ['हॉस्पिटलचं फायनल बिल कसं मिळेल?', 'MR'],
      ['डिस्चार्ज कार्डची कॉपी कशी मिळवू?', 'MR'],
      ['lab kadun original report kasa milel?', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal('pending_documents');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('क्लेमचे पैसे कसे मिळतील?')).to.equal('claim_status');
  });

  it('reads neun (having taken) and sasubainni (by the mother-in-law) as romanised Marathi: papers she took to the office are news told in Marathi', () => {
    expect(detectLanguage('sasubainni file office la neun dili')).to.equal('MR_EN');
    expect(matchIntent('sasubainni file office la neun dili')).to.equal(null);
  });

  it('reads a form told filled in (फॉर्म भरला, भरून दिला; form bharla ahe) as papers handed over: telling it starts nothing; how to fill it, or what else after it, still asks', () => {
    for (const [text, language] of [['जावयाने पोर्टलवर क्लेम फॉर्म भरलाय.', 'MR'], ['mulane online form bharun dila', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('क्लेम फॉर्म कसा भरायचा?')).to.equal('pending_documents');
    expect(matchIntent('फॉर्म भरला आहे, अजून काय पाठवायचं?')).to.equal('pending_documents');
  });

  it('reads "never mind" (असो, जाऊ दे; aso, jau de) as a closing: money come late, told and let go, starts nothing; a question after it still asks', () => {
    for (const [text, language] of [['रक्कम आली पण खूप उशिरा, असो.', 'MR'], ['paise aale pan ushira, jau de', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('असो, पैसे कधी मिळणार?')).to.equal('claim_status');
  });

  it('reads why it is taking (का लागतायत, का लागलेत; ka lagtayat) beside so many days as a delay asked: where the claim stands, not why', () => {
    for (const [text, language] of [['सेटलमेंटला इतके दिवस का लागतायत?', 'MR'], ['refund la itke mahine ka laglet?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('अजून कोणती कागदपत्रं लागतायत?')).to.equal('pending_documents');
  });

  it('reads bank details in Marathi script (बँक डिटेल्स, बँकेचे डिटेल्स, बँक तपशील) as a paper, as Bengali ব্যাংক ডিটেলস is: how to send them asks for documents; money into the bank stays a status question', () => {
    for (const text of ['बँकेचे डिटेल्स कसे पाठवायचे?', 'बँक तपशील कुठे द्यायचा?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
      expect(detectLanguage(text), text).to.equal('MR');
    }
    expect(matchIntent('बँक खात्यात पैसे कधी येतील?')).to.equal('claim_status');
  });

  it('reads sad news (दुःखद बातमी, वाईट बातमी; dukhad batmi) as a known phrase, its बातमी no status asked: a death in the family told starts nothing; news of the claim asked still asks', () => {
    for (const [text, language] of [['काकांचं काल निधन झालं, वाईट बातमी आहे.', 'MR'], ['mamanche nidhan zale, dukhad batmi', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('क्लेमची काही बातमी?')).to.equal('claim_status');
  });

  it('reads customer care called a failure (कस्टमर केअर पूर्ण फेल, customer care bekar) as venting, no person asked for; a manager asked for beside it still asks', () => {
    for (const [text, language] of [['तुमचं कस्टमर केअर एकदम फेल आहे.', 'MR'], ['tumcha customer care faltu ahe', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('कस्टमर केअर बेकार आहे, मला मॅनेजरशी बोलायचं आहे')).to.equal('human_handover');
  });

  it('reads "I will check and tell you" (बघून सांगतो, check karun sangto) as the claimant fetching an answer, a closing: a paper named in it asks for none; "check and tell me" still asks', () => {
    for (const [text, language] of [['थांबा, पॉलिसीची कॉपी बघून सांगतो', 'MR'], ['jara thamba, passbook baghun sangte', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('क्लेमचं स्टेटस बघून सांगा')).to.equal('claim_status');
  });

  it('reads papers put on the portal, attached or kept ready (टाकेल, जोडली आहेत, तयार ठेवलाय; takel, attach kele) as handed over: telling it starts nothing; which bills to attach still asks', () => {
    for (const [text, language] of [
      ['जावई संध्याकाळी पोर्टलवर सगळे रिपोर्ट टाकेल.', 'MR'],
      ['अर्जासोबत औषधांची बिलं जोडली आहेत.', 'MR'],
      ['डिस्चार्ज समरी आणि बिलं तयार ठेवलीय.', 'MR'],
      ['bahin portal var prescription takel', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('कोणती बिलं जोडायची?')).to.equal('pending_documents');
  });

  it('reads the hospital bill the claimant paid (आम्ही भरलं, स्वतः भरले; mi bharla) as papers\' business told, no claim paid: telling it starts nothing; the refund asked after it still asks; the company\'s payment (कंपनीने भरले का) still asks its status', () => {
    for (const [text, language] of [['हॉस्पिटलचं पूर्ण बिल आम्ही भरलं.', 'MR'], ['pharmacy che paise mi bharle', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('हॉस्पिटलचं बिल आम्ही भरलं, परतावा कधी मिळेल?')).to.equal('claim_status');
    expect(matchIntent('कंपनीने पैसे भरले का?')).to.equal('claim_status');
  });

  it('reads papers told given (कागदपत्रं दिली, बिलं दिल्या; dili, dilya) as handed over, as दिलेत already was: telling it starts nothing; which were not given, or what else after them, still asks', () => {
    for (const [text, language] of [['सगळी कागदपत्रं दिली.', 'MR'], ['medical certificate dili', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('कोणती कागदपत्रं दिली नाहीत?')).to.equal('pending_documents');
    expect(matchIntent('mi documents dili, ajun kay pahije?')).to.equal('pending_documents');
    expect(matchIntent('पूर्ण रक्कम का नाही दिली?')).to.equal('query_reason');
  });

  it('reads wait and see (बघू काय होतं, baghu kay hota) as a closing, its काय no question: papers told sent then start nothing', () => {
    for (const [text, language] of [['सगळी बिलं पाठवली आहेत, आता बघू काय होतं.', 'MR'], ['all reports submit kele, ata baghu kay hota', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads केलं and सगळं typed without the anusvara (केल, सगळ) as themselves: a Marathi report of papers uploaded is Marathi and starts nothing', () => {
    expect(detectLanguage('सगळ रिपोर्ट अपलोड केल')).to.equal('MR');
    expect(matchIntent('सगळ रिपोर्ट अपलोड केल')).to.equal(null);
  });

  it('reads a visit planned or made to the office or branch (ऑफिसला येईन, जाणार आहे, जाऊन आलो; branch la janar ahe, jaun aalo) as a plan told: it starts nothing, also with the claim or its papers named', () => {
    for (const [text, language] of [
      ['पुढच्या सोमवारी क्लेमचे कागद घेऊन ऑफिसला येईन.', 'MR'],
      ['परवा क्लेमसाठी शाखेत जाईन.', 'MR'],
      ['udya claim sathi branch la janar ahe', 'MR_EN'],
      ['TPA office la jaun aalo', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('क्लेमचे पैसे कधी येणार आहेत?')).to.equal('claim_status');
  });

  it('reads the claimant having told someone everything (सगळं सांगितलं, सांगून ठेवलंय; agent la sagla sangitla) as news told: the agent named asks for no person; what someone else said, with money not come, still asks its status', () => {
    for (const [text, language] of [['एजंटला सगळं सांगितलं आहे.', 'MR'], ['hospital la sangun thevlay', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('एजंटने सांगितलं आहे की पैसे येतील, पण अजून आले नाहीत.')).to.equal('claim_status');
    expect(matchIntent('tumhi sangitla hota 7 divsat paise yetil, ajun aale nahit')).to.equal('claim_status');
  });

  it('reads टाकले (put) by what was put: papers or photos put on WhatsApp or the portal (व्हॉट्सॲपवर फोटो टाकले, portal var takle) are handed over and start nothing, in Marathi; money put into the account (खात्यात टाकले का) asks its status', () => {
    for (const [text, language] of [['रात्री व्हॉट्सॲपवर बिलांचे फोटो टाकले.', 'MR'], ['mulane portal var reports takle', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('पैसे खात्यात टाकले का?')).to.equal('claim_status');
    expect(matchIntent('paise account la takle ka?')).to.equal('claim_status');
  });

  it('reads वगळले, vagalle (left out) and their forms as a cut and as Marathi: what was left out and why asks why, in Marathi', () => {
    for (const [text, language] of [['नॉन-मेडिकल वस्तू का वगळल्या? वगळलेली रक्कम कसली?', 'MR'], ['consumables ka vagalle?', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal('query_reason');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads someone wanted on the phone (कोणीतरी फोनवर पाहिजे, मॅनेजरला फोनवर घ्या; koni tari phone var pahije, manager phone var ghya) as asking for a person, also after a stuck claim is told', () => {
    for (const [text, language] of [
      ['आईचं ऑपरेशन आहे, कॅशलेस थांबलंय, कोणीतरी फोनवर पाहिजे', 'MR'],
      ['डिस्चार्ज अडकलाय, तुमच्या मॅनेजरला फोनवर घ्या', 'MR'],
      ['claim pending ahe, koni tari phone var pahije', 'MR_EN'],
      ['approval adkla, kuni tari manager phone var ghya', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('माझा क्लेम कधी पास होईल ते पाहिजे')).to.not.equal('human_handover');
  });

  it('reads the policy\'s own business (renewal, premium, a new policy) as no claim: a renewal told done (पॉलिसी रिन्यू केली, premium bharla) closes, and when to renew or what the premium is (रिन्यू कधी, premium kiti) starts no claim workflow; a claim question beside them still asks', () => {
    for (const [text, language] of [
      ['मागच्या आठवड्यात पॉलिसी रिन्यू केली, पावतीही आली.', 'MR'],
      ['पुढच्या वर्षी पॉलिसी कधी रिन्यू करायची?', 'MR'],
      ['नवी पॉलिसीचा प्रीमियम किती पडेल?', 'MR'],
      ['aaj online premium bharla, receipt mail var aali', 'MR_EN'],
      ['renew kadhi paryant karaychi ahe?', 'MR_EN'],
      ['mala policy chi mahiti havi, premium kiti bharaycha?', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('पॉलिसी रिन्यू केली होती, तरी क्लेम का नाकारला?')).to.equal('query_reason');
    expect(matchIntent('premium bharla ahe, claim che paise kadhi yetil?')).to.equal('claim_status');
  });

  it('reads "never before" (कधी केली नव्हती, kadhi zala navhta) as telling, its कधी no when-question: venting that the claimant never ran around so much starts nothing; when the money comes still asks', () => {
    for (const [text, language] of [['एवढा त्रास आयुष्यात कधी झाला नव्हता', 'MR'], ['itka tras aayushyat kadhi zala navhta', 'MR_EN'], ['asli dhavpal kadhi keli navhti', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('paise kadhi yetil?')).to.equal('claim_status');
  });

  it('reads the emphatic madhech (process madhech, in process itself) as madhe: whether the claim is still in process asks its status', () => {
    expect(matchIntent('amcha claim ajun process madhech aahe ka?')).to.equal('claim_status');
    expect(detectLanguage('amcha claim ajun process madhech aahe ka?')).to.equal('MR_EN');
  });

  it('reads papers in the plural oblique (कागदांची, kagdanchi), a shortage (कमतरता, त्रुटी; kamtarta) and rent (भाडे, रूमचं भाडं; room bhade) as their classes: which papers are short asks for documents, rent not paid in full asks why; romanised Bengali bhabe (in a way) stays no typo of bhade', () => {
    for (const [text, intent, language] of [
      ['कोणत्या कागदांची त्रुटी राहिली आहे?', 'pending_documents', 'MR'],
      ['konte kagdanchi kamtarta ahe sanga', 'pending_documents', 'MR_EN'],
      ['खोलीचे भाडे पूर्ण का नाही दिले?', 'query_reason', 'MR'],
      ['room bhade ardhach ka dila?', 'query_reason', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(intent);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('file ta onno kono bhabe pathano jay?')).to.equal('pending_documents');
  });

  it('reads the policy\'s own business in Marathi (नॉमिनी, नाव जोडायचं, विमा रक्कम वाढवायची; naav add karaycha, port karaychi) as cover: the policy beside it is no claim and asks nothing of one; a claim asked beside it still asks', () => {
    for (const [text, language] of [
      ['माझ्या पॉलिसीत सासूबाईंचं नाव जोडायचं आहे.', 'MR'],
      ['पॉलिसीची विमा रक्कम वाढवायची आहे, शक्य आहे का?', 'MR'],
      ['policy madhe navryacha naav add karaycha ahe', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('पॉलिसीत नॉमिनी बदलला, पण क्लेमचे पैसे कधी मिळणार?')).to.equal('claim_status');
  });

  it('reads nobody having picked up, in the past (कोणी उचलला नाही, उचललाच नाही; koni uchalla nahi) as venting, as उचलत नाही is: customer care called five times starts nothing; a person asked for beside it still asks', () => {
    for (const [text, language] of [['हेल्पलाइनवर दहा वेळा कॉल केला, कोणीच उचलला नाही.', 'MR'], ['kal divasbhar call kele, koni uchalla nahi', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('फोन कोणी उचलला नाही, मॅनेजरशी बोलणं करून द्या')).to.equal('human_handover');
  });

  it('reads someone who would explain or talk (सांगणारा कोणी, समजावेल असा कोणी; sangnara koni, bolnara koni) as a request for a person, not the greeting "is anyone there?": a call asked for with it is a handover; "कोणी आहे का?" alone still greets', () => {
    for (const [text, language] of [
      ['पैसे का कापले ते कळलं नाही, फोनवर समजावणारा कोणी आहे का?', 'MR'],
      ['ekda phone var nit sangel asa koni ahe ka?', 'MR_EN'],
      ['ekda call var bolnara koni ahe ka', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(understandMessage('कोणी आहे का?').kind).to.equal('small_talk');
  });

  it('reads a refusal to redo the claimant\'s own paperwork (पुन्हा भरणार नाही, परत पाठवणार नाही; parat nahi bharnar) as venting: a form filled twice told with it starts nothing; a question beside it still asks', () => {
    for (const [text, language] of [
      ['क्लेम फॉर्म तीनदा भरून दिला, आता परत भरणार नाही.', 'MR'],
      ['hospital che papers don vela dile ahet, punha nahi pathavnar', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('bills parat pathavnar nahi, maza claim kadhi milel?')).to.equal('claim_status');
  });

  it('reads the policy\'s own card (हेल्थ कार्ड, ई-कार्ड, पॉलिसी कार्ड; policy card, e card) as a known phrase, no claim paper, as English reads health card: how to download it starts no workflow; a claim form to download, or the card\'s copy to send, still asks for documents', () => {
    for (const [text, language] of [
      ['ॲपमधून हेल्थ कार्ड कसं डाउनलोड करायचं?', 'MR'],
      ['mobile var policy card kuthun download karaycha?', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('Claim form kasa download karaycha?')).to.equal('pending_documents');
    expect(matchIntent('policy card chi copy pathvu ka?')).to.equal('pending_documents');
  });

  it('reads buying a policy (इन्शुरन्स घेणार, विमा घेईन, पॉलिसी घ्यायची; insurance ghenar) as the policy\'s own business: "when would I take your insurance again" vents and asks no claim status; a claim asked beside it still asks', () => {
    for (const [text, language] of [
      ['सर्व्हिस एकदम वाईट, परत कधी तुमचा विमा घेणार मी?', 'MR'],
      ['asli service, parat kadhi tumcha insurance ghenar', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('पॉलिसी घेणार आहे, पण आधी क्लेमचे पैसे कधी मिळतील?')).to.equal('claim_status');
    expect(matchIntent('policy ghenar ahe pan adhi claim che paise kadhi miltil?')).to.equal('claim_status');
  });

  it('tells Marathi from Hindi by a noun with -ला joined (कस्टमर केअरला), the imperative जोडा (joda, connect) and ळ words and -लंय forms (वेळा, फिरलंय): a person asked for is answered in Marathi, and Hindi जोड़ो stays Hindi', () => {
    for (const [text, language] of [
      ['मला कस्टमर केअरशी जोडा', 'MR'],
      ['सिनियर ऑफिसरला जोडा', 'MR'],
      ['manager la joda pls', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(detectLanguage('दोन वेळा फॉर्म भरला')).to.equal('MR');
    expect(detectLanguage('मुझे कस्टमर केयर से जोड़ो')).to.equal('HI');
    expect(matchIntent('मुझे कस्टमर केयर से जोड़ो')).to.equal('human_handover');
  });

  it('reads venting idioms (डोकं फिरलंय, my head is spinning; घेतलीच नसती, I would never have taken it; doka firlay, ghetlach nasta) as venting: running around told with them starts nothing; a question beside them still asks', () => {
    for (const [text, language] of [
      ['रोज ऑफिसला चकरा, आता तर डोकं फिरलंय', 'MR'],
      ['असा अनुभव येणार माहीत असतं तर हा विमा घेतलाच नसता', 'MR'],
      ['roj office la chakra, aata doka firlay', 'MR_EN'],
      ['asa anubhav yenar mahit asta tar policy ghetlich nasti', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('डोकं फिरलंय, क्लेमचे पैसे कधी मिळतील?')).to.equal('claim_status');
    expect(matchIntent('doka firlay, claim che paise kadhi miltil?')).to.equal('claim_status');
  });

  it('reads something left out (राहून गेलं, राहून तर गेलं; rahun gela) as a need: whether a paper was left out of the file asks for documents', () => {
    for (const text of ['माझ्या फाइलमध्ये कोणता कागद राहून गेला आहे?', 'सगळे कागद दिलेत, काही राहून तर गेलं नाही ना?', 'sagle papers dile, kahi rahun gela ka?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
  });

  it('reads a paper that went through properly (नीट गेली का, barobar gele ka) as whether it was received: an upload asked about asks for documents, not a payment', () => {
    for (const [text, language] of [
      ['PAN card ची कॉपी अपलोड केली, नीट गेली का?', 'MR'],
      ['bills email kele, barobar gele ka?', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal('pending_documents');
      expect(detectLanguage(text), text).to.equal(language);
    }
  });

  it('reads a complaint the claimant will take elsewhere (ग्राहक न्यायालयात जाणार, ombudsman kade janar) and a plan told for the record (कळवून ठेवतोय, kalvun thevto) as telling: they start nothing; a why asked beside them still asks', () => {
    for (const [text, language] of [
      ['परत सर्व्हिस अशीच असेल तर ग्राहक न्यायालयात जाणार', 'MR'],
      ['asach chalu rahila tar consumer court madhe janar', 'MR_EN'],
      ['बाबांचं ऑपरेशन पुढच्या आठवड्यात आहे, कळवून ठेवतोय', 'MR'],
      ['operation pudhchya athavdyat ahe, kalvun thevto', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('claim reject ka zala? nahi tar ombudsman kade janar')).to.equal('query_reason');
  });

  it('reads a paper come to hand (hatat aala) as received, no payment, and sending it once it comes (aala ki pathavto) as a promise: a report not yet in hand told starts nothing; whether the papers came to hand, asked, asks for documents', () => {
    expect(matchIntent('discharge summary ajun hatat aali nahi, aali ki pathavte')).to.equal(null);
    expect(detectLanguage('discharge summary ajun hatat aali nahi, aali ki pathavte')).to.equal('MR_EN');
    expect(matchIntent('lab report ajun hatat aala nahi, aala ki pathavto')).to.equal(null);
    expect(matchIntent('discharge summary hatat aali ki?')).to.equal('pending_documents');
  });

  it('reads next week and next month (पुढच्या आठवड्यात, पुढच्या महिन्यात; pudhchya athavdyat) as a date told as well as a when-word, as English does: a claim planned after next week\'s operation asks no payment date; when the money comes next week still asks', () => {
    for (const [text, language] of [
      ['पुढच्या आठवड्यात बाबांचं ऑपरेशन आहे, नंतर क्लेम करू', 'MR'],
      ['pudhchya mahinyat aai che operation ahe, nantar claim karu', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('पुढच्या आठवड्यात तरी पैसे मिळतील का?')).to.equal('claim_status');
    expect(matchIntent('pudhchya athavdyat tari paise miltil ka?')).to.equal('claim_status');
  });

  it('reads the claimant\'s own acceptance (मला मान्य आहे, मान्य करतो, काही करायचं नाही; mala manya ahe) as a closing: a cut accepted starts nothing; a why beside it still asks', () => {
    for (const [text, language] of [
      ['ही कपात मला मान्य आहे, काही करायचं नाही', 'MR'],
      ['thik ahe, hi kapat mala manya ahe', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('मला मान्य आहे, पण पैसे का कापले?')).to.equal('query_reason');
  });

  it('reads a paper said about to be ready (तयार होईल, रेडी होतील; ready hoil, tayar hoil) as papers about to come, as English will be ready: the hospital\'s bill ready tonight is told and asks for no papers; which papers are needed beside it still asks', () => {
    for (const [text, language] of [
      ['डिस्चार्ज समरी उद्या तयार होईल असं हॉस्पिटलने सांगितलं', 'MR'],
      ['discharge summary udya tayar hoil', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('bill ready hoil, pan ajun konte documents lagtil?')).to.equal('pending_documents');
  });

  it('reads gladness and what matters more (खूप आनंद झाला, हेच महत्वाचं; khup anand zala, hech mahatvacha) as a closing: money come or a rejection told with them starts nothing; a question beside them still asks', () => {
    for (const [text, language] of [
      ['क्लेम नाकारला, पण आई बरी झाली हेच महत्वाचं', 'MR'],
      ['paise aale, khup anand zala', 'MR_EN'],
    ] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('आनंद झाला असता जर पैसे वेळेवर आले असते, अजून किती दिवस?')).to.equal('claim_status');
  });

  it('reads thanks to God (देवाच्या कृपेने, devachi krupa) as a closing: a claim approved told with it starts nothing; a question beside it still asks', () => {
    for (const [text, language] of [['देवाच्या कृपेने क्लेम मंजूर झाला', 'MR'], ['devachi krupa, claim che paise aale', 'MR_EN']] as const) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal(language);
    }
    expect(matchIntent('devachi krupa aai bari ahe, pan claim kadhi milnar?')).to.equal('claim_status');
  });
  it('reads why-questions on a sum cut, left out or not counted (ka kaatla, ka sodle, ka nahi dhartle; का मान्य केली नाहीत, एवढा फरक कसा) as asking the reason', () => {
    for (const text of [
      'room rent madhun 2000 ka kaatle?',
      'operation che consumables ka sodle?',
      'pharmacy bills tari ka nahi dhartle?',
      'औषधांची बिलं का मान्य केली नाहीत?',
      'बिल आणि मिळालेले पैसे यात इतका फरक कसा?',
    ]) expect(matchIntent(text), text).to.equal('query_reason');
  });

  it('reads a message told for information, an apology for a wrong file, a rejection letter come and a contact detail to update (fakt kalvun thevtoy, durlaksh kara, नकार पत्र मिळालं, ईमेल चुकीचा ... अपडेट करायचाय) as starting nothing; a question beside them still asks', () => {
    for (const text of [
      'babanna parva admit karnar ahot, fakt kalvun thevtoy',
      'chukicha report gela, durlaksh kara',
      'आज नकार पत्र मिळालं',
      'माझा ईमेल चुकीचा आहे, अपडेट करायचाय',
    ]) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('नकार पत्र मिळालं, पण कारण काय लिहिलंय?')).to.equal('query_reason');
  });

  it('reads a status asked in romanised Marathi (kahi kalla ka, paise dile ki kay, report ala asel tar pudhe kay zala; process मध्ये आहे का) as the claim status, also beside a surname, and "mala phone kartayt" (they keep calling me) as no call asked', () => {
    for (const text of [
      'mi Anjali Patil. vadilanchya claim baddal kahi kalla ka',
      'claim closed dakhavtay, mhanje paise dile ki kay?',
      'report ala asel tar pudhe kay zala te sanga',
      'claim che paise hospital la gele ka? hospital vale mala phone kartayt',
      'फक्त एवढंच विचारायचं होतं की क्लेम process मध्ये आहे का',
    ]) expect(matchIntent(text), text).to.equal('claim_status');
  });

  it('reads papers asked about (jama zaleli disteya ka; दिली तरी चालेल, पाठवली तर चालतील का, ईमेल आयडी द्या) as a documents question, and meeting someone in person (konala tari pratyaksh bhetun) as asking for a person', () => {
    for (const text of [
      'kal branch madhe file jama keli. system madhe jama zaleli disteya ka?',
      'पासबुकची झेरॉक्स दिली तरी चालेल',
      'बिलं मेलवर पाठवली तर चालतील का',
      'मेल आयडी द्या, बिलं स्कॅन करून पाठवते',
    ]) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('Nashik branch madhe konala tari pratyaksh bhetun bolta yeil ka?')).to.equal('human_handover');
  });
  it('reads the detailed or breakup bill asked for (detailed breakup bill, breakup bill) as a paper, no why-word: which bill is meant asks for documents; the breakup of a cut asked why still asks why', () => {
    expect(matchIntent('tumhi magitlela breakup bill konta?')).to.equal('pending_documents');
    expect(matchIntent('bill cha breakup dya, itke kami ka?')).to.equal('query_reason');
  });
  it('reads the app not opening or crashing after an update (ॲप उघडत नाही, क्रॅश होतंय; app update kelyavar, crash hotay) as telling, no claim update asked; a status asked beside it still asks', () => {
    for (const text of ['मोबाईल ॲप उघडत नाही, क्रॅश होतंय', 'app update kelyavar sarkha crash hotay']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('app crash hotay, maza claim kuthparyant ala?')).to.equal('claim_status');
  });
  it('tells romanised Marathi by the verbs of a cut or a sum left out (dharle, kaatla, sodle, disteya) even beside the Hinglish-looking "ka": why the consumables were not counted asks why, in Marathi', () => {
    for (const text of ['consumables ka dharle nahi?', 'room rent ka kaatla?']) {
      expect(detectLanguage(text), text).to.equal('MR_EN');
      expect(matchIntent(text), text).to.equal('query_reason');
    }
  });
  it('reads a wrong e-mail to update and a renewal whose online payment fails (email chukicha, update karaycha ahe, online payment fail) as the policy\'s business; a claim status asked with update still asks', () => {
    for (const text of ['mobile number chukicha ahe, update karaycha ahe', 'renew karaychi ahe pan online payment fail hotay']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('claim status update karaycha ahe ka?')).to.equal('claim_status');
  });
  it('reads a lost or new policy card and the premium certificate (कार्ड हरवलं, नवीन कार्ड, प्रीमियम सर्टिफिकेट; card haravla, navin card) as the policy\'s own business, no claim paper', () => {
    for (const text of ['हेल्थ कार्ड हरवलं, नवीन कार्ड कसं मिळेल?', 'card haravla, navin card kuthun milel?', 'टॅक्स साठी प्रीमियम सर्टिफिकेट कुठे मिळेल?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
  });
  it('reads a rejection letter told come in romanised Marathi (rejection letter milala, nakar patra ala) and what to do next left for later (kay karaycha baghu) as starting nothing; why asked beside it still asks', () => {
    for (const text of ['kal rejection letter milala', 'nakar patra ala, ata pudhe kay karaycha baghu']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('rejection letter ala, pan claim ka nakarla?')).to.equal('query_reason');
  });
  it('reads good morning typed in Devanagari (गुड मॉर्निंग, गुड नाईट) as a greeting; a claim asked beside it still asks', () => {
    expect(understandMessage('गुड नाईट 🙏').kind).to.equal('small_talk');
    expect(matchIntent('गुड मॉर्निंग, क्लेम कधी मिळेल?')).to.equal('claim_status');
  });
  it('reads the 80D certificate with its genitive (80D चे सर्टिफिकेट, 80d cha certificate), the network hospital list, premium inflections and a nominee change with "what will have to be done" (काय करावं लागेल) as the policy\'s business; papers for a claim still asked', () => {
    for (const text of ['80D चे सर्टिफिकेट पाठवाल का?', '80d cha certificate kuthun milel?', 'नॉमिनीचं नाव बदलायचं, काय करावं लागेल?', 'नेटवर्क हॉस्पिटलची लिस्ट पाठवा', 'प्रीमियमची तारीख कधी आहे?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('क्लेमसाठी काय सादर करावं लागेल?')).to.equal('pending_documents');
  });
  it('reads meeting someone at the branch (कोणाला भेटू, konala bhetaycha) and calling a senior over (senior la bolav na) as asking for a person, even after a status question', () => {
    for (const text of ['परवा ऑफिसमध्ये येऊन कोणाला भेटू शकतो?', 'shakhet yeun konala bhetaycha ahe', 'claim kuthe ala? jara manager la bolav na']) {
      expect(matchIntent(text), text).to.equal('human_handover');
    }
  });
  it('reads how a rejection was decided (कशावरून ठरवलं, kashyavarun tharavla) as why, and "so what exactly do I send" (mhanje nemka kay pathvu) as papers, not a why', () => {
    for (const text of ['कशावरून ठरवलं की आजार आधीचा होता? क्लेम नाकारला', 'claim nakarla, kashyavarun tharavla tumhi?']) expect(matchIntent(text), text).to.equal('query_reason');
    for (const text of ['query ali, mhanje nemka kay pathvu?', 'discharge summary nahi milali, tyashivay claim file karta yeil ka?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads the office open on a day (ऑफिस शनिवारी चालू असतं का, office chalu asta ka) and premium by EMI (EMI मध्ये, emi madhe) as the policy\'s business, no claim', () => {
    for (const text of ['तुमचं ऑफिस रविवारी उघडं असतं का?', 'office shanivari chalu asta ka?', 'प्रीमियम EMI मध्ये भरता येईल का?']) expect(matchIntent(text), text).to.equal(null);
  });
  it('reads papers someone else will bring (घेऊन येईल, घेऊन जातील, gheun yeil) as told, starting nothing; a question after it still asks', () => {
    for (const text of ['मुलगा परवा सगळी बिलं घेऊन येईल', 'baba udya reports gheun jatil']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('bhau udya bills gheun yeil, ajun konte documents pahijet?')).to.equal('pending_documents');
  });
  it('reads relief told (हायसं वाटलं, काळजी मिटली, bara vatla) as closing, starting nothing; a question after it still asks', () => {
    for (const text of ['क्लेम मंजूर झाला, हायसं वाटलं', 'पैसे खात्यात आले, काळजी मिटली', 'claim settle zala, bara vatla']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('paise aale, haysa vatla, ajun kahi pathvaycha aahe ka?')).to.equal('pending_documents');
  });
  it('reads a number changed (नंबर बदललाय, नवीन नंबर, number badlala) and its update asked as the policy\'s business; a claim status asked still asks', () => {
    for (const text of ['माझा नंबर बदललाय, नवीन नंबर अपडेट करा', 'maza number badlala, navin number update kara']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('नवीन नंबरवर क्लेमचं स्टेटस पाठवा')).to.equal('claim_status');
  });
  it('reads being fed up (कंटाळा आलाय, वैतागलो, kantala aala) and not knowing what to do (काय करावं कळत नाही, kay karu kalat nahi) as venting, starting nothing; a question beside it still asks', () => {
    for (const text of ['वैतागलो आहे, बिलं, रिपोर्ट, फॉर्म... काय करू कळत नाही', 'kantala aalay ya sagalyacha, kay karava kalat nahi']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('कंटाळा आलाय, क्लेम कधी मिळणार?')).to.equal('claim_status');
    expect(matchIntent('काय करावं कळत नाही, कोणती कागदपत्रं पाठवायची?')).to.equal('pending_documents');
  });
  it('reads kaa as ka ("chalel kaa?" asks whether papers will do), papers asked complete (पुरे आहेत ना, पुरेशी आहेत, pure ahet na) as documents, and a fee (फी) not paid in full (पूर्ण दिली नाही, purna dile nahi) as a cut', () => {
    for (const text of ['bill cha scan mail var pathavla tar chalel kaa?', 'पाठवलेली बिलं पुरेशी आहेत ना?', 'reports pathavle te pure ahet na?']) expect(matchIntent(text), text).to.equal('pending_documents');
    for (const text of ['भूलतज्ज्ञाची फी पूर्ण नाही मिळाली, असं का?', 'anaesthesia charges purna dile nahi, he kay aahe?', 'पैसे पूर्ण मिळाले नाहीत']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('documents पूर्ण नाही दिले, कोणते राहिले?')).to.equal('pending_documents');
  });
  it('reads someone coming to the office with the papers (घेऊन ऑफिसला येईल, office la yeil) as told, and an e-mail id changed (ईमेल आयडी बदललाय, नवीन ईमेलवर) as the policy\'s business; which papers to bring still asks', () => {
    for (const text of ['उद्या माझी बायको बिलं घेऊन ऑफिसला येईल', 'bayko udya bills gheun office la yeil', 'माझा ईमेल आयडी बदललाय, नवीन ईमेलवर पाठवा']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('कोणती कागदपत्रं घेऊन ऑफिसला येऊ?')).to.equal('pending_documents');
  });
  it('tells Marathi by being fed up or relieved (कंटाळा, वैतागलो, हायसं; kantalo, haysa), words Hindi has not', () => {
    for (const [text, language] of [['कंटाळा आलाय', 'MR'], ['वैतागलो आहे', 'MR'], ['kantalo ya sagalya prakarala', 'MR_EN'], ['haysa vatla', 'MR_EN']] as const) {
      expect(detectLanguage(text), text).to.equal(language);
    }
  });
  it('reads "just this much" (fakt evdhach, as फक्त एवढंच) as nothing more to ask, no cut, while "only this much money" (fakt evdhech paise, फक्त एवढेच पैसे) is the cut', () => {
    expect(matchIntent('mala fakt evdhach vicharaycha aahe ki claim che paise kadhi yetil')).to.equal('claim_status');
    expect(matchIntent('fakt evdhach vicharaycha hota, dhanyavad')).to.equal(null);
    for (const text of ['fakt evdhech paise milale?', 'फक्त एवढेच पैसे मिळाले?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads "check once and tell" (एकदा बघून सांगा, jara baghun sanga) as a request to look into it, no status word: after papers sent it asks about the papers, after the claim about the claim', () => {
    for (const text of ['पॉलिसीचे सगळे कागद दिले, पूर्ण झाले का जरा बघून सांगा', 'saglya documents upload kelet, purna zale ka ekda baghun sanga']) expect(matchIntent(text), text).to.equal('pending_documents');
    for (const text of ['क्लेम एकदा बघून सांगा', 'claim ekda baghun sanga', 'क्लेमचं स्टेटस बघून सांगा']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads someone\'s number (कोणाचा तरी नंबर, konacha tari number) as a person\'s number asked and "put me through" (लावून द्या, lavun dya) as reaching a person; whose number this is stays a greeting', () => {
    for (const text of ['शाखेतल्या कोणाचा तरी नंबर द्याल का?', 'कस्टमर केअरला लावून द्या', 'branch madhlya kunacha tari number dya', 'helpline la lavun dyal ka?']) expect(matchIntent(text), text).to.equal('human_handover');
    for (const text of ['हा नंबर कोणाचा आहे?', 'ha number konacha ahe?']) expect(matchIntent(text), text).to.equal(null);
  });
  it('reads "it has not been rejected, has it?" (रिजेक्ट तर नाही ना झाला, reject tar nahi na zala) as asking where the claim stands, no rejection to explain; why it was rejected still asks why', () => {
    for (const text of ['आईचा क्लेम रिजेक्ट तर नाही ना झाला?', 'vadilancha claim reject tar nahi na zala? kahich kalavla nahi']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('आईचा क्लेम रिजेक्ट का केला?')).to.equal('query_reason');
  });
  it('reads from where (कुठून, kuthun) as a where-word and bring in the everyday -चं form (आणायचं, anaycha): where to get a paper asked for documents', () => {
    for (const text of ['डॉक्टरचं सर्टिफिकेट मागितलंय, ते कुठून आणायचं?', 'discharge card chi copy kuthun anaycha?']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('माझे पैसे कुठे अडकले?')).to.equal('claim_status');
  });
  it('reads why before "put" and "show" (का टाकलाय, का दाखवतंय; ka takla, ka dakhavtay) as a why-word: why the claim was put in query asks why; what the portal shows stays a status question', () => {
    for (const text of ['माझा क्लेम होल्डवर का टाकलाय?', 'claim var rejected ka dakhavtay?', 'claim query madhe ka takla?']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('portal var claim cha status kay dakhavtay?')).to.equal('claim_status');
  });
  it('reads "will someone speak" (बोलाल का, bolal ka, boltil ka) as talk: someone to call home and speak asks for a person; "as the nominee" (नॉमिनी म्हणून, nominee mhanun) is the claimant\'s role, not the policy\'s business, so the papers asked still ask for documents', () => {
    for (const text of ['आमच्याकडे कोणी घरी फोन करून बोलाल का?', 'koni tari phone karun bolal ka?']) expect(matchIntent(text), text).to.equal('human_handover');
    for (const text of ['वडिलांचे निधन झाले. नॉमिनी म्हणून मला कोणती कागदपत्रं लागतील?', 'papa gele, nominee mhanun mala kay kay lagel?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads account details (अकाउंटचे डिटेल्स, account che details) as papers, as bank details are: whether another account\'s details will do asks for documents', () => {
    for (const text of ['माझ्या नावावर खातं नाही, मुलाच्या अकाउंटचे डिटेल्स दिले तर चालतील का?', 'mulachya account che details chaltil ka?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('joins lihiley to lihilay (written): where the rule is written in the policy asks why', () => {
    expect(matchIntent('room rent mule kaple mhanta, he policy madhe kuthe lihiley?')).to.equal('query_reason');
  });
  it('reads sent papers typed half in English (courier केले, submit केली, email केले) as done: papers told sent start no documents workflow', () => {
    for (const text of ['परवाच दवाखान्याची सगळी reports courier केली', 'आईचे सगळे बिल submit केलेत']) expect(matchIntent(text), text).to.not.equal('pending_documents');
    expect(matchIntent('कोणती कागदपत्रे courier करायची?')).to.equal('pending_documents');
  });
  it('reads less with the sum in its case forms (कमी रकमेत, कमी रकमेचा; kami rakkamet, kami rakmecha) as the cut: why the claim was settled for less asks why', () => {
    for (const text of ['बाबांचा क्लेम कमी रकमेत का सेटल केला?', 'majha claim kami rakmet ka settle kela?', 'claim kami rakkamecha settle zala, pan ka?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads "the work will get done" (kam hoil, kaam honar) as itself, its kam (work) no cut as Hinglish kam (less) is: whether it will do without a paper asks for documents', () => {
    for (const text of ['doctor ne certificate dila nahi, tyashivay kaam hoil ka?', 'original bills nahit, kam honar ka?']) expect(matchIntent(text), text).to.not.equal('query_reason');
    expect(matchIntent('settlement madhe 2000 kam ka ale?')).to.equal('query_reason');
  });
  it('reads "why not in full?" (पूर्ण का नाही, purna ka nahi) as a why-word: a claim paid in part and asked why not in full asks why', () => {
    for (const text of ['आईचा क्लेम अर्धाच सेटल झाला, पूर्ण का नाही?', 'hospital bill cha claim thodach settle zala, purna ka nahi?']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('क्लेम पूर्ण सेटल झाला का?')).to.equal('claim_status');
  });
  it('reads "decided by looking at" (बघून ठरवलं, baghun tharavla) and "on what basis" (कशाच्या आधारावर, kashachya aadharavar) as why-words: which report a rejection was decided on asks why', () => {
    for (const text of ['आईचा क्लेम नाकारला, कोणता रिपोर्ट बघून हे ठरवलं?', 'claim reject zala, kontya report baghun tharavle?', 'kashachya aadharavar claim reject kela?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads "or rejected" typed in English in a Devanagari message (की reject, की rejected) as a status phrase: approved or rejected asks where the claim stands', () => {
    for (const text of ['सासूबाईंचा क्लेम पास झाला की rejected?', 'बाबांचा claim approve झाला की reject? अजून काहीच कळवलं नाही']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads when to renew or pay the premium (रिन्यूअल कधी, premium kadhi) with its cover and when-words: after a claim told settled, the question on the policy\'s business starts nothing', () => {
    for (const text of ['बाबांचा क्लेम सेटल झाला, पॉलिसी रिन्यू कधीपर्यंत करायची?', 'claim pass zala, aata renewal kadhi karaycha?', 'aaicha claim approve zala, premium kadhi paryant bharaycha?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('पॉलिसी रिन्यू केली, क्लेम कधी मिळेल?')).to.equal('claim_status');
  });
  it('reads news with an acknowledging emoji (👍, 👌, ✅) and nothing asked as closing: a bill or money told received starts nothing, a question with one still asks', () => {
    for (const text of ['हॉस्पिटलचं फायनल बिल मिळालं 👍', 'पैसे खात्यात जमा झाले ✅', 'discharge summary milali 👌']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('पैसे कधी मिळतील? 👍')).to.equal('claim_status');
    expect(matchIntent('क्लेमचा स्टेटस 🙏')).to.equal('claim_status');
  });
  it('reads papers told with someone (बाबांकडे आहेत, माझ्याकडे आहे; bhavakade ahet) as papers in hand: telling it starts no documents workflow, a question after it still asks', () => {
    for (const text of ['सगळी ओरिजिनल बिलं बाबांकडे आहेत', 'original bills mazhya bhavakade ahet']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('रिपोर्ट्स माझ्याकडे आहेत, अजून काय लागेल?')).to.equal('pending_documents');
    expect(matchIntent('discharge summary vadilankade aahe, ti kadhi pathvu?')).to.equal('pending_documents');
  });
  it('reads "it would be good if" (तर बरं होईल, tar bara hoil) as a request, its bara no thanks: someone to call asks for a person, while bara alone still closes', () => {
    for (const text of ['koni officer ne call kela tar bara hoil', 'कोणी अधिकाऱ्याने फोन केला तर बरं होईल']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(understandMessage('bara, thanks').kind).to.equal('small_talk');
  });
  it('reads "can it be done" (करता येईल, करता येतील; karta yetil) as a known phrase, its येईल (will come) no payment: whether papers can be submitted or uploaded later asks for documents', () => {
    for (const text of ['डिस्चार्ज समरी नाही, तरी क्लेम सबमिट करता येईल का?', 'फार्मसीची बिलं नंतर अपलोड करता येतील का?', 'pharmacy bills nantar upload karta yetil ka?']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('पैसे कधी येईल?')).to.equal('claim_status');
  });
  it('reads पाठवा, pathva (send, to us as a request) as a request that we send something, not the claimant\'s own sending: the UTR asked for, or when it will be paid, asks the status; a list of papers asked for still asks for documents', () => {
    for (const text of ['NEFT झालं असेल तर UTR नंबर पाठवा, नाहीतर पैसे कधी येणार ते सांगा', 'payment zala asel tar UTR pathva, nahitar kadhi honar te sanga']) expect(matchIntent(text), text).to.equal('claim_status');
    for (const text of ['कागदपत्रांची यादी पाठवा', 'konte documents pathva te sanga']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads "what is the problem" (काय अडचण आहे, kay problem ahe) as a known phrase that asks nothing by itself: after a why it leaves the why, beside a claim stuck the status', () => {
    for (const text of ['क्लेम क्वेरीत का ठेवला? नक्की काय अडचण आहे', 'claim query madhe ka takla? kay problem ahe nakki']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('माझा क्लेम अडकलाय, काय अडचण आहे?')).to.equal('claim_status');
    expect(matchIntent('documents madhe kay problem ahe?')).to.equal('pending_documents');
  });
  it('reads "meaning what exactly to give" (म्हणजे नेमकं काय आणायचं, mhanje nakki kay dyaycha) as what to send, its म्हणजे नक्की काय no why: a paper asked for and what to give asks for documents; what a deduction means still asks why', () => {
    for (const text of ["हॉस्पिटलने 'MLC copy' मागितली, म्हणजे नेमकं काय आणायचं?", 'query madhe indoor papers magitle, mhanje nakki kay dyaycha?']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('non payable म्हणजे नक्की काय? पैसे का कापले?')).to.equal('query_reason');
  });
  it('leaves out of the markers the Marathi forms of बोलणे whose doubled letter read once is a Hindi word (बोललो: बोलो, बोलले: बोले, बोलला: बोला): a Hindi message that says or tells stays Hindi', () => {
    for (const text of ['अस्पताल वाले बोले थे कि पैसा आएगा', 'उन्होंने बोला कि पेपर कम हैं', 'क्लेम का स्टेटस बोलो']) expect(detectLanguage(text), text).to.equal('HI');
    for (const text of ['मी एजंटशी बोललो, ते म्हणाले पैसे येतील', 'त्यांनी मला बोलले की पैसे येतील']) expect(detectLanguage(text), text).to.equal('MR');
  });
  it('reads which exclusion or clause (कोणत्या exclusion मध्ये, kontya exclusion madhe, कुठला क्लॉज) as why, as कोणता नियम is: which exclusion a rejected claim falls under asks why', () => {
    for (const text of ['क्लेम नाकारला, मुतखडा कोणत्या exclusion मध्ये येतो ते सांगा', 'claim reject kela, kontya exclusion madhe yeto te sanga']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads half (निम्मे, निम्मा; nimme, nimma) as a cut, as अर्धे, ardhe are: only half the money come, asked about, asks why', () => {
    for (const text of ['निम्मे पैसेच आले, बाकीचे का कापले?', 'itki kapat?? nimma paisa pan nahi milala 😡', 'nimme paise ale, baki kuthe gele?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads the approval told come or reached (अप्रूवल पोहोचलं, approval milala) as news that closes, as a rejection letter got is: telling it starts nothing, asking whether it came still asks', () => {
    for (const text of ['हॉस्पिटलला अप्रूवल पोहोचलं, आईला डिस्चार्ज मिळाला', 'cashless approval ala, babancha discharge zala']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('approval ala ka nahi ajun?')).to.equal('claim_status');
    expect(matchIntent('approval milala pan paise kadhi yetil?')).to.equal('claim_status');
  });
  it('reads what the policy covers (कव्हर करते का, cover hota ka), an address to change (पत्ता बदलायचा) and where the office is (ऑफिस कुठे आहे) as the policy\'s business, as HI\'s कवर होता है: asking them starts nothing, where the claim is still asks', () => {
    for (const text of ['पैसे मिळाले, धन्यवाद. आता ही पॉलिसी घरी फिजिओथेरपी कव्हर करते का?', 'paise milale, thanks. policy madhe OPD cover hota ka?', 'पुण्यात तुमचं ऑफिस कुठे आहे?', 'पॉलिसीमध्ये पत्ता बदलायचा आहे']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('माझा क्लेम कुठे आहे?')).to.equal('claim_status');
  });
  it('reads जेणेकरून, jenekarun (so that) as a purpose, as HI\'s ताकि: a claim word after it is the aim, and what to send asks for documents', () => {
    for (const text of ['काय पाठवू जेणेकरून क्लेम पुढे जाईल?', 'kay pathvu jenekarun claim lavkar settle hoil?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads a plan to decide after talking at home (ठरवू पुढे काय करायचं, baghu pudhe kay karaycha te) as a conjunction phrase, as HI\'s सोचेंगे क्या करना है: a rejection letter read and such a plan start nothing, what to do now asked still asks', () => {
    for (const text of ['रिजेक्शन लेटर मिळालं. घरच्यांशी बोलून ठरवू पुढे काय करायचं.', 'rejection letter ala. gharchyanshi bolun baghu pudhe kay karaycha te']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('क्लेम नाकारला, पुढे काय करायचं?')).to.not.equal(null);
  });
  it('reads "it all went well" (सगळं व्यवस्थित झालं, sagla thik zala) as a closing, as HI_EN\'s sab theek ho gaya: an approval letter shown and all well starts nothing, a question after it still asks', () => {
    for (const text of ['अप्रूवल लेटर हॉस्पिटलमध्ये दाखवलं, सगळं व्यवस्थित झालं', 'approval letter counter var dila, sagla nit zala']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('sagla thik zala, pan paise kadhi yetil?')).to.equal('claim_status');
  });
  it('reads the settlement or approval letter got (सेटलमेंट लेटर मिळालं, approval letter milala) and "all is right" (सगळं बरोबर आहे) as news that closes, as HI\'s: telling it starts nothing, asking whether it came still asks', () => {
    for (const text of ['settlement letter मिळालं, सगळं बरोबर आहे', 'approval letter milala, thanks']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('settlement letter ala ka?')).to.equal('claim_status');
  });
  it('reads a message or mail come (मेसेज आला, message ala) as known phrases, as HI\'s मेल आया, its आला no payment: a message about the claim told starts nothing, money not come still asks', () => {
    for (const text of ['क्लेमचा मेसेज आला, बघतो', 'claim cha message ala, baghto']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('settlement cha message ala pan paise nahi ale')).to.equal('claim_status');
  });
  it('reads papers told with the claimant written apart or with जवळ (maza kade ahet, माझ्याजवळ आहेत) as papers in hand, as माझ्याकडे आहेत: telling it starts nothing, which to send still asks', () => {
    for (const text of ['papa la aaj discharge dila, bills sagle maza kade ahet', 'सगळी बिलं माझ्याजवळ आहेत']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('bills mazya kade ahet, konte pathvu?')).to.equal('pending_documents');
  });
  it('reads the no claim bonus (नो क्लेम बोनस, no claim bonus, ncb) as the policy\'s business, and यंदा, yanda (this year) as a known word: asking of it after a claim told starts nothing, a claim asked of still asks', () => {
    for (const text of ['गेल्या वर्षी एकही क्लेम नव्हता, तर यंदा नो क्लेम बोनस किती मिळेल?', 'magchya varshi claim kela, yanda ncb milel ka?', 'yandacha premium kiti ahe?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('क्लेमचे पैसे कधी मिळतील?')).to.equal('claim_status');
  });
  it('reads a link asked to be sent after a renewal told (रिन्यू करायचं आहे, लिंक पाठवा) as the renewal\'s: it starts nothing, papers the claimant is to send still ask', () => {
    for (const text of ['पॉलिसी रिन्यू करायची आहे. लिंक पाठवाल का?', 'policy renew karaychi ahe, link pathva']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('क्लेमसाठी कोणती कागदपत्रं पाठवू?')).to.equal('pending_documents');
  });
  it('reads "ka ki", का की (or, between two asked things) as a question: whether to courier the originals or a scan will do asks for documents, though चालेल alone closes', () => {
    for (const text of ['hospital che original papers post ne pathvayche ka ki xerox chalel', 'मूळ रिपोर्ट पोस्टाने पाठवायचे का की फोटो चालेल']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('paise ale ka ki nahi')).to.equal('claim_status');
    expect(matchIntent('ok chalel')).to.equal(null);
  });
  it('reads "come on the line" (लाईनवर या, line var ya, line var yal ka) as a call asked for: someone asked on the line asks for a person, a status asked after it still asks', () => {
    for (const text of ['aai admit ahe, koni tari line var yal ka?', 'कोणीतरी लाईनवर या, खूप अर्जंट आहे']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('line var ya ani sanga claim cha kay zala')).to.equal('claim_status');
  });
  it('reads a new policy wanted (नवी पॉलिसी घ्यायचीय, navin policy, plans sanga) as the policy\'s business and "leave that topic" (तो विषय सोडा, te soda) as a closing: a rejection put aside before asking for plans starts nothing, why it was rejected asked still asks', () => {
    for (const text of ['जुना क्लेम नाकारला, तो विषय सोडा. आता आईसाठी नवी पॉलिसी घ्यायचीय, प्लॅन सांगा', 'claim reject zala te soda, ata navin policy ghyaychi ahe. plans sanga']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('क्लेम reject झाला ते सोडा, पण कारण काय?')).to.equal('query_reason');
  });
  it('reads "how is it not" (कसं नाही, kasa nahi) as a why-word and enough (पुरे, एक पुरे, purel ka) as a need: a rejection disputed asks why, whether one paper will do asks for documents, money not come asked how still asks the status', () => {
    for (const text of ['क्लेम नाकारला, सगळे पेपर दिले होते. मग हे कव्हर्ड कसं नाही?', 'claim reject kela, sagle reports dile. mag he covered kasa nahi?']) expect(matchIntent(text), text).to.equal('query_reason');
    for (const text of ['२० बिलं आहेत, सगळी पाठवू की एक summary पुरे?', '15 bills ahet, sagle pathvu ki ek summary purel ka?']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('paise ajun kase nahi ale?')).to.equal('claim_status');
  });
  it('reads why a query was raised with the English verb (का raise केली, का raise केलीत) as a why-phrase, as का काढली: it asks why even after papers told sent', () => {
    for (const text of ['ही query का raise केलीत? आम्ही सगळं दिलं होतं', 'तुम्ही query का raise केला? हॉस्पिटलने पेपर्स पाठवले आहेत']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads "this much" before enough (एवढे पुरेसे, इतके पुरतील, evdhe purese) as papers asked complete, no delay: "so many days" before a claim asked still asks its status', () => {
    for (const text of ['हॉस्पिटलची बिलं आणि रिपोर्ट पाठवले, इतके पुरतील का?', 'sagle papers dile ahet, evdhe purese ahet ka?']) expect(matchIntent(text), text).to.equal('pending_documents');
    for (const text of ['एवढे दिवस झाले, क्लेमचे पैसे कधी मिळतील?', 'itke divas zale, claim cha kay zala?']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads a rejection first of two outcomes asked (रिजेक्ट झाला की पास, nakarla ki manjur) as the status asked, as "की reject" after them is: a rejection told then asked why still asks why', () => {
    for (const text of ['बाबांचा क्लेम रिजेक्ट झाला की पास?', 'aaicha claim nakarla ki manjur?']) expect(matchIntent(text), text).to.equal('claim_status');
    for (const text of ['क्लेम रिजेक्ट झाला, कारण काय?', 'claim reject zala, ka?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads "no problem came" (काही प्रॉब्लेम आला नाही, अडचण आली नाही, kahi problem ala nahi) as all clear, thanks: telling it starts nothing, a problem asked of or money not come asked after it still asks', () => {
    for (const text of ['कॅशलेस झालं, काही अडचण आली नाही. धन्यवाद', 'hospital ne cashless dila, kahi problem ala nahi']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('काही प्रॉब्लेम आला नाही पण पैसे अजून आले नाहीत, कधी येतील?')).to.equal('claim_status');
  });
  it('reads a new policy and a member added (नवीन policy, add करता येईल, add karta yet) written with the English word as the policy\'s business: asking it after the claim\'s news starts nothing, a status asked still asks', () => {
    for (const text of ['पैसे मिळाले, धन्यवाद. आता नवीन policy मध्ये बाबांना add करता येईल का?', 'claim cha status kalla, ata navin policy madhe babanna add karta yet ka?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('claim cha status kay ahe? ajun paise ale nahit')).to.equal('claim_status');
  });
  it('reads shubh (Hinglish and romanised Marathi) beside ratri (romanised Bengali and Marathi, रात्री) as romanised Marathi; Bengali\'s shubho keeps its own', () => {
    for (const text of ['Shubh ratri sarvanna', 'shubh ratri 🌙']) expect(detectLanguage(text), text).to.equal('MR_EN');
    expect(detectLanguage('shubho ratri 🌙')).to.equal('BN_EN');
    expect(detectLanguage('aapka din shubh rahe')).to.equal('HI_EN');
  });
  it('reads the case forms of kaka, mama, kaku (kakana, mamanna, kakula: to uncle, to aunt) as relations, no typo of karan (why): a status asked of after them still asks the status', () => {
    expect(matchIntent('kakana sanga claim che paise ale nahit')).to.equal('claim_status');
    expect(matchIntent('mamanna vichara, documents kuthe pathvayche?')).to.equal('pending_documents');
    expect(matchIntent('claim reject ka zala? karan sanga')).to.equal('query_reason');
  });
  it('reads "where did it come from" (कुठून आली, kuthun ala) of a limit or rule and "where was the delay" (उशीर कुठे झाला, ushir kuthe zala) as why-phrases, a limit applied (limit लावून, limit lavun) as a cut: a payment asked where from and a claim asked where it is still ask the status', () => {
    for (const text of ['गुडघ्याच्या ऑपरेशनसाठी ₹25,000 ची limit लावली, ही अट कुठून आली?', 'room rent chi limit lavun paise kaple, he kuthun ala?', 'आईचा क्लेम उशिरा कळवला म्हणून नाकारला, दुसऱ्या दिवशीच कळवलं होतं, मग उशीर कुठे झाला?']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('पैसे कुठून आले ते कळलं नाही, कोणत्या खात्यात जमा झाले?')).to.equal('claim_status');
    expect(matchIntent('hospital madhe ek divas ushir zala, claim kuthe ahe?')).to.equal('claim_status');
  });
  it('reads the relief idiom (जीव भांड्यात पडला, jiv bhandyat padla) as thanks: the good news told with it starts nothing, money not come asked still asks', () => {
    for (const text of ['क्लेम मंजूर झाल्याचा मेसेज आला, जीव भांड्यात पडला', 'settlement cha mail ala, jiv bhandyat padla']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('पैसे अजून आले नाहीत, कधी येतील?')).to.equal('claim_status');
  });
  it('reads "so much hassle" (एवढा त्रास, evdha tras) and "fed up" (kantalalo) as venting, no delay: told alone it starts nothing, a payment asked after it still asks', () => {
    expect(matchIntent('claim sathi evdha tras, tumchya system la kantalalo')).to.equal(null);
    expect(matchIntent('tumchya process la kantalalo ahe, paise kadhi milnar?')).to.equal('claim_status');
  });
  it('reads a tax receipt (टॅक्सची पावती, tax receipt) as the policy\'s business: asked last after the claim it starts nothing, a payment asked after it still asks', () => {
    for (const text of ['क्लेम मंजूर झाला का? आणि टॅक्सची पावती कधी मिळेल?', 'claim settle zala ka? ani tax receipt kadhi milel?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('tax receipt milali, claim che paise kadhi yetil?')).to.equal('claim_status');
  });
  it('reads a rejection asked beside "still" or pending (रिजेक्ट झाला की अजून, reject zala ki pending) as where the claim stands; a rejection told, then what is pending asked, still asks for papers', () => {
    for (const text of ['aaicha claim reject zala ki ajun process madhe ahe?', 'क्लेम रिजेक्ट झाला की अजून पेंडिंग आहे ते सांगा', 'babancha claim nakarla ki pending?']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('claim reject zala, ajun kahi pending ahe ka?')).to.equal('pending_documents');
  });
  it('reads what the agent had said (एजंटने सांगितलं होतं, agent ne sangitla hota) as who told the claimant, no person asked for, as HI\'s एजेंट ने कहा था: told alone it starts nothing, a talk asked or a why after it still asks', () => {
    for (const text of ['एजंटने सांगितलं होतं सगळं कव्हर होईल, आता हे असं झालं', 'agent ne sangitla hota kahi problem nahi yenar, ata he bagha']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('agent ne sangitla hota call karel, ajun nahi kela. mala konashi tari bolaycha ahe')).to.equal('human_handover');
    expect(matchIntent('एजंटने सांगितलं होतं कव्हर आहे, मग क्लेम का नाकारला?')).to.equal('query_reason');
    expect(matchIntent('एजंटशी बोलायचं आहे')).to.equal('human_handover');
  });
  it('reads whom to call (कुणाला फोन करू, kunala phone kela tar) as a call asked for, however far the talk after it: asking whom to ring about the claim asks for a person, a call told in passing before a status asked still asks the status', () => {
    for (const text of ['कुणाला फोन केला तर माझ्या क्लेमबद्दल थेट बोलता येईल?', 'kunala call karu mhanje kaam hoil?']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('कोणाला फोन केला होता ते आठवत नाही, क्लेम कुठे आहे?')).to.equal('claim_status');
  });
  it('reads the passbook got updated (पासबुक भरून, passbook bharun, passbook update kela) as a known phrase, the bank checked, no paper: money looked for there asks the status, a passbook copy asked to be sent still asks for documents', () => {
    for (const text of ['operation la teen athavde zale, paise jama zale ki nahi kalat nahi, passbook bharun anla tari kahi disat nahi. baghun sanga', 'पैसे जमा झाले की नाही कळत नाही, पासबुक भरून आणलं तरी काही दिसत नाही. बघून सांगा']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('passbook chi copy pathvu ka?')).to.equal('pending_documents');
  });
  it('reads "just wanted to know" (फक्त जाणून घ्यायचं, fakt janun ghyaycha) as a known phrase, its फक्त no "only this much paid": the status asked after it is asked; an amount said to be all that came is still the cut', () => {
    for (const text of ['मला फक्त जाणून घ्यायचं आहे की बाबांचा क्लेम मंजूर झाला का', 'mala fakt janun ghyaycha ahe ki ₹30,000 cha claim settle zala ka']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('फक्त ₹20,000 मिळाले, बाकी का कापले?')).to.equal('query_reason');
  });
  it('reads an address changed (पत्ता बदलला, नवीन पत्ता, patta badlala, navin patta) as the policy\'s business, no status asked; a payment asked after it still asks', () => {
    for (const text of ['patta badlala ahe, navin patta policy var update kara', 'नवीन पत्ता policy मध्ये टाका, आमचा पत्ता बदललाय']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('पत्ता बदलला आहे, क्लेमचे पैसे कधी येणार?')).to.equal('claim_status');
  });
  it('reads a bill complained of as too high (bill खूप जास्त, bill khup jast) as venting, no paper asked for; a cut asked why of beside it still asks', () => {
    for (const text of ['ऑपरेशनचं bill खूप जास्त आलं, काय करणार', 'bill khup jast zala re, kay karnar']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('bill खूप जास्त आलं, पण क्लेममधून ₹8,000 का कापले?')).to.equal('query_reason');
  });
  it('reads a sum taken off (काढले, kadhle) as the cut; its one-letter neighbours (वाढला, vadhla: went up; madhla: in) are known words, no cut', () => {
    for (const text of ['₹2,400 kadhle, te kashache ahet?', '₹3,000 काढले, नेमकं कुठल्या items चे?']) expect(matchIntent(text), text).to.equal('query_reason');
    for (const text of ['premium vadhla ahe ka?', 'प्रीमियम वाढलंय का?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('Jupiter madhla bill settle zala ka te sanga')).to.equal('claim_status');
  });
  it('tells Marathi by कशाबद्दल (about what), यंदाच्या (this year\'s) and पाठवाल (will you send); Hindi\'s own words for them stay Hindi', () => {
    for (const text of ['हे डिडक्शन कशाबद्दल?', 'यंदाच्या premium चं certificate email वर पाठवाल?']) expect(detectLanguage(text), text).to.equal('MR');
    for (const text of ['ये कटौती किसलिए?', 'premium का certificate email पर भेज दो']) expect(detectLanguage(text), text).to.equal('HI');
  });
  it('reads papers kept ready "if needed, tell me" (लागली तर सांगा, lagle tar sanga) as an offer, no paper asked for; asking which papers are needed still asks', () => {
    for (const text of ['sagle papers tayar thevle ahet, lagle tar sanga', 'कागदपत्रं तयार ठेवली आहेत, लागली तर कळवा']) expect(matchIntent(text), text).to.equal(null);
    for (const text of ['ajun kahi documents lagle tar sanga', 'कोणती कागदपत्रं लागतील ते सांगा']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads "what exactly is that" of a thing named before (ते म्हणजे नेमकं काय, ti mhanje nemka kay) as a known phrase, no why: of a paper asked for it asks for documents; a cut or a rejection before it is still asked why', () => {
    for (const text of ['त्यांनी discharge summary मागितलीय, ती म्हणजे नेमकं काय?', 'hospital ne MLC copy magitli ahe, ti mhanje nemka kay?']) expect(matchIntent(text), text).to.equal('pending_documents');
    for (const text of ['non payable म्हणून ₹2,000 कापले, ते म्हणजे नक्की काय?', 'claim reject kela, te mhanje nakki kay?', 'हे म्हणजे नेमकं काय झालं, ₹4,000 कमी का आले?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads a test taken (X-ray काढला, MRI kadhla, sonography kadhli) as a known phrase, no cut: told with a bill sent it asks nothing; a sum taken off is still a cut asked why', () => {
    for (const text of ['X-ray काढला, त्याचे बिल पाठवले आहे', 'MRI kadhla hota, tyache bill pathavla ahe', 'sonography kadhli, report upload kela']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('ECG काढला होता, त्याचा रिपोर्ट पाठवू का?')).to.equal('pending_documents');
    for (const text of ['₹6,230 kadhle, ka?', 'बिलातून ५००० का काढले?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads doubts cleared (काही शंका नाही, kahi shanka nahi) as nothing more to ask and an explanation given (समजावलं, samjavla) as understood: an agent\'s call told with them starts nothing; a doubt still held asks', () => {
    for (const text of ['एजंटने फोनवर सगळं समजावलं, आता कोणतीही शंका राहिली नाही', 'manager cha call ala, tyanni sagla samjavla. ata kahi shanka nahi']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('एजंटने समजावलं, पण क्लेमचे पैसे कधी येणार?')).to.equal('claim_status');
  });
  it('reads "call him here" (बोलवा, bolva) as a request: a person asked to be called asks for one, after a greeting that asks too', () => {
    for (const text of ['नमस्कार, कोणी आहे का? साहेबांना बोलवा', 'hello, koni ahe ka? team leader la bolava', 'मॅनेजरला बोलावून घ्या']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads "or not" at a question\'s end (का नाही, ka nahi) as asking: the last question, of papers, decides; "का नाही" before a verb is still why', () => {
    for (const text of ['settlement kadhi honar? ani hospital che original papers pathvayche ka nahi', 'रक्कम कधी जमा होईल? आणि डिस्चार्ज समरीची प्रत पाठवायची का नाही']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('माझा क्लेम का नाही मिळाला')).to.equal('query_reason');
  });
  it('reads "by what calculation" (कोणत्या हिशोबाने, kuthlya hishobane) as a why-word: asked after a sum approved short, it asks why', () => {
    for (const text of ['₹40,000 cha bill ani 25 hajar settle? kuthlya hishobane?', 'कोणत्या हिशोबाने ₹8,000 कापले?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads "what kind of system is this" (कसली सिस्टम, kasla karbhar) as venting, its कसली no typo of a cut: a wait complained of starts nothing; a rejection asked beside it still asks why', () => {
    for (const text of ['admission sathi 4 tas thambavla, kasla karbhar ahe', 'कॅशलेससाठी ३ तास थांबवलं, कसली सिस्टम आहे ही']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('कसली सिस्टम आहे, माझा क्लेम का नाकारला?')).to.equal('query_reason');
  });
  it('reads a PDF (pdf, pdfs) as a paper: PDFs sent and more asked for asks for documents; the policy\'s own PDF asked to be sent is the policy\'s business', () => {
    expect(matchIntent('email ne 2 PDF pathavlya, sagle thik ahet na? ajun kahi lagla tar sanga')).to.equal('pending_documents');
    expect(matchIntent('discharge summary chi PDF kuthe upload karu?')).to.equal('pending_documents');
    expect(matchIntent('policy chi pdf pathva')).to.equal(null);
  });
  it('reads when to come (कधी येऊ, kiti vajta yeu) as a visit asked: after a person to meet, it asks for that person; when the money comes is still the status', () => {
    for (const text of ['वरिष्ठ अधिकाऱ्यांना भेटायचं आहे, कधी येऊ?', 'manager la bhetaycha ahe, kiti vajta yeu?']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('claim che paise kadhi yetil?')).to.equal('claim_status');
  });
  it('reads an X-ray written in two words (एक्स रे, एक्स-रे) as a paper: whether its film is needed asks for documents; an X-ray taken told beside a bill sent asks nothing', () => {
    expect(matchIntent('एक्स-रे ची फिल्म पण लागेल का?')).to.equal('pending_documents');
    expect(matchIntent('एक्स-रे काढला, त्याचे बिल पाठवले आहे')).to.equal(null);
  });
  it('reads "for tax" (टॅक्ससाठी, tax sathi) as the policy\'s business, as Hindi\'s "tax के लिए" is: a receipt wanted for tax is no claim paper; a hospital bill\'s copy asked there is still the claim\'s', () => {
    for (const text of ['टॅक्ससाठी पावती पाठवा', 'income tax sathi receipt milel ka?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('tax sathi hospital bill chi copy pathva')).to.equal('pending_documents');
  });
  it('reads "can I hand it in" (deu shakto, jama karu shakte) as sending, as Marathi\'s देऊ is: a form or file handed in at a branch asks for documents; the premium paid so is the policy\'s business', () => {
    for (const text of ['Nashik branch madhe swata jaun form deu shakte ka?', 'पुणे ऑफिसला स्वतः जाऊन फाइल देऊ शकतो का?']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('premium online deu shakto ka?')).to.equal(null);
  });
  it('tells Marathi by a weekday with its -ी (शुक्रवारी, ravivari: on Sunday) and by "till / from o\'clock" (वाजेपर्यंत, vajepasun); Hindi\'s and romanised Bengali\'s own words for them stay theirs', () => {
    for (const text of ['Nanded branch ravivari kiti vajeparyant ughdi aste?', 'somvari sakali 10 vajepasun office suru aste']) expect(detectLanguage(text), text).to.equal('MR_EN');
    expect(detectLanguage('शुक्रवारी ऑफिस किती वाजेपर्यंत चालू असतं?')).to.equal('MR');
    expect(detectLanguage('शुक्रवार को ऑफिस कितने बजे तक खुला है?')).to.equal('HI');
    expect(detectLanguage('shonibar office kota obdhi khola thake?')).to.equal('BN_EN');
  });
  it('reads relief told (आता टेन्शन नाही, ata kalji nahi: no worry now) as thanks: a settled claim told with it asks nothing; a worry with a question still asks', () => {
    for (const text of ['पॉलिसीचा क्लेम सेटल झाला, आता काळजी नाही', 'bill che paise ale, ata tension nahi']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('tension ahe, claim kadhi settle honar?')).to.equal('claim_status');
  });
  it('reads a message left for the agent (एजंटला सांगा, agent kakanna sanga: tell the agent that ...) as news relayed, no person asked for; the agent told to call or talk to the claimant still asks for one', () => {
    for (const text of ['एजंट दादांना सांगा की नूतनीकरणाचा फॉर्म भरला', 'agent la sanga pudhchya somvari bhetuya']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['एजंटला सांगा माझ्याशी बोलायला', 'agent kakanna sanga mala phone kara']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads the reason explained (कारण समजावलं, karan samjavla) as understood and "now all is clear" (आता सगळं स्पष्ट झालं, ata sagla clear zala) as thanks: an explanation told starts nothing; one not given, with a why asked, still asks', () => {
    for (const text of ['टीपीएने रिजेक्शनचं कारण समजावलं, आता सगळं स्पष्ट झालं', 'hospital ne kapatiche karan samjavla, ata sagla clear zala']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(understandMessage('एजंटने कपातीचं कारण समजावून सांगितलं').kind).to.equal('unclear');
    expect(matchIntent('TPA ne kami paise ka dile te nit samjavla nahi, kapat ka?')).to.equal('query_reason');
  });
  it('reads running around (धावपळ झाली, dhavpal zali), finally done (शेवटी झालं, shevti zala) and no complaint meant (तक्रार करणार नाही) as venting and relief: papers named beside them ask nothing; a complaint to lodge still asks', () => {
    for (const text of ['बिलं जमवताना खूप धावपळ झाली, पण शेवटी झालं', 'reports gola kartana dhavpal zali, pan shevti zala', 'मी काही तक्रार करणार नाही, सेवा ठीक होती']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('mala takrar nondvaychi ahe')).to.equal('human_handover');
  });
  it('reads a paper already given (आधीच दिली आहे, aadhich dili ahe) as handed over: told alone it asks for no list', () => {
    for (const text of ['पॅन कार्डची प्रत आधीच दिली आहे', 'PAN card chi copy aadhich dili ahe']) expect(understandMessage(text).kind, text).to.equal('unclear');
  });
  it('reads "I will let you know when it comes" (ale ki kalavto, zala ki kalavto) as the claimant\'s news promised, its "ale ki" no "came or not": it asks nothing; "ale ki nahi" still asks the status', () => {
    for (const text of ['amount ale ki lagech kalavto', 'settlement zala ki kalavto']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('paise ale ki nahi?')).to.equal('claim_status');
  });
  it('reads the hospital bill paid (बिल भरलं, bill bharle) as a known phrase, no paper: a discharge told with it starts nothing; papers asked after it still ask', () => {
    for (const text of ['आईला डिस्चार्ज दिला, हॉस्पिटलचं बिल भरलं', 'aaila discharge dila, hospital che bill bharle']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('बिल भरलं, आता कोणती कागदपत्रे पाठवू?')).to.equal('pending_documents');
  });
  it('reads praise of a person (खूप चांगले होते, khup changle hote) and chhan (as chan) as thanks: the agent or a payment praised starts nothing; a status asked after the praise still asks', () => {
    for (const text of ['आमचे एजंट खूप चांगले होते, सगळं नीट केलं', 'TPA madhle sir khup changle hote', 'payment veli ala, chhan']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('agent khup changle ahet, pan claim kadhi milel?')).to.equal('claim_status');
  });
  it('reads after the claim settles (सेटल झाल्यानंतर, settle zalyavar) as a known phrase, a time told, and a list of hospitals and tax charged (हॉस्पिटलांची यादी, hospital chi list, टॅक्स लागेल) as the policy\'s business: asked about, they start nothing; when the money comes after settlement still asks the status', () => {
    for (const text of ['क्लेम सेटल झाल्यानंतर टॉप-अप घेता येईल का?', 'claim settle zalyavar nominee badalta yeil ka?', 'पुण्यातल्या कॅशलेस हॉस्पिटलांची यादी पाठवा', 'Nagpur madhlya hospital chi list pathva', 'रिफंडच्या रकमेवर टॅक्स लागेल का?']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('claim settle zalyavar paise kadhi yetil?')).to.equal('claim_status');
  });
  it('reads a call promised by others (फोन करणार म्हणाले, phone karnar mhanale) as news told: it starts nothing', () => {
    expect(understandMessage('hospital wale sandhyakali phone karnar mhanale').kind).to.equal('small_talk');
    expect(understandMessage('टीपीए वाले उद्या फोन करणार म्हणाले').kind).to.equal('small_talk');
  });
  it('reads papers being prepared (तयार करतेय, tayar kartoy) as papers on their way, someone told to keep them ready (तयार ठेवायला सांगितलं) and a fear that passed (भीती होती, bhiti hoti) as news: they ask for nothing; which papers are still needed, asked after, still asks', () => {
    for (const text of ['hospital che bills ani reports tayar kartoy', 'आईच्या क्लेमची फाईल तयार करतेय']) expect(understandMessage(text).kind, text).to.equal('unclear');
    for (const text of ['lab la reports tayar thevayla sangitla ahe', 'मी TPA डेस्कला बिलं तयार ठेवायला सांगितलं', 'claim nakarla jail ashi bhiti hoti, pan manjur zala']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('कागद तयार करतोय, अजून कोणते लागतील?')).to.equal('pending_documents');
  });
  it('reads thanks to God (देवाची कृपा, devachya krupene) and the status seen by the claimant (स्टेटस बघितलं, status baghitla) as thanks: a claim approved told with them asks nothing; a payment asked after the status seen still asks', () => {
    for (const text of ['देवाची कृपा, बाबांचा क्लेम पास झाला', 'devachya krupene claim manjur zala', 'स्टेटस बघितलं, सगळं ठीक आहे']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('स्टेटस पाहिला, पण अजून पैसे का आले नाहीत?')).to.equal('claim_status');
  });
  it('reads a KYC update wanted (केवायसी अपडेट करायचं, kyc update karaycha) as the policy\'s business, its update no status: the papers it needs start no claim workflow', () => {
    expect(understandMessage('aaicha kyc update karaycha ahe, konte documents lagtil?').kind).to.equal('unclear');
  });
  it('reads the reason not told (कारण सांगितलं नाही, karan samjavla nahi) as a why-phrase: a cut or a rejection whose reason was not given asks why', () => {
    for (const text of ['रूम भाड्याच्या कपातीचं कारण सांगितलं नाही', 'claim nakarnyache karan samjavla nahi']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads a message left for an executive, a manager or sir (मॅनेजरला सांगा, madamna sanga) as news relayed, as one for the agent is; one told to talk to the claimant still asks for a person', () => {
    for (const text of ['मॅनेजरला सांगा पावती मिळाली', 'madamna sanga form bharun thevla ahe']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['मॅनेजरला सांगा माझ्याशी बोलायला', 'manager la sanga mala phone karayla']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads जोडा, joda (connect) as a request to be put through: a stuck claim told before "connect me to the agent" asks for a person, not the status', () => {
    for (const text of ['पैसे दोन आठवडे अडकलेत, मला थेट अधिकाऱ्याशी जोडा', 'claim mahina bhar adaklay, please officershi joda']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads pragati (progress) in romanised Marathi as a status word: progress asked of a claim asks its status', () => {
    for (const text of ['maza claim madhe kahi pragati?', 'aaichya claim chi pragati kay ahe']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads a thousand or a lakh with its case ending (हजारांचीच, लाखांचा, hajaranchi) as an amount, a limit asked why (लिमिट का, मर्यादा का) as a why-phrase and "why brought down to" (ka aanla) as why: a cap or a sum lowered asks why', () => {
    const entities = (text: string) => readMessage(text).words.filter((w) => w.startsWith('#'));
    expect(entities('बिल ६० हजारांचं होतं')).to.deep.equal(['#amount']);
    expect(entities('2 lakhanchi policy ahe')).to.deep.equal(['#amount']);
    for (const text of ['डोळ्याच्या ऑपरेशनला फक्त २५ हजारांचीच मर्यादा का?', 'गुडघ्याच्या ऑपरेशनला १ लाखांचीच लिमिट का?', 'refund 10 hajar var ka aanla?', 'bill 80 hajaranchi hoti, tumhi 50 var ka aanli?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads a send told as a condition (पाठवले तर, postane pathavle tar: if I send) as a known phrase, no papers told sent: where to courier them, asked after, asks for documents; a payment asked after it still asks the status', () => {
    for (const text of ['इथे कुरिअर मिळत नाही, पोस्टाने पाठवले तर कोणत्या पत्त्यावर?', 'courier service nahi amchya ikde, pathavle tar konta patta dyaycha?']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('बिलं पाठवले तर पैसे कधी मिळतील?')).to.equal('claim_status');
  });
  it('reads someone who speaks a language (बोलणारा कोणी, bolnari koni) as a talk asked for and "will someone explain" (समजावेल का, samjavun sangel ka) as a request: a Marathi-speaking officer or a call to explain asked for is a handover', () => {
    for (const text of ['तेलुगू बोलणारा कोणी अधिकारी आहे का?', 'Hindi bolnari koni officer milel ka?', 'konitari call karun samjavun sangel ka?', 'कोणी अधिकारी फोन करून समजावेल का?']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads a bill paid by the claimant with an emphatic -च (स्वतःच भरलं, मीच भरला, swatahach bharla) as paid out of pocket, told: a reimbursement planned starts nothing; the claim money asked after it still asks the status', () => {
    for (const text of ['दवाखान्याचं बिल मीच भरलं, नंतर reimbursement साठी क्लेम करेन', 'operation cha kharch swatahach bharla, nantar claim karen']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('ऑपरेशनचा खर्च मीच भरला, क्लेमचे पैसे कधी मिळतील?')).to.equal('claim_status');
  });
  it('tells Marathi by its genitive written apart after a number or a Latin word (चं, चा, ची, चे) and romanised Marathi by "in the year" and "went up" (varshi, vadhla, hajarane): a short status asked so is Marathi; Hindi\'s का stays Hindi', () => {
    expect(detectLanguage('POL-77812 चा क्लेम स्टेटस?')).to.equal('MR');
    expect(matchIntent('POL-77812 चा क्लेम स्टेटस?')).to.equal('claim_status');
    expect(detectLanguage('CLM 9921 का स्टेटस बताइए')).to.equal('HI');
    expect(detectLanguage('gelya varshi premium 2 hajarane vadhla hota')).to.equal('MR_EN');
  });
  it('reads "look now" (आता बघा, bagha ata) after papers told given as a known phrase, no request: the papers told handed over start nothing; which papers remain, or the status, asked with it still asks', () => {
    for (const text of ['सगळे रिपोर्ट्स जमा केले आहेत, आता बघा', 'discharge summary ani bills dile ahet, bagha ata']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('kuthle kagad rahile te bagha ata')).to.equal('pending_documents');
    expect(matchIntent('आता बघा क्लेमचे पैसे कधी येणार')).to.equal('claim_status');
  });
  it('reads a hospital asked to be in the network (नेटवर्कमध्ये आहे का, network madhe ahe ka) as the policy\'s business: a hospital named like a paper (Aadhar) starts nothing; "it is in the network, so why?" after a cut still asks why', () => {
    for (const text of ['Satara che Aadhar hospital tumchya network madhe yeta ka?', 'नाशिकचं आधार हॉस्पिटल नेटवर्कमध्ये आहे का?']) expect(understandMessage(text).kind, text).to.equal('unclear');
    for (const text of ['PPN नुसार कपात केली, पण हॉस्पिटल network मध्ये आहे ना, मग का?', 'PPN rate nusar kapat keli, pan hospital network madhe ahe na, mag ka?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('tells Marathi by "want" and "will do" (हवा, चालतील) and romanised Marathi by "changed" and "new" (badalla, badlala, navin), which outvote Hindi\'s pata read in patta (address)', () => {
    expect(detectLanguage('मॅनेजर हवा plz')).to.equal('MR');
    expect(matchIntent('मॅनेजर हवा plz')).to.equal('human_handover');
    expect(detectLanguage('बिलांचे फोटो email वर चालतील?')).to.equal('MR');
    expect(matchIntent('बिलांचे फोटो email वर चालतील?')).to.equal('pending_documents');
    expect(detectLanguage('mobile number badlala, navin patta Nashik')).to.equal('MR_EN');
    expect(detectLanguage('mera address badla hai, pata note karo')).to.equal('HI_EN');
  });
  it('reads papers asked "every time" (दर वेळी कोणता ना कोणता कागद, दरवेळी नवीन कागद) as a known phrase, venting, as Hindi\'s हर बार कागज़ is: it starts no documents workflow; which paper is still due, asked after, still asks', () => {
    expect(understandMessage('प्रत्येक वेळी नवीन कागद मागता, वैताग आला').kind).to.equal('unclear');
    expect(matchIntent('दरवेळी कोणता ना कोणता कागद मागतात, आता कोणता कागद बाकी आहे?')).to.equal('pending_documents');
  });
  it('reads a form told written or filled in the past (लिहिलं होतं, lihila hota, bharla hota) as papers done, "what did I hide" (काय लपवलं, kay lapavla) as why and "what is a query again for" (पुन्हा क्वेरी कशाला, parat query kashala) as a why-phrase: a non-disclosure rejection or a repeated query argued asks why; papers still asked after it still ask', () => {
    expect(understandMessage('मी proposal फॉर्ममध्ये सगळं बरोबर लिहिलं होतं.').kind).to.equal('small_talk');
    for (const text of ['non-disclosure mhanun reject kela, mi nemka kay lapavla?', 'नॉन-डिस्क्लोजर म्हणून क्लेम नाकारला, मी काय लपवलं ते सांगा', 'punha query kashala, sagle report dile hote', 'पुन्हा क्वेरी कशाला? सगळे कागद आधीच दिले आहेत']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('parat query kashala? aata konte kagad pahije?')).to.equal('pending_documents');
  });
  it('reads praise of a named staff member or agent (खूप मदत केली, धन्यवाद सांगा, पाचपैकी पाच, madat keli, dhanyavad sanga) as thanks: the person named is who helped, and thanks asked to be passed on asks for no one; a person asked for still hands over', () => {
    for (const text of [
      'आमच्या केसमध्ये तुमच्या वर्षा ताईंनी खूप मदत केली, त्यांना माझ्याकडून धन्यवाद सांगा',
      'तुमच्या एजंटने क्लेमचं सगळं काम सोपं करून दिलं. दहापैकी दहा',
      'तुमचा प्रतिनिधी खूप नम्र होता, पाचपैकी पाच',
      'amchya kesh madhe tumchya varsha madam ni khup madat keli, tyanna dhanyavad sanga',
      'tumchya agent ne sagla kaam sopa kela, paach paiki paach',
    ]) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('मला तुमच्या मॅनेजरशी बोलायचं आहे')).to.equal('human_handover');
    expect(matchIntent('mala agent shi bolaycha ahe')).to.equal('human_handover');
  });
  it('reads venting about reasons (दर वेळी नवीन कारण काढता, karan kadhta, हे काय चाललंय, नुसता मनस्ताप) as venting, its काढता (you come up with) no typo of a deduction: it starts no workflow; a rejection or a deduction asked why still asks', () => {
    for (const text of ['दर खेपेला काहीतरी नवीन कारण काढता, हे काय चाललंय', 'ha vima mhanje nusta manstap aahe, pratyek veli navin karan kadhta']) {
      expect(['small_talk', 'unclear'], text).to.include(understandMessage(text).kind);
    }
    expect(matchIntent('क्लेम नाकारण्याचं कारण काय आहे?')).to.equal('query_reason');
    expect(matchIntent('bill madhun 4000 ka kadhle?')).to.equal('query_reason');
  });
  it('reads papers told handed in at a branch or counter (branch madhe dile, काउंटरवर दिली) and a receipt number told (receipt no, पावती नंबर) as news: no documents workflow', () => {
    for (const text of ['discharge che papers aaj branch madhe dile, receipt no 7720', 'सगळे रिपोर्ट्स आज काउंटरवर दिले, पावती नंबर 3390']) {
      expect(understandMessage(text).kind, text).to.not.equal('intent');
    }
    expect(matchIntent('ajun konte documents branch madhe dyayche aahet?')).to.equal('pending_documents');
  });
  it('reads romanised yes-no questions (shakto ka, karaychi ka, yeil ka) as asking, and a sum or a part asked why by "ka" after it (rakkam ka, partially ka, अर्धवट का) as why: the last question asked is answered', () => {
    expect(matchIntent('medical store chi bila vegli upload karaychi ka?')).to.equal('pending_documents');
    expect(understandMessage('paise kadhi yetil? ani policy renew online karu shakto ka').kind).to.not.equal('intent');
    for (const text of ['itki kami rakkam ka?', 'renewal date kadhi aahe? ani maza claim partially ka approve zala', 'नूतनीकरणाची तारीख कधी आहे? आणि माझा क्लेम अर्धवट का मंजूर झाला'])
      expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('rakkam kadhi milel?')).to.equal('claim_status');
  });
  it('reads help praised (सहकार्य केलं, गोड बोलल्या, sahakarya kela, god bolalya) as thanks, a person named in the ergative (साहेबांनी, ताईंनी, sahebanni) and "she spoke" (bolalya) as known words, no person or talk asked for, and the letter-closing कळावे (kalave) as no request: praise and papers told sent start nothing; a network hospital list asked (नेटवर्क हॉस्पिटल्सची यादी) is the policy\'s business', () => {
    for (const text of ['एजंट साहेबांनी फार सहकार्य केलं', 'helpline chya priya tai khup god bolalya, abhar', 'डिस्चार्जचे कागद कालच अपलोड केले, कळावे', 'bills aajach upload kele, kalave', 'नाशिकमधल्या नेटवर्क हॉस्पिटल्सची यादी पाठवा']) {
      expect(understandMessage(text).kind, text).to.not.equal('intent');
    }
    expect(matchIntent('क्लेमचे पैसे कधी येतील ते कळावे')).to.equal('claim_status');
    expect(matchIntent('mala helpline var konashi tari bolaycha aahe')).to.equal('human_handover');
  });
  it('reads information told given (माहिती दिली, mahiti dili) as a known phrase, news of who explained, no status asked; none given (माहिती दिली नाही, mahiti dili nahi) still asks the status; and tells Marathi by "time" (वेळी, दरवेळी, खेपेला), which Hindi writes बार', () => {
    for (const text of ['परवा तुमच्या सरांनी फोनवर नीट माहिती दिली', 'kal helpline var madam ni mahiti dili']) expect(understandMessage(text).kind, text).to.not.equal('intent');
    for (const text of ['आठवडा झाला, कोणीच माहिती दिली नाही', 'ajun konich mahiti dili nahi']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(detectLanguage('दरवेळी नवा बहाणा')).to.equal('MR');
    expect(detectLanguage('हर बार नया बहाना')).to.equal('HI');
  });
  it('reads फक्त and fakt as limiting words (`only`), a cut only before the sum they limit, अंशतः (partially) as a cut and "on what basis" (कोणत्या आधारावर, kontya adharavar) as why', () => {
    expect(matchIntent('फक्त अंशतः मंजुरी का?')).to.equal('query_reason');
    expect(matchIntent('क्लेम 76000 चा होता, फक्त 41000 आले')).to.equal('query_reason');
    expect(matchIntent('फक्त पैसे कधी येतील ते सांगा')).to.equal('claim_status');
    for (const text of ['सासूबाईंचा क्लेम नाकारला, कोणत्या आधारावर ते स्पष्ट करा', 'aaicha claim reject kela, kontya adharavar?']) expect(matchIntent(text), text).to.equal('query_reason');
  });
  it('reads papers told uploaded in the passive (अपलोड झाली आहेत, upload zale aahet) as papers done: news, no documents workflow; whether they went, or what is still due, asked after still asks for documents', () => {
    for (const text of ['डिस्चार्ज समरी आणि औषधांची बिलं अपलोड झाली आहेत', 'discharge summary ani pharmacy bills upload zalet']) expect(understandMessage(text).kind, text).to.not.equal('intent');
    expect(matchIntent('रिपोर्ट अपलोड झाले, अजून कोणते कागद लागतील?')).to.equal('pending_documents');
    expect(matchIntent('reports upload zale ka?')).to.equal('pending_documents');
  });
  it('tells romanised Marathi by "opens" and "keeps coming" (ughadat, yetay, sarkha), which Hinglish writes khul, aa raha', () => {
    expect(detectLanguage('portal ughadat nahi')).to.equal('MR_EN');
    expect(detectLanguage('sarkha OTP error yetay')).to.equal('MR_EN');
    expect(detectLanguage('portal khul nahi raha')).to.equal('HI_EN');
  });
  it('reads a call or visit told come, in the clause right before an explanation understood (फोन आला होता, नीट समजावून सांगितलं, neet sangitla), as who explained: no person asked for; a talk asked for after it still hands over', () => {
    for (const text of ['शाखेतून साहेबांचा फोन आला, त्यांनी नीट सांगितलं', 'parva agent cha call aala hota, tyanni neet samjavun sangitla', 'एजंट घरी आले होते, छान समजावलं']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(matchIntent('एजंटचा फोन आला होता, नीट समजावलं, पण मला मॅनेजरशी बोलायचं आहे')).to.equal('human_handover');
    expect(matchIntent('agent cha phone ala nahi, mala tyanchyashi bolaycha ahe')).to.equal('human_handover');
  });
  it('reads papers asked checked for being enough (पुरेसे आहेत का तपासून सांगा, purese ahet ka check karun sanga) as a need, its check-and-tell no status; a claim asked checked still asks the status', () => {
    for (const text of ['परवा सात बिलं अपलोड केली, ती पुरेशी आहेत का तपासून कळवा', 'kal reports mail kele, purese ahet ka check karun sanga']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
    expect(matchIntent('आईचा क्लेम मंजूर झाला का बघून सांगा')).to.equal('claim_status');
  });
  it('reads plans asked for a policy to buy (plans pathva, प्लॅन्स पाठवा, policy gheychi) and a mobile number told changed as the policy\'s business, and praise of a helpful agent (madat karnara) as thanks: no workflow', () => {
    for (const text of ['aai sathi navin health policy gheychi ahe, plans pathvun dya', 'मुलासाठी नवीन पॉलिसी घ्यायची आहे, प्लॅन्स पाठवा', 'phone number badlala ahe, update kara', 'आमचा एजंट खूप मदत करणारा आहे', 'tumchi helpline chi tai khup madat karnari ahe']) {
      expect(understandMessage(text).kind, text).to.not.equal('intent');
    }
    expect(matchIntent('claim che konte documents pathvayche baki ahet?')).to.equal('pending_documents');
  });
  it('reads every way of asking someone to call, contact or take a complaint (koni tari phone karun samjava, manager la sanga mala contact karayla, कोणीतरी फोन करून समजावा, TPA virudh complaint ... konakade?) as a handover', () => {
    for (const text of ['koni tari call karun samjavun sanga', 'tumchya RM la sanga mala phone karayla', 'kunala tari sanga mala sampark karayla', 'TPA chya virodhat takrar karaychi, kunakade jau?', 'maza claim reject zala, takrar karaychi ahe, kuthe ani konakade?', 'कोणीतरी कॉल करून समजावा', 'तुमच्या मॅनेजरला सांगा मला कॉल करायला', 'टीपीए विरुद्ध तक्रार करायची आहे, कुठे आणि कोणाकडे?']) {
      expect(matchIntent(text), text).to.equal('human_handover');
    }
    expect(matchIntent('documents kuthe ani konakade pathvu?')).to.equal('pending_documents');
  });
  it('reads a staff member praised (asa staff saglyakade pahije) and an agent\'s advice told (agent mhanale ithe message kara, mhanun kela; एजंटने सांगितलं इथे मेसेज करा) as small talk, no handover', () => {
    for (const text of ['Gaikwad madam ne phone var neet samjavun sangitla. ase staff saglyakade pahijet', 'amche agent Pawar kaka mhanale ithe kalva, mhanun kalavtoy', 'agent tai sangitla ithe message kara mhanun kelay', 'एजंट दादांनी सांगितलं इथे मेसेज करा, म्हणून केलं']) {
      expect(understandMessage(text).kind, text).to.not.equal('intent');
    }
    expect(matchIntent('agent mhanale paise yetil, pan claim kuthparyant ala?')).to.equal('claim_status');
  });
  it('reads papers told couriered with a tracking number, after "je magitla te" (what was asked), as a statement: no documents workflow', () => {
    for (const text of ['patra madhe je magitle te sagle kal courier kele, tracking no. DX77120', 'जे मागितलं ते सगळं आज कुरिअर केलं, ट्रॅकिंग नंबर EK55120']) {
      expect(understandMessage(text).kind, text).to.not.equal('intent');
    }
    expect(matchIntent('je magitla te ajun pathavla nahi, ajun kay lagel?')).to.equal('pending_documents');
  });
  it('reads a bare sum after a genitive (ambulance che 3000, रूम रेंट चा २५००) as an amount, so why it was not paid asks the reason', () => {
    for (const text of ['oxygen che 4500 ka nahi dile?', 'room rent cha 2500 ka kaapla?', 'ॲम्बुलन्स चे २००० का नाही दिले?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
    }
  });
  it('reads where the work has reached (kaam kuthe ala ahe, काम कुठपर्यंत आलं) and still in process (process मधेच) as the status, papers told given (documents dile) as no papers asked', () => {
    for (const text of ['1 Nov la documents dile, ata sanga kaam kuthvar ala ahe', 'माझं काम कुठपर्यंत आलं?', 'माझी फाईल अजून प्रोसेसमधेच आहे का?', 'ajun process madhech ahe ka claim?']) {
      expect(matchIntent(text), text).to.equal('claim_status');
    }
    expect(matchIntent('form kuthe milel?')).to.equal('pending_documents');
  });
  it('reads the premium\'s due date (पॉलिसीचा प्रीमियम कधीपर्यंत, policy cha premium) and a receipt for tax (टॅक्ससाठी पावती) as the policy\'s business, and staff wished for everywhere (असा स्टाफ पाहिजे) as praise', () => {
    for (const text of ['पॉलिसीचा प्रीमियम कधीपर्यंत जमा करायचा?', 'policy cha premium kadhi paryant bharaycha ahe?', 'मला टॅक्ससाठी पावती कुठे मिळेल?', 'पाटील सरांनी फोनवर सगळं समजावून सांगितलं, असे कर्मचारी पाहिजेत']) {
      expect(understandMessage(text).kind, text).to.not.equal('intent');
    }
    expect(matchIntent('क्लेमचे पैसे कधीपर्यंत येतील?')).to.equal('claim_status');
  });
  it('tells Marathi by महाराष्ट्र ("जय महाराष्ट्र"), which a Hindi greeting does not write', () => {
    expect(detectLanguage('जय महाराष्ट्र ताई')).to.equal('MR');
    expect(detectLanguage('महाराष्ट्र में मेरा क्लेम कब आएगा?')).to.equal('HI');
  });
  it('reads an agent who came home and explained (समजावून गेला, samjavun gela) and praised (चांगला माणूस) as thanks, not a request for a person', () => {
    for (const text of ['एजंट विनोद परवा घरी येऊन फॉर्म समजावून गेले, चांगला माणूस आहे', 'agent kaka ghari yeun sagla samjavun gele']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(matchIntent('एजंट विनोदशी बोलायचं आहे, फोन करा')).to.equal('human_handover');
  });
  it('reads venting about a cut with nothing asked (हे बरोबर नाही, कापले ते कापले, दुसरी कंपनी बघू) as small talk, a cut asked why still the reason', () => {
    for (const text of ['न सांगता पैसे कापले, हे योग्य नाही', 'kaple te kaple, ata kay bolnar', 'कापलं ते कापलं, पुढच्या वर्षी दुसरी कंपनी बघू']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(matchIntent('औषधांचे पैसे का कापले?')).to.equal('query_reason');
  });
  it('starts nothing on papers put on the portal or the renewal paid by GPay; a rejection asked yes-no (रिजेक्ट झाला का, reject zala ka) is the status', () => {
    for (const text of ['रिपोर्ट्स portal वर टाकले', 'रिन्यूअलचे पैसे फोनपे ने भरता येतील का?']) {
      expect(understandMessage(text).kind, text).to.not.equal('intent');
    }
    for (const text of ['आईचा क्लेम रिजेक्ट झाला का?', 'dada maza claim reject zala ka?', 'माझ्या फाईलच काय जाल ते कळवा', 'बिलं पाठवून दोन महिने झाले, अजून किती थांबायचं?']) {
      expect(matchIntent(text), text).to.equal('claim_status');
    }
    expect(matchIntent('का रिजेक्ट झाला क्लेम?')).to.equal('query_reason');
  });
  it('reads whether what was sent is enough (jevdhe pathavle tevdhe purese, जेवढे पाठवले तेवढे पुरेसे) as a need for papers', () => {
    for (const text of ['jevdhe pathavle tevdhe purese ahe na, ki ajun kahi lagel?', 'जेवढे पाठवले तेवढे पुरेसे आहे का?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
  });
  it('reads a query raised again (परत क्वेरी का) as why it was raised, even beside papers told given; a query asked what to send still asks for documents', () => {
    for (const text of ['परत क्वेरी का? सगळे रिपोर्ट्स आधीच दिले होते', 'पुन्हा क्वेरी का? बिलं आधीच पाठवली']) {
      expect(matchIntent(text), text).to.equal('query_reason');
    }
    expect(matchIntent('query ali ahe, kay pathvu?')).to.equal('pending_documents');
  });

  it('reads काल as yesterday where no कॉल is written (the pack\'s date_folds_onto_call: the two fold to one word), and a written कॉल as the call', () => {
    expect(packOf('MR').date_folds_onto_call?.map((d) => [d.date, d.call])).to.deep.equal([['काल', 'कॉल']]);
    for (const text of ['मला काल पत्र मिळालं, धन्यवाद', 'काल मला त्यांचा मेसेज आला']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('MR');
    }
    expect(understandMessage('मला काल पत्र मिळालं, धन्यवाद').kind).to.equal('small_talk');
    for (const text of ['मला कॉल करा, कालपासून वाट बघतोय', 'कृपया मला कॉल करा']) expect(matchIntent(text), text).to.equal('human_handover');
  });

  /** The routing a message gets: its intent, or small talk, or unclear. */
  const routed = (text: string) => {
    const u = understandMessage(text);
    return u.kind === 'small_talk' || u.kind === 'unclear' ? u.kind : u.intent;
  };

  it('reads the habitual अडकतं, अडकते (it gets stuck: an app or a page) as itself, no typo of the status word अडकलं; a claim stuck still asks the status', () => {
    for (const text of ['ॲप उघडल्यावर पेमेंट पेजवरच अडकतं', 'वेबसाइट लोडिंगवरच अडकते, काय करू?']) expect(routed(text), text).to.equal('unclear');
    expect(routed('माझा क्लेम अडकलाय')).to.equal('claim_status');
  });

  it('reads "what can one say now" in either order (आता काय बोलणार, काय बोलणार आता; काय करणार आता) as venting, no question', () => {
    for (const text of ['पैसे कापले, काय बोलणार आता', 'सगळं संपलं, काय करणार आता']) expect(routed(text), text).to.equal('small_talk');
  });

  it('reads a person asked to be put through as a question (जोडून देता का, जोडून द्याल का) as a handover request', () => {
    for (const text of ['एखाद्या साहेबांशी जोडून द्याल का?', 'मला मॅनेजरशी जोडून देता का?']) expect(routed(text), text).to.equal('human_handover');
  });

  it('reads money asked why it went (पैसे का गेले) as the reason asked', () => {
    for (const text of ['बिलातून पाच हजार का गेले?', 'औषधांचे पैसे का गेले?']) expect(routed(text), text).to.equal('query_reason');
  });

  it('reads a rejection asked yes or no in the feminine (रिजेक्ट झाली का, reject zali ka: a claim is often feminine) as the status; "why was it rejected" still the reason', () => {
    for (const text of ['majhi claim reject zali ka, sanga na', 'आईची क्लेम रिजेक्ट झाली का?']) expect(routed(text), text).to.equal('claim_status');
    expect(routed('claim reject ka zali?')).to.equal('query_reason');
  });

  it('reads a cause-of-illness certificate as a paper, not a cause asked, and "do I have to get" (ghyava lagel, ghyaycha ahe ka) as a need; a rejection\'s cause asked is still the reason', () => {
    for (const text of ['hospital kadun cause of illness certificate ghyava lagel ka?', 'discharge card ghyaycha ahe ka?']) expect(routed(text), text).to.equal('pending_documents');
    expect(routed('reject cha cause kay?')).to.equal('query_reason');
  });

  it('reads "on which point" (कोणत्या मुद्द्यावर, kontya mudyavar) as why, and kalvave as a request', () => {
    for (const text of ['kontya mudyavar paise kami kele te kalvave', 'कोणत्या मुद्द्यावर रक्कम कापली ते कळवा']) expect(routed(text), text).to.equal('query_reason');
  });

  it('reads nikaal as nikal (the decision: nikal lagla ka) and asks the status', () => {
    for (const text of ['bhavacha claim cha nikaal lagla ka?', 'nikaal kadhi lagel?']) expect(routed(text), text).to.equal('claim_status');
  });

  it('reads a need asked with the emphatic -च (लागतोच का, lagtoch ka: is it really needed?) as a question about papers, and the panchnama (पंचनामा) as a paper', () => {
    for (const text of ['पंचनामा लागतोच का?', 'panchnama lagtoch ka?', 'डिस्चार्ज समरी लागेलच का क्लेमसाठी?']) expect(routed(text), text).to.equal('pending_documents');
  });

  it('reads a sum with the emphatic -च joined or apart (४०च, 40ch, 30 hazar ch: only that much) as the cut asked about; after a money word it is mere emphasis', () => {
    for (const text of ['७० हजारांच्या बिलातून ४०च का?', '70 hazar bill madhun 40ch ka?', 'bill 1 lakh hota, 30 hazar ch dile, ka?']) expect(routed(text), text).to.equal('query_reason');
    expect(routed('app madhe ajun pending ch dakhavtay')).to.equal('claim_status');
  });

  it('reads a claim word with a case ending before a paper (क्लेमसाठी डिस्चार्ज समरी, claimla FIR copy: for the claim) as the claim the paper is for, so a paper question after one on the office still asks for documents', () => {
    for (const text of ['ऑफिस रविवारी उघडं असतं का? आणि क्लेमसाठी डिस्चार्ज समरी लागते का?', 'office shanivari chalu asta ka? ani claimsathi FIR copy lagte ka?']) {
      expect(routed(text), text).to.equal('pending_documents');
    }
    expect(routed('क्लेम फॉर्म कुठे मिळेल?')).to.equal('pending_documents');
  });
});
