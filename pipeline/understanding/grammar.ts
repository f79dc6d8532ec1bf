/**
 * The intent grammar: templates over word classes (data/intent-templates.json) score every
 * intent, and the result says how sure it is (docs/understanding.md). No model and no network:
 * the same words always give the same answer, and a partner extends it with words, not code.
 * The intents are those the templates name; a workflow registered at run time brings its own
 * templates through `addIntentTemplates` (docs/architecture.md, "Adding a workflow type").
 */
import table from '../data/intent-templates.json';
import { detectLanguage } from '../language';
import { languages } from '../languages';
import { foldedWords, foldWord } from './fold';
import type { ClassHit, Lexicon } from './lexicon';
import { readMessage, type Clause } from './sentences';

/** The intents of the shipped templates (data/intent-templates.json). */
export type Intent = 'claim_status' | 'pending_documents' | 'query_reason' | 'human_handover';

export interface Template {
  name: string;
  /** A shipped intent, or one added with `addIntentTemplates`. */
  intent: string;
  /** Each part is one class or alternatives (`a|b`); every part must occur within the window. */
  all: string[][];
  /** Classes that, anywhere in the message, stop this template ("already sent" is no question
   *  about which documents to send). */
  none: string[];
  /** Classes that stop it only in a message that asks nothing: "I uploaded all the documents"
   *  tells, while "sent the bills, what else?" still leans on them. */
  statementNone: string[];
  /** Counts only in a message that asks: "how long?" asks about the payment, while "soon" or
   *  "kitne din" in a statement tells. */
  asked: boolean;
  /** Per part, the classes one of which must be found for it to match (of `a&b` or `a!b`, a): a
   *  cheap test before the occurrences are tried. */
  needs: string[][];
  weight: number;
}

/**
 * - `intent`: one intent is clear (score at or over the threshold, ahead of the next by the margin);
 * - `small_talk`: a greeting, thanks or acknowledgement with no intent at the threshold;
 *   `closing` when it thanks or acknowledges (a word of the `thanks` class: "thanks", "ok",
 *   "bye"; or of `enough`: "that's all"): the conversation is ending, not starting;
 * - `unclear`: anything else; the claimant is asked which they meant.
 */
export type Understanding<I extends string = Intent> =
  | { kind: 'intent'; intent: I; confidence: number; scores: Record<I, number>; template: string }
  | { kind: 'small_talk'; intent: null; confidence: number; scores: Record<I, number>; template: null; closing: boolean }
  | { kind: 'unclear'; intent: null; confidence: number; scores: Record<I, number>; template: null };

/** A template as intent-templates.json writes it (parts as `a|b`). */
export interface TemplateSpec {
  name: string;
  intent: string;
  all: string[];
  none?: string[];
  statement_none?: string[];
  asked?: boolean;
  weight: number;
}

const compile = ({ statement_none, ...t }: TemplateSpec): Template => {
  const all = t.all.map((part) => part.split('|'));
  return { ...t, all, none: t.none ?? [], statementNone: statement_none ?? [], asked: t.asked ?? false, needs: all.map((part) => part.map((cls) => cls.split(/[&!]/)[0]!)) };
};

export const grammar = {
  window: table.window,
  threshold: table.threshold,
  margin: table.margin,
  templates: (table.templates as TemplateSpec[]).map(compile),
};

/** The intents scored, in the order the templates first name them. */
let intents: readonly string[] = intentsOf(grammar.templates);

function intentsOf(templates: readonly Template[]): string[] {
  return [...new Set(templates.map((t) => t.intent))];
}

/**
 * Adds templates (a workflow registered at run time: its intent and phrases, over the word
 * classes of data/word-classes.json and those added with `addWordClasses`). Answers the function
 * that removes them again.
 */
export function addIntentTemplates(templates: readonly TemplateSpec[]): () => void {
  const added = templates.map(compile);
  grammar.templates.push(...added);
  intents = intentsOf(grammar.templates);
  return () => {
    grammar.templates = grammar.templates.filter((t) => !added.includes(t));
    intents = intentsOf(grammar.templates);
  };
}

/** Classes that close a conversation when nothing is asked: thanks and acknowledgements, and
 *  nothing more to ask ("that's all", "bas itna hi"). */
const closingClasses = new Set(['thanks', 'enough']);
/** Greetings, closings and an explanation understood ("now I know", "aapne bataya"): a question
 *  word inside one of their phrases asks nothing. */
const smallTalkClasses = new Set(['greet', ...closingClasses, 'understood']);
/** Words that make a message a question: with thanks in it, only a question starts a workflow
 *  ("thanks for the update" is small talk; "thanks, when will it be paid?" is not). */
const questionClasses = new Set(['why', 'when', 'ask', 'where', 'question']);
const strongWeight = 0.85;
const questionWordClasses = new Set(['why', 'when', 'where', 'ask']);
/** Words that make a clause the asking part: a question word, a question particle ("kya",
 *  "क्या"), a request ("batao", "please tell", "कृपया"). An auxiliary counts only as a clause's
 *  first word ("is my claim approved"); a question mark always does. */
const askingClasses = new Set(['where', 'ask', 'imperative', 'interrogative', 'follow_up', 'sendme', 'callme']);
/** Requests: a plain one ("please", "batao"), one to look into it or answer ("please check",
 *  "waiting for your reply", "dekh lijiye") and one that we send something ("UTR number bhej
 *  dijiye", "send me the form"). */
const requestClasses = new Set(['imperative', 'follow_up', 'sendme']);

type Pack = (typeof languages.packs)[number];

/** One list of each language's pack, folded into a set the first time the language is read. */
function perLanguage(list: (pack: Pack) => readonly string[] | undefined): (code: string) => ReadonlySet<string> {
  const byLanguage = new Map<string, ReadonlySet<string>>();
  return (code) => {
    let set = byLanguage.get(code);
    if (!set) {
      const pack = languages.packs.find((p) => p.code === code);
      set = new Set((pack ? list(pack) ?? [] : []).flatMap((w) => foldedWords(w)));
      byLanguage.set(code, set);
    }
    return set;
  };
}

/** A told language's auxiliaries (its pack's `aux` words); none for a language without. */
const auxiliariesOf = perLanguage((pack) => pack.words.aux);

/** A told language's sentence openers (its pack's `sentence.opening`: "and", "also"): an auxiliary
 *  right after one that opens a sentence still opens the question ("Also has the balance been
 *  paid", "And is it approved"). */
const openersOf = perLanguage((pack) => pack.sentence.opening);

/** A told language's alternative words (`sentence.alternative`: "or"): opening a clause (after a
 *  comma, or split there by sentences.ts before an auxiliary) such a word starts the second half of
 *  an alternative question ("Is anyone looking at it, or has it been rejected?"), and the
 *  auxiliary right after it opens that question as one at the clause's start does. */
const alternativesOf = perLanguage((pack) => pack.sentence.alternative);

/** Whether a hit lies inside a longer phrase of one of these classes (a greeting or a closing, a
 *  conjunction, a follow-up request) of the same clause. */
function withinPhraseOf(classes: ReadonlySet<string>, hit: ClassHit, hits: readonly ClassHit[]): boolean {
  return hits.some((h) => classes.has(h.cls) && h.start <= hit.start && hit.end <= h.end && h.end - h.start > hit.end - hit.start);
}

/** Whether the words of `hit` are also read in class `cls` ("bill": a paper and money). */
function alsoRead(cls: string, hit: ClassHit, hits: readonly ClassHit[]): boolean {
  return hits.some((o) => o.cls === cls && o.start === hit.start && o.end === hit.end);
}

/** A negation just before the hit ("not bot", "not a bot") or right after it ("bot nahi"). */
function saidNoTo(hit: ClassHit, hits: readonly ClassHit[]): boolean {
  return hits.some((n) => n.cls === 'neg' && ((n.end < hit.start && hit.start - n.end <= 2) || n.start === hit.end + 1));
}

/** Phrases whose question word asks nothing: a greeting or closing, and a question word used as a
 *  conjunction ("I'll call again when I have the bills"). */
const notAskingPhrases = new Set([...smallTalkClasses, 'conjunction']);

/** A question word of these classes inside a conjunction phrase joins a statement; so does a request
 *  word there ("sochenge aage kya karna hai": what is to be done, no talk asked for). */
const conjunctionClasses: ReadonlySet<string> = new Set(['conjunction']);
const conjoinedClasses: ReadonlySet<string> = new Set(['why', 'reason', 'when', 'where', 'ask', 'interrogative', 'imperative']);

/** Requests to look into it or answer: a delay word inside one of their phrases is the request. */
const followUpClasses: ReadonlySet<string> = new Set(['follow_up']);
/** What a why-word may ask the reason of, besides a claim still pending. */
const reasonObjects: ReadonlySet<string> = new Set(['reject', 'cut', 'delay', 'money', 'amount', 'doc', 'need', 'reason', 'paid', 'ask']);
/** What a why-word may ask the reason of beside a delay: a rejection, a cut, an amount, papers
 *  needed (query_reason or pending_documents), not the delay itself. */
const delayReasonObjects: ReadonlySet<string> = new Set(['reject', 'cut', 'amount', 'items', 'need']);

/**
 * A delay question asks where the claim stands (claim_status), not a reason to explain: the
 * reason a claimant may be told is why money was cut, reduced, rejected or denied. A why-word
 * beside a delay ("why is it taking so long?", "इतनी देर क्यों", "itna time kyu lag raha"), no
 * update ("why no update?", "koi khabar kyu nahi") or a claim still pending, stuck or not paid
 * ("why is it not settled till now?", "abhi tak paisa kyu nahi aaya"), with nothing else it could ask
 * the reason of, asks no why ("why is my claim on hold?" still asks the hold's reason): the
 * why-words (and a reason asked for by name) are left out, and the delay, status or payment words
 * answer. Structural (word lists cannot say it): the same why-word asks the reason beside a cut.
 */
function delayAsked(hits: ClassHit[], delayTold = false): ClassHit[] {
  // One pass over the hits (every clause of a message with a why-word comes here).
  let why = false, neg = false, when = false, delay = false, status = false, pending = false, paid = false;
  for (const h of hits) {
    switch (h.cls) {
      case 'why': why = true; break;
      case 'neg': neg = true; break;
      // still, yet: a when-word here only ("why is my claim still not settled?"); as a when-word for
      // the templates it would make "which papers are still needed?" a question of time.
      case 'when': case 'still': when = true; break;
      case 'delay': delay = true; break;
      case 'status': status = true; break;
      case 'pending': pending = true; break;
      case 'paid': paid = true; break;
      // Papers told handed over ("sab documents de diye phir bhi itna late kyu?") are no papers the
      // why asks about: the delay after them is.
      case 'doc': if (!alsoRead('money', h, hits) && !hits.some((d) => d.cls === 'done')) return hits; break;
      // A need word inside a request ("I need to know", "জানা দরকার", "कळायला हवं": I must know)
      // is that request, not papers needed.
      case 'need': if (!withinPhraseOf(requestClasses, h, hits)) return hits; break;
      default: if (delayReasonObjects.has(h.cls)) return hits;
    }
  }
  if (!why) return hits;
  // Still (a when-word: "abhi tak", "अभी भी", "till now") pending, stuck or not paid, or so after
  // a delay the message told ("do mahine ho gaye aur claim settle nahi hua, aakhir kyu?"); no update at all.
  const waiting = pending || status || (paid && neg);
  const delayed = delay || ((delayTold || when) && waiting) || (neg && status);
  return delayed ? hits.filter((h) => h.cls !== 'why' && h.cls !== 'reason') : hits;
}

/** The packs' words for a number ("number", "नंबर", "nombor", "நம்பர்"; sentence.number_before),
 *  folded once; abbreviations of three letters or fewer ("no", "id", "नं") are left out, as they
 *  are other words too. */
const numberWords: ReadonlySet<string> = new Set(languages.sentence.number_before.map((w) => foldWord(w)).filter((w) => [...w].length > 3));
/** Classes a number may belong to other than a person's: "claim number", "policy no", "bill number". */
const numberedThings: ReadonlySet<string> = new Set(['claim', 'ref', 'doc', 'money', 'amount']);

/**
 * A person's number ("the officer's number", "अधिकाऱ्याचा नंबर", "officer er number", "agent ka
 * number") is a way to reach them: a number word within two words after a person or a human (or
 * before one: "number of the officer"), not itself the number of a claim, paper or sum named right
 * before it ("agent ka claim number"), is read as a reach word too, so asking for it asks for the
 * person (human_handover) as "contact" does. Structural: a number word alone is no person.
 */
function withNumberAsked(hits: ClassHit[], words: readonly string[]): ClassHit[] {
  const people = hits.filter((h) => h.cls === 'person' || h.cls === 'human');
  if (people.length === 0) return hits;
  const added: ClassHit[] = [];
  words.forEach((word, i) => {
    if (!numberWords.has(word)) return;
    if (hits.some((h) => numberedThings.has(h.cls) && h.end === i - 1)) return;
    if (people.some((p) => (p.end < i && i - p.end <= 3) || (p.start > i && p.start - i <= 3))) added.push({ cls: 'reach', start: i, end: i, fuzzy: false });
  });
  return added.length === 0 ? hits : [...hits, ...added];
}

/** Words that name nothing of a claim, its money, papers or people: a question of only these (and
 *  words of no class: "Is Manipal hospital empanelled?", "office kitne baje tak khula hai?") names
 *  its topic by words the grammar does not hold. */
const plainClasses: ReadonlySet<string> = new Set(['question', 'aux', 'interrogative', 'imperative', 'ask', 'where', 'when', 'greet', 'thanks', 'enough', 'understood', 'hospital', 'relation', 'date', 'contrast', 'conjunction', 'neg', 'still', 'only', 'purpose']);
/** Words of a greeting or introduction, which say nothing of the claim beside a question. */
const asideClasses: ReadonlySet<string> = new Set(['greet', 'thanks', 'relation', 'hospital', 'date']);
/** Words of papers needed, sent or received (a question word is none): with one of them, things
 *  named vaguely stay papers, and a bill beside a cut word may be a paper. */
const paperWords: ReadonlySet<string> = new Set(['need', 'send', 'sendme', 'pending', 'received', 'done']);
/** Who may take the conversation over: a bot word inside one of their phrases asks for a person. */
const personClasses: ReadonlySet<string> = new Set(['human', 'person']);
/** Since when: a when-word inside one of its phrases asks no payment date. */
const sinceClasses: ReadonlySet<string> = new Set(['since']);
/** Sending papers: a why-word inside one of its phrases ("kaise bheju", how do I send) asks how, and
 *  a payment word inside one ("kahan se milega", where do I get it from) is the paper got. */
const sendClasses: ReadonlySet<string> = new Set(['send']);
/** What is short ("kya kam hai"): a cut word inside one of its phrases is the need. */
const needClasses: ReadonlySet<string> = new Set(['need']);
const cutClasses: ReadonlySet<string> = new Set(['cut']);
/** Words that speak of papers sent, to send or needed; and words that ask about the claim's payment or state. */
const filePaperClasses: ReadonlySet<string> = new Set(['send', 'sendme', 'done', 'received', 'need']);
const claimAskClasses: ReadonlySet<string> = new Set(['paid', 'money', 'amount', 'when', 'status', 'pending', 'reject', 'cut', 'why']);
/** Papers received: a status word inside one of their phrases ("update hua") is the papers entered. */
const receivedClasses: ReadonlySet<string> = new Set(['received']);
/** A rejection, a cut or a call: a payment word right after one is that act's verb ("claim reject
 *  kar diya", "paisa kaat diya"), or the call got ("callback milega kya?", "callback milel ka?"). */
