/**
 * The language packs (pipeline/languages, README.md there): the shipped ones load complete, a
 * folder added to a copy is loaded and detected with no code change, and a pack that is wrong
 * fails at load naming its file and field.
 */
import { expect } from 'chai';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import phiKinds from '../../pipeline/data/phi-kinds.json';
import reasonCodes from '../../pipeline/data/reason-codes.json';
import { detectLanguage, languageDetector } from '../../pipeline/language';
import { understandMessage } from '../../pipeline/intents';
import { answerBody } from '../../pipeline/policy-gate/semantic';
import { foldWord } from '../../pipeline/understanding/fold';
import { lexiconFor } from '../../pipeline/understanding/lexicon';
import { readMessage } from '../../pipeline/understanding/sentences';
import { asciiDigits, fallbackOrder, isLanguage, languageCodes, languages, loadLanguages, packOf, type LanguageSpec } from '../../pipeline/languages';
import { checkTenantDocument } from '../../src/tenants/tenant-document';

const shipped = join(__dirname, '..', '..', 'pipeline', 'languages');

/** A copy of the shipped packs (their JSON only) in a temporary folder. */
function copyOfPacks(): string {
  const dir = mkdtempSync(join(tmpdir(), 'packs-'));
  cpSync(shipped, dir, { recursive: true, filter: (src) => !src.endsWith('.ts') && !src.endsWith('.md') });
  return dir;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const writeJson = (file: string, value: unknown) => writeFileSync(file, JSON.stringify(value, null, 2));

/** A Latin-script pack "XX" copied from HI_EN with its own marker word. */
function addPack(dir: string, change: (spec: LanguageSpec) => void = () => {}): string {
  const folder = join(dir, 'xx');
  mkdirSync(folder);
  const spec = readJson(join(dir, 'hi_en', 'language.json')) as unknown as LanguageSpec;
  Object.assign(spec, {
    code: 'XX', name: 'Test', native_name: 'Test', romanised_of: null, whatsapp_language: 'xx',
    detection: { default_for_script: false, markers: ['xyzzy', 'plugh'] }, spelling_variants: {}, known_words: [],
    consent: { yes: ['xyes'], no: [], stop: [], start: [] },
  });
  change(spec);
  writeJson(join(folder, 'language.json'), spec);
  cpSync(join(dir, 'en', 'replies.json'), join(folder, 'replies.json'));
  return join(folder, 'language.json');
}

describe('language packs', () => {
  let dir = '';
  beforeEach(() => { dir = copyOfPacks(); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('loads the shipped packs, each complete: every reply, reason code and PHI kind', () => {
    expect(languageCodes).to.include.members(['EN', 'HI', 'HI_EN']);
    expect(isLanguage('HI_EN')).to.equal(true);
    expect(isLanguage('hi')).to.equal(false);
    const replyNames = (channel: 'whatsapp' | 'sms' | 'labels') => new Set(languages.packs.flatMap((p) => Object.keys(p.replies[channel])));
    for (const pack of languages.packs) {
      for (const channel of ['whatsapp', 'sms', 'labels'] as const) {
        expect([...replyNames(channel)].filter((n) => !(n in pack.replies[channel])), `${pack.code} ${channel} replies missing`).to.deep.equal([]);
      }
      expect(Object.keys(reasonCodes.codes).filter((c) => !pack.reason_words[c]?.length), `${pack.code} reason codes without words`).to.deep.equal([]);
      expect(phiKinds.kinds.map((k) => k.kind).filter((k) => !pack.phi_context[k]?.length), `${pack.code} PHI kinds without context words`).to.deep.equal([]);
    }
    expect(packOf('HI').replies.whatsapp.choices_or).to.equal('या');
  });

  it('cites with each pack\'s own source word, and the policy gate leaves that line out of the answer', () => {
    for (const pack of languages.packs) {
      const lines = (['whatsapp', 'sms'] as const)
        .flatMap((channel) => Object.values(pack.replies[channel]))
        .flatMap((text) => text.split('\n'))
        .filter((line) => /^[^{(]+[:：]\s*\{\{source\}\}/u.test(line));
      expect(lines, `${pack.code} source lines`).to.not.deep.equal([]);
      for (const line of lines) {
        expect(pack.citation_prefixes.some((p) => line.toLowerCase().startsWith(p)), `${pack.code} "${line}" opens with its own word`).to.equal(true);
        const reply = `The room rent above the limit is deducted.\n${line.replace('{{source}}', 'Policy wording 4.2')}`;
        expect(answerBody(reply), `${pack.code} "${line}"`).to.equal('The room rent above the limit is deducted.');
      }
    }
    const file = addPack(dir, (spec) => { spec.citation_prefixes = []; });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /citation_prefixes must NOT have fewer than 1 items`);
  });

  it('lets a tenant override the replies of any loaded language, and of no other code', () => {
    const tenant = { tenant_id: 'acme', name: 'Acme TPA', cms: { base_url: 'https://cms.acme.example', api_key: 'cms-key-0123' }, channels: { sms: { numbers: ['+15550100300'], account_sid: 'AC0123456789abcdef0123456789abcdef', auth_token: 'auth-token-0123', api_base: 'https://api.twilio.com' } } };
    const templates = Object.fromEntries(languageCodes.map((code) => [code, { help: `help ${code}` }]));
    expect(checkTenantDocument({ ...tenant, templates: { sms: templates } }).ok).to.equal(true);
    const unknown = checkTenantDocument({ ...tenant, templates: { sms: { XX: { help: 'help' } } } });
    expect(unknown.ok).to.equal(false);
    if (!unknown.ok) expect(unknown.errors.join('; ')).to.match(/templates\/sms must be equal to one of the allowed values/);
  });

  it('falls back from a language to the default, then its other form, then the default script\'s', () => {
    const order = (code: string) => fallbackOrder(code).filter((c) => ['EN', 'HI', 'HI_EN'].includes(c));
    expect(order('HI')).to.deep.equal(['HI', 'EN', 'HI_EN']);
    expect(order('EN')).to.deep.equal(['EN', 'HI_EN', 'HI']);
    expect(order('HI_EN')).to.deep.equal(['HI_EN', 'EN', 'HI']);
    expect([...fallbackOrder('HI')].sort()).to.deep.equal([...languageCodes].sort());
  });

  it('reads every script\'s digits as ASCII in place', () => {
    expect(asciiDigits('दावा १२३४५, 67')).to.equal('दावा 12345, 67');
  });

  it('loads a pack folder added to a copy, and detects its language by its marker words', () => {
    addPack(dir);
    const loaded = loadLanguages(dir);
    expect(loaded.codes).to.include('XX');
    expect(loaded.consent.get('xyes')).to.equal('yes');
    const detect = languageDetector(loaded);
    expect(detect('xyzzy claim status')).to.equal('XX');
    // No marker: the script's default; as many XX as HI_EN markers: a tie, the default too.
    expect(detect('claim status please')).to.equal('EN');
    expect(detect('xyzzy kya hai')).to.equal('HI_EN');
    expect(detect('xyzzy plugh kya')).to.equal('XX');
    expect(detect('xyzzy kya')).to.equal('EN');
    expect(detect('क्लेम xyzzy')).to.equal('HI');
  });

  it('shares a marker word\'s vote among the packs that list it; a tie goes to the form of its native script\'s default, else to the script\'s default', () => {
    // XX lists "kya" as HI_EN does: its own word and a shared one outvote HI_EN's half.
    const file = addPack(dir, (spec) => { spec.detection.markers = ['xyzzy', 'plugh', 'kya']; });
    let detect = languageDetector(loadLanguages(dir));
    expect(detect('xyzzy kya')).to.equal('XX');
    expect(detect('kya hai')).to.equal('HI_EN');
    // "kya" alone is half each: XX romanises no language, so the tie is Latin's default.
    expect(detect('kya')).to.equal('EN');
    // As a romanised Marathi, XX ties with Hinglish as Marathi would with Hindi in Devanagari: Hindi's.
    writeJson(file, { ...readJson(file), romanised_of: 'MR' });
    detect = languageDetector(loadLanguages(dir));
    expect(detect('kya')).to.equal('HI_EN');
    expect(detect('xyzzy kya')).to.equal('XX');
    // The shipped packs: "paise" and "ka" are Hinglish and romanised Marathi, "kaple" Marathi alone.
    expect(detectLanguage('paise ka kaple?')).to.equal('MR_EN');
    expect(detectLanguage('claim ka update do plz')).to.equal('HI_EN');
    expect(detectLanguage('dhanyavaad')).to.equal('HI_EN');
    expect(detectLanguage('tumi ki robot?')).to.equal('BN_EN');
    expect(detectLanguage('yen hold la?')).to.equal('TA_EN');
    // "ye" is Hinglish and romanised Telugu, whose native scripts differ: English.
    expect(detectLanguage('ye papers missing?')).to.equal('EN');
  });

  it('reads a told language\'s own grammar words in its own senses only; a message of a script\'s default in every pack\'s', () => {
    const classesOf = (text: string, word: string) => {
      const words = readMessage(text).words;
      return lexiconFor().find(words, detectLanguage(text)).filter((h) => words[h.start] === word).map((h) => h.cls).sort();
    };
    // "kotha" is talk in Bengali (a marker of BN_EN) and a cut (కోత) in romanised Telugu.
    expect(detectLanguage('apnara kotha theke bolchen?')).to.equal('BN_EN');
    expect(classesOf('apnara kotha theke bolchen?', 'kotha')).to.deep.equal(['talk']);
    expect(understandMessage('apnara kotha theke bolchen?').kind).to.not.equal('intent');
    expect(classesOf('naa claim lo kotha enduku?', 'kotha')).to.deep.equal(['cut']);
    expect(understandMessage('naa claim lo kotha enduku?').intent).to.equal('query_reason');
    // Hindi "ki" (of) is no which-word, as Bengali "ki" (what) is.
    expect(classesOf('claim ki status kya hai', 'ki')).to.deep.equal([]);
    expect(classesOf('amar claim er status ki?', 'ki')).to.deep.equal(['ask']);
    // A message that tells no language but its script's default reads every pack's senses: "ki" is
    // Hinglish, romanised Telugu and Bengali alike, a tie read as English.
    expect(detectLanguage('claim ki?')).to.equal('EN');
    expect(classesOf('claim ki?', 'ki')).to.deep.equal(['ask']);
    // A word the pack has in its own class keeps it: romanised Marathi "karan" is a why-word.
    expect(understandMessage('claim reject cha karan kay?').intent).to.equal('query_reason');
  });

  it('answers the reason asked for alone as a why-question in every language, and a request for a person still wins', () => {
    for (const text of ['tell me the reason', 'कारण बताओ', 'reason batao', 'காரணம் சொல்லுங்க', 'reason sollunga', 'కారణం చెప్పండి', 'reason cheppandi', 'कारण सांगा', 'karan sanga', 'কারণটা বলুন', 'karon ta bolun']) {
      expect(understandMessage(text).intent, text).to.equal('query_reason');
    }
    // A why-word alone is still asked about; a call asked for stays a handover.
    expect(understandMessage('reason?').kind).to.equal('unclear');
    expect(understandMessage('give me a call please, it is easier to explain').intent).to.equal('human_handover');
  });

  it('fails on a bad pack, naming the file and the field', () => {
    const file = addPack(dir, (spec) => { (spec.consent as unknown as Record<string, unknown>).yes = 'yes'; });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /consent/yes must be array`);
  });

  it('fails on a pack whose code is not its folder, or whose word class, script or reason code is unknown', () => {
    const file = addPack(dir, (spec) => { spec.code = 'YY'; });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /code "YY" is not the folder's name`);
    writeJson(file, { ...readJson(file), code: 'XX', words: { claimz: ['x'] } });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /words/claimz is not a word class`);
    writeJson(file, { ...readJson(file), words: {}, script: 'Klingon' });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /script "Klingon" has no file in scripts/`);
    writeJson(file, { ...readJson(file), script: 'Latin', reason_words: { NO_SUCH_CODE: ['x'] } });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /reason_words/NO_SUCH_CODE is not a reason code`);
  });

  it('rejects a spelling two packs fold to different words', () => {
    const file = addPack(dir, (spec) => { spec.spelling_variants = { kaun: ['kyon'] }; });
    // HI_EN has "kyon" as a spelling of "kyu".
    expect(() => loadLanguages(dir)).to.throw(`${file}: /spelling_variants/kaun: "kyon" is already a spelling of "kyu" (HI_EN)`);
  });

  it('makes spellings by a pack\'s rules, read as the word, never over a listed spelling or another word', () => {
    addPack(dir, (spec) => {
      spec.detection.markers = ['xyzzy', 'plugh', 'fooqbar', 'foobarq'];
      spec.known_words = ['xyzzyq'];
      spec.spelling_variants = { plugh: ['plughq'] };
      spec.spelling_rules = [{ kind: 'suffix', text: 'q', why: 'test' }, { kind: 'without', text: 'q', why: 'test' }];
    });
    const variants = loadLanguages(dir).spellingVariants;
    expect(variants.get('kyuq')).to.equal('kyu'); // a class word of the pack with the suffix
    expect(variants.get('plughq')).to.equal('plugh'); // listed, as listed
    expect(variants.has('xyzzyq')).to.equal(false); // a word of its own: the rule does not take it
    expect(variants.has('foobar')).to.equal(false); // made from two different words: neither
    expect(variants.get('nahiq')).to.equal(languages.spellingVariants.get('nahi') ?? 'nahi');
    // Only the pack with the rule: HI_EN, with the same words and no rule, makes none.
    expect(languages.spellingVariants.has('kyuq')).to.equal(false);
  });

  it('makes a suffix rule\'s spellings only of words ending in its `after` (Tamil\'s sandhi after -ை)', () => {
    addPack(dir, (spec) => {
      spec.detection.markers = ['xyzzy', 'plughe'];
      spec.spelling_rules = [{ kind: 'suffix', text: 't', after: 'e', why: 'test' }];
    });
    const variants = loadLanguages(dir).spellingVariants;
    expect(variants.get('plughet')).to.equal('plughe');
    expect(variants.has('xyzzyt')).to.equal(false);
    expect(foldWord('காரணத்தைத்')).to.equal(foldWord('காரணத்தை'));
    expect(foldWord('ஏன்த்')).to.not.equal(foldWord('ஏன்'));
  });

  it('rejects a consent word that answers two ways, and a script with two default packs', () => {
    const file = addPack(dir, (spec) => { spec.consent.no = ['haan']; });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /consent/no: "haan" is already a "yes" answer`);
    writeJson(file, { ...readJson(file), consent: { yes: [], no: [], stop: [], start: [] }, detection: { default_for_script: true, markers: [] } });
    expect(() => loadLanguages(dir)).to.throw('/detection/default_for_script: Latin needs exactly one default pack, has 2 (EN, XX)');
  });

  it('rejects a date that folds onto a call (`date_folds_onto_call`) without its why, of several words, not a date of the pack, whose call spelling folds elsewhere or is no call word', () => {
    const file = join(dir, 'mr', 'language.json');
    const mr = readJson(file);
    const entry = (e: Record<string, string>) => writeJson(file, { ...mr, date_folds_onto_call: [e] });
    entry({ date: 'काल', call: 'कॉल' });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /date_folds_onto_call/0 must have required property 'why'`);
    entry({ date: 'मागच्या आठवड्यात', call: 'कॉल', why: 'test' });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /date_folds_onto_call/0/date "मागच्या आठवड्यात" is not one word`);
    entry({ date: 'बाल', call: 'बॉल', why: 'test' });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /date_folds_onto_call/0/date "बाल" is no word of /words/date`);
    entry({ date: 'उद्या', call: 'कॉल', why: 'test' });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /date_folds_onto_call/0/call "कॉल" does not fold onto "उद्या"`);
    entry({ date: 'परवा', call: 'परवॉ', why: 'test' });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /date_folds_onto_call/0/call "परवॉ" is no word of any pack's /words/call or /words/callme`);
    entry({ date: 'काल', call: 'कॉल', why: 'test' });
    expect(loadLanguages(dir).packs.find((p) => p.code === 'MR')?.date_folds_onto_call).to.deep.equal([{ date: 'काल', call: 'कॉल', why: 'test' }]);
  });

  it('fails on a script file with a fold that does not compile, naming the field', () => {
    const file = join(dir, 'scripts', 'Latin.json');
    const latin = readJson(file);
    writeJson(file, { ...latin, folds: [{ from: '(', to: '', why: 'broken' }] });
    expect(() => loadLanguages(dir)).to.throw(`${file}: /folds/0/from does not compile`);
  });
});
