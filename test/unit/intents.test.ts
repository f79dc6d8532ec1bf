/**
 * Intent by template match: a claimant asking for their claim status in English, Hindi or
 * Hinglish starts claim-status; anything else gets the help reply.
 */
import { expect } from 'chai';
import { matchIntent, understandMessage } from '../../pipeline/intents';
import { detectLanguage } from '../../pipeline/language';

describe('matchIntent', () => {
  const statusQuestions: Record<string, string[]> = {
    EN: ['What is my claim status?', 'claim status', 'Where is my claim', 'Track my claim please', 'STATUS'],
    HI: ['मेरे क्लेम की स्थिति क्या है', 'क्लेम स्टेटस', 'दावे की स्थिति बताइए'],
    HI_EN: ['mera claim ka status kya hai', 'Claim kahan hai?', 'status batao'],
  };

  for (const [language, questions] of Object.entries(statusQuestions)) {
    for (const text of questions) {
      it(`starts claim-status for ${language} "${text}"`, () => {
        expect(matchIntent(text)).to.equal('claim_status');
      });
    }
  }

  it('ignores case and punctuation: "Claim-Status!!" is "claim status"', () => {
    expect(matchIntent('Claim-Status!!')).to.equal('claim_status');
  });

  for (const text of ['hello', 'thanks', 'I want to claim my prize', 'statuses', 'क्या हाल है', '', '   ']) {
    it(`does not start a workflow for "${text}"`, () => {
      expect(matchIntent(text)).to.equal(null);
    });
  }
});

/**
 * The sentence reader's rules for small talk that carries claim words and for questions asked
 * without a question word (docs/understanding.md, "Sentences, questions and entities"). Each
 * message says which rule it checks.
 */
describe('understandMessage: money told paid with its day, or arrived with folded hands, is news (EN, HI_EN, HI)', () => {
  it('starts nothing; a payment asked, pleaded or said not made still asks', () => {
    for (const text of [
      'Reimbursement amount credited to my account yesterday',
      'Aaj claim ka paisa account me aa gaya',
      'कल पैसा खाते में आ गया',
      'Payment mil gaya sir 🙏',
    ]) {
      expect(matchIntent(text), text).to.equal(null);
    }
    for (const text of ['Payment not credited yet, today is the tenth day', 'payment release 🙏', 'Aaj paisa aayega kya?']) {
      expect(matchIntent(text), text).to.equal('claim_status');
    }
  });
});

describe('understandMessage: question words between the policy\'s business and "policy" leave it the product (HI_EN, EN)', () => {
  it('starts nothing; a claim named there still asks', () => {
    for (const text of ['Premium kab hai meri policy ka?', 'Renewal when is my policy due?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Renewal ho gaya, ab mera claim kab milega?')).to.equal('claim_status');
  });
});

describe('understandMessage: papers told in someone\'s hands are news (EN, HI_EN)', () => {
  it('"the bills are with my son", "reports papa ke paas hain" start nothing; papers asked after still ask', () => {
    for (const text of ['The hospital bills are with my son', 'Discharge papers are still with me', 'reports papa ke paas hain', 'original bills humare paas hain']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('The bills are with my son. Which other documents do you need?')).to.equal('pending_documents');
    expect(matchIntent('bills mere paas hain, kahan bhejna hai?')).to.equal('pending_documents');
  });
});