const actVerbed: ReadonlySet<string> = new Set(['reject', 'cut', 'call', 'callme']);
/** So is one after a call with only question words between ("call kab aayega?", "कॉल कब आएगा?"):
 *  when the call comes, no payment. */
const callAskedWhen = (call: ClassHit, paid: ClassHit, hits: readonly ClassHit[]) => {
  if ((call.cls !== 'call' && call.cls !== 'callme') || paid.start - call.end < 2 || paid.start - call.end > 3) return false;
  for (let at = call.end + 1; at < paid.start; at += 1) {
    if (!hits.some((q) => q.start <= at && at <= q.end && askingWordClasses.has(q.cls))) return false;
  }
  return true;
};
/** Papers handed in: a payment word inside such a phrase ("bill jama kar di", "submit kar diya")
 *  is the handing in, no payment. */
const doneClasses: ReadonlySet<string> = new Set(['done']);
/** The policy's own business (premium, renewal, "sum insured badhana"): a word inside one of its phrases is that business. */
const coverClasses: ReadonlySet<string> = new Set(['cover']);
/** A request that we send ("send me", "mail kore diben"): a send word inside one is no sending of the claimant's. */
const sendmeClasses: ReadonlySet<string> = new Set(['sendme']);
const docClasses: ReadonlySet<string> = new Set(['doc']);
const whyClasses: ReadonlySet<string> = new Set(['why']);
const paidClasses: ReadonlySet<string> = new Set(['paid']);
const understoodClasses: ReadonlySet<string> = new Set(['understood']);
/** A call, asked for or told ('call', 'callme'). */
const callClasses: ReadonlySet<string> = new Set(['call', 'callme']);
/** Beside a complaint word, what makes it one to make or give (the make-a-complaint and complaint-to-file templates). */
const complaintMade: ReadonlySet<string> = new Set(['imperative', 'need', 'talk', 'send']);
/** Phrases a complaint word inside is no complaint to file: a paper ("police complaint"), thanks or venting ("took it to the ombudsman"). */
const complaintOverruled: ReadonlySet<string> = new Set(['doc', 'thanks']);
/** Phrases a delay word inside is no delay: a date ("agle mahine"), a quantity asked complete ("evdha purel"). */
const delayOverruled: ReadonlySet<string> = new Set(['date', 'need']);
/** In a clause naming the policy's own business, of a sentence naming no claim: the words that are
 *  that business's, wherever they stand in the clause (its papers, needs, dates, sending), and the
 *  policy's terms named there (`reason`: "port பண்ணா waiting period count ஆகுமா?", will the waiting
 *  period carry over if I port: a term of the policy asked about, no decision's reason). */
const coverBusiness: ReadonlySet<string> = new Set(['status', 'paid', 'send', 'sendme', 'doc', 'need', 'when', 'where', 'pending', 'received', 'reason']);
/** Where a claim stands ("ya reject", or rejected): a rejection inside one of its phrases is an outcome asked about. */
const statusClasses: ReadonlySet<string> = new Set(['status']);

/** What a question can be about: a claim, money, documents, a rejection, a person ... A question
 *  with none of these ("did you receive them?", "mil gaye kya?") is about what the clause before
 *  it named. */
const objectClasses = new Set(['claim', 'money', 'amount', 'doc', 'status', 'reject', 'cut', 'delay', 'pending', 'need', 'human', 'person', 'complaint', 'callme', 'bot']);

const thanksClass: ReadonlySet<string> = new Set(['thanks']);
/** The things a clause may name, which a clause naming none goes on about. */
/** How near the policy's own business a claim word is that business's policy, no claim: up to two
 *  words between, or three that name nothing but question words ("change the nominee on my own
 *  policy", "renewal kab hai meri policy ka?"; "policy ghenar ahe pan adhi claim", with "but"
 *  between, still names the claim). */
const coverReach = 4;
/** Question words between name nothing: "Renewal kab hai meri policy ka?" asks the policy's renewal date. */
const askingWordClasses: ReadonlySet<string> = new Set(['question', 'aux', 'interrogative', 'when']);
/** How many word positions apart two hits are (1: side by side). */
const gap = (h: ClassHit, c: ClassHit) => (c.start > h.end ? c.start - h.end : h.start - c.end);
const nearCover = (h: ClassHit, c: ClassHit, hits: readonly ClassHit[]) => {
  const d = gap(h, c);
  if (d <= 3) return true;
  if (d > coverReach) return false;
  const [from, to] = c.start > h.end ? [h.end, c.start] : [c.end, h.start];
  return !hits.some((o) => o.start > from && o.start < to && !askingWordClasses.has(o.cls));
};
/** What a purpose word's aim names, asked of by nobody: "... so that my claim gets processed". */
const aimClasses: ReadonlySet<string> = new Set(['claim', 'status', 'paid']);
const thingClasses: ReadonlySet<string> = new Set(['claim', 'ref', 'doc', 'money', 'amount', 'human', 'person']);
const claimClasses: ReadonlySet<string> = new Set(['claim']);

/**
 * Whether a request's object is thanks ("I would like to express my gratitude", "thank you bolna
 * chahti thi", "धन्यवाद कहना चाहता हूं"): the first word of a class after it is thanks, or, with none
 * after it (Hindi puts the verb last), the last before it is. Such a request says what the claimant
 * wants to say, and asks nothing; "thanks, I want to know my claim status" still asks, as the
 * claim follows the request.
 */
function thanksIsObject(request: ClassHit, hits: readonly ClassHit[]): boolean {
  const others = hits.filter((h) => (h.end < request.start || h.start > request.end) && !withinPhraseOf(thanksClass, h, hits));
  const after = others.filter((h) => h.start > request.end);
  if (after.length > 0) {
    const first = Math.min(...after.map((h) => h.start));
    return after.some((h) => h.start === first && h.cls === 'thanks');
  }
  const before = others.filter((h) => h.end < request.start);
  if (before.length === 0) return false;
  const last = Math.max(...before.map((h) => h.end));
  return before.some((h) => h.end === last && h.cls === 'thanks');
}

/** A clause that only names a reference: a claim or policy word, the number's label, the number
 *  ("policy no. HLT-7719022", "clm CLM-2025-4410"; a "no." read as a negation right before the
 *  number is its label). */
const onlyReference = (hits: readonly ClassHit[]) => hits.some((h) => h.cls === 'ref')
  && hits.every((h) => h.cls === 'claim' || h.cls === 'ref' || (h.cls === 'neg' && hits.some((r) => r.cls === 'ref' && r.start === h.end + 1)));

/** What a habit told vents about (a cut, a reason, a rejection), and what still asks beside it. */
const habitToldClasses: ReadonlySet<string> = new Set(['cut', 'reason', 'reject']);
const habitAskingClasses: ReadonlySet<string> = new Set(['interrogative', 'follow_up', 'sendme', 'callme', 'human', 'person', 'complaint', 'when', 'where']);
const habitToleratedClasses: ReadonlySet<string> = new Set(['ask', 'imperative']);
/** Talking, being put through or called: with a person and a request, asked for. */
const talkClasses: ReadonlySet<string> = new Set(['talk', 'reach', 'call']);
/** What a clause that only tells a call or a visit came holds beside the person: the call, its
 *  coming (an arrival word, already dropped from the clause as no payment), its day, and whose
 *  person it was (`relation`: "en appa agent kitta ellam sonnen, avaru paathukuvaru"; a name read
 *  as a typo of one, "Kannan", is as harmless): a relation asks nothing of anyone; nor does what
 *  they did told (`cover`, `done`: "en agent dhaan policy pottu kuduthaaru, avar dhaan indha number
 *  kuduthaaru", the policy they got made, papers they handed in). */
const callCameClasses: ReadonlySet<string> = new Set(['call', 'paid', 'received', 'date', 'aux', 'conjunction', 'relation', 'cover', 'done']);
/** Words that ask something of a person named beside them: talk, a call, a complaint, or a
 *  negation ("my agent is not picking up"). With none, a person named only told the claimant
 *  something ("Your executive told me ...") and is no person asked for. */
const personOnlyTold = (hits: readonly ClassHit[]) => !hits.some((h) => talkClasses.has(h.cls) || h.cls === 'callme' || h.cls === 'complaint' || h.cls === 'neg');

/** Whether a clause asks to talk to a person: a talk, reach or call word not negated, a person,
 *  and a request (the talk word itself, "pesanum", or another that is no why-word too). */
function talkRequested(hits: readonly ClassHit[]): boolean {
  const talk = hits.filter((h) => talkClasses.has(h.cls) && !saidNoTo(h, hits));
  if (talk.length === 0 || !hits.some((h) => h.cls === 'human' || h.cls === 'person')) return false;
  return talk.some((t) => alsoRead('imperative', t, hits)) || hits.some((h) => h.cls === 'imperative' && !alsoRead('why', h, hits));
}

/** What may stand between "never" and the parting phrase it negates: the policy ("your policy"),
 *  and a word read as a greeting, which there is another word spelt so (Marathi "hi policy", this policy). */
const neverObjects: ReadonlySet<string> = new Set(['claim', 'greet']);
/** A when-word before a parting phrase that holds its own negation is "never": "parat kadhi renew
 *  karnar nahi", "ar kokhono renew korbo na" (never again renewing) vent and ask nothing; so do
 *  "parat kadhi tumchi policy renew karnar nahi", "ఇంక ఎప్పుడూ మీ పాలసీ రిన్యూ చెయ్యను", with up to
 *  three words between that name nothing but the policy. A payment or anything else between
 *  ("kab paisa milega warna renew nahi karunga") keeps the when-word a question. */
function neverAgain(hit: ClassHit, hits: readonly ClassHit[]): boolean {
  if (hit.cls !== 'when' && hit.cls !== 'interrogative') return false;
  return hits.some((t) => t.cls === 'thanks' && t.start > hit.end && t.start - hit.end <= 4
    && hits.some((n) => n.cls === 'neg' && n.start >= t.start && n.end <= t.end)
    && !hits.some((o) => o.start > hit.end && o.start < t.start && !neverObjects.has(o.cls)));
}

/** Whether a negation comes right before the hit ("I don't want it rejected", "नहीं चाहता"). */
const negated = (hit: ClassHit, hits: readonly ClassHit[]) => hits.some((h) => h.cls === 'neg' && h.end === hit.start - 1);
/** Whether a negation comes two words before the hit with only a word of no class between: Hindi's
 *  order puts it before the verb a modal goes with ("यह सब नहीं कर सकता", I cannot do all this;
 *  "nahi kar sakte"), so that modal tells what one cannot do, and requests nothing. */
const negatedVerb = (hit: ClassHit, hits: readonly ClassHit[]) => hits.some((h) => h.cls === 'neg' && h.end === hit.start - 2)
  && !hits.some((h) => h.start <= hit.start - 1 && h.end >= hit.start - 1);
/** Whether a modal or other question word comes right before the hit ("the TPA will call me",
 *  "will discuss with my agent"): it then tells what someone will do, and asks nothing. */
const afterModal = (hit: ClassHit, hits: readonly ClassHit[]) => hits.some((q) => q.cls === 'question' && q.end === hit.start - 1);

interface Scored {
  scores: Record<string, number>;
  best: Partial<Record<string, string>>;
}

interface Part {
  hits: ClassHit[];
  asking: boolean;
  /** Thanks or an acknowledgement, and nothing asked. */
  closing: boolean;
  /** Its first word is a question word (why, when, where, which). */
  opensWithQuestion: boolean;
  /** It asks only as a greeting does ("who is this?", "how are you?"), a question inside the greeting. */
  greeting: boolean;
  /** It tells what an explanation made clear ("now I know which papers were missing"): its question words ask nothing. */
  toldUnderstood: boolean;
  /** It only exclaims ("can you believe it?"): a greeting's question, and no question to answer. */
  exclaims: boolean;
  /** Its first word and the word after its last. */
  start: number;
  end: number;
  /** The sentence it is part of (./sentences.ts). */
  sentence: number;
}

/** A paper word alone after a phrase of the policy's own business that ends in it ("health card
 *  abhi tak nahi aaya ... card kab tak milega?") names that business's thing again, the same card:
 *  it is read as that business, no claim paper. (The cheap test first: most messages name no such
 *  phrase.) */
function coverAgain(found: ClassHit[], words: readonly string[]): ClassHit[] {
  const phrases = found.filter((c) => c.cls === 'cover' && c.end > c.start && !c.fuzzy);
  if (phrases.length === 0) return found;
  return found.map((h) => h.cls === 'doc' && h.start === h.end && !h.fuzzy && phrases.some((c) => c.end < h.start && words[c.end] === words[h.start])
    && !found.some((o) => o !== h && o.start <= h.start && o.end >= h.start && o.end > o.start) ? { ...h, cls: 'cover' } : h);
}

/** A date word that a script's folds make one word with a call word (a pack's
 *  `date_folds_onto_call`: Marathi's काल, yesterday, and कॉल, call, once the candra o sign folds to
 *  the aa sign), so "मला काल मेसेज आला" (yesterday I got a message) would read "मला कॉल" (call me).
 *  A call read on such a word, also read as a date there, in a message that writes none of its
 *  call spellings, is the date: no call, and no call asked for in a phrase holding it. */
function dateNoCall(found: ClassHit[], words: readonly string[], text: string): ClassHit[] {
  const folded = datesFoldingOntoCall.filter((d) => !text.includes(d.call)).map((d) => d.date);
  if (folded.length === 0) return found;
  const dateNotCall = (i: number) => folded.includes(words[i]!) && found.some((d) => d.cls === 'date' && d.start === i && d.end === i);
  return found.filter((h) => !((h.cls === 'call' || h.cls === 'callme') && words.slice(h.start, h.end + 1).some((_, k) => dateNotCall(h.start + k))));
}
/** Every pack's date words that fold onto a call word (folded), each with its call spelling as written. */
const datesFoldingOntoCall = languages.packs.flatMap((p) => p.date_folds_onto_call ?? [])
  .map((d) => ({ date: foldedWords(d.date)[0]!, call: d.call.normalize('NFC') }));

/**
 * Scores a message against every template. Typed for the shipped intents by default; a caller
 * that handles workflows registered at run time (the router) asks for `understand<string>`.
 *
 * The message is read as clauses (./sentences.ts). The asking part decides: the last clause
 * that asks something (a question mark, a question word, a request) and names an intent is
 * answered, so context before a question ("I sent all the bills yesterday, what more do you
 * need?") does not outvote it, and of two different questions the last is answered. A question
 * that names nothing by itself ("which ones??") is read with the clause before it. When the
 * asking clause leaves two intents too close to call, the rest of the message breaks the tie.
 * Thanks or an acknowledgement with nothing asked is small talk, whatever nouns it carries; what
 * a native reader hears as telling asks nothing (a question word as a conjunction or after an
 * explanation understood, a request negated or beside "that's all"). A
 * message that asks nothing and thanks for nothing (a statement: "claim status", "my amount was
 * cut") is scored whole, every template over every word, as before clauses were read; but
 * sentences that only tell (two or more, no problem or request named) start nothing on a weak
 * template ("Hi. Papa was discharged yesterday. All bills are with me.").
 */
