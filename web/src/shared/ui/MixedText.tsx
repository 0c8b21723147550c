import type { ReactNode } from 'react';
import type { Core } from '@/shared/core';

// Texts that mix Persian and Latin carry their isolates (U+2066 LRI, U+2067 RLI, U+2068 FSI …
// U+2069 PDI) from the core's isolate_latin_runs (server-made texts have them already). Here each
// isolate becomes a <bdi> element: the same order on screen, and nothing invisible in a copied
// model name.

const OPEN: Record<string, 'ltr' | 'rtl' | undefined> = { '\u2066': 'ltr', '\u2067': 'rtl', '\u2068': undefined };
const PDI = '\u2069';

/** `text` as nodes, each isolate a <bdi> (an unclosed isolate ends with the text, a stray PDI is dropped). */
export function isolatesToNodes(text: string): ReactNode[] {
  let pos = 0;
  let key = 0;
  const read = (inside: boolean): ReactNode[] => {
    const nodes: ReactNode[] = [];
    let plain = '';
    while (pos < text.length) {
      const c = text[pos++];
      if (c in OPEN) {
        if (plain) nodes.push(plain);
        plain = '';
        const dir = OPEN[c];
        const k = key++;
        nodes.push(
          <bdi key={k} dir={dir}>
            {read(true)}
          </bdi>,
        );
      } else if (c === PDI) {
        if (inside) break;
      } else {
        plain += c;
      }
    }
    if (plain) nodes.push(plain);
    return nodes;
  };
  return read(false);
}

/**
 * A shopper-facing text that may mix Persian and Latin (a product name, a variant's summary, a
 * description). With `core`, the core's `isolate_latin_runs` isolates its Latin runs and writes
 * its other numbers in Persian digits first (a second pass over a server-made text changes nothing).
 */
export function MixedText({ text, core }: { text: string; core?: Core | null }) {
  return <>{isolatesToNodes(core ? core.isolateLatinRuns(text) : text)}</>;
}