describe('understandMessage: a paper for tax (for tax, tax filing, itr ke liye) is the policy\'s business (EN, HI_EN)', () => {
  it('starts nothing; a claim paper the claimant sends, or a cut for tax asked of, still asks', () => {
    for (const text of ['policy schedule for tax filing', 'Need the policy papers for tax purposes', 'premium certificate itr ke liye']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Should I send the policy copy with the claim papers?')).to.equal('pending_documents');
    expect(matchIntent('Why was 2000 deducted for tax from my claim?')).to.equal('query_reason');
  });
});

describe('understandMessage: a call asked when asks for a person (EN, HI_EN, HI)', () => {
  it('"when will you call?", "call kab aayega?" ask for a call; a call told, or money asked beside it, do not', () => {
    for (const text of ['When are you going to call?', 'phone kab karoge aap?', 'aapka call kab aayega?', 'आप कॉल कब करेंगे?']) {
      expect(matchIntent(text), text).to.equal('human_handover');
    }
    expect(matchIntent('When I call the helpline nobody answers')).to.not.equal('human_handover');
    expect(matchIntent('maine call kiya tha, paisa kab aayega?')).to.equal('claim_status');
  });
});

describe('understandMessage: Hinglish abhi bhi, ab bhi (still) is no when-word (HI_EN)', () => {
  it('a paper still missing asks for documents; a claim still in process or unpaid asks where it stands', () => {
    expect(matchIntent('mere claim me ab bhi koi document missing hai kya?')).to.equal('pending_documents');
    for (const text of ['claim ab bhi process mein hai kya?', 'abhi bhi payment nahi mila', 'claim abhi bhi pending hai, kab tak hoga?']) {
      expect(matchIntent(text), text).to.equal('claim_status');
    }
  });
});

describe('understandMessage: kaise ho gaya (how did it happen) is a why, no greeting (HI_EN)', () => {
  it('asks why after a rejection or cut; "kaise ho?" alone still greets', () => {
    for (const text of ['Claim reject kar diya day care bol ke. Ye day care kaise ho gaya?', '5000 kaat liye. Ye kaise ho sakta hai?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
    }
    expect(matchIntent('Namaste ji, aap kaise ho?')).to.equal(null);
  });
});

describe('understandMessage: a claim asked of without a paper asks whether the paper is needed (EN, HI_EN)', () => {
  it('without it, uske bina ask for documents; a why beside it still asks why', () => {
    for (const text of ['The lab never gave me the report. Can the claim go ahead without it?', 'Doctor ka prescription kho gaya, iske bina claim settle hoga?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
    expect(matchIntent('notice ke bina claim reject kar diya, kyu?')).to.equal('query_reason');
  });
});

describe('understandMessage: small talk with claim words, and implied asks', () => {
  const smallTalk = (text: string) => {
    const understanding = understandMessage(text);
    expect(understanding.kind, `${text}: ${JSON.stringify(understanding.scores)}`).to.equal('small_talk');
  };

  it('reads another language\'s phrase built on the message\'s own grammar word as the message\'s words ("rejection ka", "मंज़ूरी का": of, not Marathi\'s why)', () => {
    smallTalk('rejection ka letter aaj mil gaya, shukriya');
    smallTalk('मंज़ूरी का मैसेज आ गया, धन्यवाद');
  });

  it('reads "mana" as refused only in "mana kar", "mana hua" (manana is to celebrate), "kyunki" as because, and "kabhi", "bataya" as themselves', () => {
    expect(matchIntent('Happy Lohri! is saal operation ke baad dadi ke saath Lohri mana rahe hain')).to.equal(null);
    expect(matchIntent('TPA ne cashless mana kar diya, kyu?')).to.equal('query_reason');
    smallTalk('claim late hua kyunki hospital ne bill late bheja, ab mil gaya. thanks');
    expect(matchIntent('Papa ka claim reject ho gaya. unhe kabhi sugar nahi tha. reason kya hai??')).to.equal('query_reason');
  });

  it('reads "settled or still pending" as a status question, and "iske alawa" (besides this) as what else', () => {
    expect(matchIntent('claim settle ho gaya ya abhi baki hai?')).to.equal('claim_status');
    expect(matchIntent('aadhar aur pan upload kar diya. iske alawa bhi kuch dena hai?')).to.equal('pending_documents');
  });

  it('reads a sum cut as a deduction, not a paper short', () => {
    expect(matchIntent('The settlement came ₹9,000 less than the bill, please check.')).to.equal('query_reason');
  });

  it('reads festival wishes, blessings and "is this the right number?" as small talk', () => {
    smallTalk('Happy Navratri! Mata rani aapka bhala kare');
    smallTalk('Is this the right number? I\'ll send the papers tomorrow.');
  });

  it('reads a negated request as asking nothing: "I don\'t want it rejected" is no question', () => {
    expect(matchIntent('Which papers do I still need to send? I don\'t want it rejected again.')).to.equal('pending_documents');
  });

  it('reads a question word beside an explanation understood as what became clear, also in a clause going on with "aur"', () => {
    smallTalk('Thanks, now I know which bills were missing. Will send them today.');
    smallTalk('ab samajh aa gaya paisa kitna kata aur kyu kata. shukriya');
    smallTalk('समझ आ गया कि कटौती क्यों हुई, धन्यवाद');
    smallTalk('I had a call with your team about the deduction. Thanks for explaining why it was capped.');
  });

  it('reads a delay word inside a request to answer as that request: waiting for a reply about a claim is a status ask', () => {
    expect(matchIntent('claim ke reply ka intezaar hai')).to.equal('claim_status');
    expect(matchIntent('माझ्या क्लेमबद्दल उत्तराची वाट पाहतोय')).to.equal('claim_status');
    // A delay question asks where the claim stands (docs/understanding.md, "Delay questions").
    expect(matchIntent('still waiting for your reply on my claim, why so much delay?')).to.equal('claim_status');
  });

  it('answers a question after "understood" in a message that closes nothing: it is asked, not told', () => {
    expect(matchIntent('ok understood when will i get the money')).to.equal('claim_status');
    expect(matchIntent('samajh gaya paisa kab aayega')).to.equal('claim_status');
    expect(matchIntent('समझ गया पैसा कब आएगा')).to.equal('claim_status');
  });

  it('still answers a question after understanding negated or after a contrast, and an explanation understood closes nothing', () => {
    expect(matchIntent('samajh nahi aaya ki paisa kyu kata')).to.equal('query_reason');
    expect(matchIntent('I understand why the room rent was capped but why was the surgery bill cut')).to.equal('query_reason');
    expect(matchIntent('aapne bataya tha ki 7 din mein paisa aayega, abhi tak nahi aaya')).to.equal('claim_status');
  });

  it('reads a request word beside "bas yahi", "that\'s all" as what the claimant wanted, not a request; a question word still asks', () => {
    smallTalk('bas yahi confirm karna tha ki bills pahunch gaye. shukriya');
    expect(matchIntent('bas itna hi janna tha ki paisa kab aayega')).to.equal('claim_status');
  });

  it('reads "when I get", "which you asked for" as a conjunction, not a question; "when I will get" asks', () => {
    smallTalk('I\'ll share the bills when I get them from the hospital. Thanks');
    smallTalk('Sending the discharge summary which you asked for. Thanks');
    expect(matchIntent('Sir when I will get my claim amount')).to.equal('claim_status');
  });

  it('reads "when he is back", "when she comes" (a third person, a present verb) as a conjunction: a plan told asks for no papers', () => {
    expect(matchIntent('I will courier the discharge papers when she is back in town.')).to.equal(null);
    expect(matchIntent('The surgeon will fill the claim form when he comes on Friday, I will upload it the same day.')).to.equal(null);
    expect(matchIntent('Can you tell me when he is going to call me?')).to.not.equal(null);
  });

  it('reads a follow-up told after a modal ("I will follow up") as the claimant\'s own doing; one asked for still asks', () => {
    expect(matchIntent('Got the reference number for my claim, I shall follow up using it from now on. Thank you')).to.equal(null);
    expect(matchIntent('Please follow up on my claim 44120')).to.equal('claim_status');
  });

  it('reads "hold up" as a delay, no papers pending: "what is the holdup" after a claim said pending asks for no papers', () => {
    expect(matchIntent('My reimbursement still says pending after 7 weeks. What is the holdup?')).to.not.equal('pending_documents');
    expect(matchIntent('Why is my claim still pending? What is the hold up?')).to.not.equal('pending_documents');
    expect(matchIntent('Which papers are still pending on my claim?')).to.equal('pending_documents');
  });

  it('reads "kahan se aa gaya", "kaha se lag gayi" (where did this come from) about a sum as a why; "claim kahan tak aa gaya" still asks its status', () => {
    expect(matchIntent('bill me 3000 ki katauti dikh rahi hai, ye kahan se lag gayi?')).to.equal('query_reason');
    expect(matchIntent('mera claim kahan tak aa gaya?')).to.equal('claim_status');
  });

  it('reads "follow up karunga", "follow up karte rahenge" as the claimant\'s own next step (a parting plan); "follow up karo" still asks', () => {
    expect(matchIntent('reference 77120 likh liya, ab main khud follow up karte rahenge. shukriya')).to.equal(null);
    expect(matchIntent('claim 77120 ka follow up karo jaldi')).to.equal('claim_status');
  });

  it('reads "cover hoti hai", "cover hote hain" (the whole family of "cover hota hai") as a question on the policy: payment news before it starts nothing', () => {
    expect(matchIntent('bypass ka paisa mil gaya, dhanyavad. ek baat, kya OPD ki dawaiyan bhi cover hoti hai?')).to.equal(null);
  });

  it('reads "sochenge aage kya karna hai", "dekhenge aage kya karna hai" (we will see what to do next) as a plan told, no talk asked for; "aage kya karna hai?" alone asks no person', () => {
    expect(matchIntent('letter padh liya, bhai se baat karke sochenge aage kya karna hai')).to.equal(null);
    expect(matchIntent('aage kya karna hai?')).to.not.equal('human_handover');
  });

  it('reads a greeting\'s question alone, not with the clause before it', () => {
    smallTalk('Papa ka claim reject hua tha, ab approve ho gaya. aap kaise ho?');
  });

  it('keeps a phrase across a joining word in one clause ("kuch aur": something more)', () => {
    expect(matchIntent('iske alawa kuch aur bhejna hai kya?')).to.equal('pending_documents');
  });

  it('answers a claim with a request to look into it as claim status ("kindly look into it", "dekh lijiye")', () => {
    expect(matchIntent('My claim CLM-2024-30077 for dad\'s knee surgery. Kindly look into it.')).to.equal('claim_status');
    expect(matchIntent('claim no 55120, dekh lijiye please')).to.equal('claim_status');
  });
});

/**
 * Telling, not asking: a claimant who reports their own plan or accepts what they were told starts
 * no workflow, in the language they wrote (docs/understanding.md, "Sentences, questions and entities").
 */
describe('understandMessage: the claimant\'s own plan or acceptance, told', () => {
  const toldOnly = (text: string, language: string) => {
    const understanding = understandMessage(text);
    expect(understanding.kind, `${text}: ${JSON.stringify(understanding.scores)}`).to.equal('small_talk');
    expect(detectLanguage(text)).to.equal(language);
  };

  it('reads "karwa lunga" (I will get it done) as the claimant\'s own plan, not a request, and "samajh sakta hu" (I can understand) as understanding', () => {
    toldOnly('Theek hai ji. Parso clinic jaake prescription pe stamp karwa lungi.', 'HI_EN');
    toldOnly('Accha, policy me likha tha to samajh sakti hu. Agle mahine KYC update karwa lunga.', 'HI_EN');
    expect(matchIntent('claim jaldi settle karwa do please')).to.equal('claim_status');
  });

  it('reads a rejection accepted as the claimant\'s own fault ("it was my fault", "not surprised", "will be more careful") as closing, not a why-question; a question after it still asks', () => {
    toldOnly('Got the letter saying the claim is rejected. Fair enough, it was my fault, the policy lapsed in March.', 'EN');
    expect(matchIntent('My claim was rejected. It was my mistake, but why was the whole amount denied?')).to.equal('query_reason');
  });

  it('reads "galti hamari thi", "मेरी ही गलती थी" (it was our / my own mistake) as a rejection accepted, in Hinglish and Hindi; asked, the why still asks', () => {
    toldOnly('Claim reject hone ka message aaya. Galti hamari thi, purani bimari form me nahi likhi.', 'HI_EN');
    toldOnly('क्लेम रिजेक्ट होने का मैसेज आया। मेरी ही गलती थी, पुरानी बीमारी फॉर्म में नहीं लिखी थी।', 'HI');
    expect(matchIntent('meri galti kya hai isme? claim kyu reject hua?')).to.equal('query_reason');
  });

  it('reads "kya bakwas ... hai" (what a rubbish ...) as venting, not a question: papers asked for again, told, start nothing', () => {
    toldOnly('Kya ghatiya app hai. Do baar wahi reports maang liye.', 'HI_EN');
    expect(matchIntent('kya bekar service hai, ab kaunse documents bhejne hain?')).to.equal('pending_documents');
  });

  it('reads "what a useless / pathetic ..." as venting, not a question, in English too; a question after it still asks', () => {
    toldOnly('What a pathetic process. Your team wanted the same reports from me twice.', 'EN');
    expect(matchIntent('What a mess, which documents do you still need?')).to.equal('pending_documents');
  });

  it('reads "bata dega" (someone will tell) as telling, not the request "batao": a plan told starts nothing, "... status batao" still asks', () => {
    const text = 'Mere bhai ne claim ka payment letter padh liya. Wo shaam ko bata dega.';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal(null);
    expect(detectLanguage(text)).to.equal('HI_EN');
    expect(matchIntent('agent kal bata dega, tab tak claim ka status batao')).to.equal('claim_status');
    const later = 'Mere papa ne settlement letter padh liya. Wo raat ko batayenge.';
    expect(matchIntent(later), JSON.stringify(understandMessage(later).scores)).to.equal(null);
  });

  it('reads an arrival told, with nothing asked and no papers said sent before it, as what reached the claimant, not papers reaching the insurer', () => {
    for (const [text, language] of [
      ['Received the insurer\'s query yesterday evening. My son will post the lab reports from Nagpur next week.', 'EN'],
      ['आपकी चिट्ठी आज मिल गई। रिपोर्ट मेरी बेटी के पास है, वो कल भेज देगी।', 'HI'],
    ] as const) {
      expect(matchIntent(text), `${text}: ${JSON.stringify(understandMessage(text).scores)}`).to.equal(null);
      expect(detectLanguage(text)).to.equal(language);
    }
    expect(matchIntent('I couriered the ICU notes on Monday. Have they reached you?')).to.equal('pending_documents');
    for (const [text, language] of [
      ['Dad was discharged on Friday. Received all the hospital bills and the discharge summary this morning.', 'EN'],
      ['Mummy ka operation ho gaya. Hospital se saari reports mil gayi hain.', 'HI_EN'],
    ] as const) {
      expect(matchIntent(text), `${text}: ${JSON.stringify(understandMessage(text).scores)}`).to.equal(null);
      expect(detectLanguage(text)).to.equal(language);
    }
  });
});

describe('understandMessage: a cashless authorisation is the insurer\'s approval', () => {
  it('reads "authorisation", "authorization" as an approval (paid), not papers: asking whether it went to the hospital asks the claim\'s status', () => {
    const text = 'The ward desk says the cashless approval has not reached them yet. Has the authorization gone out to the hospital?';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal('claim_status');
    expect(detectLanguage(text)).to.equal('EN');
    expect(matchIntent('Was the final authorisation for my cashless claim sent to the hospital?')).to.equal('claim_status');
  });
});

describe('understandMessage: "किस आधार पर", "kis aadhar pe" (on what basis) asks why, no Aadhaar card', () => {
  it('reads "on what basis" as a why-question about the cut, in Hindi and Hinglish, while "aadhar" alone is still the card', () => {
    for (const [text, language] of [
      ['क्लेम में घुटने के ऑपरेशन पर ₹50,000 की सीमा लगा दी। ये सीमा किस आधार पर लगाई?', 'HI'],
      ['Room rent ki limit lagi hai letter me. Ye limit kis aadhar par lagayi?', 'HI_EN'],
    ] as const) {
      expect(matchIntent(text), `${text}: ${JSON.stringify(understandMessage(text).scores)}`).to.equal('query_reason');
      expect(detectLanguage(text)).to.equal(language);
    }
    expect(matchIntent('aadhar card ki copy bhi bhejni hai kya?')).to.equal('pending_documents');
  });
});

describe('understandMessage: updating one\'s own contact details is the policy\'s business, no claim status', () => {
  it('reads "update my mobile number", "change my email" as a records change (cover), while "any update on my claim" asked last still asks the status', () => {
    const text = 'Hello. How can I change my email id on the portal? The old one is closed now.';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal(null);
    expect(detectLanguage(text)).to.equal('EN');
    expect(matchIntent('Please update my phone number in your app, I got a new SIM.')).to.equal(null);
    // Two questions are answered by the last: the address change after a claim question starts
    // nothing (the corpus's labels, docs/understanding.md); the claim question last still asks.
    expect(matchIntent('Any update on my claim? Also how do I change my address?')).to.equal(null);
    expect(matchIntent('How do I change my address? Also any update on my claim?')).to.equal('claim_status');
  });

  it('reads Hinglish "email kaise update karu" (how do I update my email) as a records change, its "kaise" no why', () => {
    const text = 'Purani email id band ho gayi. App me email kaise update karein?';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal(null);
    expect(detectLanguage(text)).to.equal('HI_EN');
    expect(matchIntent('address update kaise hoga aur claim ka status kya hai?')).to.equal('claim_status');
  });

  it('reads Hinglish "kaise update karu" (how do I update) beside papers as how to send them, not why', () => {
    const text = 'Portal pe discharge summary galat upload ho gayi. Reports kaise update karein?';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal('pending_documents');
    expect(detectLanguage(text)).to.equal('HI_EN');
  });
});

describe('understandMessage: Hinglish "aa gaya" (came) is an arrival as well as a payment', () => {
  it('reads "sab aa gaya?" after papers told uploaded as asking whether they arrived, and "paisa aa gaya?" as the payment', () => {
    const text = 'Kal shaam 4 reports aur pharmacy ka bill email kiye the. Check karke batao sab aa gaye?';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal('pending_documents');
    expect(detectLanguage(text)).to.equal('HI_EN');
    expect(matchIntent('claim ka paisa account me aa gaya kya?')).to.equal('claim_status');
  });
});

describe('understandMessage: a bill with its sum is money told, not a paper', () => {
  it('reads a bill named with its total as what the bill came to (bills-alone stops on a sum), while a bill alone or a paper with a sum still asks for documents', () => {
    for (const [text, language] of [
      ['Dad ka total hospital bill 3.4 lakh bana, usme 40k dawaiyon ka.', 'HI_EN'],
      ['The final bill came to Rs 1,85,000 including the ICU charges.', 'EN'],
    ] as const) {
      expect(matchIntent(text), `${text}: ${JSON.stringify(understandMessage(text).scores)}`).to.equal(null);
      expect(detectLanguage(text)).to.equal(language);
    }
    expect(matchIntent('pharmacy bills?')).to.equal('pending_documents');
    expect(matchIntent('claim 2 lakh ka hai, PAN card bhi dena padega kya')).to.equal('pending_documents');
  });
});

describe('understandMessage: the premium\'s payment is the policy\'s business', () => {
  it('reads a payment or status word beside the premium, with no claim named, as no claim status; a claim asked about beside it still is', () => {
    const text = 'Was my renewal premium debited from the bank this month?';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal(null);
    expect(detectLanguage(text)).to.equal('EN');
    expect(matchIntent('premium ka payment ho gaya kya?')).to.equal(null);
    expect(matchIntent('Premium paid already. When will my claim be settled?')).to.equal('claim_status');
  });

  it('reads a request for the policy\'s e-card or its download link as the policy\'s business, no papers asked for; the upload link still is', () => {
    const text = 'Kindly share my family health card download link, the old one expired.';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal(null);
    expect(detectLanguage(text)).to.equal('EN');
    expect(matchIntent('send me the e-card please')).to.equal(null);
    expect(matchIntent('please send me the upload link again')).to.equal('pending_documents');
  });
});

describe('understandMessage: "anymore" is one English word', () => {
  it('reads "anymore" (no longer) as no "any more" run together, so no papers needed', () => {
    const text = 'My policy email is not in use anymore.';
    expect(understandMessage(text).scores.pending_documents, JSON.stringify(understandMessage(text).scores)).to.equal(0);
    expect(matchIntent(text)).to.equal(null);
    expect(detectLanguage(text)).to.equal('EN');
    expect(matchIntent('Do you need any more papers from me?')).to.equal('pending_documents');
  });
});

describe('understandMessage: the file is the papers when bills were told sent', () => {
  it('reads "the file" after bills told sent, asked whether they arrived, as the papers (documents), not a claim paid', () => {
    const text = 'I posted the hospital bills and reports last Friday. Can you check they arrived and my file is complete?';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal('pending_documents');
    expect(detectLanguage(text)).to.equal('EN');
    expect(matchIntent('When will my file be settled?')).to.equal('claim_status');
  });
});

describe('understandMessage: Hinglish padhna (read) and badhna (increase) are verbs, no typo of "aadha" (half)', () => {
  it('reads "abhi padha nahi" (not read yet) and "premium badha hai" (went up) as no cut', () => {
    const text = 'Hospital ka letter abhi padha nahi.';
    expect(understandMessage(text).scores.query_reason, JSON.stringify(understandMessage(text).scores)).to.equal(0);
    expect(matchIntent(text)).to.equal(null);
    expect(detectLanguage(text)).to.equal('HI_EN');
    expect(matchIntent('Is saal premium bahut badha hai.')).to.equal(null);
    expect(matchIntent('sirf aadha paisa mila, baaki kyu kata?')).to.equal('query_reason');
  });
});

describe('understandMessage: a last question about the policy\'s own business leans on no claim told before it', () => {
  it('reads "why did my premium go up?" after a claim told as the policy\'s business, starting nothing; a claim asked about beside the premium still answers', () => {
    const text = 'My claim was settled last year. Why did my premium go up?';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal(null);
    expect(detectLanguage(text)).to.equal('EN');
    expect(matchIntent('Pichle saal ek claim liya tha. Is baar premium itna zyada kyu hai?')).to.equal(null);
    expect(understandMessage('Hello. Last year I took a claim. Why is my renewal so costly now?').kind).to.equal('small_talk');
    expect(matchIntent('Premium paid already. When will my claim be settled?')).to.equal('claim_status');
    expect(matchIntent('Renewal is done. Why was my claim rejected?')).to.equal('query_reason');
  });
});

describe('understandMessage: a sum rejected on a paper is money disallowed, not the paper refused', () => {
  it('reads a rejection with its sum on a statement, asked about, as why (query_reason); a paper rejected with no sum still asks for documents', () => {
    const text = 'The statement says 3,800 disallowed. What was wrong with it?';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal('query_reason');
    expect(detectLanguage(text)).to.equal('EN');
    expect(matchIntent('Discharge statement me 3,800 disallowed likha hai. Kya galat tha?')).to.equal('query_reason');
    expect(matchIntent('PAN card ki copy bheji thi wo reject ho gayi. Kya galat hai usme?')).to.equal('pending_documents');
  });
});

describe('understandMessage: a bad experience told is venting, asking for nothing', () => {
  it('reads "very bad experience", "bura experience raha", "बुरा अनुभव रहा" after papers asked again as venting (small talk); a question after it still answers', () => {
    const text = 'They keep asking for new papers every time. Very bad experience.';
    expect(understandMessage(text).kind, JSON.stringify(understandMessage(text).scores)).to.equal('small_talk');
    expect(detectLanguage(text)).to.equal('EN');
    expect(understandMessage('Har baar naya document maangte ho. Bahut bura experience raha.').kind).to.equal('small_talk');
    expect(understandMessage('हर बार नया कागज़ माँग लेते हो। बहुत बुरा अनुभव रहा।').kind).to.equal('small_talk');
    expect(matchIntent('Bad experience so far. Which documents are still pending?')).to.equal('pending_documents');
  });
});

describe('understandMessage: Hindi ईमेल (email) is a way to send papers, as English "email" is', () => {
  it('reads "सही ईमेल आईडी कौन सी है?" after papers told emailed as where to send them (documents), not a payment', () => {
    const text = 'रिपोर्ट दो बार ईमेल कर दी। फिर भी कहते हैं मिली नहीं। सही ईमेल आईडी कौन सी है?';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal('pending_documents');
    expect(detectLanguage(text)).to.equal('HI');
    expect(matchIntent('पैसा अभी तक मिला नहीं। कब मिलेगा?')).to.equal('claim_status');
  });
});

describe('understandMessage: a paper someone else will have ready is told, not asked for', () => {
  it('reads "the final bill will be ready by evening", "bill shaam tak ready hoga" as news of the paper (no workflow); a question for papers beside it still asks', () => {
    const text = 'The hospital said the final bill will be ready by evening.';
    expect(matchIntent(text), JSON.stringify(understandMessage(text).scores)).to.equal(null);
    expect(detectLanguage(text)).to.equal('EN');
    expect(matchIntent('Hospital wale bole final bill shaam tak ready hoga.')).to.equal(null);
    expect(matchIntent('The bill will be ready tomorrow. Which other documents do you need?')).to.equal('pending_documents');
  });
});

describe('understandMessage: Hinglish "phir message karunga" (I will message again) is a parting word', () => {
  it('reads news told and "phir message karungi" as a closing (small talk); a question before it still answers', () => {
    const text = 'Hospital ka reply aaya hai, abhi dekha nahi. Phir message karungi.';
    expect(understandMessage(text).kind, JSON.stringify(understandMessage(text).scores)).to.equal('small_talk');
    expect(detectLanguage(text)).to.equal('HI_EN');
    expect(understandMessage('Abhi busy hoon, phir baat karenge.').kind).to.equal('small_talk');
    expect(matchIntent('Claim reject kyu hua? Phir message karunga.')).to.equal('query_reason');
  });
});

describe('understandMessage: a rejection letter told arrived, nothing asked, is news', () => {
  it('starts nothing for the letter told come in English, Hinglish and romanised Tamil; a why or "no reason" beside it still asks why', () => {
    for (const text of ['The rejection letter reached us by post this morning.', 'Aaj rejection letter courier se aa gaya, dekh lenge.', 'rejection letter nethu post la vandhuchu']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Rejection letter arrived today but it gives no reason.')).to.equal('query_reason');
    expect(matchIntent('The rejection letter came today. Why was it rejected?')).to.equal('query_reason');
    expect(matchIntent('claim rejected, why?')).to.equal('query_reason');
  });
});

describe('understandMessage: the last of two questions, on the policy\'s own business, answers', () => {
  it('starts nothing when a claim question comes first and the last asks of the renewal; after a why, a guess at the reason still asks why', () => {
    expect(matchIntent('Is my claim settled? And when is my renewal premium due?')).to.equal(null);
    expect(matchIntent('Why was 4,000 cut from my claim? Is it because of the senior citizen policy?')).to.equal('query_reason');
    expect(matchIntent('claim status')).to.equal('claim_status');
  });
});

describe('understandMessage: papers, needs and sending in a clause on the policy\'s own business are that business\'s', () => {
  it('starts nothing for an 80D or premium certificate asked for, sent or looked for, or the premium paid in EMI; a card copy beside a claim is still a claim paper', () => {
    for (const text of ['Please mail me the 80D premium certificate for this year.', 'Premium receipt chahiye tax ke liye, kahan se milega?',
      'I paid 18,500 for the family floater last month. I need the tax certificate. Where can I download it?', 'Premium EMI me bhar sakte hai kya?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Claim ke papers ke saath health card ki copy bhi lagani hai kya?')).to.equal('pending_documents');
  });

  it('reads the claimant sending a copy of the policy\'s own card as a claim paper, and the same card or certificate asked to be sent to them as that business', () => {
    for (const text of ['Should I send a copy of the health card?', 'health card ki copy bhej du?', 'policy card chi copy pathvu ka?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
    for (const text of ['please send me the 80D certificate', 'premium certificate bhej dijiye']) {
      expect(matchIntent(text), text).to.equal(null);
    }
  });
});

describe('understandMessage: a cut accepted, then whether the rest came or not, asks the status', () => {
  it('reads "baaki release hua ya nahi" after a deduction accepted as a status question; "what happened to the rest" still asks where it went', () => {
    expect(matchIntent('Dawai ke bill me 1,200 ka deduction samajh aa gaya, theek hai. Baaki 30,000 transfer hua ya nahi?')).to.equal('claim_status');
    expect(matchIntent('50k aaya, baki 30k ka kya hua?')).to.equal('query_reason');
  });
});

describe('understandMessage: visiting a branch to meet someone asks for a person', () => {
  it('starts human_handover for a branch or office visit to meet an officer (EN, HI_EN)', () => {
    for (const text of ['Can I come to your office on Monday and meet someone from claims?', 'Kal branch aakar kisi se mil sakte hain kya?']) {
      expect(matchIntent(text), text).to.equal('human_handover');
    }
  });
});

describe('understandMessage: a why-word inside a paper\'s name ("itemized break-up") is the paper', () => {
  it('reads "Is the itemized break-up mandatory?" as papers asked about; a why beside the breakup still asks why', () => {
    expect(matchIntent('Do you need the detailed breakdown of the hospital bill too?')).to.equal('pending_documents');
    expect(matchIntent('Where is the itemized breakup of the deduction? Why was it cut?')).to.equal('query_reason');
  });
});

describe('understandMessage: Hinglish, the app crashing or its update is the policy\'s own business', () => {
  it('starts nothing for an app update asked after the app told crashing; "claim ka koi update" still asks the status', () => {
    expect(matchIntent('App login pe crash ho jata hai. Claim dekhna tha, wo bhi nahi hua. App ka naya update kab aayega?')).to.equal(null);
    expect(matchIntent('Claim ka koi update aayega?')).to.equal('claim_status');
  });
});

describe('understandMessage: Hinglish, telling someone else and not knowing what to do', () => {
  it('"bata deta hu", "inform kar dunga" tell what the claimant will do, and "pata nahi kya karu" vents: news of the claim with them starts nothing', () => {
    for (const text of ['Papa ka claim settle ho gaya hai, main TPA desk ko bata deta hu.', 'Approval ka SMS aa gaya. Bhaiya ko inform kar dungi.', 'Mummy ka claim reject ho gaya hai, ghar me sab tension me hain. Pata nahi kya karu.']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Claim reject ho gaya, ab kya karu? Kyu reject kiya?')).to.equal('query_reason');
  });
});

describe('understandMessage: a checklist asked for is the list of papers', () => {
  it('reads "checklist", "check list" as a list asked for, in English and Hinglish', () => {
    for (const text of ['Please share the checklist for a cataract reimbursement claim.', 'Could you send me the check list for the claim?', 'Pichli baar ek bill chhoot gaya tha. Is baar sab ek saath bhejna hai. Checklist milegi kya?']) {
      expect(matchIntent(text), text).to.equal('pending_documents');
    }
  });
});

describe('understandMessage: English, telling a third party and the app\'s password or log-in', () => {
  it('"will tell the hospital", "will inform my brother" are the claimant\'s plan; a password, an OTP or being logged out are the policy\'s own business', () => {
    for (const text of ['Got the SMS that my claim is approved. Will tell the hospital billing desk tomorrow.', 'Payment came in. Will inform my brother tonight.', 'Claim ka paisa aa gaya. Ab app me login nahi ho raha, password reset kaise karu?', 'Reimbursement aa gaya. App ka OTP nahi aata, kya karna hoga?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Will you tell me when the money comes?')).to.equal('claim_status');
  });
});

describe('understandMessage: nothing pending told, a follow-up surgery, and "warna" (EN, HI_EN)', () => {
  it('"nothing is pending from our side", "kuch pending nahi" tell; a follow-up surgery is medical; "warna" (otherwise) is no request', () => {
    for (const text of ['Mummy got discharged yesterday. Cashless was done by the hospital itself, nothing is pending from our side.', 'Thanks for the claim update. The doctor has fixed the follow-up surgery for March.', 'Claim pass ho gaya jaldi, warna udhaar lena padta. Dhanyavaad.', 'Hospital ne cashless kar diya, hamari taraf se kuch pending nahi. Papa ghar aa gaye.']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Is anything pending from my side?')).to.equal('pending_documents');
  });
});

describe('understandMessage: what the policy covers, its bonus, its wording and an address changed are the policy\'s business (EN, HI_EN)', () => {
  it('a last question on cover, the no claim bonus, the policy wording or a new address starts nothing after a claim told; a claim asked or a cut questioned still asks', () => {
    for (const text of ['Got the reimbursement for my son\'s fracture, thanks. Does my policy cover physiotherapy after discharge?', 'The settlement came through last week. Is the no claim bonus still there for next year?', 'Claim ka paisa mil gaya. Ek baat, dental treatment policy me cover hai kya?', 'Claim ho gaya, dhanyavaad. Naye ghar ka address update karna hai, kaise karun?', 'My claim is closed now. Where can I read the policy wording for room rent?']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Policy renew kar di. Claim ka paisa kab aayega?')).to.equal('claim_status');
    expect(matchIntent('Why is the MRI not covered under my policy?')).to.equal('query_reason');
  });
});

describe('understandMessage: Hinglish, what the claimant was told (aapke bataye)', () => {
  it('"aapke bataye hisaab se" is an explanation understood, no request to tell; a question after it still asks', () => {
    expect(matchIntent('Shukriya, aapke bataye hisaab se copay ki katauti ab samajh aa gayi.')).to.equal(null);
    expect(matchIntent('Aapke bataye hisaab se bills bhej diye. Ab kya karna hai?')).to.equal('pending_documents');
  });
});

describe('understandMessage: where the reason is written asks the reason', () => {
  it('a reason word beside a where-word ("report me kahan likha hai jo aapne ye reason diya?") asks for the reason, not papers', () => {
    for (const text of ['Mummy ka claim reject kar diya. Papa ki report me kahan likha hai jo aapne ye reason diya?', 'मेरा क्लेम रिजेक्ट हुआ है। अस्पताल की रिपोर्ट में कहाँ लिखा है जो आपने ये कारण दिया?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
    }
  });
});

describe('understandMessage: plans after a decision and what the claimant will pass on (EN, HI_EN)', () => {
  it('deciding about an appeal with the family, forwarding a message and checking with the bank are told, no question', () => {
    for (const text of ['Got the repudiation letter today. Will discuss with my family and decide about the appeal.', 'Claim reject ho gaya, ghar walon se baat karke appeal ka decide karenge.', 'Approval ka SMS aaya, maine hospital ko forward kar diya.', 'Settlement mail mil gaya, UTR bank me check karke bataunga.']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Claim reject ho gaya, appeal karenge par pehle batao kyu reject kiya?')).to.equal('query_reason');
  });
});

describe('understandMessage: papers told uploaded and waiting told (EN, HI_EN)', () => {
  it('"upload ho gaye", "submit ho gaye" tell papers sent; "bas intezaar hai", "will wait patiently" tell: nothing asked; a question after them still asks', () => {
    for (const text of ['Sab documents upload ho gaye. Ab bas intezaar hai.', 'The claim is in process, I saw it on the app. Will wait patiently.', 'Reports submit ho gaye the kal. Ab wait karte hain.']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Documents upload ho gaye, aur kya chahiye?')).to.equal('pending_documents');
  });
});

describe('understandMessage: thanks closes the news before a question on something else (EN, HI_EN)', () => {
  it('a question naming nothing of a claim after "..., thanks." starts nothing; one that answers by itself, a why, or a claim named after the thanks still asks', () => {
    for (const text of [
      'Settlement of 52,000 came yesterday, thank you. Is Narayana hospital empanelled with you?',
      'The claim money is in my account, thanks a lot. What time does the Kothrud branch shut?',
      'Claim approve ho gaya tha, shukriya. Aapka Noida wala office Saturday ko khula rehta hai?',
      'my claim was settled and amount credited, thank you. i want to update my email in the policy, how to do it?',
    ]) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Bills bhej diye the, thanks. Mil gaye kya?')).to.equal('pending_documents');
    // A bare follow-up names no other topic, and goes on about the news.
    expect(matchIntent('Claim pass ho gaya, ok ji. Ab aage kya?')).to.equal('claim_status');
    expect(matchIntent('Reports bhej di hain, thank you. Ab aur kuch?')).to.equal('pending_documents');
    expect(matchIntent('Got 40,000, thanks. But 6,000 is less. Why?')).to.equal('query_reason');
    expect(matchIntent('Thank you for last time 🙏 now my mother\'s claim CLM-2024-11873, where has it reached?')).to.equal('claim_status');
  });
});

describe('understandMessage: a waiting period carried over, porting, a new policy, a health check-up and office hours are the policy\'s business (EN, HI_EN)', () => {
  it('such a question after a claim told starts nothing; a claim asked of beside them still asks', () => {
    for (const text of [
      'My mother\'s claim got paid last month. We plan to port our policy to you now. Will the waiting period be carried over?',
      'Claim settle ho gaya tha. Dusri company ki policy yahan port karni hai, waiting period dobara lagega kya?',
      'The reimbursement reached my account. How long does the porting process take?',
      'Papa ka claim ho gaya. Ab mummy ke liye nayi policy leni hai, kaunsa plan theek rahega?',
      'Settlement done for my knee surgery. Is there a waiting period for cataract in my plan?',
      'My claim is closed. Is the annual health checkup free with my policy?',
      'Claim ka paisa aa gaya. Nagpur office kitne baje tak khula rehta hai?',
    ]) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('I ported my policy last year and my claim is still pending, when will it be settled?')).to.equal('claim_status');
    expect(matchIntent('Claim reject kar diya waiting period bolke, ye kyu?')).to.equal('query_reason');
    expect(matchIntent('Where is your office? I want to submit the original bills.')).to.equal('pending_documents');
  });
});

describe('understandMessage: a person who told the claimant something is no person asked for (EN, HI_EN)', () => {
  it('an agent or executive named in a told clause, then a question naming no intent, goes to no person; one complained of or asked for still does', () => {
    for (const text of [
      'The relationship manager said I can pay the premium quarterly. How do I switch to that?',
      'Your advisor told me the e-card will come on the app. Where do I find it in the menu?',
      'Agent ne bataya tha policy online renew ho jayegi. Wo kaise karte hain?',
    ]) {
      expect(matchIntent(text), text).to.not.equal('human_handover');
    }
    expect(matchIntent('My agent is not answering my calls for a week. Can someone help?')).to.equal('human_handover');
    expect(matchIntent('Your executive told me the claim is approved. When will the money come?')).to.equal('claim_status');
    expect(matchIntent('The executive said to ask here. Please connect me to a manager.')).to.equal('human_handover');
  });
});

describe('understandMessage: a hospital in the network, a baby added, the nearest branch, the policy\'s expiry, more cover and a renewal discount are the policy\'s business (EN, HI_EN)', () => {
  it('such a question after a claim told starts nothing; a why beside them still asks', () => {
    for (const text of [
      'Thank you for the help with my knee surgery. The claim was paid in full, 1.8 lakh. Is Jupiter Hospital part of your network?',
      'Cashless for my delivery went through smoothly. Can I add the newborn to my policy this month?',
      'My reimbursement came on Friday, all papers were accepted. Which is the nearest branch in Vashi?',
      'Claim ka paisa mil gaya, sab documents accept ho gaye. Meri policy kab expire hogi?',
      'Executive ne bola tha renewal pe discount milega, kitna discount milega?',
    ]) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('The hospital is part of your network, then why was cashless rejected?')).to.equal('query_reason');
    expect(matchIntent('Network hospital hai phir bhi cashless reject kyu hua?')).to.equal('query_reason');
  });
});

describe('understandMessage: cover abroad and a plan\'s benefits are the policy\'s business (EN, HI_EN)', () => {
  it('asked after a claim told paid, they start nothing', () => {
    for (const text of [
      'The settlement of 41,000 came yesterday. My son flies to Canada next week, is he covered abroad?',
      'Cashless got approved really fast! Does my policy include a restoration benefit?',
      'Claim ka paisa aa gaya. Restoration benefit bhi milta hai kya is plan me?',
    ]) {
      expect(matchIntent(text), text).to.equal(null);
    }
  });
});

describe('understandMessage: paying the premium by UPI, a contact detail changed and the app not opening are the policy\'s business (EN, HI_EN)', () => {
  it('asked after a claim told done, they start nothing; a claim paid by UPI asked of still asks', () => {
    for (const text of [
      'Claim is settled, thanks. Can I pay the premium via UPI this time?',
      'Thank you, my claim got approved. My mobile number has changed, how do I update it?',
      'Claim ho gaya, thanks. App khul hi nahi raha, naya version aayega kya?',
      'Paisa aa gaya. Premium UPI se bhar sakte hain kya?',
    ]) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('When will my claim amount be paid? I gave my UPI id already.')).to.equal('claim_status');
  });
});

describe('understandMessage: the sum insured left and a policy bought or converted are the policy\'s business (EN, HI_EN)', () => {
  it('asked after a claim told paid, they start nothing; a why beside the sum insured still asks', () => {
    for (const text of [
      'Claim paid in full, no complaints. How much sum insured is left for this year?',
      'My uncle\'s claim was settled quickly. He wants to buy a policy for his wife, can she buy online?',
      'Bhaiya ka claim settle ho gaya. Unki policy me sum insured kitna bacha hai?',
    ]) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Sum insured 5 lakh hai phir bhi sirf 2 lakh kyu diya?')).to.equal('query_reason');
  });
});

describe('understandMessage: a paper asked to be sent to the claimant after a clause on the policy\'s business is that business\'s (HI_EN, HI)', () => {
  it('starts nothing; papers the claimant is to send, or asked after the business told done, still ask', () => {
    for (const text of ['Nominee change karna hai, form bhej do', 'पॉलिसी रिन्यू करवानी है, लिंक भेज दीजिए']) {
      expect(matchIntent(text), text).to.equal(null);
    }
    expect(matchIntent('Premium bhar diya. documents ki list bhej do')).to.equal('pending_documents');
  });
});

describe('understandMessage: a need word inside a cut phrase is the cut, no paper lacking (MR_EN)', () => {
  it('which items were cut asks why; a paper lacking still asks for documents', () => {
    for (const text of ['3,200 kami kele, te konte items hote?', 'bill madhun 1,500 kami kela, kashache?']) {
      expect(matchIntent(text), text).to.equal('query_reason');
    }
    expect(matchIntent('kahi kami ahe ka? konte documents pathvu?')).to.equal('pending_documents');
  });
});

describe('understandMessage: an acknowledging emoji closes news told, not a request put briefly (EN, HI_EN, MR)', () => {
  it('news of something got, paid, done or sent with 👍, 👌 or ✅ starts nothing; a bare request with one still asks', () => {
    for (const text of ['final bill mil gaya 👍', 'amount credited in my account ✅', 'sab documents upload kar diye 👌']) {
      expect(understandMessage(text).kind, text).to.equal('small_talk');
    }
    expect(matchIntent('claim status 👍')).to.equal('claim_status');
    expect(matchIntent('status of CLM-2025-40321 👌')).to.equal('claim_status');
    expect(matchIntent('pending documents list ✅')).to.equal('pending_documents');
    expect(matchIntent('क्लेम स्टेटस 👍')).to.equal('claim_status');
  });
});

describe('understandMessage: a follow-up told done asks for no follow-up (EN, HI_EN)', () => {
  it('reads a follow-up told done (follow up kar rahe the, was following up) as a known phrase, no request: money told come with thanks beside it starts nothing', () => {
    for (const text of [
      'reimbursement ke 45,000 kal account me aa gaye, dhanyavaad, aapke sir follow up kar rahe the',
      'Got the 18,500 in my account today. Thanks to the lady who was following up on it.',
    ]) expect(matchIntent(text), text).to.equal(null);
  });
  it('leaves a follow-up asked for, a question after the thanks, and a claim told still pending beside a follow-up told, asking', () => {
    expect(matchIntent('paisa aa gaya, shukriya. baki 5000 kab aayenge?')).to.equal('claim_status');
    expect(matchIntent('please follow up on my claim status')).to.equal('claim_status');
    expect(matchIntent('I kept following up for three weeks and my claim is still pending')).to.equal('claim_status');
    expect(matchIntent('follow up kar raha tha 10 din se, claim ka koi update nahi')).to.equal('claim_status');
  });
});

describe('understandMessage: trust lost and a bad service vented, mixed-script too, ask nothing (HI, HI_EN, EN)', () => {
  it('reads घटिया service, भरोसा उठ गया, bharosa nahi raha, lost faith in as venting: a sum not paid told among them starts nothing', () => {
    for (const text of [
      'ऐसी बेकार service पहले कभी नहीं मिली। आधा पैसा भी नहीं दिया। आपकी कंपनी से भरोसा उठ गया।',
      'itne saal premium bhara, phir bhi claim me aadha kaat diya. ab bharosa nahi raha aap logon pe.',
      'Paid premiums for ten years and half the bill was cut. I have lost all faith in your company.',
    ]) expect(matchIntent(text), text).to.equal(null);
  });
  it('leaves a question beside the venting asking', () => {
    expect(matchIntent('घटिया service है। मेरा पैसा कब आएगा?')).to.equal('claim_status');
    expect(matchIntent('bharosa uth gaya. claim reject kyu kiya?')).to.equal('query_reason');
  });
});

describe('understandMessage: a plan asked to be suggested or another policy taken is the policy\'s business (EN, HI_EN, HI)', () => {
  it('reads which plan, suggest a plan, a separate policy, kaunsa plan, कौन सा प्लान as that business: asked after a claim told settled it starts nothing', () => {
    for (const text of [
      'My claim was settled on time. I want another policy for my in-laws. Which plan do you recommend?',
      'claim settle ho gaya, thanks. ab sasur ji ke liye kaunsa plan lena sahi rahega?',
      'क्लेम का पैसा मिल गया। अब बेटे के लिए अलग पॉलिसी लेनी है, कौन सा प्लान ठीक रहेगा?',
    ]) expect(matchIntent(text), text).to.equal(null);
  });
  it('leaves a claim asked of beside a plan asking', () => {
    expect(matchIntent('I took another policy last year. When will my claim be paid?')).to.equal('claim_status');
    expect(matchIntent('kaunsa plan tha pata nahi, claim reject kyu hua?')).to.equal('query_reason');
  });
});

describe('understandMessage: an office open on a day (khula rehta, खुला रहता, open on Sunday) is the policy\'s business (EN, HI_EN, HI)', () => {
  it('asked after papers told handed in, starts nothing', () => {
    for (const text of [
      'parso branch jaake saare bills de diye, receipt bhi mil gayi. saturday ko office khula rehta hai?',
      'कल खुद जाकर कागज़ जमा कर दिए थे। क्या आपका ऑफिस छुट्टी के दिन खुला रहता है?',
      'I dropped the bills at your branch yesterday. Are you open on Saturdays?',
    ]) expect(matchIntent(text), text).to.equal(null);
  });
  it('leaves whether the papers arrived asked', () => {
    expect(matchIntent('parso branch jaake saare bills de diye. mil gaye kya?')).to.equal('pending_documents');
    expect(matchIntent('I dropped the bills at your branch yesterday. Have they reached you?')).to.equal('pending_documents');
  });
});

describe('understandMessage: a mobile number to be changed (number badalwana, नंबर बदलवाएं) is the policy\'s business (HI, HI_EN)', () => {
  it('asked how, after a claim told settled, starts nothing', () => {
    for (const text of [
      'क्लेम का पैसा आ गया पर मैसेज पुराने फोन पर गया। मोबाइल नंबर कैसे बदलवाएं?',
      'claim settle ho gaya, sms purane phone pe aaya. mobile number kaise badle?',
    ]) expect(matchIntent(text), text).to.equal(null);
  });
  it('leaves a claim asked of beside a number changed asking', () => {
    expect(matchIntent('नंबर बदल गया है। मेरा क्लेम कब पास होगा?')).to.equal('claim_status');
    expect(matchIntent('number badle the isliye claim reject hua kya? kyu?')).to.equal('query_reason');
  });
});

describe('understandMessage: done or still pending asked (settle hua ya abhi bhi pending, सेटल हुआ या पेंडिंग) is the claim\'s status (HI_EN, HI, EN)', () => {
  it('asks the status, even after a cut deferred to a later question', () => {
    for (const text of [
      'deduction ka hisaab baad me lunga. abhi bas ye batao papa ka claim approve hua ya abhi bhi pending hai',
      'पहले ये बताइए कि मेरा क्लेम पास हुआ या अभी भी पेंडिंग है?',
      'Forget the deduction for now. Has the claim been approved or still pending?',
    ]) expect(matchIntent(text), text).to.equal('claim_status');
  });
  it('leaves papers still pending asked for documents', () => {
    expect(matchIntent('claim ke kaunse papers abhi bhi pending hai?')).to.equal('pending_documents');
    expect(matchIntent('कौन से कागज़ अभी भी पेंडिंग हैं?')).to.equal('pending_documents');
  });
});

describe('understandMessage: the bill with the breakup (breakup wala bill, ब्रेकअप वाला बिल, itemised bill) is a paper, no calculation asked (HI_EN, HI, EN)', () => {
  it('asked whether it is needed asks for documents', () => {
    for (const text of [
      'pharmacy ne sirf total ka bill diya. breakup wale bill bhi bhejne honge kya?',
      'दवाई वालों ने बस कुल रकम लिखी है। ब्रेकअप वाला बिल भी देना होगा क्या?',
      'The chemist gave one total slip. Do you want the itemized bills too?',
    ]) expect(matchIntent(text), text).to.equal('pending_documents');
  });
  it('leaves the breakup of a cut asked why', () => {
    expect(matchIntent('6000 kam aaye, iska breakup batao')).to.equal('query_reason');
    expect(matchIntent('What is the breakup of the 4,000 deducted?')).to.equal('query_reason');
  });
});

describe('understandMessage: NEFT inside a phrase of money come (NEFT से आ गया, neft se aa gaya, came via NEFT) is how it came, no status asked (HI, HI_EN, EN, grammar)', () => {
  it('told with the claim and nothing asked starts nothing', () => {
    for (const text of [
      'सुबह 72,400 NEFT से आ गए, क्लेम नंबर 4417 का। पूरा हिसाब ठीक है।',
      'kal raat 64,000 neft se credit ho gaye claim ke. sab barabar hai.',
      'The 27,900 for my claim came through NEFT yesterday. All good.',
    ]) expect(matchIntent(text), text).to.equal(null);
  });
  it('leaves NEFT asked of, and the payment asked when, asking the status', () => {
    expect(matchIntent('क्लेम का पैसा NEFT से कब आएगा?')).to.equal('claim_status');
    expect(matchIntent('neft ka utr number bhej do')).to.equal('claim_status');
    expect(matchIntent('Was my claim amount sent by NEFT?')).to.equal('claim_status');
  });
});

describe('understandMessage: a request to send naming no thing after a clause on the policy\'s business is that business\'s (HI, HI_EN, grammar)', () => {
  it('the network hospitals\' list asked for starts nothing', () => {
    for (const text of [
      'भोपाल में कौन से नेटवर्क अस्पताल हैं, सूची भेज दीजिए।',
      'pichhli baar reimbursement lena pada tha. indore me kaun kaun se network hospital hai, list bhej do',
    ]) expect(matchIntent(text), text).to.equal(null);
  });
  it('leaves the claim\'s papers\' list asked for documents', () => {
    expect(matchIntent('Bhopal me network hospital hai kya? claim ke papers ki list bhej do')).to.equal('pending_documents');
    expect(matchIntent('क्लेम के लिए कौन से कागज़ चाहिए, लिस्ट भेज दीजिए।')).to.equal('pending_documents');
  });
});

describe('understandMessage: a clause that only names a reference after a question of its sentence asks nothing itself (HI, HI_EN, EN, grammar)', () => {
  it('the question before it decides: the renewal\'s date asked starts nothing', () => {
    for (const text of [
      'पॉलिसी रिन्यू की आखिरी तारीख कब है, policy no. MED-339021?',
      'renewal kab due hai, policy number FAM-88017?',
      'When is the renewal due, policy no. GHI-550217?',
    ]) expect(matchIntent(text), text).to.equal(null);
  });
  it('leaves a claim asked of before the reference asking', () => {
    expect(matchIntent('paisa kab tak aayega, claim no. CL-44120?')).to.equal('claim_status');
    expect(matchIntent('What is the status, claim number CL-44120?')).to.equal('claim_status');
  });
});

describe('understandMessage: a complaint told taken elsewhere (took it to the ombudsman) files nothing with us; "send it to my email" after the policy\'s business is that business\'s (EN, grammar)', () => {
  it('a certificate asked to be mailed after an old complaint told starts nothing', () => {
    for (const text of [
      'Two years ago my claim was denied and I went to the ombudsman. Now I need the premium certificate for tax. Please email it to me.',
      'I took it up with the ombudsman last year. This time I only need the 80D certificate, can you mail it to me?',
    ]) expect(matchIntent(text), text).to.equal(null);
  });
  it('leaves a complaint asked to be filed, and a claim asked of, asking', () => {
    expect(matchIntent('I went to the ombudsman. Now I want to file a complaint against your agent.')).to.equal('human_handover');
    expect(matchIntent('I went to the ombudsman but nothing happened. Why was my claim rejected?')).to.equal('query_reason');
    expect(matchIntent('I need the discharge summary list. Can you send it to my email?')).to.equal('pending_documents');
  });
});

describe('understandMessage: a paper word alone after a phrase of the policy\'s business ending in it (health card ... card) is that business again (HI, HI_EN, EN, grammar)', () => {
  it('the card asked when, after the health card told not come, starts nothing', () => {
    for (const text of [
      'बेटे का हेल्थ कार्ड अभी तक नहीं पहुंचा। अस्पताल वाले कार्ड दिखाने को कहेंगे। कार्ड कब तक आएगा?',
      'mummy ka health card abhi tak nahi aaya, card kab tak milega?',
      'The e health card for my wife has not arrived. When will the card reach me?',
    ]) expect(matchIntent(text), text).to.equal(null);
  });
  it('leaves a card\'s copy asked for the claim, and another card by name, papers', () => {
    expect(matchIntent('health card mil gaya. claim ke liye card ki copy bhejni hai kya?')).to.equal('pending_documents');
    expect(matchIntent('health card aa gaya. claim ke liye aadhaar card chahiye kya?')).to.equal('pending_documents');
  });
});

describe('understandMessage: papers asked received and enough for the claim (EN, HI_EN, grammar)', () => {
  it('reads papers asked received and enough for the claim (are they sufficient, kaafi hain) as whether the papers arrived and suffice, while the claim amount received still asks the payment', () => {
    for (const text of [
      'I emailed the OT notes and the final bill on Friday. Have they reached you, and are they sufficient for the claim?',
      'discharge papers courier kar diye the. pahunch gaye aur claim ke liye kaafi hain?',
    ]) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('I emailed the final bill on Friday. Has the claim amount been received?')).to.equal('claim_status');
  });
});

describe('understandMessage: a rejection first of two outcomes asked (EN, HI_EN)', () => {
  it('reads "has it been rejected or ..." and "reject ho gaya ya ..." as where the claim stands, while a rejection told then asked why still asks why', () => {
    for (const text of [
      'Please look into it and let me know whether my mother\'s claim was rejected or is it still under review',
      'zara dekh ke batao, papa ka claim reject hua ya abhi process chal raha hai',
    ]) expect(matchIntent(text), text).to.equal('claim_status');
    expect(matchIntent('My mother\'s claim was rejected or so the hospital says. Why?')).to.equal('query_reason');
    expect(matchIntent('papa ka claim reject ho gaya, kis wajah se?')).to.equal('query_reason');
  });
});

describe('understandMessage: a paper told uploaded (EN)', () => {
  it('reads "<paper> uploaded" as papers sent, so the missing paper told uploaded asks for no list, while a question after it still asks', () => {
    for (const text of [
      'The missing X-ray report uploaded this evening. That should be all.',
      'Missing prescription uploaded. Regards.',
    ]) expect(matchIntent(text), text).to.equal(null);
    expect(matchIntent('Missing prescription uploaded. Is it received?')).to.equal('pending_documents');
    expect(matchIntent('Missing prescription not uploaded yet. Which other papers do you need?')).to.equal('pending_documents');
    expect(matchIntent('The pending lab report uploaded an hour ago. Is anything else still pending?')).to.equal('pending_documents');
  });
});

describe('understandMessage: the premium\'s cheque (EN)', () => {
  it('reads a renewal or premium cheque as the policy\'s business, no claim paper, while a cancelled cheque for the claim still asks for papers', () => {
    expect(matchIntent('Claim done, thank you. I want to drop the renewal cheque at your branch myself')).to.equal(null);
    expect(matchIntent('I want to send the cancelled cheque for my claim, where do I send it?')).to.equal('pending_documents');
  });
});

describe('understandMessage: a question whether something came, past a clause that only gives a reference (EN, HI, HI_EN, grammar)', () => {
  it('reads what was told before the reference too: papers sent then "mil gaye kya?" asks whether they arrived, money not come then asks the payment', () => {
    for (const text of [
      'maine parso 3 reports mail kiye the. clm CLM-2025-77120. aapko mil gaye kya',
      'मैंने कल सारे बिल ईमेल किए। क्लेम नंबर CLM-2025-5521. आपको मिल गए क्या?',
    ]) expect(matchIntent(text), text).to.equal('pending_documents');
    expect(matchIntent('Paisa abhi tak nahi aaya. claim no CLM-2025-1199. mil gaya kya?')).to.equal('claim_status');
    expect(matchIntent('Claim was rejected last week. CLM-2025-4410. Why?')).to.equal('query_reason');
    expect(matchIntent('My claim CLM-2025-4410. Any update?')).to.equal('claim_status');
  });
  it('reads a message left for the agent (tell my agent ..., let the agent know ..., inform the agent ...) as news relayed, small talk; the agent told to call me or that I want to talk still asks for a person', () => {
    for (const text of ['Tell my agent I moved to Pune last month', 'please inform the agent that my son will sign the renewal form', 'Let the agent know I will be out of town till Sunday']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    for (const text of ['Tell my agent to call me this evening', 'please tell the agent I need to speak with him']) expect(matchIntent(text), text).to.equal('human_handover');
  });
  it('reads venting (a nightmare) and a talk told had (I spoke to, I talked to) as news, small talk; a question or a person asked for after them still asks', () => {
    for (const text of ['Getting the discharge papers signed was a total nightmare', 'I already talked to the executive on Tuesday, it is sorted']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('Uploading the bills was a nightmare, which reports are still needed?')).to.equal('pending_documents');
    expect(matchIntent('I spoke to the helpline but I want to talk to a senior officer now')).to.equal('human_handover');
  });
  it('reads every time I call (whenever I phone) as a time told, no call asked; papers told complete (documents are in order) as papers done, so nothing asked starts no document question; a question whether they are complete still asks', () => {
    expect(understandMessage('Every time I call your office they just say please wait').kind).to.equal('unclear');
    expect(understandMessage('The billing counter said my papers are all complete').kind).to.equal('unclear');
    expect(matchIntent('are my hospital documents complete?')).to.equal('pending_documents');
  });
  it('reads rudeness and silence vented (was very rude, no one replies, is a joke), a number registered for reference and a message left for the manager (tell the branch manager ...) as small talk; a person or a reason asked after them still asks', () => {
    for (const text of ['The lady at your front desk was very rude', 'Nobody replies on the support mail, your service is a joke', 'Just registering my number, I am the policyholder', 'Tell the branch manager my wife will bring the cheque on Thursday']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('Your executive was rude, put me through to a supervisor')).to.equal('human_handover');
    expect(matchIntent('Tell the manager to call me before noon')).to.equal('human_handover');
  });
  it('reads papers collected later or already held (will collect, already has) as papers done: nothing asked starts no document question; which ones are needed still asks', () => {
    for (const text of ['I will collect the scan reports from the diagnostic centre tomorrow', 'The hospital already has my KYC papers']) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('I will collect the reports, which other papers are needed?')).to.equal('pending_documents');
  });
  it('reads the claimant checking for themselves (will check the status myself), the case told closable (you can close the case), nothing from my side and news promised (will inform you about ...) as small talk; a question after them still asks', () => {
    for (const text of ['No need to reply, I will check the status myself tomorrow', 'Amount credited to my account, you can close the case', 'Bank details were updated, so nothing pending from my side', 'Mother is in the ICU, will inform you about the bills next week']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('I will check the status myself, but why was 1,200 deducted?')).to.equal('query_reason');
    expect(matchIntent('is anything pending from my side?')).to.equal('pending_documents');
  });
  it('reads papers told ready or a form filled (ready with me, kept it ready, filled the form, will carry), help told got (they helped me) and praise (impressive) as told: nothing asked starts nothing; which papers are needed still asks', () => {
    for (const text of ['The lab reports are ready with me now', 'Filled in the form and kept it ready for the courier', 'My son will carry the bills to the branch']) expect(understandMessage(text).kind, text).to.equal('unclear');
    for (const text of ['Rang your helpline and they helped me', 'Cashless approval in forty minutes, very impressive']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('I filled the form, which other documents are needed?')).to.equal('pending_documents');
  });
  it('reads a tax deduction or exemption on the premium as the policy\'s business, no cut of a claim: how much can be claimed under it starts nothing; tax cut from a claim\'s payout still asks why', () => {
    for (const text of ['Can I claim a tax exemption for the premium I paid for my parents?', 'How much tax deduction is allowed on a family floater premium?']) expect(understandMessage(text).intent, text).to.equal(null);
    expect(matchIntent('why did you deduct tax from my claim payout?')).to.equal('query_reason');
  });
  it('reads a decision accepted (I accept the ..., won\'t appeal) as told and a paper to get later (will get it) as papers promised: nothing asked starts nothing; a why after them still asks', () => {
    expect(understandMessage('I accept the co-pay cut, will not appeal').kind).to.equal('small_talk');
    expect(understandMessage('Forgot the X-ray films at the clinic, will get them on Saturday').kind).to.equal('unclear');
    expect(matchIntent('I won\'t appeal, but why was the room rent capped?')).to.equal('query_reason');
  });
  it('reads relief told (is relieved, feel relieved) as thanks: a settlement told with it asks nothing; a question after it still asks', () => {
    expect(understandMessage('My mother is relieved now that the reimbursement is done').kind).to.equal('small_talk');
    expect(matchIntent('We feel relieved, but when will the balance be paid?')).to.equal('claim_status');
  });
  it('reads a cheque told deposited (was deposited, deposited the cheque) as done: nothing asked starts no document question; when it clears still asks', () => {
    expect(understandMessage('The cheque was deposited at SBI this morning').kind).to.equal('unclear');
    expect(matchIntent('Deposited the cheque on Friday, when will the money show in my account?')).to.equal('claim_status');
  });
  it('reads a message passed on to the agent (convey to the agent, message for the agent) and a long list accepted (the list is long) as small talk; a call asked for or the papers asked after them still ask', () => {
    for (const text of ['Please convey to the agent that the renewal cheque is ready', 'Message for my agent: I will be in Delhi next week', 'The checklist is long but fine']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('Message for the agent: call me after 6 pm')).to.equal('human_handover');
    expect(matchIntent('The list is long, which papers should I send first?')).to.equal('pending_documents');
  });
  it('reads thanks passed on (pass on my thanks, convey our thanks), praise (was very patient) and "who" after the person in a told relative clause (the executive X who handled, who helped) as small talk: a person praised starts no handover; a question asked after the thanks still asks', () => {
    for (const text of ['The surveyor who handled our case was very patient with us. Please pass on my thanks.', 'Kindly convey our thanks to the staff who helped my father', 'The manager who dealt with my file was patient and kind']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('Please pass on my thanks, and when will the balance be paid?')).to.equal('claim_status');
    expect(matchIntent('Please pass on my thanks. Which papers are still needed?')).to.equal('pending_documents');
  });
  it('reads a travel policy or insurance (travel policy, travel insurance) and the policy covering a family member (policy cover her) as the policy\'s business: asking whether one is needed starts nothing; papers needed for the claim still ask', () => {
    expect(understandMessage('My daughter flies to Canada in June, will my policy cover her or should I buy travel insurance?').kind).to.equal('unclear');
    expect(matchIntent('What documents do I need for the claim?')).to.equal('pending_documents');
  });
});

describe('understandMessage: a suggestion offered or anger told is feedback or venting (EN)', () => {
  it('reads "just a suggestion", "I have a suggestion" and "very angry" as small talk: a status told or wished for with them starts nothing; a question beside them still asks', () => {
    for (const text of ['Just a suggestion, the claim status message could also show the hospital name.', 'My claim has been under review for ten days. I am very angry.']) expect(understandMessage(text).kind, text).to.equal('small_talk');
    expect(matchIntent('I have a suggestion. Also when will my claim be settled?')).to.equal('claim_status');
    expect(matchIntent('Very angry, why was my claim rejected?')).to.equal('query_reason');
  });
});

describe('understandMessage: "any reason" asks, without a question mark (EN)', () => {
  it('reads "any reason" as a question word: after thanks for the money, a part not paid asked about with it asks why; thanks alone still closes', () => {
    for (const text of ['Refund received, thank you. But the room rent part of Rs 2,150 was not paid. Any reason for that', 'Thanks a lot. Any reason the consultation charges were left out']) expect(matchIntent(text), text).to.equal('query_reason');
    expect(understandMessage('Thanks, all clear now.').kind).to.equal('small_talk');
  });
});

describe('understandMessage: the claimant told the nominee (I am the nominee, me as the nominee) is a role, not the policy\'s business (EN)', () => {
  it('reads "I am the nominee", "need as the nominee" as known phrases: papers asked for a deceased member\'s claim ask for documents; a nominee registered or changed still starts nothing', () => {
    for (const text of ['My husband died in the hospital and I am the nominee. Which documents should I submit for his claim?', 'Which papers are needed from me as her nominee?']) expect(matchIntent(text), text).to.equal('pending_documents');
    for (const text of ['Please register my son as the nominee. Which form do I fill?', 'I am the nominee on my father\'s policy. How do I change it?']) expect(understandMessage(text).kind, text).to.equal('unclear');
  });
});