export function understand<I extends string = Intent>(text: string, lexicon: Lexicon): Understanding<I> {
  const message = readMessage(text);
  // Only emoji, no word and no question mark ("👍", "🙏🙏", "😡"): small talk, as no pack can list
  // them (a text's words are letters and digits); an acknowledgement ("👍", "👌", "🙏", "✅")
  // closes, as "ok" does.
  // (A variation selector after one, "❤️", is a mark, so a word of its own, but no letter.)
  if (message.words.every((w) => !/[\p{L}\p{N}]/u.test(w)) && !text.includes('?') && pictograph.test(text)) {
    return { kind: 'small_talk', intent: null, confidence: 0, scores: score([]).scores as Record<I, number>, template: null, closing: acknowledgement.test(text) };
  }
  // The language the message tells decides in which sense its own grammar words are read (lexicon.ts).
  const told = detectLanguage(text);
  // No phrase runs across a sentence mark: the words that open the second sentence and after.
  const sentenceStarts = new Set(message.clauses.filter((c, i) => i > 0 && c.sentence !== message.clauses[i - 1]!.sentence).map((c) => c.start));
  const read = dateNoCall(coverAgain(withNumberAsked(lexicon.find(message.words, told, sentenceStarts), message.words), message.words), message.words, text);
  // A request to explain (a word both a why and a request: "explain", "समझाइए", "samjhaiye") asks
  // a decision's reason only in a message that names a rejection or a cut ("... 'जानकारी छुपाई
  // गई' बोलकर रद्द कर दिया ... समझाइए"); elsewhere it is the request alone, and what it is said
  // of decides ("कौन से कागज़ बाकी हैं, समझाइए" asks for documents, "claim ka process samjhaiye"
  // asks nothing of a reason).
  const decisionNamed = read.some((h) => h.cls === 'reject' || h.cls === 'cut');
  const found = decisionNamed ? read : read.filter((h) => h.cls !== 'why' || !alsoRead('imperative', h, read));
  const auxiliaries = auxiliariesOf(told);
  const openers = openersOf(told);
  const alternatives = alternativesOf(told);
  // The auxiliary that opens a clause, or the one right after the alternative word ("or") that
  // opens it: "..., or has it been rejected without telling us?" is a yes-no question as "Has it
  // been rejected?" is.
  const opensClause = (h: ClassHit, clause: { start: number }) => h.start === clause.start
    || (h.start === clause.start + 1 && alternatives.has(message.words[clause.start]!));
  // Papers said needed, sent or received, and a deduction named, anywhere in the message (below).
  // A deduction named and no paper (a bill is money, items the things cut): a request that we send
  // something ("avi enti exactly? list pampandi") asks for the list of what was cut, no papers.
  const cutList = found.some((h) => h.cls === 'cut' && !withinPhraseOf(needClasses, h, found)) && !found.some((h) => h.cls === 'doc' && !alsoRead('money', h, found) && !alsoRead('items', h, found));
  // A need word inside a longer phrase of a cut ("kami kele", made less) is the cut, no paper lacking.
  const papersSaid = found.some((h) => paperWords.has(h.cls) && !(cutList && h.cls === 'sendme') && !(h.cls === 'need' && withinPhraseOf(cutClasses, h, found)));
  const papersDone = found.some((h) => h.cls === 'done');
  // A word that is a claim as well as a paper ("file"): the paper in a message that speaks of
  // sending, uploading or needing papers and asks nothing of a payment, a date or a status ("file
  // upload nahi ho rahi, whatsapp pe bhej du?"), else the claim ("meri file kab tak process hogi?").
  const claimPaper = found.some((h) => h.cls === 'claim' && alsoRead('doc', h, found));
  // A word that is both arrived and paid ("vachinda", came) asks whether the file arrived: no payment.
  // Papers told arrived before a question ("papers anni andayi ani cheppinaru, mari ippudu file
  // ekkada undi?": the papers reached, so where is the file now) speak of no paper still to go:
  // the file asked about after them is the claim.
  const lastMarked = message.clauses.findLastIndex((c) => c.marked);
  const toldArrived = (h: ClassHit) => h.cls === 'received' && message.clauses.findIndex((c) => h.start >= c.start && h.start < c.end) < lastMarked
    && !message.clauses.some((c) => c.marked && h.start >= c.start && h.start < c.end);
  // A payment word right after such a word ("फाइल जमा हो सकती है?", can the file be handed in) is
  // the file handed in, no payment.
  const fileHandedIn = (h: ClassHit) => found.some((f) => f.cls === 'claim' && f.end === h.start - 1 && alsoRead('doc', f, found));
  const filePaper = claimPaper && found.some((h) => filePaperClasses.has(h.cls) && !toldArrived(h)) && !found.some((h) => claimAskClasses.has(h.cls) && !(h.cls === 'paid' && (alsoRead('received', h, found) || withinPhraseOf(receivedClasses, h, found) || fileHandedIn(h))) && !(h.cls === 'money' && alsoRead('doc', h, found)));
  // Whether it happened or not ("hua ki nahi", "happened or not": a status phrase holding its
  // negation) beside papers and their receipt, no claim named ("documents mil gaye, hua ki nahi?"),
  // asks whether the papers arrived, not where the claim stands: that status word is dropped below.
  const papersArrivalAsked = found.some((h) => h.cls === 'received') && found.some((h) => h.cls === 'doc' && !alsoRead('money', h, found)) && !found.some((h) => h.cls === 'claim' || h.cls === 'ref');
  // A word that is both arrived and paid ("reached", "pahunch gaye"), in a clause that names no
  // money, sum or claim, after papers told handed over ("I posted the bills on Monday. Can you
  // confirm whether they have reached?"), asks whether those papers arrived: no payment. A claim
  // named after a need word there ("were they received and are they enough for the claim?") is
  // what the papers are for, no claim paid.
  const papersArrived = (h: ClassHit, clause: readonly ClassHit[]) => papersDone && alsoRead('received', h, clause)
    && !clause.some((o) => o.cls === 'money' || o.cls === 'amount' || ((o.cls === 'claim' || o.cls === 'ref') && !clause.some((n) => n.cls === 'need' && n.end < o.start && n.start > h.end)));
  // After papers told handed over, a status word right before a reference, in a clause no question
  // mark ends ("speed post la anupiten, tracking EK44712903IN"), names the consignment's number and
  // asks no status; "bills bhej diye. status 4471923?" still asks.
  // A number word between them ("Tracking नंबर EE98120044IN", "tracking no EK4471") is the number's name.
  const consignment = (h: ClassHit) => message.entities.some((e) => e.cls === 'ref' && (e.start === h.end + 1 || (e.start === h.end + 2 && numberWords.has(message.words[h.end + 1]!))));
  // So, in a clause no question mark ends, is one beside an arrival and no negation, claim or
  // reference ("I couriered the bills. Tracking says delivered. Did you receive them?"): the
  // courier's tracking told, no claim status asked.
  // A claim there that the papers sent are for ("I couriered all the papers for my dad's bypass
  // claim ... and tracking shows delivered", "claim ke saare papers courier kiye aur tracking me
  // delivered dikha raha hai": a paper word in the clause that tells them sent) names whose papers
  // went, no claim whose status is asked.
  const papersFor = (c: ClassHit, clause: readonly ClassHit[]) => clause.some((d) => d.cls === 'done')
    && clause.some((d) => d.cls === 'doc' && !alsoRead('claim', d, clause) && d.start !== c.start);
  const trackedArrival = (clause: readonly ClassHit[]) => clause.some((r) => r.cls === 'received') && !clause.some((o) => o.cls === 'neg' || (o.cls === 'claim' && !papersFor(o, clause)) || o.cls === 'ref');
  const cutNamed = found.some((h) => h.cls === 'cut' && !withinPhraseOf(needClasses, h, found) && !withinPhraseOf(statusClasses, h, found));
  // A deduction named by a word that is no mere limit ("sirf", only): a bill anywhere in such a
  // message that speaks of no papers needed, sent or received is the money cut ("...deduction of Rs
  // 12,350. Aren't these part of the hospital bill?"), no paper.
  const deductionNamed = cutNamed && found.some((h) => h.cls === 'cut' && !alsoRead('only', h, found) && !withinPhraseOf(needClasses, h, found));
  // A rejection or a cut named anywhere: a why-question beside it asks its reason, whatever delay
  // it also names ("Claim denied. ... Explain this decision please.").
  // (Only a message with a why-word can ask about a delay: without one, no delay reading is tried.)
  const whyNamed = found.some((h) => h.cls === 'why');
  const delayTold = whyNamed && found.some((h) => h.cls === 'delay' && !withinPhraseOf(followUpClasses, h, found));
  // A rejection phrase that holds its own negation ("not approved", "not settled") right beside
  // still or yet ("still not approved", "not approved yet") tells what has not happened so far, a
  // delay, not a decision to explain: it is no rejection anywhere in the message.
  const notYet = (h: ClassHit) => h.cls === 'reject' && h.end > h.start
    && found.some((n) => n.cls === 'neg' && n.start >= h.start && n.end <= h.end)
    && found.some((s) => s.cls === 'still' && (s.end === h.start - 1 || s.start === h.end + 1));
  const reasonNamed = !whyNamed || cutNamed || found.some((h) => h.cls === 'reject' && !withinPhraseOf(statusClasses, h, found) && !notYet(h));
  // Whether a sentence names a claim or a reference, other than a claim word within three words of
  // the policy's own business read as listed (the policy as a product: "email policy me update").
  const nearListedCover = (h: ClassHit) => found.some((c) => c.cls === 'cover' && !c.fuzzy && nearCover(h, c, found));
  const claimSentences = new Map<number, boolean>();
  const claimInSentence = (sentence: number) => {
    let named = claimSentences.get(sentence);
    if (named === undefined) {
      named = message.clauses.some((c) => c.sentence === sentence
        && found.some((h) => (h.cls === 'claim' || h.cls === 'ref') && h.start >= c.start && h.start < c.end && (h.cls === 'ref' || !nearListedCover(h))));
      claimSentences.set(sentence, named);
    }
    return named;
  };
  // The claimant's own sending of a paper in the clause ("policy card chi copy pathvu ka?", "should I
  // send a copy of the health card?"): a paper the claimant sends is for the claim, whatever
  // business names it; a paper asked to be sent ("80D certificate mail kore diben", `sendme`) is not.
  const ownSending = (hits: readonly ClassHit[]) => hits.some((h) => h.cls === 'send' && !withinPhraseOf(sendmeClasses, h, hits))
    && hits.some((d) => d.cls === 'doc') && !hits.some((h) => h.cls === 'sendme');
  const parts: Part[] = [];
  for (const clause of joinPhrases(message.clauses, found)) {
    // A delay word inside a longer request to look into it or answer ("waiting for your reply",
    // "उत्तराची वाट पाहतोय") is that request, not a complaint about the delay.
    let hits = found.filter((h) => h.start >= clause.start && h.end < clause.end)
      .filter((h, _, all) => h.cls !== 'delay' || !withinPhraseOf(followUpClasses, h, all))
      // A greeting inside a longer why phrase ("kaise ho gaya?", how did it happen: not "kaise ho?",
      // how are you) is that why, no greeting.
      .filter((h, _, all) => h.cls !== 'greet' || !withinPhraseOf(whyClasses, h, all))
      // A cut word inside a phrase of what is short ("kuch kam hai", "क्या कम है": anything missing?)
      // is that need, not a deduction ("bills bhej diye, kuch kam hai kya?" asks for documents).
      .filter((h, _, all) => h.cls !== 'cut' || !withinPhraseOf(needClasses, h, all))
      // So are a status, a pending and a still word inside a need phrase: a paper lacking
      // ("లేకుండా claim ముందుకు వెళ్తుందా", will the claim go ahead without them?) or anything left
      // ("is something still pending?") asks about the papers, not where the claim stands.
      .filter((h, _, all) => (h.cls !== 'status' && h.cls !== 'pending' && h.cls !== 'still') || !withinPhraseOf(needClasses, h, all))
      // A which/what word ending a status phrase (Bengali's yes/no কি: "approval হয়েছে কি?", has
      // it been approved?) is its question particle: it asks that status, not which papers.
      .filter((h, _, all) => h.cls !== 'ask' || !all.some((p) => p.cls === 'status' && p.end === h.end && p.start < h.start))
      // A rejection inside a status phrase ("approved or rejected?", "pass hua ya reject?") is one
      // of the outcomes asked about, not a rejection to explain.
      // After papers told handed over, a status word inside a phrase of their receipt ("system me
      // update hua kya?", "has it been updated?") asks whether the papers were entered, not where
      // the claim stands. A payment word right after a rejection or a cut is that act's verb
      // ("claim reject kar diya", "paisa kaat diya"), not a payment, and one right after a call the
      // call got ("callback milega kya?": actVerbed). A word both claim and paper
      // ("file") is one of them (filePaper, above). One pass for the four.
      .filter((h, _, all) => !cutList || (h.cls !== 'sendme' && (h.cls !== 'send' || !all.some((m) => m.cls === 'sendme' && m.start <= h.start && h.end <= m.end))))
      // A claim word naming a paper ("claim form", "case papers", "indoor case papers"), right before
      // a paper that is no money nor claim or inside a longer paper phrase, is the paper's name, not
      // the claim: "where do I get the claim form?" asks for the form. Only a bare claim word: one
      // with a case ending joined ("क्लेमला FIR ची कॉपी", "claimsathi FIR copy": for the claim) names
      // what the paper is for, and stays the claim.
      .filter((h, _, all) => h.cls !== 'claim' || alsoRead('doc', h, all) || (h.start === h.end && lexicon.endingJoined('claim', message.words[h.start]!)) || !all.some((d) => d.cls === 'doc' && !alsoRead('money', d, all) && !alsoRead('claim', d, all)
        && (d.start === h.end + 1 || (d.start <= h.start && h.end <= d.end && d.end - d.start > h.end - h.start))))
      // A word of that business inside a longer claim phrase ("nominee ga claim", "nominee ah claim":
      // the nominee's own claim) is that claim, no business of the policy.
      .filter((h, _, all) => h.cls !== 'cover' || !withinPhraseOf(claimClasses, h, all))
      // The policy's own business (`cover`: premium, renewal, nominee, top-up) within three words of a
      // claim word in the clause ("when is my policy due for renewal?", "policy mein nominee kaise
      // badlein?") makes that word the policy as a product, no claim asked about; a renewal inside a
      // parting phrase ("never renewing this policy") is none.
      .filter((h, _, all) => h.cls !== 'claim' || !all.some((c) => c.cls === 'cover' && !withinPhraseOf(closingClasses, c, all)
        && nearCover(h, c, all)))
      // So is a status or payment word within three words of it in a clause that names no claim
      // otherwise ("premium auto debit ayyindo ledo?", "has my premium been paid?"): the premium's
      // payment is the policy's business, no claim paid or standing anywhere. So is a word of giving
      // or sending anywhere in such a clause that names no papers ("premium ta online e kivabe dibo?",
      // how do I pay the premium online): the premium given, no papers sent.
      // So, anywhere in such a clause of a message that names no claim at all, is a paper, a need,
      // a request to send, a when or a where beside a word of that business read as listed, no
      // typo, in a sentence naming no claim but the policy itself ("80D er certificate ta ektu mail kore diben", "premium certificate chahiye", "Vizag
      // lo network hospitals list pampandi", "renewal kab due hai"): the business's certificate,
      // list or card and its date, no claim paper, payment or status. With a claim named in its
      // sentence ("claim amount gurinchi ... health card copy kuda pettala?") the card's copy is a
      // claim paper; "Naya email policy me kaise update karu?" names the policy only. Bills named
      // there are the claim's, sent with the premium ("Premium ke saath bills bhi bhej du kya?").
      // So is a cut word after it, up to three words between ("premium auto-debit se kat sakta hai
      // kya?", "can the premium be deducted from my account?"), in such a clause that names no sum
      // either: the premium debited, its money the premium's, no deduction to explain ("not covered
      // under my policy" is no such word: the cut is before the business).
      .filter((h, _, all) => (h.cls !== 'status' && h.cls !== 'paid' && h.cls !== 'send' && h.cls !== 'cut') || all.some((c) => c.cls === 'claim' || c.cls === 'ref' || (h.cls === 'send' && c.cls === 'doc'))
        || (h.cls === 'cut' && message.entities.some((e) => e.cls === 'amount' && e.start >= clause.start && e.start < clause.end))
        || !all.some((c) => c.cls === 'cover' && !withinPhraseOf(closingClasses, c, all) && (h.cls === 'send' || (h.cls === 'cut' ? h.start > c.end && gap(h, c) <= coverReach : gap(h, c) <= 3))))
      // (The cheap tests first: most clauses name no such business.)
      .filter((h, _, all) => !coverBusiness.has(h.cls) || !all.some((c) => c.cls === 'cover' && !c.fuzzy && !withinPhraseOf(closingClasses, c, all))
        || claimInSentence(clause.sentence) || all.some((d) => d.cls === 'doc' && alsoRead('money', d, all)) || ownSending(all))
      // A claim word inside a longer phrase naming people ("claims team", "claims department") is
      // their name, no claim asked about: "mee claims team lo evaraina phone lo explain chestara?"
      // asks for a person to explain, not why a claim was decided.
      .filter((h, _, all) => h.cls !== 'claim' || !withinPhraseOf(personClasses, h, all))
      // A why-word inside a longer paper phrase ("itemized break-up", "detailed breakdown") is
      // that paper's name: "Is the itemized break-up mandatory?" asks about a paper, no reason.
      .filter((h, _, all) => h.cls !== 'why' || !withinPhraseOf(docClasses, h, all))
      // The other way round, a paper or things word inside a longer why-phrase ("किस चीज़", "kis
      // cheez": for what) is that question, no paper: "किस चीज़ को छुपाने की बात कर रहे हो?" asks why.
      .filter((h, _, all) => (h.cls !== 'doc' && h.cls !== 'items') || !withinPhraseOf(whyClasses, h, all))
      // A request or why-word inside a longer phrase of having understood ("explain chesadu", he
      // explained; "explain pannitaaru") tells what was done: no request, no reason asked.
      .filter((h, _, all) => (h.cls !== 'imperative' && h.cls !== 'why') || !withinPhraseOf(understoodClasses, h, all))
      // A delay word inside a date phrase ("agle mahine", next month; "पिछले महीने") is that date, no
      // delay; inside a need phrase ("एवढे पुरेसे आहेत का?", evdha purel ka: is this much enough?) it
      // is the quantity asked complete, no delay.
      .filter((h, _, all) => h.cls !== 'delay' || !withinPhraseOf(delayOverruled, h, all))
      // A complaint word inside a longer paper phrase ("police complaint", the FIR) is that paper:
      // "FIR copy adugutunnaru kani police complaint ivvaledu, em cheyali?" asks for documents.
      // Inside a phrase of thanks or venting (a complaint taken elsewhere, told: "took it to the
      // ombudsman", "will go to the ombudsman") it tells what the claimant did or will do: no
      // complaint to be filed with us.
      .filter((h, _, all) => h.cls !== 'complaint' || !withinPhraseOf(complaintOverruled, h, all))
      // A status word inside a longer phrase of money come ("NEFT से आ गए", "neft se aa gaye", "came via
      // NEFT") is how it came, told: no status asked.
      .filter((h, _, all) => h.cls !== 'status' || !withinPhraseOf(paidClasses, h, all))
      // A word inside one of its phrases is that business too ("sum insured badhana": the sum is no money).
      // A question word ending such a phrase at the clause's end ("... add చేయొచ్చా", can I add?;
      // "EMI ல கட்டலாமா") still makes the clause ask, as no question mark may be typed: the
      // phrase's particle is the question. ("premium EMI lo kadtanu": no particle, "emi" no what.)
      .filter((h, _, all) => h.cls === 'cover' || !withinPhraseOf(coverClasses, h, all)
        || ((h.cls === 'question' || h.cls === 'interrogative') && h.start === h.end && h.end === clause.end - 1
          && all.some((c) => c.cls === 'cover' && c.end === h.end && c.start < h.start)))
      // A bill's money ("बिल का पैसा", "bill amount"): the bill right before a money word is money.
      .filter((h, _, all) => h.cls !== 'doc' || !alsoRead('money', h, all) || !all.some((m) => m.cls === 'money' && !alsoRead('doc', m, all) && m.start > h.end && m.start - h.end <= 2))
      // A word both received and paid within three words after money that is no paper, with no paper
      // between ("payment still not received", "paisa abhi tak nahi mila"), is the money come or not:
      // no papers received, even after papers told sent ("I sent the papers last week, payment still
      // not received" asks the status).
      .filter((h, _, all) => h.cls !== 'received' || !alsoRead('paid', h, all) || !all.some((m) => m.cls === 'money' && !alsoRead('doc', m, all) && m.end < h.start && h.start - m.end <= 3
        && !all.some((d) => d.cls === 'doc' && d.start > m.end && d.end < h.start)))
      .filter((h, _, all) => {
        // A rejection or a cut inside an outcome asked about ("approved or rejected", "partial ah full
        // ah": paid in part or in full?) is that status question, nothing to explain.
        if (h.cls === 'reject' || h.cls === 'cut') return !withinPhraseOf(statusClasses, h, all) && !notYet(h);
        if (h.cls === 'status') return (!papersDone || (!withinPhraseOf(receivedClasses, h, all) && !(consignment(h) && !clause.marked) && !(trackedArrival(all) && !clause.marked))) && !(papersArrivalAsked && all.some((n) => n.cls === 'neg' && n.start >= h.start && n.end <= h.end));
        // With a cut named, a payment word right after a modal ("the policy should pay", what the
        // claimant holds owed) disputes the cut: no payment asked.
        if (h.cls === 'paid') return !all.some((r) => actVerbed.has(r.cls) && (r.end === h.start - 1 || callAskedWhen(r, h, all))) && !withinPhraseOf(doneClasses, h, all) && !papersArrived(h, all) && !(cutNamed && afterModal(h, all));
        if (!claimPaper || (h.cls !== 'claim' && h.cls !== 'doc')) return true;
        return (h.cls === 'doc') === filePaper || !alsoRead(h.cls === 'claim' ? 'doc' : 'claim', h, all);
      })
      // A when-word inside "since when" ("ye rule kab se hai?") asks since when something holds, not
      // when it will be paid; a why-word inside a send phrase ("kaise bheju", कैसे भेजूं: how do I
      // send) asks how to send, and a payment word inside one ("kahan se milega": where do I get it
      // from) is the paper got, no payment.
      .filter((h, _, all) => (h.cls !== 'when' || !withinPhraseOf(sinceClasses, h, all)) && ((h.cls !== 'why' && h.cls !== 'paid') || !withinPhraseOf(sendClasses, h, all)))
      // A deduction negated right before it ("with no deductions", "koi katauti nahi" is the other
      // order and no such hit) in a clause that asks nothing (no question mark, no why) tells that
      // nothing was cut: "the full ₹2.1 lakh was credited with no deductions" is news, no cut to
      // explain; "why no deduction note?" still asks.
      .filter((h, _, all) => h.cls !== 'cut' || clause.marked || !negated(h, all) || all.some((w) => w.cls === 'why' || w.cls === 'interrogative'))
      // A giving word inside a longer request to tell ("zara bata dena", "bata dijiye": a request
      // phrase that holds a word of telling) is that request's helper verb, nothing sent: "uska
      // kya hua, pass hua ki nahi, zara bata dena" asks the status, not what to send.
      .filter((h, _, all) => h.cls !== 'send' || !all.some((r) => r.cls === 'imperative' && r.start <= h.start && h.end <= r.end && r.end - r.start > h.end - h.start
        && all.some((a) => a.cls === 'ask' && a !== h && a.start >= r.start && a.end <= r.end && (a.end < h.start || a.start > h.end))))
      // A question word inside a conjunction ("that's why", "की वजह से", because of; "when I get")
      // joins a statement: it asks nothing (below) and is no question word for the templates.
      .filter((h, _, all) => !conjoinedClasses.has(h.cls) || !withinPhraseOf(conjunctionClasses, h, all));
    // After a purpose word ("so that", "taaki"), the rest of the clause tells the aim: a claim, a
    // status or a payment there asks nothing ("Kya bhejun taaki claim aage badhe?" asks what to send).
    const purpose = hits.find((h) => h.cls === 'purpose');
    if (purpose) hits = hits.filter((h) => h.start <= purpose.end || !aimClasses.has(h.cls));
    // Papers told sent right after money that is no paper, in a question ("baaki paisa bhej diya
    // kya?", "बाकी पैसा भेज दिया क्या?": has the rest of the money been sent?), are also the payment
    // made: a payment asked about (its sending still stops a list of papers to send). Told ("maine
    // hospital ko paisa bhej diya") it stays the claimant's own business.
    if (clause.marked || hits.some((h) => h.cls === 'interrogative')) {
      const moneySent = (h: ClassHit) => h.cls === 'done' && !alsoRead('paid', h, hits) && hits.some((m) => m.cls === 'money' && !alsoRead('doc', m, hits) && m.end < h.start && h.start - m.end <= 2
        && !hits.some((d) => d.cls === 'doc' && !alsoRead('money', d, hits) && d.start > m.end && d.end < h.start));
      hits.push(...hits.filter(moneySent).map((h) => ({ ...h, cls: 'paid' })));
    }
    // A bot named beside a person ("are you a bot or is a person talking?", "bot ho kya ya insaan"),
    // or asked about ("are you a robot??"), asks who is there; one told of in a clause of its own
    // ("this machine understands nothing, let me talk to a person") is what the claimant turns
    // from, and stops no request for a person.
    // A bot word inside a phrase asking for a person ("robot shi nahi", not with a robot) is that request.
    // So is a bot said no to in a clause that asks nothing ("talk to a human, not a bot", "bot nahi,
    // insaan chahiye"); asked, the negation may be "or" ("மனுஷனா இல்ல மெஷினா?", human or machine?).
    if (hits.some((h) => h.cls === 'bot')) {
      if (!clause.marked && !hits.some((h) => h.cls === 'human' || h.cls === 'person')) hits = hits.filter((h) => h.cls !== 'bot');
      else hits = hits.filter((h, _, all) => h.cls !== 'bot' || (!withinPhraseOf(personClasses, h, all) && (clause.marked || !saidNoTo(h, all))));
    }
    // A bare count right beside a cut word is the amount cut ("3200 kazhichirukeenga", "cut 3200"),
    // unless a paper that is no money follows it: "sirf 1 report baaki hai" (only one report left)
    // counts papers.
    const papersCounted = (e: ClassHit) => hits.some((d) => d.cls === 'doc' && d.start === e.end + 1 && !alsoRead('money', d, hits));
    const besideCut = (e: ClassHit) => !papersCounted(e) && hits.some((h) => h.cls === 'cut' && (h.start === e.end + 1 || h.end === e.start - 1));
    for (const e of message.entities) if (e.start >= clause.start && e.start < clause.end) hits.push(e.cls === 'number' && besideCut(e) ? { ...e, cls: 'amount' } : e);
    // A cut word that only limits what follows it (`only`: "sirf", "keval") is a cut only before the
    // money or sum it limits ("sirf 1.2 lakh mila", "sirf aadha paisa aaya"): "payment hua ya sirf
    // message aaya?" names no cut. Nor does money a when-word follows right after: the question is
    // what is limited ("sirf paisa kab aayega ye batao", "fakt paise kadhi yetil evdhach sanga": just
    // tell me when the money comes), no sum. A figure of five digits or more, read as a reference,
    // right after it is the sum limited too ("sirf 32000 mile", "fakt 32000 aale").
    const figure = (m: ClassHit) => m.cls === 'ref' && hits.some((o) => o.cls === 'only' && o.end === m.start - 1);
    if (hits.some((h) => h.cls === 'only')) {
      // An emphatic limiting word typed after the number it limits, joined or apart (Marathi "५५च",
      // "25 hazar ch dile": only 55, only 25 thousand), is that cut too; after a money word it is
      // mere emphasis ("paise ch nahi aale", the money itself has not come), no cut.
      hits = hits.filter((h, _, all) => h.cls !== 'cut' || !alsoRead('only', h, all)
        || all.some((m) => (m.cls === 'money' || m.cls === 'amount' || m.cls === 'number' || figure(m)) && m.start > h.end && m.start - h.end <= 3 && !alsoRead('doc', m, all)
          && !all.some((w) => w.cls === 'when' && w.start === m.end + 1))
        || all.some((m) => (m.cls === 'amount' || m.cls === 'number' || m.cls === 'ref') && m.end < h.start && h.start - m.end <= 2));
    }
    // "Why still pending?" ("अभी तक pending क्यों", "এখনো পেন্ডিং দেখাচ্ছে কেন"): a why-word beside
    // pending and a when-word ("abhi tak", still), with nothing else it could ask the reason of (a
    // rejection, a cut, a delay, money, papers, the reason by name), asks where the claim stands;
    // said after other sentences ("a month has passed, why is it still hanging?") it asks why.
    const aside = (h: ClassHit) => (h.start < clause.start || h.start >= clause.end) && !asideClasses.has(h.cls);
    if (hits.some((h) => h.cls === 'pending') && hits.some((h) => h.cls === 'when') && !hits.some((h) => reasonObjects.has(h.cls)) && !found.some(aside)) {
      hits = hits.filter((h) => h.cls !== 'why');
    }
    // A delay told in another clause ("two months have passed and the claim is not settled, why?")
    // makes a why beside a claim still unpaid a delay question in its own clause too.
    if (!reasonNamed) hits = delayAsked(hits, delayTold);
    // A yes-no question on a rejection, opened by its particle or auxiliary ("kya mera claim reject
    // ho gaya hai?", "is my claim rejected?"), in a message naming no why nor reason, asks whether it
    // was decided: where the claim stands, no reason asked.
    // Beside another outcome asked ("Is my claim pending or rejected?") it stays one of two.
    // Languages that ask yes or no by a suffix on the verb put the particle last: the verb right
    // after the rejection, ending the clause, is that particle ("claim reject ஆயிடுச்சா?", "claim
    // reject ayyinda?": has it been rejected?), as the opener is in "kya ... reject ho gaya?".
    const askedBySuffix = (h: ClassHit) => h.cls === 'interrogative' && alsoRead('question', h, hits) && h.start === h.end && h.end === clause.end - 1
      && hits.some((r) => r.cls === 'reject' && r.end === h.start - 1);
    if (clause.marked && !whyNamed && hits.some((h) => h.cls === 'reject') && !found.some((h) => h.cls === 'reason') && !hits.some((h) => h.cls === 'pending' || h.cls === 'status')
      && hits.some((h) => askedBySuffix(h) || (h.start === clause.start && h.cls === 'interrogative' && alsoRead('question', h, hits))
        || (opensClause(h, clause) && h.cls === 'aux' && auxiliaries.has(message.words[h.start]!)))) {
      hits = hits.map((h) => (h.cls === 'reject' ? { ...h, cls: 'status' } : h));
    }
    // A need told for a relation, naming nothing needed and asking nothing ("mere bhai ko chahiye",
    // "my brother needs one too"), says who wants it, not what papers are short.
    if (!clause.marked && hits.some((h) => h.cls === 'relation') && !hits.some((h) => thingClasses.has(h.cls) || askingClasses.has(h.cls))) {
      hits = hits.filter((h) => h.cls !== 'need');
    }
    // A request to talk to a person, told (no question mark), names what the talk is to be about:
    // "deduction pathi explain panna oruthar kitta pesanum", "I want to talk to someone about why
    // my claim was rejected" ask for the person; the why-word there is the topic, not the question.
    // Asked ("agent se baat hui thi phir bhi kam kyu aaya?"), the why still asks.
    if (!clause.marked && hits.some((h) => h.cls === 'why') && talkRequested(hits)) {
      hits = hits.filter((h) => h.cls !== 'why' && h.cls !== 'reason');
    }
    // Beside a cut word, a word that is money as well as a document ("bill") is the money cut:
    // "they reduced the whole bill" asks why, not which papers are short; unless the message
    // speaks of papers to send, needed or received ("are the pharmacy bills needed, or only the final
    // bill?"); a question word alone is no such word ("the bill has a 'disallowed' column, what is it?").
    if (hits.some((h) => h.cls === 'cut') && !found.some((h) => paperWords.has(h.cls))) {
      hits = hits.filter((h, _, all) => h.cls !== 'doc' || !alsoRead('money', h, all));
    }
    // So is one right before a payment word ("bill settle zala ka?": the bill paid), unless papers
    // are said needed, sent or received.
    if (!papersSaid && hits.some((h) => h.cls === 'paid')) {
      const paidBill = (h: ClassHit) => alsoRead('money', h, hits) && hits.some((p) => p.cls === 'paid' && p.start === h.end + 1);
      hits = hits.filter((h) => h.cls !== 'doc' || !paidBill(h));
    }
    // Beside a deduction named anywhere in the message, things named vaguely ("items", "cheezein")
    // are the items cut, not papers: "non-payable items Rs 3,850. What are these items?" asks why,
    // unless the message speaks of papers needed or sent.
    // In a clause that names no cut itself they stand for the cut: "ye kaun se saaman hain jinka
    // paisa nahi milega?" asks why they are not paid, not when the money comes.
    // So is a word both a paper and a why-word ("breakup", "calculation"): beside a deduction it is
    // the calculation asked for ("deduction Rs 6,780 dekhachhe, er breakup ta ki?" asks why).
    if (cutNamed && !papersSaid) {
      const items = hits.filter((h) => h.cls === 'items');
      hits = hits.filter((h, _, all) => h.cls !== 'doc' || (!alsoRead('items', h, items) && !alsoRead('why', h, all) && !(deductionNamed && alsoRead('money', h, all))));
      if (!hits.some((h) => h.cls === 'cut')) hits.push(...items.map((h) => ({ ...h, cls: 'cut' })));
    }
    // The rest of a sum paid in part: with a cut named, or a payment or a sum told in another
    // clause ("50k aaya, baki 30k ka kya hua?", "I got 40,000. What happened to the remaining
    // amount?"), what happened to the remaining money asks where it went, the balance cut, as
    // "where is the rest" does (where-did-the-rest-go: query_reason). Asked when it comes ("when
    // will the remaining amount come") it is still a status question; with nothing paid told,
    // "baki paise ka kya hua?" asks the status.
    if (hits.some((h) => h.cls === 'status') && hits.some((h) => h.cls === 'need') && hits.some((h) => h.cls === 'money' || h.cls === 'amount') && !hits.some((h) => h.cls === 'when' || h.cls === 'doc' && !alsoRead('money', h, hits))) {
      const outside = (h: ClassHit) => h.start < clause.start || h.start >= clause.end;
      const partPaid = cutNamed || message.entities.some((e) => e.cls === 'amount' && outside(e))
        || (found.some((h) => h.cls === 'paid' && outside(h)) && !found.some((h) => h.cls === 'neg'));
      // A status phrase holding its own negation ("release hua ya nahi", whether or not) asks
      // whether the rest was paid, a status question, not where it went.
      const whetherOrNot = (h: ClassHit) => hits.some((n) => n.cls === 'neg' && n.start >= h.start && n.end <= h.end);
      if (partPaid) hits = hits.map((h) => (h.cls === 'status' && !whetherOrNot(h) ? { ...h, cls: 'where' } : h));
    }
    // An auxiliary opening a greeting or a closing ("have a nice day") asks nothing, nor one the
    // message's language does not have ("is baar" is "this time" in romanised Hindi).
    const opensSmallTalk = hits.some((h) => h.start === clause.start && smallTalkClasses.has(h.cls));
    // Beside "that's all" or "bas itna hi", a request word only says what the claimant wanted ("bas
    // itna hi confirm karna tha"); a question word still asks.
    // A request to talk to a person in the same clause still asks ("kuch nahi kehna, bas kisi se
    // baat karwa do"): the claimant is put through whatever they say they are done with.
    const enough = hits.some((h) => h.cls === 'enough') && !talkRequested(hits);
    // Nor one inside papers told handed in ("have sent the papers"): that is the perfect, not a question.
    // An auxiliary after a word that opens the sentence ("Also has the balance been paid", "And is
    // it approved") still opens the question; after one inside a sentence ("sent the bills and have
    // heard nothing") it tells.
    const opened = (clause.start === 0 || sentenceStarts.has(clause.start)) && openers.has(message.words[clause.start]!);
    const asksByAux = (h: ClassHit) => h.cls === 'aux' && (h.start === clause.start || (opened && h.start === clause.start + 1)) && !opensSmallTalk && !enough && auxiliaries.has(message.words[h.start]!) && !withinPhraseOf(doneClasses, h, hits);
    // Beside an explanation understood, a question word says what became clear ("ab samajh aa gaya
    // kahan deduction laga", "now I know which papers were missing", "क्यों कटा, समझ आ गया" in
    // Hindi's order), and so does one in a clause that goes on from it ("... aur kyun kata"), not
    // one a contrast opens ("... but why was the bill cut"); a request ("got it, please send the
    // form") still asks, and so does "samajh aaya nahi kyun".
    const previous = parts[parts.length - 1];
    // Only in a message that closes: thanks or "that's all" in another clause, or thanks right
    // before the explanation ("thanks for explaining why ..."). Otherwise the question after it
    // still asks: "ok understood when will I get the money", "samajh gaya paisa kab aayega".
    const closesElsewhere = found.some((h) => closingClasses.has(h.cls) && (h.start < clause.start || h.start >= clause.end));
    const thanksFor = (u: ClassHit) => u.end > u.start && hits.some((t) => t.cls === 'thanks' && t.end === u.start - 1);
    const understood = !clause.marked && hits.some((h) => h.cls === 'understood' && !negated(h, hits) && !hits.some((n) => n.cls === 'neg' && n.start === h.end + 1)
      && (closesElsewhere || thanksFor(h)));
    const continues = !clause.marked && clause.joined && previous?.toldUnderstood === true && !hits.some((h) => h.cls === 'contrast' && h.start === clause.start);
    const requests = hits.filter((h) => requestClasses.has(h.cls));
    const saysUnderstood = (h: ClassHit) => (understood || continues) && !requestClasses.has(h.cls) && !requests.some((r) => r.start <= h.start && h.end <= r.end);
    // A question or request word inside a longer greeting or closing asks nothing ("no need to
    // reply", "aur kuch nahi", "bata raha hoon": I am telling you), nor a question word used as a
    // conjunction ("when I have the bills"), nor a request negated ("I don't want it rejected"), nor
    // one inside papers promised ("I will arrange the papers": the claimant's own doing).
    const asksBy = (h: ClassHit) =>
      (askingClasses.has(h.cls) || asksByAux(h)) && !withinPhraseOf(notAskingPhrases, h, hits) && !saysUnderstood(h) && !neverAgain(h, hits) &&
      !(requestClasses.has(h.cls) && (enough || negated(h, hits) || negatedVerb(h, hits) || thanksIsObject(h, hits) || withinPhraseOf(doneClasses, h, hits))) &&
      // A request that we send something asks when it names what ("UTR number bhej dijiye", "send
      // me the form"); "number pampandi" after a question only says how to answer it.
      (h.cls !== 'sendme' || hits.some((o) => objectClasses.has(o.cls))) &&
      // A call asked for asks ("no chat, just call me"), not one told after a modal ("the TPA will
      // call me" tells what someone else will do).
      (h.cls !== 'callme' || !afterModal(h, hits)) &&
      // Nor a follow-up told after a modal ("I will follow up with this number", "we shall check
      // and revert"): the claimant's own doing, no look asked for.
      (h.cls !== 'follow_up' || !afterModal(h, hits));
    // A clause that only names a reference ("renewal ki last date kab hai, policy no. HLT-7719022?":
    // a claim or policy word, its number's label, the number), after a clause of its sentence that
    // asks, gives that question's reference: its question mark is the sentence's, and it asks nothing.
    const referenceOnly = clause.marked && previous?.asking === true && previous.sentence === clause.sentence && onlyReference(hits);
    const asking = (clause.marked && !referenceOnly) || hits.some(asksBy);
    // A when-word that is also a date and asks nothing itself ("today", "tomorrow"), in a yes-no
    // question an auxiliary opens ("Is there some problem with the app today?") or in a question
    // that tells papers sent ("Kal jo bills bheje the wo mil gaye?"), tells when, and asks no when.
    if (hits.some((h) => h.cls === 'when') && hits.some((h) => (h.cls === 'aux' && asksByAux(h)) || (h.cls === 'done' && asking))) {
      hits = hits.filter((h, _, all) => h.cls !== 'when' || !alsoRead('date', h, all) || alsoRead('interrogative', h, all));
    }
    // So does an auxiliary opening a yes-no question ("Has the claim for my son's dengue admission at
    // AMRI Salt Lake been cleared yet?"): the question is the whole clause, however long its subject.
    const opensWithQuestion = hits.some((h) => h.start === clause.start && (questionWordClasses.has(h.cls) || asksByAux(h)));
    // "Who is this?", "how are you?", "kaun bol raha hai?": the question is the greeting itself.
    const greeting = asking && hits.some((h) => h.cls === 'greet') && hits.every((h) => !askingClasses.has(h.cls) || withinPhraseOf(smallTalkClasses, h, hits));
    // So is a question that only exclaims, its question words inside a phrase of thanks or praise of
    // three words or more, naming nothing outside it ("can you believe it?", "isn't that great
    // news?"): no question to answer; "got it?", "okay na?" still ask about what was told before.
    const exclaims = asking && !greeting && hits.some((h) => smallTalkClasses.has(h.cls) && h.end - h.start >= 2)
      && hits.every((h) => !askingClasses.has(h.cls) || withinPhraseOf(smallTalkClasses, h, hits))
      && !hits.some((o) => (objectClasses.has(o.cls) || thingClasses.has(o.cls) || o.cls === 'paid' || o.cls === 'when') && !withinPhraseOf(smallTalkClasses, o, hits));
    const toldUnderstood = !clause.marked && hits.some((h) => askingClasses.has(h.cls) && saysUnderstood(h));
    parts.push({ hits, asking, closing: !asking && hits.some((h) => closingClasses.has(h.cls)), opensWithQuestion, greeting: greeting || exclaims, exclaims, toldUnderstood, start: clause.start, end: clause.end, sentence: clause.sentence });
  }
  // An explanation told understood in a clause a contrast opens, after every question and with
  // thanks or "that's all" from there on ("kaunse documents chahiye ye puchna tha, lekin TPA desk ne
  // sab samjha diya. Thanks", "I wanted to know which documents are needed, but the TPA desk
  // explained everything. Thanks", "... তবে TPA desk সব বুঝিয়ে দিয়েছে। ধন্যবাদ"): the questions
  // before it were answered elsewhere, and the message asks nothing. A question after it still asks.
  // Structural: that the explanation comes after the question, and past a contrast, is order, no word.
  const answeredAt = parts.findLastIndex((p) => !p.asking && p.hits.some((h) => h.cls === 'contrast' && h.start === p.start)
    && p.hits.some((h) => h.cls === 'understood' && !negated(h, p.hits) && !p.hits.some((n) => n.cls === 'neg' && n.start === h.end + 1)));
  if (answeredAt > 0 && parts.slice(answeredAt + 1).every((p) => !p.asking) && parts.slice(answeredAt).some((p) => p.hits.some((h) => closingClasses.has(h.cls)))) {
    for (const p of parts.slice(0, answeredAt)) p.asking = false;
  }
  const all = parts.flatMap((p) => p.hits);
  // A cut, a reason or a rejection told as a habit (an every-time word: every time, har baar, हर
  // बार, ovvoru thadavaiyum, ప్రతిసారీ, दर वेळी, protibar) or of every company ("sob company ek
  // rokom") in its sentence, in a message that asks nothing, vents: "Har baar koi na koi reason leke kaat lete ho,
  // gussa aa raha hai" asks no reason. Asks nothing: no question mark, no why-word but the reason
  // told, no when or where, no request, person, call asked or complaint, and no asking clause but
  // the one naming the habit itself, where an indefinite read as a which-word ("edhavadhu reason", some reason or
  // other) or a participle read as a request ("ఏదో ఒక reason చెప్పి", having given some reason)
  // tells how it is done. Structural, as writers keep finding new words for the habit; "har baar
  // paise kyun kaat lete ho?" and "why do you cut every time" still ask why.
  const habitSentence = (sentence: number) => {
    const hits = parts.filter((p) => p.sentence === sentence).flatMap((p) => p.hits);
    return hits.some((h) => h.cls === 'habitual') && hits.some((h) => habitToldClasses.has(h.cls));
  };
  const habitClause = (p: Part) => habitSentence(p.sentence);
  if (!text.includes('?') && parts.some(habitClause)
    && parts.every((p) => !p.asking || (habitClause(p) && p.hits.some((h) => h.cls === 'habitual') && p.hits.every((h) => !askingClasses.has(h.cls) || habitToleratedClasses.has(h.cls))))
    && !all.some((h) => (h.cls === 'why' && !alsoRead('reason', h, all)) || habitAskingClasses.has(h.cls))) {
    return { kind: 'small_talk', intent: null, confidence: 0, scores: score([]).scores as Record<I, number>, template: null, closing: parts.some((p) => p.closing) };
  }
  // A clause that asks nothing, read as the context of a question after it: a when-word there that
  // is also a date ("15 tarikh ko courier kiya tha. mila ki nahi?") tells when something happened,
  // and the question asks no when.
  const contextOf = (p: Part) => (p.asking ? p.hits : p.hits.filter((h) => h.cls !== 'when' || !alsoRead('date', h, p.hits)));

  // What a question leans on: the clause before it; when that clause names no thing (no claim,
  // papers, money or person: "pharmacy bills upload kiye, har baar reject ho jata hai. Problem kya
  // hai?"), also the things the clause before it in the same sentence names, which it goes on about.
  // A where-question that names nothing ("Where do I get it?", "adi ekkada teesukovali") after a
  // paper said needed and a clause that names only the case it is for ("They asked for the FIR
  // copy, accident case."; "MLC copy adugutunnaru, bike accident case.") asks where to get the
  // paper: the case named beside it is the paper's, no claim asked about, and the question leans
  // on the paper past it. Structural: the same claim word asked about ("My claim is stuck. Where
  // is it?") names a state too, and is no bare case.
  const bareCase = (p: Part) => p.hits.some((h) => h.cls === 'claim' || h.cls === 'ref')
    && p.hits.every((h) => h.cls === 'claim' || h.cls === 'ref' || h.cls === 'question' || h.cls === 'aux' || asideClasses.has(h.cls));
  const paperNeeded = (p: Part) => p.hits.some((h) => h.cls === 'doc' && !alsoRead('money', h, p.hits) && !alsoRead('claim', h, p.hits))
    && p.hits.some((h) => h.cls === 'need' || h.cls === 'sendme');
  const paperPast = (i: number): Part | undefined => {
    if (!parts[i]!.hits.some((h) => h.cls === 'where')) return undefined;
    let k = i - 1;
    while (k >= 0 && bareCase(parts[k]!)) k -= 1;
    return k >= 0 && k < i - 1 && paperNeeded(parts[k]!) ? parts[k] : undefined;
  };
  // A clause that asks nothing and names nothing, not even a negation or a question word ("Koi
  // auto-reply bhi nahi aaya", "उससे चल जाएगा ना": only asides, particles or words of no class),
  // stands between the question and the things told before it, in the sentence before too: the
  // question leans on those things ("bills bheji thi. Koi reply nahi aaya. Aapko mil gaye ya
  // dobara bhejun?" asks whether the papers sent arrived).
  const empty = (p: Part) => !p.asking && p.hits.every((h) => h.cls === 'question' || h.cls === 'aux' || asideClasses.has(h.cls));
  // A clause that only gives a reference ("clm CLM-2025-4410", "policy no. 88120"), telling and
  // asking nothing, labels what was told before it: a question whether something came, after it,
  // leans on that too ("4 bills email kiye. clm CLM-2025-4410. mil gaye kya?" asks whether the
  // papers arrived). (The cheap test first: only such a question asks past it.)
  const referenceGiven = (p: Part) => !p.asking && onlyReference(p.hits);
  const leanedOn = (i: number, pastReference = false): ClassHit[] => {
    const paper = paperPast(i);
    if (paper) return contextOf(paper);
    const last = parts[i - 1]!;
    const context = contextOf(last);
    if (pastReference && i > 1 && referenceGiven(last)) return [...leanedOn(i - 1), ...context];
    if (last.hits.some((h) => thingClasses.has(h.cls))) return context;
    let k = i - 2;
    const passed = empty(last);
    if (passed) while (k > 0 && empty(parts[k]!)) k -= 1;
    const earlier = parts[k];
    if (!earlier || (earlier.sentence !== last.sentence && !passed)) return context;
    return [...earlier.hits.filter((h) => thingClasses.has(h.cls)), ...context];
  };

  // A question that names the policy's own business (`cover`: "Premium itna kyu badha?") asks about
  // it: a claim told in a clause before ("last year koi claim nahi kiya tha") is no thing it asks of.
  const aboutCover = (p: Part) => p.hits.some((h) => h.cls === 'cover' && !withinPhraseOf(closingClasses, h, p.hits));
  // So does a question that names no thing nor object of its own ("online ho jayega?", "kahan
  // milegi?", "any update on that?": only a payment, status or question word) right after a
  // clause on the policy's own business
  // that names no claim nor other thing ("Policy renew karwani hai", "Premium ki receipt chahiye tax ke liye"): it
  // goes on about that business, and its "ho jayega", "milegi" are no claim paid. One that names a
  // claim, money or papers, or their sending ("Premium bhar diya. Paisa kab milega?") still asks of them, and so
  // does a why or a how, a single question word that is no when-word nor yes-no particle ("3 saal
  // se premium bhar raha hoon, phir waiting period kaise?", "policy renew chesi 2 ellu ayyindi
  // kada, ela?"; "kya", "chalegi kya" only ask whether): a decision
  // questioned against the premiums paid.
  // Clauses between that name nothing (only family, dates, greetings: "pehle patni thi, ab bete ko
  // banana hai") are passed over. A paper of no money nor claim asked after it ("Nominee badalna
  // hai. Kaunsa form bharna hoga?", "card kho gaya. soft copy app se download ho sakti hai?") is
  // that business's paper, no claim paper, and so is one asked to be sent to the claimant ("Policy
  // renew karni hai, link bhej do": the renewal's link; one naming no thing at all, "network hospital
  // kaunse hain, list bhej do": its list); papers the claimant is to send, or papers
  // asked after the business told done ("Premium bhar diya. Kaunse documents chahiye?"), still ask
  // for the claim's.
  // A need told by someone else in a clause that asks nothing and names no thing ("80D ke liye
  // premium certificate chahiye, CA maang raha hai. Ye app me kahan milega?": the accountant asks
  // for it) is passed over too. Money or a sum in the clause on the business that names no claim
  // ("I paid ₹32,000 for the family floater in April. Where can I get it?") is the premium paid,
  // no claim's money.
  const named = (p: Part) => p.hits.some((h) => thingClasses.has(h.cls) || (objectClasses.has(h.cls) && (h.cls !== 'need' || p.asking)));
  const premiumMoney = (h: ClassHit, p: Part) => (h.cls === 'money' || h.cls === 'amount') && !p.hits.some((c) => c.cls === 'claim' || c.cls === 'ref');
  // A clause between that only gives the policy's number, asking nothing ("पॉलिसी नंबर 3345/11/2024
  // है", "policy no. 88120 hai": a claim or policy word, its label, the number, a copula) labels
  // that business, and is passed over as well: no claim is named by it alone.
  const numberGiven = (p: Part) => !p.asking && onlyReference(p.hits.filter((h) => h.cls !== 'question'));
  // That business read as listed, no typo ("पोर्टल", a portal, is one letter from "पोर्ट").
  const coverBefore = (i: number, papers: boolean) => {
    let k = i - 1;
    while (k >= 0 && !aboutCover(parts[k]!) && (!named(parts[k]!) || numberGiven(parts[k]!))) k -= 1;
    return k >= 0 && aboutCover(parts[k]!) && parts[k]!.hits.some((h) => h.cls === 'cover' && !h.fuzzy) && !parts[k]!.hits.some((h) => (thingClasses.has(h.cls) && !premiumMoney(h, parts[k]!)) || (papers && h.cls === 'done'))
      && !sendingBlocked(k);
  };
  // A clause on that business in a sentence whose clause before it tells papers being sent
  // ("cancelled cheque aur pan card upload kar raha hu claim ke liye but app crash ho raha"): the
  // app or portal is what stops the papers, and a question after it ("mail pe bhej sakta hu kya?")
  // goes on about sending them, no business of the policy. Structural: which clause a paper is
  // told in, and in which sentence, is no word a pack can list. Papers told sent already (`done`)
  // are not: "bills bhej diye, but renewal bhi karna hai. online ho jayega?" asks of the renewal.
  const sendingBlocked = (k: number) => {
    const before = parts.filter((p, j) => j < k && p.sentence === parts[k]!.sentence).flatMap((p) => p.hits);
    return before.some((h) => h.cls === 'send') && before.some((h) => h.cls === 'doc' && !alsoRead('claim', h, before));
  };
  const coverPaper = (h: ClassHit, hits: readonly ClassHit[]) => (h.cls === 'doc' && !alsoRead('money', h, hits) && !alsoRead('claim', h, hits))
    || h.cls === 'need';
  // A why or how beside such a paper asks about that paper ("E-card app me khulta nahi. Kal hospital
  // jaana hai, card kaise milega?": how to get the card), the business's, no decision questioned;
  // so does one beside only a verb of getting ("ई-कार्ड खो गया, नया कैसे मिलेगा").
  // (A payment word inside a sending phrase of getting, read there as the paper got and dropped
  // from the clause, still counts: gettingAsked.)
  const gettingAsked = (h: ClassHit) => h.cls === 'send' && found.some((g) => g.cls === 'paid' && g.start >= h.start && g.end <= h.end);
  const coverPaperAsked = (hits: readonly ClassHit[]) => hits.some((h) => (h.cls === 'doc' && coverPaper(h, hits)) || h.cls === 'paid' || gettingAsked(h));
  // A how or why right before a verb ("kaise hoga?", "how does that work?", "how do I do it?") asks
  // how the business is done, no decision questioned.
  const howDone = (h: ClassHit, hits: readonly ClassHit[]) => hits.some((q) => q.cls === 'question' && q.start === h.end + 1);
  // A rejection asked about yes or no (read as a status above: "..., or has it been rejected?") is
  // still the decision on a claim, a thing named, not a bare "any update?": after a clause that
  // names the business in passing ("same screen every time I log in") it asks of the claim.
  const rejectionAsked = (h: ClassHit) => found.some((r) => r.cls === 'reject' && r.start === h.start && r.end === h.end);
  const onCover = (i: number) => i > 0 && coverBefore(i, parts[i]!.hits.some((h) => coverPaper(h, parts[i]!.hits)))
    && !parts[i]!.hits.some((h) => ((thingClasses.has(h.cls) || objectClasses.has(h.cls) || paperWords.has(h.cls)) && !coverPaper(h, parts[i]!.hits) && (h.cls !== 'status' || rejectionAsked(h))
        // A sending word that is also the request itself ("pathaben?", will you send it: Bengali's
        // polite future is both) is that request, as one inside a longer request phrase is.
        && !(h.cls === 'send' && (withinPhraseOf(sendmeClasses, h, parts[i]!.hits) || alsoRead('sendme', h, parts[i]!.hits)))
        // A sending phrase that holds a verb of getting (where or how to get it: "kahan se milega",
        // "wo kaise milegi") asks how that business's card or form is got, no papers sent.
        && !gettingAsked(h)
        && !(h.cls === 'sendme' && (coverPaperAsked(parts[i]!.hits) || !parts[i]!.hits.some((t) => thingClasses.has(t.cls)))))
      || (h.cls === 'why' && !coverPaperAsked(parts[i]!.hits) && !howDone(h, parts[i]!.hits)) || h.cls === 'reason'
      || (h.cls === 'interrogative' && h.start === h.end && !alsoRead('when', h, parts[i]!.hits) && !alsoRead('question', h, parts[i]!.hits) && !howDone(h, parts[i]!.hits) && !((alsoRead('why', h, parts[i]!.hits) || alsoRead('ask', h, parts[i]!.hits)) && coverPaperAsked(parts[i]!.hits))));
  const coverAsked = (i: number) => aboutCover(parts[i]!) || onCover(i);
  const lastAsking = parts.findLastIndex((p) => p.asking && !p.greeting);
  // Thanks or an acknowledgement told after the news and before a question, with nothing between
  // that names a thing ("Claim amount received, thanks. Is Manipal hospital in your network?",
  // "paisa aa gaya, thank you. Office kitne baje tak khula hai?"), closes that news: a question
  // that names no intent by itself, and no why (a why disputes the news: "7 hazar kom. eta keno?"),
  // asks of something else and leans on nothing told before the thanks. One that answers by itself
  // still reads the news ("Bills bhej diye, thanks. Mil gaye?"), and so does one after a thing named
  // past the thanks word ("thank you sir 🙏 ab bhabhi ka claim, kahan tak pahuncha?").
  const closedBy = (p: Part) => {
    if (!p.closing) return false;
    let at = -1;
    for (const h of p.hits) {
      if (!closingClasses.has(h.cls) || h.fuzzy || h.end <= at) continue;
      // A phrase of thanks that holds a word of another class tells news ("rejection letter vachindi"), no thanks.
      if (!p.hits.some((o) => !closingClasses.has(o.cls) && o.start >= h.start && o.end <= h.end)) at = h.end;
    }
    return at >= 0 && !p.hits.some((h) => h.start > at && thingClasses.has(h.cls));
  };
  // (The policy's own business may stand in the question and between: it is no claim's.) The
  // question names its other topic by that business or by two words or more of four letters or
  // more in no class ("Manipal", "empanelled"); a bare follow-up ("Ab aage kya?", "What next?",
  // "ab aur kuch?") names none and still goes on about the news.
  const plain = (p: Part) => p.hits.every((h) => plainClasses.has(h.cls) || h.cls === 'cover');
  const topicNamed = (p: Part) => {
    let words = 0;
    for (let w = p.start; w < p.end && words < 2; w += 1) {
      const word = message.words[w]!;
      if ([...word].length >= 4 && !word.startsWith('#') && !found.some((h) => h.start <= w && w <= h.end)) words += 1;
    }
    return words >= 2;
  };
  const afterClosing = (i: number) => {
    if (!plain(parts[i]!)) return false;
    let k = i - 1;
    let topic = topicNamed(parts[i]!);
    while (k >= 0 && !parts[k]!.closing && plain(parts[k]!)) {
      topic ||= parts[k]!.hits.some((h) => h.cls === 'cover');
      k -= 1;
    }
    return k >= 0 && (topic || parts[i]!.hits.some((h) => h.cls === 'cover')) && closedBy(parts[k]!);
  };
  // The asking part decides, the last first.
  for (let i = parts.length - 1; i >= 0; i -= 1) {
    const part = parts[i]!;
    if (!part.asking || part.exclaims) continue;
    // The last question going on about the policy's own business ("Now I need to change the
    // nominee. What is the process for that?") is the one answered: the asking clauses before it
    // (the business asked for itself, a claim asked of earlier) start nothing, below.
    if (onCover(i)) {
      if (i === lastAsking) break;
      continue;
    }
    // A request that we send something (a link, a number), after a clause to make or give a
    // complaint, asks for the way to make it: the complaint decides ("grievance cell lo complaint
    // register cheyali, link lekapothe number pampandi").
    if (part.hits.some((h) => h.cls === 'sendme') && !part.hits.some((h) => h.cls === 'complaint')) {
      const made = parts.findLast((p, k) => k < i && p.hits.some((h) => h.cls === 'complaint') && p.hits.some((h) => complaintMade.has(h.cls)) && !p.hits.some((h) => h.cls === 'done'));
      const complaint = made ? score(made.hits) : undefined;
      if (complaint && top(complaint) >= grammar.threshold) return decideAsked<I>(complaint, parts);
    }
    // The last question on the policy's own business that names no intent by itself ("claim er
    // status ki? ar renewal kobe due?", "claim status enna? also saturday office open ah
    // irukuma?"): two questions are answered by the last, so a claim question before it starts
    // nothing (below, as a lone question on that business). After a why-question, one naming only
    // that business guesses at the reason ("10% copay ka lagla? senior citizen policy ahe mhanun
    // ka?": because it is a senior citizens' policy?) and still leans on the why.
    const whyBefore = parts.slice(0, i).some((p) => p.asking && p.hits.some((h) => h.cls === 'why'));
    if (i === lastAsking && aboutCover(part) && !whyBefore && top(score(part.hits)) < grammar.threshold) break;
    // A question word opening the clause asks about all of it, however long ("Why did the insurer,
    // after the hospital sent everything and answered every query, reject my claim?").
    // Papers told handed over in the asking clause itself ("all documents icchina kuda settlement
    // enduku late?", even after giving all the papers, why the delay) are no papers asked about:
    // templates that stop on them in a statement (`statement_none`: documents-alone) stop here too.
    // Papers only promised ("अपलोड कर दूंगा पर लिंक नहीं खुल रहा", I will upload but the link does
    // not open: a promise is also read as one) are not handed over yet: what stops them is asked.
    const handedOver = part.hits.some((h) => h.cls === 'done' && !alsoRead('thanks', h, part.hits));
    let scored = score(part.hits, part.opensWithQuestion ? Number.POSITIVE_INFINITY : grammar.window, undefined, handedOver);
    // A question that answers by its verb alone and names nothing it asks about ("I sent the
    // bills by courier. Did you receive them?": received, not paid) asks about what the clause
    // before it named: read with it, counting only templates the question itself takes part in,
    // when that answers more surely than the question alone (context may narrow the question,
    // never weaken it). One that answers nothing by itself leans on the clause before as below.
    if (i > 0 && !part.greeting && top(scored) >= grammar.threshold && !part.hits.some((h) => objectClasses.has(h.cls))) {
      // The clause before says what the question is about, not what it asks: its question words
      // stay out ("টাকা ঢোকেনি কেন? কবে ঢুকবে?": the second question asks when, not why).
      // A call told not made there ("nobody has called yet. when?", "inka evaru call cheyyaledu,
      // eppudu chestaru?") is the call the question asks for: that negation refuses nothing asked.
      const context = leanedOn(i).filter((h) => !questionWordClasses.has(h.cls));
      const callMissed = context.some((h) => callClasses.has(h.cls)) && !part.hits.some((h) => h.cls === 'neg');
      const leaned = score([...(callMissed ? context.filter((h) => h.cls !== 'neg') : context), ...part.hits], Number.POSITIVE_INFINITY, part.hits);
      if (top(leaned) > top(scored)) scored = leaned;
    }
    // Read with the clause before it, which it leans on whatever the distance ("...20 din se
    // process mein hai. kab tak?"); a greeting's question ("how are you?", "have a good day")
    // leans on nothing.
    // Two intents tied there are told apart first by the templates the question itself takes part
    // in ("file jama ki thi. pahuchi ya nahi?": reached, the papers handed in, not the claim paid).
    let own: (() => Scored) | undefined;
    if (top(scored) < grammar.threshold && i > 0 && !part.greeting && !aboutCover(part) && !afterClosing(i)) {
      // A word that is a paper as well as a why-word ("breakup"), in a clause before that asks
      // nothing ("itemised breakup nahi. ye chalega ya detail wala bhi chahiye?"), is the paper
      // missing there, not a why the question asks.
      // After a why-question about a paper (not money), a question of its own ("PAN card ki photo
      // bheji thi, wo reject kyu hui? usme kya galat hai?": what is wrong with it) asks about the
      // paper: the earlier why-words stay out, and the paper rejected is a paper to send again
      // (document-rejected). About money or a claim, the why still asks the reason.
      // Past a clause that only gives a reference, a question whether something came ("mil gaye
      // kya", "did you get them") leans on what was told before it too (referenceGiven).
      const leaned = leanedOn(i, part.hits.some((h) => h.cls === 'received'));
      let context = leaned;
      if (!parts[i - 1]!.asking) {
        context = leaned.filter((h) => h.cls !== 'why' || !alsoRead('doc', h, leaned));
      } else {
        const ownQuestion = part.hits.some((h) => (h.cls === 'interrogative' || h.cls === 'ask') && !part.hits.some((w) => w.cls === 'why' && w.start === h.start));
        const paperAsked = ownQuestion && leaned.some((h) => h.cls === 'doc' && !alsoRead('money', h, leaned)) && !leaned.some((h) => h.cls === 'claim' || h.cls === 'ref');
        if (paperAsked) context = leaned.filter((h) => h.cls !== 'why');
      }
      // With no why in the message, a person named in what it leans on, told and with no talk, call,
      // complaint or negation there ("Your executive told me the premium can be paid in EMI. How do I
      // set that up?"), is who told the claimant, no person the question asks for.
      if (!whyNamed && !parts[i - 1]!.asking && context.some((h) => personClasses.has(h.cls)) && personOnlyTold(context)) {
        context = context.filter((h) => !personClasses.has(h.cls));
      }
      // A why-question read with what it leans on may ask about a delay told there (delayAsked).
      const both = reasonNamed ? [...context, ...part.hits] : delayAsked([...context, ...part.hits], delayTold);
      scored = score(both, Number.POSITIVE_INFINITY, undefined, handedOver);
      own = () => score(both, Number.POSITIVE_INFINITY, part.hits, handedOver);
    }
    if (top(scored) < grammar.threshold) continue;
    return decideAsked<I>(scored, parts, own);
  }
  // No asking part names an intent with the clause before it: the last one is read with
  // everything before it ("My claim was closed. Nobody informed me. What went wrong?"), counting
  // only templates the question itself takes part in, so the context cannot answer by itself
  // what the question did not ask.
  // A last question about the policy's own business that names no intent by itself ("Premium itna
  // kyu badha?") asks of the policy: the claims told before it start nothing.
  if (lastAsking >= 0 && (coverAsked(lastAsking) || afterClosing(lastAsking))) {
    const own = score(parts[lastAsking]!.hits);
    if (all.some((h) => smallTalkClasses.has(h.cls))) {
      return { kind: 'small_talk', intent: null, confidence: top(own), scores: own.scores as Record<I, number>, template: null, closing: all.some((h) => closingClasses.has(h.cls)) };
    }
    return { kind: 'unclear', intent: null, confidence: top(own), scores: own.scores as Record<I, number>, template: null };
  }
  if (lastAsking > 1) {
    const question = parts[lastAsking]!.hits;
    const scored = score([...parts.slice(0, lastAsking).flatMap((p) => p.hits), ...question], Number.POSITIVE_INFINITY, question);
    if (top(scored) >= grammar.threshold) return decideAsked<I>(scored, parts);
  }

  // Nothing asked: thanks or an acknowledgement closes the conversation.
  const asked = parts.some((p) => p.asking);
  // Only a greeting asked ("who is this? I got a message about my claim yesterday"): small talk,
  // whatever the statements around it name.
  if (asked && parts.every((p) => !p.asking || p.greeting)) {
    return { kind: 'small_talk', intent: null, confidence: 0, scores: score([]).scores as Record<I, number>, template: null, closing: parts.some((p) => p.closing) };
  }
  // Unless a clause beside the closing asks for a person by a request told plainly ("worst service,
  // connect me to a manager"): a handover template that sure is the request, not a parting word;
  // not one told after a modal ("will discuss with my agent" tells what the claimant will do).
  const talkAfterModal = (p: Part) => p.hits.some((t) => talkClasses.has(t.cls) && afterModal(t, p.hits));
  const personTold = () => score(parts.filter((p) => !p.closing && !talkAfterModal(p)).flatMap((p) => p.hits)).scores['human_handover'] ?? 0;
  // An acknowledging emoji (a thumbs up, an OK hand, a check mark) closes as "ok" does, in a message
  // with no question mark that tells news, something got, paid, done or sent ("बिल मिळालं 👍",
  // "payment received 👍"); a request put briefly names no such act ("claim status 👍", "pending
  // documents 👌") and still asks.
  const newsAcknowledged = () => acknowledged.test(text) && !text.includes('?') && all.some((h) => newsClasses.has(h.cls));
  if (!asked && (parts.some((p) => p.closing) || newsAcknowledged()) && personTold() < strongWeight) {
    return { kind: 'small_talk', intent: null, confidence: 0, scores: score([]).scores as Record<I, number>, template: null, closing: true };
  }

  // A statement, or a question naming no intent: the whole message, every template over every word.
  // With nothing asked, a when-word that is also a date ("kal", "आज": yesterday, today) tells when
  // something happened ("माँ आज घर आ गईं, सारे बिल रखे हैं" asks nothing about a payment).
  const isDate = (h: ClassHit) => alsoRead('date', h, all);
  // With nothing asked, a sentence telling papers sent or promised (`done`) says when they go and
  // which ones: its when-words ("Will courier the bills next week", "We travel next week, so I'll
  // courier them after") and, in the clause that tells it, a need or pending word right before the
  // papers ("the remaining bills", "the pending reports") name no problem, no payment date and
  // nothing pending. Asked ("I'll send the remaining bills, when will it be paid?"), every word
  // still counts. Up to three words before them, as Hindi names whose papers between ("बाकी दवा के
  // बिल", "baaki medicine ke bills": the remaining medicine bills).
  const sendingSentences = new Set(parts.filter((p) => p.hits.some((h) => h.cls === 'done')).map((p) => p.sentence));
  const sending = new Set(asked ? [] : parts.filter((p) => sendingSentences.has(p.sentence)).flatMap((p) => p.hits.filter((h) => h.cls === 'when'
    || ((h.cls === 'need' || h.cls === 'pending') && p.hits.some((d) => d.cls === 'done') && p.hits.some((d) => d.cls === 'doc' && d.start > h.end && d.start - h.end <= 3)))));
  // With nothing asked, an arrival told before any papers are said sent or promised ("Received the
  // query letter today. My brother will send the papers.", "आपका पत्र मिल गया ... वो भेज देगा";
  // "Papa discharge ho gaye. Hospital se saare bills mil gaye hain.") is what reached the claimant,
  // not papers reaching the insurer: it asks nothing of their receipt. Told after papers sent ("I
  // sent the bills. Reached?", "bills anupinen, vandhu serndhucha") it still asks whether they came.
  const firstSent = Math.min(...all.filter((h) => h.cls === 'done').map((h) => h.start));
  // After them, with nothing asked, an arrival told with a modal before it or a date in its clause,
  // and no negation ("Sent the bills by speed post. Should reach you by Thursday."), is when the
  // claimant expects the papers to arrive: news, no receipt asked ("Sent the bills. Reached?" asks).
  const expected = (h: ClassHit) => h.start > firstSent && parts.some((p) => p.hits.includes(h) && !p.hits.some((n) => n.cls === 'neg')
    && (afterModal(h, p.hits) || p.hits.some((d) => d.cls === 'date')));
  const ownArrival = new Set(asked ? [] : all.filter((h) => h.cls === 'received' && h.start < firstSent));
  // (Its word read as paid too, "reach", is that arrival: no payment.)
  if (!asked && papersDone) {
    for (const h of all) if (h.cls === 'received' && expected(h)) for (const o of all) if (o.start === h.start && o.end === h.end && (o.cls === 'received' || o.cls === 'paid')) ownArrival.add(o);
  }
  // With nothing asked and nothing disputed anywhere (no negation, why, reason, cut or complaint),
  // a rejection, closure or settlement word naming a thing of no class or a paper right after it
  // (the letter: "Rejection letter aaj post se aaya", "rejection letter ippo dhaan vandhuchu",
  // "आज reject चं पत्र आलं"), told come by an arrival word later in its clause, is the decision's
  // letter received: news, no why asked. Structural, as no pack lists a letter apart from papers:
  // "my claim was rejected" (no letter, no arrival) still asks why, and so does any why or "no
  // reason written" beside the letter.
  // The arrival word is the letter's coming, no payment ("रिजेक्शन लेटर आज आ गया है": no claim paid).
  const arrivals = (h: ClassHit) => all.filter((a) => (a.cls === 'received' || a.cls === 'paid') && a.start > h.end + 1 && parts.some((p) => p.hits.includes(h) && p.hits.includes(a)));
  // So is a deduction's letter ("The deduction letter also came by post", "कटौती का पत्र भी मिल
  // गया"): that cut word names the letter, and disputes nothing.
  // The letter may be a mail (a sending word right after: "rejection mail nethu vandhuchu", "The
  // rejection email came today"): the mail is the letter, no papers sent.
  const letterOf = (h: ClassHit) => (h.cls === 'reject' || h.cls === 'cut') && arrivals(h).length > 0
    && !all.some((o) => o.start === h.end + 1 && o.cls !== 'doc' && o.cls !== 'date' && o.cls !== 'when' && o.cls !== 'send');
  const disputed = all.some((h) => h.cls === 'neg' || h.cls === 'why' || h.cls === 'reason' || (h.cls === 'cut' && !letterOf(h)) || h.cls === 'complaint');
  const letterCame = new Set(asked || disputed ? [] : all.filter(letterOf).flatMap((h) => [h, ...arrivals(h)]));
  const stated = all.filter((h) => !sending.has(h) && !ownArrival.has(h) && !letterCame.has(h));
  // A word inside a greeting or closing phrase ("hi team") names no problem, nor a word that is
  // also a date ("kal", "আজ", Marathi "काल", yesterday, which folds onto a call): it tells when.
  // Nor a word inside papers told brought or sent (`done`: "will come to your branch with the
  // bills"): the delivery told, no visit asked for.
  // Nor a person or a call in a clause that tells an explanation understood ("Aapke agent ne call
  // karke sab samjha diya"): who explained, no one asked for.
  // So is one in a clause that only tells their call or visit came, right before such a clause
  // ("एजंटचा फोन आला होता, त्यांनी सगळं समजावून सांगितलं", "agent ka call aaya tha, sab samjha
  // diya"): the call that explained, told apart by a comma. A talk, a request or a negation there
  // still asks for someone.
  const tellsUnderstood = (p: Part | undefined) => p !== undefined && p.hits.some((u) => u.cls === 'understood' && !negated(u, p.hits));
  const callCame = (p: Part) => !p.asking && p.hits.every((o) => personClasses.has(o.cls) || callCameClasses.has(o.cls) || (o.cls === 'when' && isDate(o)));
  const explainedBy = (h: ClassHit) => (personClasses.has(h.cls) || talkClasses.has(h.cls))
    && parts.some((p, i) => p.hits.includes(h) && (tellsUnderstood(p) || (callCame(p) && tellsUnderstood(parts[i + 1]))));
  // Nor a need inside a conjunction that names the papers ("the bills, which you asked for, are
  // attached"): what was asked for earlier, now sent, no paper still needed.
  const problem = (h: ClassHit) => problemClasses.has(h.cls) && !isDate(h) && !withinPhraseOf(smallTalkClasses, h, all) && !withinPhraseOf(doneClasses, h, all) && !explainedBy(h)
    && !(h.cls === 'need' && withinPhraseOf(conjunctionClasses, h, all));
  // Sentences that tell what was sent ("Uploaded the documents just now. The pharmacy bills I'll
  // send by evening."): with nothing asked, two or more sentences (or one naming no problem: "I
  // uploaded all documents", "kal saare bills bhej diye") and nothing said pending, papers said
  // sent stop the templates that list `done` in `statement_none`; the claimant asks for no list.
  const reports = !asked && !stated.some((h) => h.cls === 'pending') && (tellingSentences(parts) >= 2 || !stated.some(problem));
  // Asked, and no why asked (a why may ask of what the person did), a person named only in clauses
  // that ask nothing of them (no talk, call or complaint there: "Your executive told me the premium
  // can be paid in EMI. How do I set that up?") is who told the claimant, no person asked for.
  // One said not to do something ("My agent is not picking up my calls. Can someone help?") is
  // complained of, and stays.
  const teller = (p: Part) => !p.asking && personOnlyTold(p.hits);
  const tellers = asked && !whyNamed && all.some((h) => personClasses.has(h.cls)) ? new Set(parts.filter(teller).flatMap((p) => p.hits.filter((h) => personClasses.has(h.cls)))) : null;
  const scored = asked ? score(tellers ? all.filter((h) => !tellers.has(h)) : all) : score(stated.filter((h) => h.cls !== 'when' || !isDate(h)), grammar.window, undefined, reports, false);
  const thanked = all.some((h) => closingClasses.has(h.cls));
  const strongest = top(scored);
  if (thanked && strongest < strongWeight && !text.includes('?') && !all.some((h) => questionClasses.has(h.cls))) {
    return { kind: 'small_talk', intent: null, confidence: 0, scores: scored.scores as Record<I, number>, template: null, closing: true };
  }
  // Sentences that only tell (a discharge, papers kept, a number for the records: nothing asked,
  // no thanks, no problem and no request named) start a workflow only on a template that names
  // an intent surely, not on a document or a payment mentioned in passing.
  // So does a payment told done with its sum, in one sentence too ("medicines ka 3 hazar ka
  // reimbursement 4 din mein aa gaya", "Paisa aa gaya account mein, 36,700."): the claimant reports
  // the money that came, and asks nothing. So does money told paid with its day ("settlement amount
  // credited today", "aaj paisa mil gaya"), or told arrived with folded hands at the end, which
  // thank here ("Paisa aa gaya account me 🙏"); "payment release 🙏" still pleads.
  const sumPaid = all.some((h) => h.cls === 'paid' || h.cls === 'received')
    && (all.some((h) => h.cls === 'amount') && all.some((h) => h.cls === 'paid')
      || (all.some((h) => h.cls === 'money' && !alsoRead('doc', h, all))
        && (all.some((h) => h.cls === 'date') || (foldedHandsAtEnd.test(text) && found.some((h) => h.cls === 'received')))));
  const telling = strongest < tellingWeight && (tellingSentences(parts) >= 2 || sumPaid) && !stated.some(problem);
  const decided = telling ? null : decide<I>(scored, null);
  // With nothing asked, a handover named only by the person who explained ("Your agent explained
  // it very nicely", "apnader agent khub sundor kore bujhiye dilen") praises or reports them: no
  // one is asked for, and the explanation understood is small talk. A complaint or a call asked
  // for beside it still hands over.
  const praisedOnly = decided?.intent === 'human_handover' && !asked
    && stated.every((h) => !(personClasses.has(h.cls) || talkClasses.has(h.cls) || h.cls === 'callme' || h.cls === 'complaint') || explainedBy(h));
  if (decided && !praisedOnly) return decided;
  if (praisedOnly || (all.some((h) => smallTalkClasses.has(h.cls)) && (strongest < grammar.threshold || telling))) {
    return { kind: 'small_talk', intent: null, confidence: strongest, scores: scored.scores as Record<I, number>, template: null, closing: thanked };
  }
  return { kind: 'unclear', intent: null, confidence: strongest, scores: scored.scores as Record<I, number>, template: null };
}

