/**
 * A synthetic knowledge base for benchmarks: articles about common deduction and rejection
 * reasons, each with a topic sentence and varied filler so search scores differ. One article in
 * ten has an untrusted source (the gate must block answers citing it).
 */
import type { ArticleInput } from '../../../src/knowledge/article-store';

/** The reason codes the bench's claims carry, with a sentence an honest explanation of each uses. */
export const benchTopics: Record<string, { title: string; text: string; question: string }> = {
  ROOM_RENT_CAP: { title: 'Room rent limit', text: 'Your policy pays room rent up to 1% of the sum insured per day. Charges linked to a room above the limit, such as nursing and doctor visits, are reduced in the same proportion.', question: 'Why was my claim cut' },
  PRE_EXISTING_DISEASE: { title: 'Pre-existing disease waiting period', text: 'A condition diagnosed or treated in the 48 months before the policy started is a pre-existing disease, covered only after 36 months of continuous cover.', question: 'Why was my claim rejected' },
  CO_PAYMENT: { title: 'Co-payment', text: 'Your policy has a co-payment of 10%: you pay 10% of every admissible claim amount and the insurer pays the rest.', question: 'Why was money deducted' },
  NON_PAYABLE_ITEMS: { title: 'Non-payable items', text: 'Consumables such as gloves, masks and registration charges are non-payable items under the policy and are deducted from the bill.', question: 'Why was amount deducted' },
  WAITING_PERIOD: { title: 'Waiting period', text: 'Treatment of listed illnesses is covered only after a waiting period of 24 months from the start of the policy.', question: 'Why was my claim rejected' },
  SUB_LIMIT_EXCEEDED: { title: 'Sub-limit for the procedure', text: 'Cataract surgery has a sub-limit of 40,000 per eye; the amount above the sub-limit is not payable.', question: 'Why was my claim reduced' },
  DOCUMENTS_MISSING: { title: 'Documents missing', text: 'The claim is delayed until the discharge summary and final bill are received; processing resumes when they arrive.', question: 'Why is my claim delayed' },
  LATE_INTIMATION: { title: 'Late intimation', text: 'Hospitalisation must be intimated within 48 hours of admission; late intimation can lead to rejection of the claim.', question: 'Why was my claim rejected' },
};
export const benchCodes = Object.keys(benchTopics);
const filler = 'policy insurer hospital treatment cover benefit member premium network cashless reimbursement discharge admission surgery procedure bill amount limit clause schedule endorsement renewal'.split(' ');

export function benchArticle(i: number): ArticleInput {
  const code = benchCodes[i % benchCodes.length]!;
  const topic = benchTopics[code]!;
  // Varied bodies: the topic sentence plus words drawn per article, so scores differ.
  const words = Array.from({ length: 80 }, (_, k) => filler[(i * 7 + k * 13) % filler.length]).join(' ');
  return {
    id: `kb-${i}`,
    title: { EN: `${topic.title} (${i})` },
    body: { EN: `${topic.text} ${words}.` },
    reason_codes: [code],
    source: { document: 'Policy wording', section: `section ${1 + (i % 20)}.${i % 7}`, version: '3' },
    trusted: i % 10 !== 0,
  };
}


/** The demo tenant's articles (`npm start`): the reasons behind the demo claims' deductions. */
export const demoArticles: readonly ArticleInput[] = [
  {
    id: 'room-rent-limit',
    title: { EN: 'Room rent limit and proportionate deduction', HI: 'कमरे के किराये की सीमा और अनुपात में कटौती', HI_EN: 'Room rent limit aur proportion mein katauti' },
    body: {
      EN: 'Your policy pays room rent up to 1% of the sum insured per day (2% for ICU). If you stay in a room above this limit, the room rent beyond the limit is not paid, and the charges linked to the room, such as doctor visits and nursing, are reduced in the same proportion.',
      HI: 'आपकी पॉलिसी कमरे का किराया बीमा राशि के 1% प्रतिदिन तक देती है (ICU के लिए 2%)। इस सीमा से ऊपर के कमरे में रहने पर सीमा से ऊपर का किराया नहीं मिलता, और कमरे से जुड़े खर्च, जैसे डॉक्टर विज़िट और नर्सिंग, उसी अनुपात में कम हो जाते हैं।',
      HI_EN: 'Aapki policy room rent sum insured ke 1% per day tak deti hai (ICU ke liye 2%). Is limit se upar ke room mein rehne par limit se upar ka rent nahi milta, aur room se jude kharch, jaise doctor visit aur nursing, usi proportion mein kam ho jaate hain.',
    },
    reason_codes: ['ROOM_RENT_CAP'],
    source: { document: 'Policy wording', section: 'section 4.2', version: '3' },
    trusted: true,
  },
  {
    id: 'non-payable-consumables',
    title: { EN: 'Non-payable consumables', HI: 'भुगतान न होने वाली उपभोग्य वस्तुएँ', HI_EN: 'Non-payable consumables' },
    body: {
      EN: 'Consumables such as gloves, masks, syringes and registration or admission kit charges are non-payable items under the policy, so they are deducted from the hospital bill.',
      HI: 'दस्ताने, मास्क, सिरिंज और रजिस्ट्रेशन या एडमिशन किट जैसे उपभोग्य सामान पॉलिसी में भुगतान योग्य नहीं हैं, इसलिए इन्हें अस्पताल के बिल से काट दिया जाता है।',
      HI_EN: 'Gloves, mask, syringe aur registration ya admission kit jaise consumables policy mein non-payable items hain, isliye inhe hospital bill se kaat diya jaata hai.',
    },
    reason_codes: ['NON_PAYABLE_CONSUMABLES', 'NON_PAYABLE_ITEMS'],
    source: { document: 'Policy wording', section: 'annexure II', version: '3' },
    trusted: true,
  },
];
