/**
 * How many SMS segments a text takes (3GPP TS 23.038 / 23.040, as Twilio bills them). Text that
 * fits the GSM-7 alphabet takes 160 septets in one segment and 153 a segment once concatenated
 * (the user-data header takes the rest); the extension table's characters (`€ [ ] { } ~ ^ | \`)
 * count two. Any other character (Devanagari, `•`, `–`, emoji) makes the whole text UCS-2:
 * 70 UTF-16 units in one segment, 67 once concatenated. A character is never split between two
 * segments, so the count walks the text rather than dividing.
 */

export type SmsEncoding = 'gsm7' | 'ucs2';

const gsmBasic = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const gsmExtension = new Set('\f^{}\\[~]|€');

export interface SegmentCount {
  encoding: SmsEncoding;
  segments: number;
  /** Septets (GSM-7) or UTF-16 units (UCS-2) the text takes. */
  units: number;
}

export function encodingOf(text: string): SmsEncoding {
  for (const ch of text) if (!gsmBasic.has(ch) && !gsmExtension.has(ch)) return 'ucs2';
  return 'gsm7';
}

export function countSegments(text: string): SegmentCount {
  const encoding = encodingOf(text);
  const costs = [...text].map((ch) => (encoding === 'gsm7' ? (gsmExtension.has(ch) ? 2 : 1) : ch.length));
  const units = costs.reduce((a, b) => a + b, 0);
  const [single, part] = encoding === 'gsm7' ? [160, 153] : [70, 67];
  if (units === 0) return { encoding, segments: 1, units };
  if (units <= single) return { encoding, segments: 1, units };
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > part) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return { encoding, segments, units };
}

/**
 * The text cut, at a word where it can, so that it takes at most `budget` segments; `...` marks
 * the cut. The last resort when even a template's short form is over the budget.
 */
export function fitToSegments(text: string, budget: number): string {
  if (countSegments(text).segments <= budget) return text;
  return cutToFit(text, (cut) => countSegments(cut).segments <= budget);
}

/**
 * The longest start of `text`, cut at a word where it can and ending `...`, that `fits`
 * (`fits` must hold for every shorter cut when it holds for a longer one); `...` alone at worst.
 */
export function cutToFit(text: string, fits: (cut: string) => boolean): string {
  const chars = [...text];
  const cut = (n: number) => `${chars.slice(0, n).join('').trimEnd()}...`;
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(cut(mid))) low = mid;
    else high = mid - 1;
  }
  const prefix = chars.slice(0, low).join('');
  const space = prefix.lastIndexOf(' ');
  return `${(space > prefix.length * 0.7 ? prefix.slice(0, space) : prefix).trimEnd()}...`;
}