/** Any emoji; and those that acknowledge or thank: thumbs up, OK hand, folded hands, clapping,
 *  check marks, a smile, a heart. */
const pictograph = /\p{Extended_Pictographic}/u;
const acknowledgement = /[\u{1F44D}\u{1F44C}\u{1F64F}\u{1F44F}\u{2705}\u{2714}\u{2611}\u{1F642}\u{1F60A}\u{1F600}\u{1F601}\u{2764}\u{1F4AF}\u{1F91D}]/u;
/** Folded hands closing a message: thanks after news told, a plea after a request. */
const foldedHandsAtEnd = /\u{1F64F}[\s\u{1F3FB}-\u{1F3FF}\u{1F64F}]*$/u;
/** Of those, the ones that only acknowledge (no folded hands, which also plead: "status 🙏"). */
const acknowledged = /[\u{1F44D}\u{1F44C}\u{2705}\u{2714}\u{2611}]/u;
/** The acts news tells: got, paid, done, sent by the claimant. */
const newsClasses: ReadonlySet<string> = new Set(['received', 'paid', 'done', 'send']);

/** Below this, a template over sentences that only tell names no intent (a bill or a payment
 *  mentioned in passing: documents-alone 0.55, money-paid 0.68, claim-paid 0.7: "my claim is settled"
 *  told beside a discharge); a status word (0.8) and above still do. */
