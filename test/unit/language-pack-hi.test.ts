/**
 * The Hindi pack (pipeline/languages/hi): words of its classes and markers that the other packs'
 * tests do not cover: papers asked after ("मिली क्या?"), an insurer's query (क्वेरी), and the Hindi
 * words that keep a message Hindi beside a Marathi one (जी, किस).
 */
import { expect } from 'chai';
import { detectLanguage } from '../../pipeline/language';
import { matchIntent, understandMessage } from '../../pipeline/intents';

describe('language pack: Hindi (HI)', () => {
  it('reads "मिली क्या?" after papers sent as asking whether they arrived', () => {
    for (const text of ['लैब रिपोर्ट परसों भेजी थी, मिली क्या?', 'कैंसल चेक कूरियर किया था, मिला क्या?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
      expect(detectLanguage(text), text).to.equal('HI');
    }
    // Money received is still a payment.
    expect(matchIntent('पेमेंट मिली क्या?')).to.equal('claim_status');
  });

  it('reads an insurer\'s query as papers asked for, and why it was raised as why', () => {
    expect(matchIntent('क्वेरी में कौन से कागज़ मांगे हैं?')).to.equal('pending_documents');
    expect(matchIntent('दोबारा क्वेरी क्यों डाली?')).to.equal('query_reason');
  });

  it('keeps a message Hindi with जी or किस beside a word Marathi shares', () => {
    expect(detectLanguage('नमस्कार जी')).to.equal('HI');
    expect(detectLanguage('ये चार्ज किस चीज़ का?')).to.equal('HI');
  });
  it('reads so many days in the oblique plural (इतने दिनों से, कई हफ्तों से) and a period passed as a delay: why beside it asks the status', () => {
    for (const text of ['भुगतान इतने दिनों से रुका है, क्यों?', 'कई हफ्तों से कोई जवाब नहीं, क्यों?', 'क्लेम किए दो महीने हो गए, पैसा क्यों नहीं आया?']) {
      expect(matchIntent(text), text).to.equal('claim_status');
    }
    // Without the delay, the same why asks the reason.
    expect(matchIntent('पैसा क्यों नहीं आया?')).to.equal('query_reason');
  });
  it('reads कर दिया (did) as no payment by itself, and "which rule" as why', () => {
    // "Rejected" is no payment beside a claim: the rejection is asked about.
    expect(matchIntent('हमारा क्लेम रिजेक्ट कर दिया')).to.equal('query_reason');
    expect(matchIntent('पॉलिसी चालू थी फिर भी क्लेम बंद कर दिया। यह कौन सा नियम है?')).to.equal('query_reason');
    expect(matchIntent('कोणत्या नियमाने क्लेम बंद केला?')).to.equal('query_reason');
    // A payment made is still a payment.
    expect(matchIntent('क्लेम का पेमेंट कर दिया क्या?')).to.equal('claim_status');
  });

  it('reads फाइल as a paper too, कैसे लाऊं / कहां से लाएं as how to get a paper, and कहां तक पहुंची as where the claim stands', () => {
    for (const text of ['अस्पताल वाली फाइल कहां से लाएं?', 'डॉक्टर का सर्टिफिकेट कैसे लाऊं?', 'बड़ी फाइलें अपलोड नहीं हो रहीं, क्या करूं?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('मेरे क्लेम की फाइल कहां तक पहुंची?')).to.equal('claim_status');
  });
  it('reads "रिन्यू नहीं करूंगा" (will not renew) as a parting word that asks nothing, whatever cut it vents about', () => {
    for (const text of ['हर बार पैसा काट लेते हो, अब पॉलिसी रिन्यू नहीं करूंगी।', 'बहुत परेशान किया आपने, आगे से रिन्यू नहीं करवाऊंगा', 'हर बार कटौती, अगली बार आपसे पॉलिसी नहीं लूंगी', 'बिल काट लिया, अब दूसरी कंपनी में पोर्ट करवा लूंगा']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal('HI');
    }
    // A question beside it still asks.
    expect(matchIntent('रिन्यू नहीं करूंगा, पर पहले बताइए मेरा क्लेम कब पास होगा?')).to.equal('claim_status');
  });

  it('reads चक्कर काट (running around) and घटिया (shoddy) as themselves, no cut', () => {
    for (const text of ['दो हफ्ते से ऑफिस के चक्कर काट रही हूं, बहुत घटिया काम है', 'घटिया सर्विस, बार बार चक्कर लगाने पड़ते हैं']) {
      expect(matchIntent(text), text).to.not.equal('query_reason');
    }
  });

  it('reads "हुआ क्या" (what happened, the verb first) as a status question, and "चेक करके बताइए" as a request to check, no cheque', () => {
    for (const text of ['दो महीने हो गए, मेरे क्लेम का हुआ क्या?', 'मेरा क्लेम स्टेटस चेक करके बताइए, पिताजी मार्च में भर्ती थे']) {
      expect(matchIntent(text), text).to.equal('claim_status');
    }
    // A cancelled cheque is still a paper.
    expect(matchIntent('कैंसल चेक भेजना है क्या?')).to.equal('pending_documents');
  });

  it('reads नॉन मेडिकल (non-medical) as a deduction and "कौन सा खर्च" (which expense) beside it as the items cut: why asked', () => {
    expect(matchIntent('लेटर में नॉन मेडिकल लिखा है। वो कौन सा खर्च था जिसका पैसा नहीं मिला?')).to.equal('query_reason');
  });
  it('reads "देने के बाद (भी)", "भेजने के बाद" (after, even after sending) as papers handed in: what else is needed still asks for documents', () => {
    for (const text of ['सारी रिपोर्ट देने के बाद भी पैसा नहीं आया', 'बिल भेजने के बाद भी क्लेम रुका पड़ा है', 'कागज जमा करने के बाद क्लेम अटका हुआ है', 'बिल जमा करके भी पैसा नहीं मिला']) {
      expect(matchIntent(text), text).to.equal('claim_status');
    }
    expect(matchIntent('सब रिपोर्ट देने के बाद भी और क्या चाहिए?')).to.equal('pending_documents');
  });
  it('reads "किस कंपनी का नंबर" (which company\'s number) as a greeting that asks nothing', () => {
    expect(understandMessage('ये किस कंपनी का नंबर है?').kind).to.equal('small_talk');
  });
  it('reads a changed phone number (फोन नंबर बदल गया) as no call and no status: it starts no workflow', () => {
    expect(matchIntent('मेरा फोन नंबर बदल गया है, नया नंबर अपडेट कर दीजिए')).to.equal(null);
  });
  it('reads papers being sent now or to be handed in (भेज रही हूं, मेल कर रहा हूं, जमा करवा दूंगी) as telling, while where to send still asks', () => {
    for (const text of ['शाम तक सारे बिल भेज रही हूं', 'डिस्चार्ज समरी अभी मेल कर रहा हूं', 'रिपोर्ट सोमवार को जमा करवा दूंगी']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('कागज़ भेज रहा हूं, किस पते पर भेजूं?')).to.equal('pending_documents');
  });

  it('reads निपटा (settled) as a payment made, so a claim still not settled asks the status, and कहां मिलेगा as where to get a paper', () => {
    expect(matchIntent('मेरा क्लेम अभी तक क्यों नहीं निपटा?')).to.equal('claim_status');
    expect(matchIntent('क्लेम कब तक निपटेगा?')).to.equal('claim_status');
    expect(matchIntent('क्लेम फॉर्म कहां मिलेगा?')).to.equal('pending_documents');
  });
  it('reads "क्या ये बॉट है?" (is this a bot?) as a greeting that asks nothing, and a person asked for after it as a person', () => {
    expect(understandMessage('क्या यह बॉट है?').kind).to.equal('small_talk');
    expect(matchIntent('ये बॉट है क्या? मुझे इंसान से बात करनी है')).to.equal('human_handover');
  });
  it('reads फ़ैसला (decision) as where the claim stands: no decision yet asks the status, a rejection beside it still asks why', () => {
    for (const text of ['पिताजी के क्लेम का फ़ैसला कब होगा?', 'एक महीना हो गया, अभी तक फैसला क्यों नहीं हुआ?']) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('फैसला गलत है, क्लेम क्यों रिजेक्ट किया?')).to.equal('query_reason');
  });
  it('reads papers told couriered, mailed or WhatsApped with the perfect of कर (कूरियर कर दिए, ईमेल कर दी, व्हाट्सएप किया) as sent: a report that starts nothing', () => {
    for (const text of ['डिस्चार्ज समरी व्हाट्सएप कर दी है', 'अस्पताल के सारे बिल कल ईमेल कर दिए', 'दवाई के पर्चे स्कैन करके अपलोड कर चुका']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('पर्चे कूरियर कर दिए, और क्या भेजना है?')).to.equal('pending_documents');
  });
  it('reads papers handed over in person (देकर आई, जमा करके आए) as sent: telling it starts nothing, and asking after starts papers', () => {
    for (const text of ['कल बेटा अस्पताल के सारे बिल ऑफिस में देकर आया', 'मैं खुद जाकर रिपोर्ट जमा करके आई हूं']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('सोमवार को शाखा में कागज़ देकर आई थी। बाकी क्या लाना है?')).to.equal('pending_documents');
  });
  it('reads "सिस्टम में चढ़ा" (entered in the system) after papers handed in as asking whether they were received, not the claim\'s status', () => {
    for (const text of ['बिल ऑफिस में दे आए थे। वो सिस्टम में चढ़ गए या नहीं?', 'रिपोर्ट जमा कर दी है, सिस्टम में दर्ज हुई क्या?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
  });
  it('reads "कहां से आई" (where did it come from) beside a cut as asking why it was cut', () => {
    for (const text of ['कमरे के किराए में 4000 कम दिए। ये नियम कहां से आया?', 'सिर्फ आधा पैसा मिला, ये कटौती कहाँ से आई?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
    }
    expect(matchIntent('क्लेम का पैसा कब आएगा?')).to.equal('claim_status');
  });
  it('reads running around for weeks (चक्कर काट रहा, चक्कर लगा रही) and "भगवान बचाए" as venting that starts nothing, while a question after it still asks', () => {
    for (const text of ['तीन हफ्ते से ऑफिस के चक्कर काट रहा हूं। हर बार नया कागज़ मांगते हो।', 'ऐसी कंपनी से तो भगवान बचाए, रोज़ चक्कर लगा रही हूं।']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('दस दिन से चक्कर काट रहा हूं, पैसा कब मिलेगा?')).to.equal('claim_status');
  });
  it('reads papers the insurer is asking for (मांग रहे हैं, मांग ली) as needed: where to get them asks for documents', () => {
    for (const text of ['टीपीए वाले डॉक्टर का सर्टिफिकेट मांग रहे हैं। वो कहां से मिलेगा?', 'उन्होंने पुलिस रिपोर्ट मांग ली है, अब क्या करूं?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
  });
  it('reads an explanation told given (कटौती समझा दी) and "अब सब साफ है" (all clear now) as closing: it starts nothing, while a why after it still asks', () => {
    for (const text of ['अधिकारी ने फोन पर कटौती समझा दी। अब सब साफ है।', 'कमरे के किराए का हिसाब समझा दिया है, सब साफ हो गया।']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(matchIntent('कटौती समझा दी, पर दवाई का पैसा क्यों काटा?')).to.equal('query_reason');
  });
  it('reads "कुछ आगे बढ़ा?" (has it moved forward?) as asking where the claim stands; forwarding told (आगे बढ़ा दूंगा) asks nothing', () => {
    for (const text of ['दो हफ्ते पहले सारे कागज़ पहुंच गए थे। कुछ आगे बढ़ा?', 'मेरा क्लेम आगे बढ़ा क्या?']) {
      expect(matchIntent(text), text).to.equal('claim_status');
    }
    expect(matchIntent('मैं ये बात आगे बढ़ा दूंगा')).to.equal(null);
  });
  it('reads a talk told past (एजेंट से बात हुई) and praise (बहुत विनम्र और मददगार) as telling, and "आपसे संपर्क करेंगे" as a closing: no person asked for', () => {
    for (const text of ['परसों आपकी अधिकारी वर्मा जी से बात हुई। वो बहुत मददगार थीं।', 'बिल मेरी बहन के पास हैं। वो अगले हफ्ते आपसे संपर्क करेंगी।']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('एजेंट से बात हुई पर कुछ नहीं हुआ। किसी सीनियर से बात करवाइए।')).to.equal('human_handover');
  });
  it('reads "बाकी पैसा भेज दिया क्या?" after a cut told as asking whether the rest was paid, not why it was cut', () => {
    expect(matchIntent('दवाइयों के 1,800 काट लिए, ठीक है। बाकी पैसा भेज दिया क्या?')).to.equal('claim_status');
    expect(matchIntent('बिल भेज दिया, और क्या चाहिए?')).to.equal('pending_documents');
  });
  it('reads papers someone else will send (भेजेंगे, भेज देगा) as told: it starts nothing, while what else to send still asks', () => {
    for (const text of ['लैब वाले रिपोर्ट सीधे आपको भेजेंगे।', 'डॉक्टर साहब का क्लिनिक पर्चा कल भेज देगा।']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('अस्पताल बिल भेजेगा, मुझे और क्या भेजना है?')).to.equal('pending_documents');
  });
  it('reads "सिर्फ इतना जानना है" (I only want to know) as a request, no cut: what follows it is asked; "सिर्फ इतना पैसा क्यों" still asks why', () => {
    expect(matchIntent('मुझे सिर्फ इतना जानना है कि पिताजी का क्लेम पास हुआ या नहीं।')).to.equal('claim_status');
    expect(matchIntent('सिर्फ इतना पैसा क्यों दिया?')).to.equal('query_reason');
  });
  it('reads next week told (अगले हफ्ते), venting (परेशान किया, ये कोई तरीका नहीं है) and the court told as the claimant\'s plan as telling; "क्लेम का कुछ हुआ?" asks the status, "एक बात पूछनी थी" no person', () => {
    for (const text of ['पिताजी की फिजियोथेरेपी अगले हफ्ते से शुरू होगी। दवाई का बिल बाद में देखेंगे।', 'हर हफ्ते नए कागज़ मांगते हो, ये कोई तरीका नहीं है।', 'अस्पताल ने बहुत परेशान किया, बिल देने में पूरा दिन लगा दिया।', 'बहुत हो गया, अब मैं कंज्यूमर कोर्ट जाऊंगा।']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('पापा का ऑपरेशन पिछले महीने हुआ था। क्लेम का कुछ हुआ?')).to.equal('claim_status');
    expect(matchIntent('एक बात पूछनी थी, क्या पॉलिसी में बेटी का नाम जुड़ सकता है?')).to.equal(null);
  });
  it('reads money come in its plural and completed forms (पैसे आए, आ गए, आ चुके) as a payment asked about; a family member come home (घर आ गए, घर लौट आई) is news and starts nothing', () => {
    for (const text of ['रिफंड के पैसे आए क्या?', 'क्लेम का पैसा आ गया क्या?', 'दवाइयों के पैसे आ चुके हैं क्या?']) {
      expect(matchIntent(text), text).to.equal('claim_status');
      expect(detectLanguage(text), text).to.equal('HI');
    }
    for (const text of ['नानाजी कल शाम घर आ गए हैं', 'बेटी हॉस्टल से घर लौट आई है']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI');
    }
  });
  it('reads the policy\'s own business (renewal, premium, a new policy) as no claim: a renewal told done (पॉलिसी रिन्यू कर दी) closes, and when to renew or what the premium is (रिन्यू कब तक, प्रीमियम कितना) starts no claim workflow; a claim question beside them still asks', () => {
    for (const text of ['पिछले हफ्ते पॉलिसी रिन्यू करवा दी, रसीद भी मिल गई।', 'पॉलिसी कब तक रिन्यू करनी होगी?', 'नई पॉलिसी का प्रीमियम कितना लगेगा?']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('पॉलिसी रिन्यू कर दी थी, फिर भी क्लेम क्यों रिजेक्ट हुआ?')).to.equal('query_reason');
  });
  it('reads a visit with papers planned (लेकर ऑफिस आऊंगी), papers to send again (भेजूंगी), coming home (घर आ गए) and a complaint the claimant will write (लोकपाल को लिखूंगा) as telling; "किसी से बोलिए मुझे फोन करे" asks for a person', () => {
    for (const text of ['कल बाकी बिल लेकर ऑफिस आऊंगी।', 'बिल कल दोबारा भेजूंगी।', 'पापा कल घर आ गए। डॉक्टर ने आराम बोला है।', 'मैं लोकपाल को लिखूंगा, बहुत हो गया।']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('किसी से बोलिए मुझे फोन करे')).to.equal('human_handover');
  });
  it('reads the policy\'s own business (नॉमिनी, प्रीमियम, जोड़ सकते) beside the policy as no claim question; a claim asked beside it still is', () => {
    for (const text of ['पॉलिसी में नॉमिनी कैसे बदलें?', 'क्या मेरी बहू का नाम पॉलिसी में जोड़ सकते हैं?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('प्रीमियम समय पर भरा था, फिर भी क्लेम क्यों रिजेक्ट हुआ?')).to.equal('query_reason');
  });
  it('reads nobody picking up (कोई फोन नहीं उठाता, कोई जवाब नहीं देता), the claimant having told someone everything (एजेंट को सब बता दिया) and bills brought (बिल ले आए) as telling: they start nothing; a person asked beside them, or the money the agent promised, still asks', () => {
    for (const text of ['हेल्पलाइन पर कोई फोन नहीं उठाता, थक गई हूं।', 'अस्पताल वालों को सब कुछ बता दिया है।', 'जीजाजी केमिस्ट से दवाई के बिल ले आए।']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('कोई फोन नहीं उठाता, किसी सीनियर से बात कराइए।')).to.equal('human_handover');
    expect(matchIntent('एजेंट ने बताया था कि पैसे आएंगे, अब तक नहीं आए।')).to.equal('claim_status');
  });
  it('reads "कोई मुझे ... फोन करे" (someone should call me) as asking for a person, and "सूची नोट कर ली" (noted the list) as a closing', () => {
    expect(matchIntent('फॉर्म भेज दिया। कोई मुझे रिजेक्ट हुए क्लेम के बारे में फोन करे।')).to.equal('human_handover');
    expect(understandMessage('ठीक है, कागज़ों की सूची नोट कर ली। सोमवार को भेज दूंगी।').kind).to.equal('small_talk');
  });
  it('reads nobody having picked up, in the past (किसी ने फोन नहीं उठाया, उठाया ही नहीं) as venting, as नहीं उठाता is: customer care called five times starts nothing; a call back asked beside it still asks', () => {
    const text = 'हेल्पलाइन पर दस बार कॉल किया, किसी ने उठाया ही नहीं।';
    expect(matchIntent(text)).to.equal(null);
    expect(detectLanguage(text)).to.equal('HI');
    expect(matchIntent('किसी ने फोन नहीं उठाया, मुझे वापस कॉल कीजिए।')).to.equal('human_handover');
  });
  it('reads a patient\'s health news (हालत स्थिर), an explanation given (समझाई), a plan to hand papers in (जमा करने का इरादा), waiting told (इंतज़ार करूंगा), "के पास" (near) and how to download the e-card as asking nothing', () => {
    for (const text of ['माँ अभी आईसीयू में हैं पर हालत स्थिर है। छुट्टी के बाद बिल भेजूंगा।', 'एजेंट ने कटौती बहुत अच्छे से समझाई। धन्यवाद।', 'कल ब्रांच जाकर असली कागज़ जमा करने का इरादा है।',
      'पोर्टल पर शिकायत डाल दी है। उनके जवाब का इंतज़ार करूंगा।', 'स्टेशन के पास कौन से नेटवर्क अस्पताल हैं?', 'ऐप से ई-कार्ड कैसे डाउनलोड करें?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
  });
  it('reads an update the claimant gives (बस अपडेट दे रहा हूं) and waiting told (रुका हूं) as telling', () => {
    for (const text of ['बस अपडेट दे रहा हूं: पिताजी की दूसरी सर्जरी 12 तारीख को है।', 'डेस्क वालों ने रुकने को कहा, तो रुका हूं।']) {
      expect(matchIntent(text), text).to.equal(null);
    }
  });
  it('reads a need told as a condition (ज़रूरत पड़ी तो) and the claim details to be kept (जानकारी संभाल कर रखिए) as asking nothing', () => {
    for (const text of ['ज़रूरत पड़ी तो एचआर के ज़रिए बात आगे बढ़ाऊंगा।', 'नई नौकरी लगी है। क्लेम की जानकारी संभाल कर रखिए।']) {
      expect(matchIntent(text), text).to.equal(null);
    }
  });
  it('reads a follow-up asked for (फॉलो अप कीजिए) as asking the status, and one told done (फॉलो अप किया) as thanks', () => {
    expect(matchIntent('मेरे क्लेम का फॉलो अप कीजिए')).to.equal('claim_status');
    expect(understandMessage('सुनीता जी का धन्यवाद, उन्होंने हर हफ्ते मेरे क्लेम का फॉलो अप किया।').kind).to.equal('small_talk');
  });
  it('reads an upload to retry (रात को कर दूंगा), a reason got (कारण मिल गया, अब कुछ नहीं चाहिए), a claim stopped (क्लेम रोक दिया) and "कोई शिकायत नहीं" as asking nothing; a why after no complaints still asks', () => {
    for (const text of ['बिजली नहीं थी, अपलोड नहीं कर पाया। रात को कर दूंगा।', 'रिजेक्शन का कारण अस्पताल से मिल गया। अब कुछ नहीं चाहिए।', 'अभी के लिए क्लेम रोक दिया है।']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('एजेंट अच्छा था, कोई शिकायत नहीं। पर एंबुलेंस का चार्ज क्यों नहीं दिया?')).to.equal('query_reason');
  });
  it('reads a number shared for the file (आपकी फाइल के लिए) and no hurry told (कोई जल्दी नहीं) as telling', () => {
    for (const text of ['अस्पताल को दिए एडवांस का यूटीआर 556677889900 है। बस आपकी फाइल के लिए।', 'पिछली बार प्रक्रिया में महीना लगा था, इसलिए इस बार कोई जल्दी नहीं।']) {
      expect(matchIntent(text), text).to.equal(null);
    }
  });
  it('reads a complaint the claimant will write (शिकायत लिखूंगा, बहुत हो गया) and a visit with papers (ब्रांच आ जाऊंगा) as telling', () => {
    for (const text of ['मैं IRDAI को शिकायत लिखूंगी, बहुत हो गया।', 'कल कागज़ लेकर ऑफिस आ जाऊंगी।']) {
      expect(matchIntent(text), text).to.equal(null);
    }
  });
  it('reads someone who would explain or tell (समझाने वाला कोई, बता सके ऐसा कोई) as a request for a person, not the greeting "कोई है?": a call asked for with it is a handover; "कोई है?" alone still greets', () => {
    for (const text of ['फोन पर समझाने वाला कोई है क्या?', 'क्लेम क्यों कटा समझ नहीं आया, कॉल पर बता सके ऐसा कोई है?']) {
      expect(matchIntent(text), text).to.equal('human_handover');
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(understandMessage('कोई है?').kind).to.equal('small_talk');
  });
  it('reads a refusal to redo the claimant\'s own paperwork (दोबारा नहीं भरूंगा, फिर से नहीं भेजूंगी) as venting, as MR\'s पुन्हा भरणार नाही: a form filled twice told with it starts nothing; a question beside it still asks', () => {
    for (const text of ['क्लेम फॉर्म तीन बार भर चुकी हूं, अब दोबारा नहीं भरूंगी।', 'सारे बिल दो बार भेजे, फिर से नहीं भेजूंगा']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('बिल दोबारा नहीं भेजूंगा, पैसा कब आएगा?')).to.equal('claim_status');
  });
  it('reads bad service told (सर्विस बहुत खराब, घटिया सर्विस, बेकार सेवा) as venting, as Hinglish "service bahut kharab" is: it starts nothing, and "ग्राहक सेवा" inside it asks for no person; a person or a question beside it still asks', () => {
    for (const text of ['आपकी सर्विस बहुत खराब है।', 'ग्राहक सेवा बहुत घटिया है', 'सबसे घटिया सर्विस']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('सर्विस बेकार है, मैनेजर से बात कराइए')).to.equal('human_handover');
    expect(matchIntent('बेकार सर्विस, मेरा पैसा क्यों काटा?')).to.equal('query_reason');
  });
  it('reads buying a policy (पॉलिसी लूंगा, बीमा लूंगी, बीमा लेना) as the policy\'s own business, as MR\'s विमा घेणार: "when would I take your insurance again" after bad service vents and asks no claim status; a claim asked beside it still asks', () => {
    for (const text of ['घटिया सर्विस, अब कब आपकी पॉलिसी लूंगा', 'सर्विस बेकार है, फिर कब इस कंपनी का बीमा लूंगी मैं?']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('बीमा लेना है, पर पहले क्लेम का पैसा कब आएगा?')).to.equal('claim_status');
  });

  it('reads a renewal planned (रिन्यू करूंगा, रिन्यू करवाऊंगा, रिन्यू करवाना है) as the policy\'s own business: next month\'s renewal told starts no claim workflow, as a renewal done closes; a claim asked beside it still asks', () => {
    for (const text of ['अगले महीने पॉलिसी रिन्यू करूंगा', 'पॉलिसी अगले साल रिन्यू करवाना है, प्रीमियम कितना होगा?']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('पॉलिसी रिन्यू करवा लूंगा, पर पहले बताइए क्लेम का पैसा कब आएगा?')).to.equal('claim_status');
    expect(matchIntent('पॉलिसी रिन्यू कराऊंगा पर क्लेम रिजेक्ट क्यों हुआ?')).to.equal('query_reason');
  });

  it('reads the claimant\'s own acceptance (मान लिया, मान ली, कुछ नहीं करना) as a closing: a rejection or a cut accepted starts nothing; a why beside it still asks', () => {
    for (const text of ['रिजेक्शन मान लिया, अब आगे कुछ नहीं करना', 'कटौती मान ली, चलो ठीक है']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('मान लिया, पर क्लेम रिजेक्ट क्यों हुआ?')).to.equal('query_reason');
  });

  it('reads thanks to God (भगवान का शुक्र है, शुक्र है, भगवान की कृपा से) and "just for your information" (बस जानकारी के लिए) as a closing: a claim passed or papers couriered told with them starts nothing; a question beside them still asks', () => {
    for (const text of ['भगवान की कृपा से क्लेम पास हो गया', 'बिल कूरियर कर दिए हैं, सिर्फ जानकारी के लिए']) {
      expect(matchIntent(text), text).to.equal(null);
      expect(detectLanguage(text), text).to.equal('HI');
    }
    expect(matchIntent('भगवान का शुक्र है पापा ठीक हैं, पर क्लेम का पैसा कब आएगा?')).to.equal('claim_status');
    expect(matchIntent('बस जानकारी के लिए पूछ रहा हूं, क्लेम का स्टेटस क्या है?')).to.equal('claim_status');
  });
  it('reads a rejection letter told come (रिजेक्शन लेटर मिल गया, अस्वीकृति पत्र मिला) as starting nothing; why it was rejected asked beside it still asks', () => {
    expect(matchIntent('आज ही रिजेक्शन लेटर आ गया')).to.equal(null);
    expect(matchIntent('अस्वीकृति पत्र मिला')).to.equal(null);
    expect(matchIntent('रिजेक्शन लेटर मिला, पर क्लेम रिजेक्ट क्यों हुआ?')).to.equal('query_reason');
  });
  it('reads venting about papers demanded every time and offices run round (हर बार नया कागज़, दफ़्तरों के चक्कर), a letter not yet opened (चिट्ठी आई, अभी खोली नहीं), a letter come by post and what comes next decided later (डाक से मिला, फिर आगे देखेंगे) and a wish for more cover (कवर बढ़ाना) as starting no workflow; a question beside them still asks', () => {
    for (const text of [
      'हर बार नया कागज़ माँगते हैं, दफ़्तरों के चक्कर लगाकर थक गया',
      'बीमा वालों की चिट्ठी आई है, अभी खोली नहीं',
      'कंपनी का पत्र डाक से मिला, वकील से बात करके फिर आगे देखेंगे',
    ]) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('मैं कवर बढ़ाना चाहता हूँ')).to.equal(null);
    expect(matchIntent('चिट्ठी आई है, पर क्लेम रिजेक्ट क्यों हुआ?')).to.equal('query_reason');
    expect(matchIntent('हर बार नया कागज़ माँगते हैं, अब और कौन से कागज़ चाहिए?')).to.equal('pending_documents');
  });
  it('reads the app not opening or crashing after an update (अपडेट के बाद, ऐप नहीं खुल रहा, क्रैश हो रहा है) as telling, no claim update asked; a status asked beside it still asks', () => {
    expect(matchIntent('फोन में अपडेट के बाद ऐप क्रैश हो रहा है')).to.equal(null);
    expect(matchIntent('ऐप नहीं खुल रहा, मेरे क्लेम का स्टेटस बता दीजिए')).to.equal('claim_status');
  });
  it('reads a wrong e-mail or phone number to update and a renewal whose online payment fails (ईमेल गलत, अपडेट करना है, रिन्यू करनी है, ऑनलाइन पेमेंट फेल) as the policy\'s business, no claim status or payment asked; the claim\'s status asked still asks', () => {
    for (const text of ['मोबाइल नंबर गलत है, अपडेट करना है', 'रिन्यू करनी है पर ऑनलाइन पेमेंट फेल हो रहा है']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('क्लेम का स्टेटस अपडेट करना है क्या?')).to.equal('claim_status');
  });
  it('reads a lost or new policy card and the premium or tax certificate (नया कार्ड, कार्ड खो गया, प्रीमियम सर्टिफिकेट, 80D सर्टिफिकेट) as the policy\'s own business, no claim paper: where to get them starts no workflow; an Aadhaar card asked for still asks for documents', () => {
    for (const text of ['हेल्थ कार्ड खो गया, नया कार्ड कैसे बनेगा?', 'इनकम टैक्स के लिए प्रीमियम सर्टिफिकेट कहाँ से मिलेगा?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('आधार कार्ड की कॉपी भेजनी है क्या?')).to.equal('pending_documents');
  });
  it('reads good morning typed in Devanagari (गुड मॉर्निंग) as a greeting, small talk', () => {
    expect(understandMessage('गुड मॉर्निंग जी').kind).to.equal('small_talk');
  });
  it('reads meeting an officer (अधिकारी से मिलना, से मिलवा दीजिए) as asking for a person, while a sum yet to come (कब मिलना है) stays a payment; the network hospital list and the 80D certificate are the policy\'s business', () => {
    for (const text of ['ब्रांच में किसी अधिकारी से मिलना है', 'मैनेजर से मिलवा दीजिए']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('पैसा कब मिलना है')).to.equal('claim_status');
    for (const text of ['नेटवर्क हॉस्पिटल की लिस्ट भेज दीजिए', '80D का सर्टिफिकेट चाहिए']) expect(matchIntent(text), text).to.equal(null);
  });
  it('reads a new mobile number to update (नया मोबाइल नंबर ... अपडेट करवाऊं) and premium in instalments (किस्तों में) as the policy\'s business; a claim status asked still asks', () => {
    for (const text of ['नया मोबाइल नंबर कैसे अपडेट करवाऊं?', 'प्रीमियम किस्तों में भर सकते हैं?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('क्लेम का स्टेटस क्या है?')).to.equal('claim_status');
  });
  it('reads papers someone will bring or hand in (लेकर आएगी, जमा कर देगा) as told, no payment asked; a question after it still asks', () => {
    for (const text of ['पत्नी परसों सारी रिपोर्ट लेकर आएगी', 'भाई कल ऑफिस में बिल जमा कर देगा']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('बेटा कल बिल लेकर आएगा, और कौन से डॉक्यूमेंट चाहिए?')).to.equal('pending_documents');
  });
  it('reads relief told (सुकून मिला, राहत मिली) as closing, no payment asked', () => {
    for (const text of ['क्लेम सेटल हो गया, सुकून मिला', 'पैसा आ गया, राहत मिली']) expect(matchIntent(text), text).to.equal(null);
  });
  it('reads a number changed (नंबर बदल गया, नया नंबर) and its update asked as the policy\'s business', () => {
    expect(matchIntent('मेरा नंबर बदल गया है, नया नंबर अपडेट कर दीजिए')).to.equal(null);
  });
  it('reads being fed up and not knowing what to do (तंग आ गया हूं, समझ नहीं आता क्या करूं) as venting, no payment asked', () => {
    expect(matchIntent('तंग आ गई हूं, समझ नहीं आ रहा क्या करूं')).to.equal(null);
  });
  it('reads papers asked complete (पूरे हैं क्या) as documents, a fee (फीस) not paid in full (पूरी नहीं मिली) as a cut, and whom to meet at the branch (ऑफिस में आकर किससे मिलना होगा) as asking for a person', () => {
    expect(matchIntent('जितने कागज़ भेजे, वो पूरे हैं क्या?')).to.equal('pending_documents');
    expect(matchIntent('डॉक्टर की फीस पूरी नहीं मिली, ऐसा क्यों?')).to.equal('query_reason');
    for (const text of ['ऑफिस में आकर किससे मिलना होगा?', 'किससे बात करूं?']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('ब्रांच में आकर कौन से कागज देने हैं?')).to.equal('pending_documents');
  });
  it('reads someone coming to the branch with the papers (लेकर ब्रांच आएगी) or having them handed in (जमा करवा देगा) as told; whom to meet (किससे मिलूं) asks for a person', () => {
    for (const text of ['मेरी पत्नी कल सारे कागज़ लेकर ब्रांच आएगी', 'बेटा परसों बिल जमा करवा देगा']) expect(matchIntent(text), text).to.equal(null);
    for (const text of ['ब्रांच आऊं तो किससे मिलूं?', 'ऑफिस आऊंगा तो किससे मिलूं?']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('कौन से कागज़ लेकर ऑफिस आऊं?')).to.equal('pending_documents');
  });
  it('reads renewing the policy (रिन्यू) as the policy\'s business, and how to do it (कैसे करें, कैसे करूं) as no why: how to renew starts nothing; why a claim was rejected still asks', () => {
    for (const text of ['हेल्थ पॉलिसी रिन्यू कैसे करूं?', 'पॉलिसी रिन्यू कैसे करें, बता दीजिए']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('मेरा क्लेम कैसे रिजेक्ट हो गया?')).to.equal('query_reason');
  });
  it('reads बंदा, बंदे (a person, as HI_EN\'s banda) as a human asked for, and a call asked with लेना or देना (फोन कर लेना, कॉल कर देना) as a call asked for', () => {
    for (const text of ['कोई असली बंदा चाहिए, मशीन से बात नहीं करनी', 'किसी बंदे से बात कराओ', 'दोपहर के बाद इस नंबर पर कॉल कर लेना', 'कल सुबह फ़ोन कर देना']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('मेरा क्लेम कब तक सेटल होगा?')).to.equal('claim_status');
  });
  it('reads where a charge came from in the perfective (कहां से आ गई, कहां से लग गया) as why, the investigation done or going on (जांच पूरी हुई, जांच चल रही) as a status, money put into the bank (डल गई, डल गया) as paid, and other expenses (अन्य खर्चे) as the items cut', () => {
    expect(matchIntent('दवाइयों का पैसा कम मिला। ये नया नियम कहां से आ गया?')).to.equal('query_reason');
    expect(matchIntent('पापा का क्लेम है, आपकी टीम ने जांच की थी। जांच पूरी हो गई क्या?')).to.equal('claim_status');
    for (const text of ['क्लेम का पैसा बैंक में डल गया क्या?', 'सेटलमेंट की रकम खाते में डल गई या नहीं?']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('कटौती में अन्य खर्चे लिखे हैं, ये अन्य खर्चे कौन से हैं?')).to.equal('query_reason');
    // A paper that will do instead stays documents (चलेगा is no डल form).
    expect(matchIntent('डिस्चार्ज समरी नहीं मिलती, उसके बिना क्लेम चलेगा?')).to.equal('pending_documents');
  });
  it('reads what was sent (जो भेजा है, जो भेजे थे) as papers handed in, no money sent, and a hospital in the network (नेटवर्क में, network में) as the policy\'s business, starting no workflow', () => {
    expect(matchIntent('जो भेजे थे वो मिल गए क्या?')).to.equal('pending_documents');
    expect(matchIntent('जो भेजा है उसमें क्या कम है?')).to.not.equal('claim_status');
    for (const text of ['अगले हफ्ते बाईपास है। क्या फोर्टिस आपके network में है?', 'क्या मेदांता अस्पताल आपके नेटवर्क में है?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('जो पैसा भेजा है वो कम क्यों है?')).to.equal('query_reason');
  });
  it('reads when to renew or pay the premium (प्रीमियम कब तक, रिन्यू कब) with its cover and when-words: after a claim told settled, the question on the policy\'s business starts nothing', () => {
    for (const text of ['मेरा क्लेम सेटल हो गया है, प्रीमियम कब तक भरना होगा', 'क्लेम का पैसा आ गया, अब रिन्यू कब तक करवाना है?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('क्लेम का पैसा कब आएगा?')).to.equal('claim_status');
  });
  it('reads ताकि (so that) as a purpose: a claim or payment word after it is the aim, asked of by nobody, and what to send asks for documents', () => {
    for (const text of ['कौन से कागज़ भेजूं ताकि पैसा जल्दी मिले?', 'रिपोर्ट दोबारा अपलोड करूं ताकि क्लेम आगे बढ़े?']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('क्लेम कब तक आगे बढ़ेगा?')).to.equal('claim_status');
  });
  it('reads a plan to decide after talking at home (बात करके सोचेंगे क्या करना है, देखते हैं आगे क्या करना है) as a conjunction phrase: its request word asks for nobody, and a person asked for still asks', () => {
    for (const text of ['रिजेक्शन लेटर मिला। पति से बात करके सोचेंगे क्या करना है।', 'बेटे से बात करके देखते हैं आगे क्या करना है']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('किसी अधिकारी से बात करनी है')).to.equal('human_handover');
  });
  it('reads सिर्फ, केवल (only) as a cut only before the money or sum it limits, and papers asked enough (काफी है, काफी होगा) or to be handed in (जमा करनी है) as papers: only a message come names no cut', () => {
    expect(matchIntent('पैसा आया या सिर्फ मैसेज आया?')).to.equal('claim_status');
    expect(matchIntent('क्या सिर्फ डिस्चार्ज समरी काफी होगी या बिल भी जमा करने हैं?')).to.equal('pending_documents');
    expect(matchIntent('एमआरआई की सीडी भी जमा करनी है क्या?')).to.equal('pending_documents');
    expect(matchIntent('सिर्फ 40 हज़ार मिले, बाकी क्यों काटे?')).to.equal('query_reason');
  });
  it('reads what the policy covers (कवर होता है, cover होती है), an address to change (पता बदलवाना) and where the office is and its hours (ऑफिस कहां है, कितने बजे तक खुला) as the policy\'s business: asking them starts nothing, where the claim is still asks', () => {
    for (const text of ['क्या मेरी पॉलिसी में मोतियाबिंद का ऑपरेशन कवर होता है?', 'पैसा मिल गया, धन्यवाद। क्या OPD भी cover होता है?', 'पॉलिसी में पता बदलवाना है', 'मुंबई वाली ब्रांच कहां है और कितने बजे तक खुली रहती है?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('मेरा क्लेम कहां है?')).to.equal('claim_status');
  });
  it('reads बोलो, कहो (say, tell) as requests: someone asked to call asks for a person, and a status told to be said asks the status', () => {
    for (const text of ['आपसे नहीं होगा, किसी अफसर को मुझे फोन करने को कहो', 'किसी को फोन करने बोलो']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('कुछ तो बोलो, पैसा कब आएगा?')).to.equal('claim_status');
  });
  it('reads "when I call" (फोन करो तो, कॉल करता हूं तो, जब भी फोन करो) as a conjunction phrase, its करो no request: calls told in passing ask for no call, a call asked for still asks', () => {
    expect(matchIntent('दो महीने से पैसा नहीं आया, कॉल करो तो कहते हैं प्रोसेस में है। कब तक मिलेगा?')).to.equal('claim_status');
    expect(matchIntent('फोन करता हूं तो कोई नहीं उठाता, क्लेम का स्टेटस क्या है?')).to.equal('claim_status');
    expect(matchIntent('मुझे फोन करो')).to.equal('human_handover');
  });
  it('reads a mail or message come (मेल आया, मैसेज आया, sms नहीं आया) as known phrases, as HI_EN\'s mail aaya, its आया no payment: papers said incomplete by mail ask for documents, money come still a payment', () => {
    expect(matchIntent('मेल आया है कि कागज़ अधूरे हैं, कौन से भेजूं?')).to.equal('pending_documents');
    expect(matchIntent('ईमेल आया कि रिपोर्ट अधूरी है, उसमें क्या कमी है?')).to.equal('pending_documents');
    expect(matchIntent('पैसा आया या सिर्फ मैसेज आया?')).to.equal('claim_status');
  });
  it('reads which exclusion, clause or condition (किस exclusion, कौन सी शर्त, किस clause) as why, as कौन सा नियम is: which exclusion a rejected claim falls under asks why', () => {
    expect(matchIntent('क्लेम रिजेक्ट हो गया, कौन सी शर्त के हिसाब से?')).to.equal('query_reason');
    expect(matchIntent('मेरा क्लेम मना कर दिया। पॉलिसी हर साल रिन्यू की है। बताइए घुटने का ऑपरेशन किस एक्सक्लूजन में आता है?')).to.equal('query_reason');
  });
  it('reads the approval told come (अप्रूवल आ गया, कैशलेस approval मिल गया) as news that closes, as a rejection letter got is: telling it starts nothing, asking whether it came still asks', () => {
    for (const text of ['अस्पताल में अप्रूवल आ गया, पापा डिस्चार्ज हो गए', 'कैशलेस approval मिल गया']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('अप्रूवल आ गया क्या?')).to.equal('claim_status');
    expect(matchIntent('अप्रूवल मिल गया पर पैसा कब आएगा?')).to.equal('claim_status');
  });
  it('reads भेजो (send it to me) as a request that we send something, not the claimant\'s own sending: the UTR asked for, or when it will be paid, asks the status; a list of papers asked for still asks for documents', () => {
    expect(matchIntent('पेमेंट हो गया हो तो UTR भेजो, नहीं तो कब होगा बताओ')).to.equal('claim_status');
    expect(matchIntent('कागज़ों की लिस्ट भेजो')).to.equal('pending_documents');
  });
  it('reads the settlement or approval letter got (सेटलमेंट लेटर मिल गया, approval letter आ गया) and "all is right" (सब सही है) as news that closes, as the rejection letter got is: telling it starts nothing, a question after it still asks', () => {
    expect(matchIntent('सेटलमेंट लेटर मिल गया, सब सही है')).to.equal(null);
    expect(matchIntent('सेटलमेंट लेटर मिल गया पर पैसा कब आएगा?')).to.equal('claim_status');
    expect(matchIntent('सेटलमेंट लेटर मिल गया, पर 5000 कम क्यों हैं?')).to.equal('query_reason');
  });
  it('reads the no claim bonus (नो क्लेम बोनस, एनसीबी) as the policy\'s business: asking of it after a claim told starts nothing', () => {
    for (const text of ['इस साल कोई क्लेम नहीं किया, नो क्लेम बोनस कितना मिलेगा?', 'एनसीबी कब जुड़ेगा?']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('क्लेम का पैसा कब मिलेगा?')).to.equal('claim_status');
  });
  it('reads a call asked with कर लो, कर दीजिए (फोन कर लो, कॉल कर दीजिए) and "come on the line" (लाइन पर आइए) as a call asked for; a call told made asks nothing', () => {
    for (const text of ['मुझसे लिखा नहीं जाता, कोई फोन कर दीजिए', 'कोई लाइन पर आइए, बहुत जरूरी है', 'मैं अनपढ़ हूँ, कोई कॉल कर लो']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('मैंने फोन कर दिया था, कोई उठाता नहीं')).to.equal(null);
  });
  it('reads a rejection first of two outcomes asked (रिजेक्ट हो गया या, reject या approve) as the status asked: a rejection told then asked why still asks why', () => {
    for (const text of ['मेरा क्लेम रिजेक्ट हो गया या अभी रुका हुआ है?', 'reject हुआ या नहीं, ये बताओ']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('क्लेम रिजेक्ट हो गया, क्यों?')).to.equal('query_reason');
  });
  it('reads tax (इनकम टैक्स, टैक्स के लिए), porting written in English (port करना) and a waiting period\'s benefit (waiting period का फायदा) as the policy\'s business, and "कैसे download" as how, no why: asking of them after a claim told starts nothing, a claim asked beside them still asks', () => {
    for (const text of [
      'पापा का क्लेम जल्दी पास हो गया, बढ़िया। टैक्स के लिए इस साल की premium receipt चाहिए, कैसे download करें?',
      'पिछला क्लेम सेटल हो चुका है। पॉलिसी किसी और कंपनी में port करवाना है, क्या waiting period का फायदा रहेगा?',
      'claim pass ho gaya tha. ab policy port karni hai, waiting period ka faayda milega?',
    ]) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('पॉलिसी port करनी है, पर पहले बताइए मेरा क्लेम अभी तक पेंडिंग क्यों है?')).to.equal('claim_status');
    expect(matchIntent('डिस्चार्ज समरी कैसे download करूं? क्लेम के लिए चाहिए')).to.equal('pending_documents');
  });
  it('reads what the agent had said (एजेंट बोला था, एजेंट ने कहा था) as who told the claimant, no person asked for: told alone it starts nothing, a talk asked or a why after it still asks', () => {
    for (const text of ['एजेंट ने कहा था सब कवर है, अब देखिए ये हाल है', 'एजेंट बोला था कोई दिक्कत नहीं होगी, अब ये हाल है']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('एजेंट ने बोला था कॉल करेंगे, किसी ने नहीं किया. किसी से बात कराइए')).to.equal('human_handover');
    expect(matchIntent('एजेंट ने बोला था सब कवर है, फिर क्लेम क्यों रिजेक्ट हुआ?')).to.equal('query_reason');
    expect(matchIntent('एजेंट से बात कराइए')).to.equal('human_handover');
  });
  it('reads "bata du(n)" / "बता दूं" (let me tell you) and "no need to reply" as telling, no request', () => {
    for (const text of [
      'bata dun ki discharge summary aur bills kal courier kar diye. clm 88123. jawab ki zarurat nahi',
      'बता दूं कि सारे बिल कल भेज दिए। जवाब देने की ज़रूरत नहीं।',
    ]) expect(matchIntent(text), text).to.equal(null);
    // A question after it still asks; "bata do" is still a request.
    expect(matchIntent('bata du ki bills courier se bhej diye. aapko mil gaye kya?')).to.equal('pending_documents');
    expect(matchIntent('बता दूं, मेरा क्लेम रिजेक्ट हो गया, क्यों?')).to.equal('query_reason');
    expect(matchIntent('jaldi bata do claim ka kya hua 🙏')).to.equal('claim_status');
  });

  it('reads rupya, rupiya, रुपया as money, not a typo of "kripya" (a request)', () => {
    for (const text of ['shukriya, paisa mil gaya, ek rupya nahi kata', 'dhanyavad ji, 40 hazar pura aa gaya, ek rupya bhi kam nahi hua']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('shukriya ji, paisa aa gaya lekin 200 rupye kyu kate?')).to.equal('query_reason');
    expect(matchIntent('ek rupya bhi nahi aaya abhi tak, claim kab settle hoga?')).to.equal('claim_status');
    expect(matchIntent('500 रूपये क्यों काटे?')).to.equal('query_reason');
  });

  it('reads the premium\'s or renewal\'s cheque (renewal ka cheque, रिन्यूअल का चेक) as the policy\'s business, no claim paper, while a cancelled cheque for the claim is still one', () => {
    for (const text of [
      'claim settle ho gaya, dhanyavad. premium ka cheque branch me jama karna chahti hu',
      'क्लेम हो गया, धन्यवाद। रिन्यूअल का चेक खुद ऑफिस आकर देना चाहता हूं',
    ]) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('claim ke liye cancelled cheque dena padega kya?')).to.equal('pending_documents');
    expect(matchIntent('claim ka cheque kab aayega?')).to.equal('claim_status');
  });
  it('reads को-पे alone as the co-payment, a number between it and the why ("को-पे 10% क्यों?"); paid to someone (को पे कर दिया, को पे करना) stays a payment, no cut', () => {
    expect(matchIntent('को-पे 10% क्यों? पापा की उम्र 58 है')).to.equal('query_reason');
    for (const text of ['अस्पताल को पे कर दिया, अब क्लेम कब आएगा?', 'हॉस्पिटल को पे करना पड़ा, पैसा कब वापस मिलेगा?']) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('reads passed or rejected (पास हुआ या रिजेक्ट, पास हुआ कि नहीं) as one status question: the rejection inside it is an outcome asked about, no reason to explain', () => {
    for (const text of ['मेरी माँ का क्लेम पास हुआ या रिजेक्ट, बस इतना बता दीजिए', 'पापा का क्लेम पास हुआ कि नहीं?']) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('क्लेम रिजेक्ट क्यों हुआ?')).to.equal('query_reason');
  });
  it('reads staff told rude (बदतमीज़ी से बात की, badtameezi se baat ki) and "you should know this" (आपको पता होना चाहिए, aapko pata hona chahiye) as venting: the talk told asks for nobody; a person asked for beside it still is', () => {
    for (const text of ['Paisa mil gaya. Lekin aapke staff ne badtameezi se baat ki, aapko pata hona chahiye.', 'पैसा मिल गया, लेकिन आपके स्टाफ ने बदतमीज़ी से बात की। आपको पता होना चाहिए।']) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('Staff ne badtameezi se baat ki, mujhe manager se baat karni hai')).to.equal('human_handover');
  });
  it('reads when to come (कब आऊं, किस दिन आऊं) as a visit asked: after a person to meet, it asks for that person; when money comes is still the status', () => {
    for (const text of ['सीनियर अधिकारी से मिलना है, किस दिन आऊं?', 'मैनेजर से मिलना है, कब आ सकती हूं?']) expect(matchIntent(text), text).to.equal('human_handover');
    expect(matchIntent('क्लेम का पैसा कब आएगा?')).to.equal('claim_status');
  });
  it('reads "explain it to me" (समझा दीजिए, समझा दो) as a request: asked on the phone it asks for a call; asked of a cut it still asks why', () => {
    expect(matchIntent('मुझे पढ़ना नहीं आता, कोई फोन पर समझा दीजिए')).to.equal('human_handover');
    expect(matchIntent('क्लेम में पैसा क्यों कटा, समझा दो')).to.equal('query_reason');
  });
  it('reads an X-ray written in two words (एक्स रे, एक्स-रे) as a paper: whether its film or report is needed asks for documents', () => {
    for (const text of ['एक्स रे रिपोर्ट भी भेजनी होगी?', 'एक्स-रे फिल्म चाहिए क्या?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads from the nominee\'s side (nominee ki taraf se) as what is the claimant\'s to send, as meri taraf se is, no business of the policy: what the nominee must give asks for documents; changing the nominee still starts nothing', () => {
    expect(matchIntent('papa ki death ho gayi, claim main kar raha hu. nominee ki taraf se kya kya dena hoga?')).to.equal('pending_documents');
    expect(matchIntent('nominee kaise badlu?')).to.equal(null);
  });
  it('reads relief told (अब कोई टेंशन नहीं, ab chinta nahi: no worry now) as thanks: a settled claim told with it asks nothing; a worry with a question still asks', () => {
    for (const text of ['पापा का क्लेम पास हो गया, अब कोई चिंता नहीं', 'reimbursement aa gaya, ab tension nahi']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('bahut tension hai, claim kab settle hoga?')).to.equal('claim_status');
  });
  it('reads a message left for the agent (एजेंट जी को बता दीजिए, agent bhaiya ko bol dena: tell the agent that ...) as news relayed, no person asked for; the agent told to call or talk to the claimant still asks for one', () => {
    for (const text of ['एजेंट जी को बता दीजिए कि रिन्यूअल का फॉर्म भर दिया', 'agent sahab ko bol dena main shaam ko branch aa jaunga']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['एजेंट को कह दीजिए मुझसे बात करें', 'agent ko bata dena mujhse baat kare']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads running around (भागदौड़ हुई, bhaagdaud hui) and finally done (आखिर हो गया, aakhir ho gaya) as venting and relief: papers named beside them ask nothing; which papers are left, asked after, still asks', () => {
    for (const text of ['रिपोर्ट लाने में बहुत भागदौड़ हुई, आखिर हो गया', 'reports lanaa mein bahut bhaagdaud hui, aakhir ho gaya']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('bahut bhaagdaud hui, ab batao kaunse documents baaki hain?')).to.equal('pending_documents');
  });
  it('reads a paper already given (पहले ही दे दी है, de di hain) or being sent now (ab bhejta hoon) as handed over, the reason explained (कारण समझा दिया, reason samjha diya) as understood, and who said so (ne kaha tha) as a known phrase: told alone they ask nothing', () => {
    for (const text of ['पैन कार्ड की कॉपी पहले ही दे दी है', 'bill ki photo ab bhejta hoon', 'bhai ne kaha tha form bharna padega, bhar diya']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('documents de di hain, ab aur kya chahiye?')).to.equal('pending_documents');
  });
  it('reads a new policy (नई पॉलिसी) as the policy\'s business, as नया प्लान is: information asked about it starts nothing; the claim\'s status asked so still asks', () => {
    expect(understandMessage('नई पॉलिसी के बारे में जानकारी दीजिए').kind).to.equal('unclear');
    expect(matchIntent('क्लेम का स्टेटस जानकारी दीजिए')).to.equal('claim_status');
  });
  it('reads the hospital bill paid (बिल भर दिया, bill bhar diya) as a known phrase, no paper: a discharge told with it starts nothing; the claim or papers asked after it still ask', () => {
    for (const text of ['माँ को छुट्टी मिल गई, अस्पताल का बिल भर दिया', 'mummy ko chhutti mil gayi, hospital ka bill bhar diya']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('bill bhar diya, claim kab milega?')).to.equal('claim_status');
    expect(matchIntent('hospital ka bill bhar diya, ab reimbursement ke liye kya documents bhejun?')).to.equal('pending_documents');
  });
  it('reads after the claim settles (सेटल होने के बाद, settle hone pe) as a known phrase, a time told, and a list of hospitals (अस्पतालों की लिस्ट, hospitals ki list) as the policy\'s business: asked about, they start nothing; when the money comes after settlement still asks the status', () => {
    for (const text of ['सेटल होने के बाद नॉमिनी बदल सकते हैं?', 'claim settle hone pe top up le sakte hain?', 'Indore ke cashless hospitals ki list bhej do', 'जयपुर के अस्पतालों की लिस्ट भेज दीजिए']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('क्लेम सेटल होने के बाद पैसे कब आएंगे?')).to.equal('claim_status');
  });
  it('reads papers being prepared (taiyar kar rahi hoon) as papers on their way, someone told to keep them ready (रखने को कह दिया), a fear that passed (darr tha) and no hurry (koi jaldi nahi) as news: they ask for nothing; which papers are still needed, asked after, still asks', () => {
    expect(understandMessage('mummy ke claim ki file taiyar kar rahi hoon').kind).to.equal('unclear');
    for (const text of ['मैंने लैब को रिपोर्ट तैयार रखने को कह दिया है', 'claim cancel hone ka darr tha, lekin pass ho gaya', 'is claim ki koi jaldi nahi, aaram se kijiye']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('documents ready kar raha hoon, kaunse aur chahiye?')).to.equal('pending_documents');
  });
  it('reads thanks to God (ऊपर वाले का शुक्र है, bhagwan ka shukar) and the status seen by the claimant (स्टेटस चेक कर लिया, status dekh liya) as thanks: a claim approved told with them asks nothing; a payment asked after the status seen still asks', () => {
    for (const text of ['bhagwan ka shukar, papa ka claim approve ho gaya', 'ऊपर वाले का शुक्र है, क्लेम पास हो गया', 'स्टेटस चेक कर लिया है']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('status dekh liya, paisa kab aayega?')).to.equal('claim_status');
  });
  it('reads a premium receipt (प्रीमियम रसीद) and a KYC update wanted (केवायसी अपडेट करना, kyc update karna) as the policy\'s business, the update no status: sending the receipt or what the update needs starts nothing; the claim\'s papers asked still ask', () => {
    for (const text of ['पिछले साल की प्रीमियम रसीद व्हाट्सएप पर भेज दीजिए', 'बैंक बदला है, केवायसी अपडेट करना है, क्या लगेगा?', 'claim ke liye KYC update karna padega?']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('क्लेम के लिए कौन से कागज़ बाकी हैं?')).to.equal('pending_documents');
  });
  it('reads what the agent said (एजेंट साहब ने कहा, agent ji ne bataya) as a known phrase, no person asked for, and the reason explained (कारण समझा दिया, reason samjha diya) as thanks too: what the agent said of the policy, or the deduction explained, starts nothing; the reason not told, a talk asked after it, or a payment late against it, still asks', () => {
    for (const text of ['agent ji ne bataya tha ki renewal March mein hai', 'एजेंट साहब ने कहा था प्रीमियम ऑनलाइन भी भर सकते हैं']) expect(understandMessage(text).kind, text).to.equal('unclear');
    for (const text of ['एजेंट ने कटौती का कारण समझा दिया', 'hospital ne room rent kapat ka reason samjha diya']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['कटौती का कारण नहीं बताया', 'deduction ka reason nahi samjhaya']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('agent ne bola tha manager se baat karo')).to.equal('human_handover');
    expect(matchIntent('agent ne kaha tha 10 din mein paisa aayega, abhi tak nahi aaya')).to.equal('claim_status');
  });
  it('reads a message left for an executive, a manager or sir (मैनेजर साहब को बता दीजिए, executive ko bol dena) as news relayed, as one for the agent is; one told to call or talk to the claimant, or told "bol do" (whose do is also English\'s aux), still asks for a person', () => {
    for (const text of ['मैनेजर साहब को बता दीजिए कि फॉर्म जमा हो गया', 'executive ko bol dena main shaam ko aaunga']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['मैनेजर को बोल दीजिए मुझे कॉल करें', 'sir ko bol do mujhse baat karein']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads samjhaye, samjhayi (explained, told) as an explanation understood, no request to explain, and keep it up as thanks: a person praised for explaining starts nothing; papers asked after it, or samjhaiye (please explain) with a why, still ask', () => {
    for (const text of ['Hospital ke staff ne sab forms samjhaye, keep it up', 'Neha ji ne mujhe process samjhayi, bahut achha laga']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('agent ne saare kagaz samjhaye, ab kaunse documents bhejne hain?')).to.equal('pending_documents');
    expect(matchIntent('samjhaiye ki paisa kyu kata')).to.equal('query_reason');
  });
  it('reads a send asked of us as a question (mail kar doge, email kar dijiye; ईमेल पर मिल सकता/जाएगी, can I get it by email) as a request that we send: the premium\'s receipt asked for so starts nothing; a claim form asked for, or papers mailed and asked after, still ask for documents', () => {
    for (const text of ['premium receipt chahiye tax ke liye, email kar doge kya?', 'प्रीमियम की रसीद चाहिए, ईमेल पर मिल जाएगी क्या?']) expect(understandMessage(text).kind, text).to.equal('unclear');
    for (const text of ['claim form mail kar doge kya?', 'क्लेम फॉर्म ईमेल पर मिल सकता है क्या?', 'बिल ईमेल कर दिए हैं, मिल गए क्या?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads a call asked as a question (फोन करेगा क्या, कॉल करेंगे क्या) as a call asked for: someone asked whether they will call the claimant is a handover', () => {
    for (const text of ['कोई अधिकारी मुझे फोन करेगा क्या?', 'आपकी टीम से कोई कॉल करेंगे क्या आज']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads पूरे before a count (पूरे दो महीने, पूरे डेढ़: a full two months) as a known phrase, no Marathi पुरे (enough): money come late told with bills paid starts no documents; whether the bills are complete (बिल पूरे हैं क्या) still asks for documents', () => {
    expect(understandMessage('पैसे मिल गए पर पूरे दो महीने बाद, बिल भरने के लिए कर्ज़ लेना पड़ा').kind).to.equal('unclear');
    expect(matchIntent('सारे बिल पूरे हैं क्या?')).to.equal('pending_documents');
    expect(matchIntent('पूरे दो महीने हो गए, पैसा कब आएगा?')).to.equal('claim_status');
  });
  it('reads "just to tell you" (bas batane ke liye msg kiya, बस बताने के लिए मैसेज किया) as news told, asking nothing: papers told handed in with it start no documents; a question after it still asks', () => {
    for (const text of ['Cancelled cheque aur discharge summary aaj upload kar diye, bas batane ke liye message kiya', 'मैंने आज सारी रिपोर्ट कूरियर कर दी हैं, बस बताने के लिए मैसेज किया']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('Bas batane ke liye msg kiya, aur kaunse documents chahiye?')).to.equal('pending_documents');
  });
  it('reads "the rest, you see to it" (baaki aap dekh lijiye, बाकी आप लोग देख लीजिए) as the claimant handing over, no papers still needed (बाकी) nor a request: papers told handed in with it start nothing; papers asked after it still ask', () => {
    for (const text of ['Papa ne branch jakar saare bills jama kar diye hain. Baaki aap dekh lijiye.', 'भाई ने सारे कागज़ ऑफिस में जमा कर दिए हैं। बाकी आप देख लीजिए।']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('बाकी आप देख लीजिए, पर ये बताइए कि कौन से कागज़ अभी चाहिए?')).to.equal('pending_documents');
  });
  it('reads anger told (gussa aa raha hai, बहुत गुस्सा आ रहा है) as venting and a suggestion offered (ek suggestion hai, एक सुझाव है) as feedback: a status told or wished for with them starts nothing; a question beside them still asks', () => {
    for (const text of ['Mera claim 10 din se under review hai. Bahut gussa aa raha hai.', 'क्लेम अभी भी प्रोसेस में है, बहुत गुस्सा आ रहा है', 'Ek suggestion hai: app me claim ka status Marathi me bhi dikhe.']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('Gussa aa raha hai, mera claim kab settle hoga?')).to.equal('claim_status');
    expect(matchIntent('एक सुझाव है। मेरे क्लेम का पैसा कब आएगा?')).to.equal('claim_status');
  });
  it('reads papers asked "every time" (हर बार कोई न कोई कागज़, हर बार कागज़) as a known phrase, venting: a complaint that papers are always asked for starts no documents workflow; which paper is still due, asked after, still asks', () => {
    expect(understandMessage('आप लोग हर बार कागज़ माँगते रहते हो, हद है').kind).to.equal('unclear');
    expect(understandMessage('हर बार कोई ना कोई डॉक्यूमेंट मांग लेते हो, थक गई हूँ').kind).to.equal('small_talk');
    expect(matchIntent('हर बार कोई न कोई कागज़ मांगते हैं, अब कौन सा कागज़ बाकी है?')).to.equal('pending_documents');
  });
  it('reads the claim\'s state asked (claim ka kya haal, क्लेम का क्या हाल है, क्या हाल है मेरे क्लेम का) as its status, no greeting: asked after a promise told, it asks the status; क्या हाल है alone still greets', () => {
    for (const text of ['Hospital wale keh rahe the ki hafte bhar me ho jayega. Ab mere claim ka kya haal hai?', 'पिताजी का ऑपरेशन पिछले महीने हुआ था। मेरे क्लेम का क्या हाल है?']) expect(matchIntent(text), text).to.equal('claim_status');
    for (const text of ['नमस्ते, क्या हाल है आपका?', 'Namaste bhaiya, kya haal hai?']) expect(understandMessage(text).kind, text).to.equal('small_talk');
  });
  it('reads a payment\'s screenshot (payment ka screenshot, पेमेंट का स्क्रीनशॉट) as a paper: only a screenshot held in place of a bill, asked whether it will do, asks for documents, no cut; only part of the money paid still asks why', () => {
    for (const text of ['Mere paas hospital bill ka original nahi hai, sirf UPI payment ka screenshot hai. Kya wo chal jayega?', 'मेरे पास सिर्फ पेमेंट का स्क्रीनशॉट है, चलेगा क्या?']) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('sirf 5000 payment aaya, baaki kyu kata?')).to.equal('query_reason');
  });
  it('reads paying by one means or by cheque (भर सकता हूं या चेक, bhar sakti hu ya cheque) as the premium\'s payment, the policy\'s business: the cheque there is no paper asked, so the question starts nothing; a cancelled cheque asked for the claim still asks for documents', () => {
    for (const text of ['Premium online bhar sakti hu ya cheque dena padega?', 'रिन्यूअल का पैसा नेट बैंकिंग से भर सकता हूं या चेक देना होगा?']) expect(understandMessage(text).kind, text).to.equal('unclear');
    for (const text of ['कैंसिल चेक देना पड़ेगा क्या क्लेम के लिए?', 'Cancelled cheque dena padega kya?']) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads the pack\'s words of long messages: a paper gone without (पर्चे के बिना), the nominee who claims (नॉमिनी मैं ही हूं), relief and a receipt got told (बहुत तसल्ली, रसीद मिल गई), a lapse and an address changed (लैप्स, पता बदल गया) as the policy\'s business', () => {
    expect(matchIntent('डॉक्टर का पर्चा नहीं है, उसके बिना दवा का क्लेम चलेगा?')).to.equal('pending_documents');
    expect(matchIntent('पति का अस्पताल में निधन हो गया। नॉमिनी मैं ही हूं। कौन कौन से कागज़ जमा करने होंगे?')).to.equal('pending_documents');
    for (const text of ['इस बार क्लेम के हर स्टेप की खबर मिलती रही, बहुत तसल्ली हुई।', 'आज शाखा में सारे बिल जमा कर दिए, रसीद मिल गई।', 'Aaj branch me saare bills jama kar diye, receipt mil gayi.']) {
      expect(understandMessage(text).kind, text).to.be.oneOf(['small_talk', 'unclear']);
    }
    for (const text of ['प्रीमियम की किस्त दो दिन लेट हो गई। पॉलिसी लैप्स तो नहीं हो जाएगी?', 'मेरा पता बदल गया है, पॉलिसी में नया पता कैसे दर्ज होगा?']) {
      expect(understandMessage(text).kind, text).to.be.oneOf(['small_talk', 'unclear']);
    }
    // A claim asked after the same words still asks.
    expect(matchIntent('रसीद मिल गई थी, पर क्लेम का पैसा कब आएगा?')).to.equal('claim_status');
  });
  it('reads whether the approval came (मंज़ूरी आई या नहीं, approval aaya ya nahi) as the claim\'s status, after papers asked about too, and kahin (somewhere) as no where-word', () => {
    expect(matchIntent('अस्पताल का क्लेम फ़ॉर्म आपको मिल गया है ना? अब ये बताइए कि मंज़ूरी मिली या नहीं।')).to.equal('claim_status');
    expect(matchIntent('Pre-auth form aapko mil gaya na? Ab batao approval aaya ya nahi.')).to.equal('claim_status');
    expect(matchIntent('Query me kyu likha ki pehle kahin surgery hui thi?')).to.equal('query_reason');
  });
  it('reads papers someone will drop off (दे आएगा, de aayega) as promised, and the remaining papers named with whose they are (बाकी दवा के बिल) as which go: the news starts nothing; papers asked after still ask', () => {
    for (const text of ['बेटा बुधवार को बाकी जांच की रिपोर्ट शाखा में दे आएगा।', 'Beta Wednesday ko baaki test ki reports branch me de aayega.']) {
      expect(understandMessage(text).kind, text).to.be.oneOf(['small_talk', 'unclear']);
    }
    expect(matchIntent('Beta kal reports de aayega, aur kaunse papers baaki hai?')).to.equal('pending_documents');
  });
  it('tells Hindi beside a Marathi greeting by भैया and सब ("नमस्कार भैया, सब बढ़िया?"); an agent\'s call told come before an explanation understood ("call aaya tha, sab samjha diya") is who explained, no one asked for', () => {
    for (const text of ['नमस्कार भैया, सब मंगल?', 'नमस्कार, सब कुशल है?']) expect(detectLanguage(text), text).to.equal('HI');
    expect(detectLanguage('नमस्कार दादा, सगळं ठीक आहे ना?')).to.equal('MR');
    for (const text of ['परसों एजेंट का फ़ोन आया था, सब समझा दिया', 'agent ka call aaya tha kal, sab samjha diya']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('agent ka call aaya tha, lekin mujhe manager se baat karni hai')).to.equal('human_handover');
  });
});

describe('language pack: Hindi, the long messages of the slice (praise told, the card or address of the policy, a bill the hospital withholds)', () => {
  it('reads what an agent had told (बता दिया था कि कितना, bataya tha ki kab) as a reported question: praise of the agent after the money came starts nothing; a why asked after it still asks', () => {
    for (const text of ['पैसा आ गया, धन्यवाद। आपके agent गुप्ता जी ने पहले ही बताया था कि कितना कटेगा, इसलिए कोई परेशानी नहीं हुई।', 'Paisa account me aa gaya. Agent Mishra ji ne bata diya tha ki kab aayega, sab smooth raha. Shukriya']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(matchIntent('agent ne bataya tha ki kitna katega, phir bhi 9000 kyu kaata?')).to.equal('query_reason');
    expect(matchIntent('Agent ne bataya tha ki kab aayega, par abhi tak paisa nahi aaya. Kab milega?')).to.equal('claim_status');
  });
  it('reads a new card made or an address changed (नया कार्ड कैसे बनेगा, address कैसे बदलूं, address kaise badlun) as the policy\'s business: asked how, it starts no why-workflow', () => {
    for (const text of ['पत्नी का health card गुम हो गया। नया कार्ड कैसे बनेगा?', 'हम पुणे जा रहे हैं। पॉलिसी में address कैसे बदलूं?', 'Ghar badal liya hai. Policy me address kaise badlun?']) {
      expect(understandMessage(text).kind, text).to.be.oneOf(['small_talk', 'unclear']);
    }
    expect(matchIntent('मेरा क्लेम कैसे रिजेक्ट हो गया?')).to.equal('query_reason');
  });
  it('reads a file handed in without the final or original bill (बिना final bill के, बिना ओरिजिनल बिल) as a paper one may go without: it asks for documents', () => {
    for (const text of ['हॉस्पिटल ओरिजिनल बिल नहीं दे रहा। क्या बिना ओरिजिनल बिल के claim जमा हो सकता है?', 'क्या बिना फाइनल बिल के फाइल भेज सकते हैं?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
  });
});

describe('language pack: Hindi, some X or other (किसी न किसी, koi na koi) and telling', () => {
  it('reads किसी न किसी / koi na koi as an indefinite, no person: a cut told as a habit with it vents; a person asked for beside it still hands over; "bas kehna tha" and "aise hi kaam karte rahiye" tell', () => {
    for (const text of ['हर बार किसी न किसी बहाने से कटौती कर देते हो। बस इतना कहना था।', 'Har baar kisi na kisi bahane se paisa kaat lete ho, bas bolna tha', 'Paisa time pe aa gaya, aapki team ko shukriya. Aise hi kaam karte rahiye.']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(matchIntent('kisi na kisi senior se baat karwa do, koi sun nahi raha')).to.equal('human_handover');
    expect(matchIntent('किसी न किसी अधिकारी से मेरी बात कराइए')).to.equal('human_handover');
  });
  it('reads the premium of the policy asked when due (पॉलिसी का प्रीमियम कब तक भरना है) as the policy\'s business, no claim status', () => {
    for (const text of ['मेरी पॉलिसी का प्रीमियम कब तक जमा करना है?', 'पॉलिसी के प्रीमियम की आखिरी तारीख कब है?']) {
      expect(understandMessage(text).kind, text).to.not.equal('intent');
    }
    expect(matchIntent('क्लेम का पैसा कब तक आएगा?')).to.equal('claim_status');
  });
});

describe('language pack: Hindi and Hinglish, long stories the last question decides', () => {
  it('reads a rejection asked yes or no (reject toh nahi hua?, रिजेक्ट हो गया क्या, रिजेक्ट तो नहीं हुआ) as a status question, not a why', () => {
    for (const text of [
      'Claim no 55120934. Zara dekh ke batao, reject toh nahi ho gaya? 3 hafte ho gaye, mummy pareshan hain',
      'भैया का क्लेम भेजे बीस दिन हो गए, कोई चिट्ठी नहीं आई। रिजेक्ट हो गया क्या या अभी प्रोसेस में है, बताइए',
      'मेरे बाबूजी का क्लेम पिछले महीने गया था। रिजेक्ट तो नहीं हुआ? कोई जवाब नहीं आया।',
    ]) expect(understandMessage(text).intent, text).to.equal('claim_status');
  });
  it('reads a last why after a question on money came (पूरा पैसा आ गया ना? और ... क्यों नहीं जोड़े) as the why: a cost not added is a cut', () => {
    expect(understandMessage('क्लेम का पूरा पैसा आ गया ना? और दवाइयों के ₹२,००० क्यों नहीं जोड़े गए, वो भी तो इलाज का खर्चा था?').intent).to.equal('query_reason');
    expect(understandMessage('Pura paisa aa gaya na? Aur ambulance ke 1500 kyu nahi jode?').intent).to.equal('query_reason');
  });
  it('reads papers asked of (bina Part B ke, upload se kaam ho jayega, काम हो जाएगा) as documents, and a sending asked of us for the 80D certificate as the policy\'s business', () => {
    expect(understandMessage('Kya claim form ka part B doctor se bharwana zaroori hai? Hospital door hai. Bina part B ke claim ho jayega?').intent).to.equal('pending_documents');
    expect(understandMessage('ओरिजिनल रिपोर्ट कहाँ भेजनी हैं? मैं पटना में हूँ। कूरियर करूँ या ऐप पर अपलोड करने से काम हो जाएगा?').intent).to.equal('pending_documents');
    expect(understandMessage('पत्नी की पॉलिसी का 80D प्रीमियम सर्टिफिकेट चाहिए, टैक्स रिटर्न भरना है। ऐप में कहाँ मिलेगा, या ईमेल पर भेज सकते हैं?').kind).to.not.equal('intent');
  });
  it('reads venting after a rejection (kuch nahi kehna, bas dukh hua, अब कुछ नहीं कहना) and papers told with "bas inform kar raha hoon" as small talk; a person asked for still hands over', () => {
    for (const text of [
      'Non disclosure bolke claim mana kar diya. Itne saal premium diya. Ab kuch nahi kehna, bahut dukh hua',
      'Bills aur discharge summary aaj app pe upload kar diye claim me. Bas inform kar raha hoon',
      'क्लेम नामंजूर हो गया, पुरानी बीमारी बोलकर। अब कुछ नहीं कहना, बस दुख हुआ।',
    ]) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(understandMessage('Claim mana ho gaya. Kuch nahi kehna, bas kisi insaan se baat karwa do').intent).to.equal('human_handover');
  });
});

describe('language pack: Hinglish, praise of a named staff member and a plan to talk to one\'s own agent', () => {
  it('reads "bahut helpful hain ... tareef karni thi" and "apne agent X ji se baat kar lunga" as small talk; a person asked of us still hands over', () => {
    for (const text of [
      'Aapke Pune office ki Neha madam bahut helpful hain. Sunday ko bhi call uthaya aur sab samjhaya. Bas unki tareef karni thi.',
      'Theek hai ji message mil gaya. Main kal subah apne agent Sharma ji se baat kar lunga, wahi sab dekhte hain. Shukriya',
      'Main apne agent se baat kar lungi, wahi papers bhejenge. Dhanyawad',
    ]) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('Mujhe kisi agent se baat karni hai, please call karwao')).to.equal('human_handover');
    expect(matchIntent('Mera claim 5 din se pending hai, kisi insaan se baat karwa do')).to.equal('human_handover');
  });
});

describe('language pack: Hindi and Hinglish, praise, venting and an explanation left behind', () => {
  it('reads papers got completed (पूरे करवा दिए, poore karwa diye), a special mention (ख़ास ज़िक्र), शाबाशी and "ऐसे लोग कम मिलते हैं" as praise: small talk; papers asked still ask', () => {
    for (const text of [
      'पटना ब्रांच की सीमा मैडम ने मेरे क्लेम के कागज़ एक दिन में पूरे करवा दिए। ऐसे लोग कम मिलते हैं, उनको शाबाशी दीजिए।',
      'Seema madam ne claim ke saare papers ek din me poore karwa diye. Aise log kam milte hain.',
      'Pune branch ki Neha madam ne bahut madad ki. Meri taraf se shukriya, aur unke manager tak bhi ye baat pahuncha dena.',
    ]) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('कागज़ पूरे करने के लिए क्या चाहिए?')).to.equal('pending_documents');
  });
  it('reads an explanation left behind (samjhakar gaye, समझा कर गए) as understood: no when asked of a visit yesterday', () => {
    for (const text of [
      'Bank wale sir aaj aaye the, claim ke sab papers samjhakar gaye. Ab tension nahi hai.',
      'एजेंट जी कल आए थे, क्लेम का पूरा प्रोसेस समझा कर गए। उनका नंबर रख लिया है।',
    ]) expect(understandMessage(text).kind, text).to.equal('small_talk');
  });
  it('reads "kya kahun", "क्या कहूं" (what can I say) as asking nothing, and anger vented (मन का गुस्सा था सो लिख दिया) or the rules known as small talk; a question after still asks', () => {
    for (const text of [
      'Kya kahun, 9 hazar consumables ke naam pe kaat liye. Chalo agli baar dhyan rakhenge.',
      'क्या कहूं, ५ हज़ार कमरे के किराये के नाम पर काट लिए। अगली बार ध्यान रखूंगा।',
      'Hospital ne 5 ghante discharge me lagaye, TPA approval nahi aaya bolke. Bas mann ka gussa tha so likh diya.',
      'डिस्चार्ज में बहुत देर हुई, टीपीए का अप्रूवल देर से आया। बस मन का गुस्सा था, सो लिख दिया।',
      'Rules pata hai, samjhane ki zarurat nahi. Bas bura laga ki 5 hazar kaat liye.',
    ]) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('kya bolu ab, claim kab aayega?')).to.equal('claim_status');
    expect(matchIntent('TPA approval nahi aaya abhi tak. Kab aayega?')).to.equal('claim_status');
  });
  it('reads a tax return to file (रिटर्न फाइल, return file, आयकर रिटर्न) and the app\'s tracker as the policy\'s business', () => {
    for (const text of [
      'ITR bharna hai, premium ki receipt chahiye. CA return file karne bol raha hai, kahan milegi?',
      'मुझे आयकर रिटर्न के लिए प्रीमियम की रसीद चाहिए, कहाँ से मिलेगी?',
      'App ka tracker hamesha pending dikhata hai, app thik karo yaar.',
    ]) expect(understandMessage(text).kind, text).to.equal('unclear');
  });
  it('reads the indoor case papers or case sheet (इनडोर केस पेपर्स, case papers) as a paper, no claim, and the counter to get it from (किस काउंटर से) as where to get a paper', () => {
    for (const text of [
      'पापा के क्लेम के लिए केस शीट मांगी है। अस्पताल में किस काउंटर से मिलेगी?',
      'Claim ke liye case papers maange hain, hospital ke kis counter se milenge?',
      'Which counter at the hospital gives the indoor case papers for my claim?',
    ]) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads a bill added to the same claim (claim me add ho jayega, क्लेम में जुड़ जाएगा) as papers sent, and how to get a paper named before (wo kaise milega, वो कैसे मिलेगा) as where to get it', () => {
    for (const text of [
      'Discharge ke baad ke bills hain 8 hazar ke. Naya form bharna hai ya purane claim me add ho jayega?',
      'पुराने बिल मिले हैं, क्या ये उसी क्लेम में जुड़ जाएगा या नया फॉर्म भरना पड़ेगा?',
      'I have more pharmacy bills after discharge. Can they be added to the same claim or do I file a new one?',
      'Hospital wale indoor papers maang rahe hain, wo kaise milenge?',
      'बड़े क्लेम के लिए CKYC नंबर चाहिए बोला है। वो कैसे मिलेगा?',
    ]) expect(matchIntent(text), text).to.equal('pending_documents');
    // A baby added to the policy is the policy's business.
    expect(understandMessage('Beta hua hai, kya usko policy me add ho jayega?').kind).to.equal('unclear');
  });
  it('reads "kahin aur", "कहीं और" (somewhere else) as a place of treatment, no "and": a why asked of the query keeps its clause to the end and asks why', () => {
    for (const text of [
      'Paisa kab aayega? Aur query me kyun likha ki kahin aur ilaaj karaya tha ya nahi?',
      'क्वेरी में ये क्यों पूछा कि कहीं और इलाज हुआ था या नहीं?',
    ]) expect(matchIntent(text), text).to.equal('query_reason');
    expect(matchIntent('Pehle kahin aur ilaaj hua tha, uske papers bhi chahiye kya?')).to.equal('pending_documents');
  });
  it('reads चलिए, chaliye (well then) as opening a new clause: the request after a complaint told is what is asked', () => {
    for (const text of [
      'पैसा कब आएगा ये आप बताते नहीं चलिए ये बताइए कि पैन कार्ड भी ज़रूरी है क्या?',
      'paisa kab aayega aap batate nahi chaliye batao ki pan card bhi zaroori hai kya?',
    ]) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('reads डाक (the post sent) as the papers, and the file held complete (फ़ाइल पूरी मानी गई) as what is still short: whether they arrived or suffice asks for documents; a cheque come by post still is money', () => {
    for (const text of [
      'कल रजिस्टर्ड डाक से बिल भेजे थे। डाक पहुँच गई क्या?',
      'मेरी फ़ाइल पूरी मानी गई या कुछ बाकी है?',
    ]) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('क्लेम का चेक डाक से कब आएगा?')).to.equal('claim_status');
  });
  it('reads जानकारी दे रहा हूं, jankari de rahi hoon (just informing you) as news told, and jitna, utna (as much as) as no question word: such messages start nothing', () => {
    for (const text of [
      'आज अस्पताल से डिस्चार्ज हो गए, सारे बिल शाखा में जमा कर दिए हैं। आपको बस जानकारी दे रही हूँ।',
      'Papa ke saare reports courier kar diye hain, bas jankari de raha hoon.',
      'Claim utni jaldi settle nahi hua jitna agent ne bola tha, par chalo theek hai.',
    ]) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('जानकारी दे रहा हूँ कि बिल जमा कर दिए, पैसा कब आएगा?')).to.equal('claim_status');
    expect(matchIntent('jitna bill tha utna paisa kab milega?')).to.equal('claim_status');
  });
});
