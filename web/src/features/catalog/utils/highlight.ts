/**
 * Highlighting search matches in product text, with the same folding as the server's search
 * (core `fold`/`tokenize`): 'ي' in the query marks 'ی' in the name, 'ك' marks 'ک', Persian
 * and Western digits meet, case is ignored, and ZWNJ or a space between word halves does not
 * matter ('لپتاپ' marks 'لپ‌تاپ' and 'لپ تاپ').
 */
export interface Folder {
  fold(input: string): string;
  tokenize(input: string): string[];
}

export interface Segment {
  text: string;
  match: boolean;
}

const WS = /\s/u;

/** One character folded by the core (spaces dropped), remembered in `memo`. */
function foldChar(ch: string, folder: Folder, memo: Map<string, string>): string {
  let f = memo.get(ch);
  if (f === undefined) {
    f = folder.fold(ch).replace(/\s+/gu, '');
    memo.set(ch, f);
  }
  return f;
}

/**
 * The folded text with spaces removed, and for each of its characters the index (in UTF-16
 * units) of the original character it came from, plus that character's length.
 */
function foldWithMap(text: string, folder: Folder, memo: Map<string, string>): { folded: string; from: number[]; len: number[] } {
  let folded = '';
  const from: number[] = [];
  const len: number[] = [];
  let i = 0;
  for (const ch of text) {
    if (!WS.test(ch)) {
      for (const fc of foldChar(ch, folder, memo)) {
        folded += fc;
        for (let k = 0; k < fc.length; k++) {
          from.push(i);
          len.push(ch.length);
        }
      }
    }
    i += ch.length;
  }
  return { folded, from, len };
}

/** Query terms worth marking: folded tokens of 2+ characters, or any digits. */
export function queryTerms(query: string, folder: Folder): string[] {
  const tokens = folder.tokenize(query).filter((t) => t.length >= 2 || /^[0-9]+$/.test(t));
  // Longest first, so a longer term wins where two overlap.
  return [...new Set(tokens)].sort((a, b) => b.length - a.length);
}

const memos = new WeakMap<Folder, Map<string, string>>();

/** Splits `text` into marked and unmarked segments for `query` (no folder: nothing marked). */
export function highlight(text: string, query: string, folder: Folder | null): Segment[] {
  if (!folder || !query.trim() || !text) return [{ text, match: false }];
  let memo = memos.get(folder);
  if (!memo) memos.set(folder, (memo = new Map()));
  const terms = queryTerms(query, folder);
  if (!terms.length) return [{ text, match: false }];
  const { folded, from, len } = foldWithMap(text, folder, memo);
  const marked = new Uint8Array(text.length);
  // A digit of any script, as the core folds it (Persian and Arabic-Indic digits become Western).
  const digitAt = (k: number) => k >= 0 && k < text.length && /^[0-9]$/.test(foldChar(text[k], folder, memo));
  for (const term of terms) {
    const number = /^[0-9]+$/.test(term);
    let at = folded.indexOf(term);
    while (at !== -1) {
      const start = from[at];
      const last = at + term.length - 1;
      const end = from[last] + len[last];
      // A number marks only a whole number: '16' is not marked inside 'M1605YA' or '2016'
      // (the mark would read as a number of its own).
      const partOfLonger = number && (digitAt(start - 1) || digitAt(end));
      if (!partOfLonger) for (let k = start; k < end; k++) marked[k] = 1;
      at = folded.indexOf(term, partOfLonger ? at + 1 : at + term.length);
    }
  }
  // Spaces or ZWNJ strictly inside a marked run are marked too (one mark per phrase).
  const segments: Segment[] = [];
  let cur = '';
  let curMatch = false;
  for (let k = 0; k < text.length; k++) {
    let m = marked[k] === 1;
    if (!m && k > 0 && marked[k - 1] === 1) {
      let j = k;
      while (j < text.length && marked[j] === 0 && /[\s\u200c\u200d]/u.test(text[j])) j++;
      if (j > k && j < text.length && marked[j] === 1) for (let x = k; x < j; x++) marked[x] = 1;
      m = marked[k] === 1;
    }
    if (k === 0) curMatch = m;
    if (m !== curMatch) {
      if (cur) segments.push({ text: cur, match: curMatch });
      cur = '';
      curMatch = m;
    }
    cur += text[k];
  }
  if (cur) segments.push({ text: cur, match: curMatch });
  return segments;
}