const tellingWeight = 0.75;
/** Words of a problem or a request: a statement naming one is a question put as a statement ("my
 *  amount was cut", "payment not received yet", "send me the form"), however many sentences. */
const problemClasses = new Set(['neg', 'reject', 'cut', 'delay', 'pending', 'need', 'complaint', 'sendme', 'human', 'person', 'callme', 'call', 'talk', 'reach', 'why', 'when', 'where', 'status']);

/** How many sentences say something other than a greeting ("Hello sir, good morning." says nothing). */
function tellingSentences(parts: readonly Part[]): number {
  return new Set(parts.filter((p) => p.hits.length === 0 || p.hits.some((h) => h.cls !== 'greet')).map((p) => p.sentence)).size;
}

/** The asking part's answer: its clear intent, the question's own templates (`own`, when it was
 *  read with the clause before) or else the rest of the message breaking a tie, or the claimant is
 *  asked. */
function decideAsked<I extends string>(scored: Scored, parts: readonly Part[], own?: () => Scored): Understanding<I> {
  const decided = (own ? decide<I>(scored, own) : null) ?? decide<I>(scored, () => score(parts.filter((p) => !p.closing).flatMap((p) => p.hits)));
  return decided ?? { kind: 'unclear', intent: null, confidence: top(scored), scores: scored.scores as Record<I, number>, template: null };
}

