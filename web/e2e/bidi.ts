import { expect, type Locator } from '@playwright/test';

/**
 * Rendered-text checks for mixed Persian and Latin text (issue 28 items 5 and 6), read from
 * what Chromium lays out, not from the markup.
 */

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * In `el`'s text: the first Latin run (a Latin word with the words, numbers and model numbers
 * after it, e.g. «Core Ultra 7 155H», «x360») and the first Persian number after it, with the
 * boxes Chromium drew them in (from `Range.getClientRects`). Null when the text has no such pair.
 */
async function latinRunThenPersianNumber(el: Locator): Promise<{ run: string; num: string; runBox: Box; numBox: Box } | null> {
  return el.evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
    const text = nodes.map((n) => n.data).join('');
    const run = /[A-Za-z][A-Za-z0-9+\-]*(?: [A-Za-z0-9][A-Za-z0-9+\-.]*)*/.exec(text);
    if (!run) return null;
    const after = run.index + run[0].length;
    const num = /[۰-۹]+/.exec(text.slice(after));
    if (!num) return null;
    // A text offset to (node, offset within it).
    const at = (offset: number): [Text, number] => {
      let left = offset;
      for (const n of nodes) {
        if (left <= n.data.length) return [n, left];
        left -= n.data.length;
      }
      const last = nodes[nodes.length - 1];
      return [last, last.data.length];
    };
    const rects = (start: number, end: number): DOMRect[] => {
      const r = document.createRange();
      r.setStart(...at(start));
      r.setEnd(...at(end));
      return Array.from(r.getClientRects()).filter((b) => b.width > 0);
    };
    const box = (b: DOMRect) => ({ left: b.left, right: b.right, top: b.top, bottom: b.bottom });
    const runRects = rects(run.index, after);
    const numStart = after + num.index;
    const numRects = rects(numStart, numStart + num[0].length);
    if (!runRects.length || !numRects.length) return null;
    // The run's logical end is on its last line; the number's start on its first.
    return { run: run[0], num: num[0], runBox: box(runRects[runRects.length - 1]), numBox: box(numRects[0]) };
  });
}

/**
 * The Persian number that follows a Latin run in `el`'s text is read after it: on the same line
 * it stands left of the whole run (right-to-left order), or it starts on a later line. The bug
 * this catches: the number pulled into the run's left-to-right order, drawn right of it
 * («۱۶ ،AMD Ryzen 7 7730U گیگابایت رم»).
 */
export async function expectPersianNumberAfterLatinRun(el: Locator, what: string, required = true) {
  const found = await latinRunThenPersianNumber(el);
  if (!required && !found) return;
  expect(found, `${what}: a Latin run followed by a Persian number`).not.toBeNull();
  const { run, num, runBox, numBox } = found!;
  const laterLine = numBox.top >= runBox.bottom - 2;
  const sameLine = numBox.top < runBox.bottom - 2 && numBox.bottom > runBox.top + 2;
  expect(
    laterLine || (sameLine && numBox.right <= runBox.left + 1),
    `${what}: «${num}» is drawn left of «${run}» (run ${JSON.stringify(runBox)}, number ${JSON.stringify(numBox)})`,
  ).toBe(true);
}

/**
 * Latin digits a shopper reads in `el`: a number written with ASCII digits that is not part of a
 * Latin run (its own word has no Latin letter and neither word beside it has one). Model numbers
 * («Core i7-1355U», «RTX 4060», «Core Ultra 7 155H») are allowed.
 */
export async function latinDigitsOutsideLatinRuns(el: Locator): Promise<string[]> {
  const text = (await el.innerText()).replace(/[\u2066-\u2069]/g, '');
  const found: string[] = [];
  for (const line of text.split('\n')) {
    const words = line.split(/\s+/).filter(Boolean);
    words.forEach((w, i) => {
      if (!/[0-9]/.test(w) || /[A-Za-z]/.test(w)) return;
      const latinBeside = [words[i - 1], words[i + 1]].some((n) => n !== undefined && /[A-Za-z]/.test(n));
      if (!latinBeside) found.push(`«${w}» in «${line.trim().slice(0, 80)}»`);
    });
  }
  return found;
}

/** No Latin digits outside Latin runs in `el` (see [latinDigitsOutsideLatinRuns]). */
export async function expectNoLatinDigitsOutsideLatinRuns(el: Locator, what: string) {
  expect(await latinDigitsOutsideLatinRuns(el), `${what}: Latin digits a shopper reads`).toEqual([]);
}