/** Every intent's best template weight over these hits; with `own`, only templates that use one
 *  of those hits count; `statement`: sentences that only report (templates' `statementNone` apply);
 *  `asked` false: nothing in the message asks (templates marked `asked` do not count). */
function score(hits: readonly ClassHit[], window = grammar.window, own?: readonly ClassHit[], statement = false, asked = true): Scored {
  const scores: Record<string, number> = Object.fromEntries(intents.map((intent) => [intent, 0]));
  const best: Partial<Record<string, string>> = {};
  if (hits.length === 0) return { scores, best };
  // The hits by class, once for every template.
  const byClass = new Map<string, ClassHit[]>();
  for (const h of hits) {
    const list = byClass.get(h.cls);
    if (list) list.push(h);
    else byClass.set(h.cls, [h]);
  }
  for (const template of grammar.templates) {
    if (template.weight <= scores[template.intent]!) continue;
    if (statement && template.statementNone.some((cls) => byClass.has(cls))) continue;
    if (!asked && template.asked) continue;
    if (!matches(template, hits, byClass, window, own)) continue;
    scores[template.intent] = template.weight;
    best[template.intent] = template.name;
  }
  return { scores, best };
}

const top = (s: Scored) => Math.max(...Object.values(s.scores));
// Rounded: weights are decimals, and 0.95 - 0.85 must count as the 0.1 margin it is.
const leads = (a: number, b: number) => Math.round((a - b) * 1000) >= Math.round(grammar.margin * 1000);

/**
 * The clear intent of these scores, or null. Intents tied at the top (within the margin) are
 * told apart by `context` (the rest of the message), when it favours one of them by the margin.
 */
function decide<I extends string>(scored: Scored, context: (() => Scored) | null): Understanding<I> | null {
  const ranked = [...intents].sort((a, b) => scored.scores[b]! - scored.scores[a]!);
  const first = ranked[0]!;
  const best = scored.scores[first]!;
  if (best < grammar.threshold) return null;
  const tied = ranked.filter((intent) => !leads(best, scored.scores[intent]!));
  let chosen: string | null = tied.length === 1 ? first : null;
  if (chosen === null && context) {
    const around = context().scores;
    const byContext = [...tied].sort((a, b) => around[b]! - around[a]!);
    if (leads(around[byContext[0]!]!, around[byContext[1]!]!)) chosen = byContext[0]!;
  }
  if (chosen === null) return null;
  return { kind: 'intent', intent: chosen as I, confidence: scored.scores[chosen]!, scores: scored.scores as Record<I, number>, template: scored.best[chosen]! };
}

/**
 * The clauses, with one a joining word opened joined back to the clause before when a phrase runs
 * across it: "kuch aur", "कुछ और" (something more) is one phrase, not "kuch" and a new clause.
 */
function joinPhrases(clauses: readonly Clause[], hits: readonly ClassHit[]): Clause[] {
  const out: Clause[] = [];
  for (const clause of clauses) {
    const before = out[out.length - 1];
    if (before && clause.joined && before.end === clause.start && hits.some((h) => h.start < clause.start && h.end >= clause.start)) {
      out[out.length - 1] = { ...before, end: clause.end, marked: clause.marked };
    } else out.push(clause);
  }
  return out;
}

/**
 * Whether the template's words all lie inside one longer phrase of another class: "how many more
 * days" is a time question, not "how many" and "more" (what more is needed). A phrase that only
 * carries on a sense one of those words has by itself reads them no differently: "kaaranam enna",
 * "कारण काय" (what is the reason) are why-phrases whose "kaaranam", "कारण" is a why-word alone too,
 * so the reason and the question word in them still ask for the reason.
 */
function withinOnePhrase(used: readonly ClassHit[], hits: readonly ClassHit[]): boolean {
  const ownSense = (phrase: ClassHit) => hits.some((w) => w.cls === phrase.cls && used.some((u) => u.start === w.start && u.end === w.end));
  return hits.some((h) => h.end > h.start && !used.includes(h) && used.every((u) => u.start >= h.start && u.end <= h.end && u.end - u.start < h.end - h.start) && !ownSense(h));
}

/**
 * Whether a need word ("வேண்டும்", must; "padega", "lagel") lies inside a longer phrase of waiting,
 * time or status that no part of the template uses ("காத்திருக்க வேண்டும்", "wait karna padega":
 * must wait, a delay): the phrase is what it says, so the word counts as papers needed no more
 * ("எத்தனை நாள் காத்திருக்க வேண்டும்?", how many days must I wait, asks when, not what is short).
 * A phrase that carries the need's sense too (the word alone of the phrase's class) keeps it; a
 * question particle around it ("लागतो का", is it needed?) does not swallow it.
 * So is a pending word inside a longer delay phrase ("what is the hold up?": "hold" alone is pending):
 * the delay asked about, no papers pending.
 * So is a question word of `ask` inside a longer when-phrase that goes on after it with what it
 * counts ("how many days": how long): "once they are uploaded, how many days for the approval?"
 * asks when, not which papers; "ajun kiti lagtil?" (how many more are needed) still counts papers,
 * as its phrase ends on the question word.
 */
const swallowingClasses: ReadonlyMap<string, ReadonlySet<string>> = new Map([['need', new Set(['delay', 'when', 'status'])], ['ask', new Set(['when'])], ['pending', new Set(['delay'])]]);
function swallowed(u: ClassHit, used: readonly ClassHit[], hits: readonly ClassHit[]): boolean {
  const swallowing = swallowingClasses.get(u.cls);
  if (!swallowing) return false;
  return hits.some((p) => swallowing.has(p.cls) && p.start <= u.start && (u.cls !== 'ask' || u.end < p.end) && u.end <= p.end && p.end - p.start > u.end - u.start
    && !used.includes(p) && !hits.some((w) => w.cls === p.cls && w.start === u.start && w.end === u.end));
}

/** The hits of a class; with `a&b` the words that are of both ("when&interrogative": a when-word
 *  that asks, "how long", "kab tak", not "soon" or "jaldi", which tell); with `a!b` those of a that
 *  are not also of b ("doc!money": a form or a report, not a bill). */
const isCompound = (cls: string) => cls.includes('&') || cls.includes('!');
function hitsOf(cls: string, byClass: ReadonlyMap<string, readonly ClassHit[]>): readonly ClassHit[] {
  if (!isCompound(cls)) return byClass.get(cls) ?? [];
  const [first, ...rest] = cls.split(/(?=[&!])/);
  const same = (c: string, h: ClassHit) => (byClass.get(c) ?? []).some((o) => o.start === h.start && o.end === h.end);
  return (byClass.get(first!) ?? []).filter((h) => rest.every((c) => same(c.slice(1), h) === c.startsWith('&')));
}

/** Whether every part of the template occurs, the occurrences spanning at most `window` words
 *  (and, with `own`, one of them among those hits). */
function matches(template: Template, hits: readonly ClassHit[], byClass: ReadonlyMap<string, readonly ClassHit[]>, window: number, own?: readonly ClassHit[]): boolean {
  if (!template.needs.every((part) => part.some((cls) => byClass.has(cls)))) return false;
  if (template.none.some((cls) => (isCompound(cls) ? hitsOf(cls, byClass).length > 0 : byClass.has(cls)))) return false;
  const options: Array<readonly ClassHit[]> = [];
  for (const part of template.all) {
    const option = part.length === 1 ? hitsOf(part[0]!, byClass) : part.flatMap((cls) => hitsOf(cls, byClass));
    if (option.length === 0) return false;
    options.push(option);
  }
  if (options.length === 1) return own === undefined || options[0]!.some((h) => own.includes(h));
  // Few hits per message: try each choice of occurrences (bounded by the parts' hit counts).
  const pick = (i: number, lo: number, hi: number, used: ClassHit[]): boolean => {
    if (i === options.length) return hi - lo < window && (own === undefined || used.some((u) => own.includes(u))) && !withinOnePhrase(used, hits) && !used.some((u) => swallowed(u, used, hits));
    for (const hit of options[i]!) {
      // Two parts may not be the same words ("paid" alone cannot be both money and paid).
      if (used.some((u) => u.start <= hit.end && hit.start <= u.end)) continue;
      if (pick(i + 1, Math.min(lo, hit.start), Math.max(hi, hit.end), [...used, hit])) return true;
    }
    return false;
  };
  return pick(0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, []);
}
