/**
 * Text that falls below WCAG AA (4.5:1) by its Tailwind classes, found without a browser
 * (jsdom computes no colours, so axe's colour check cannot run in unit tests). The pairs are
 * from Tailwind 4's palette: slate-400 on white 2.6:1; slate-500 4.8 on white but 4.4 on
 * brand-50 or slate-100; any text inside an element with `opacity-*` below 100 (slate-600 at
 * 75 % is 3.9:1). Returns a line per offending element with text, for a readable failure.
 */
export function lowContrastText(root: HTMLElement): string[] {
  const out: string[] = [];
  const classes = (el: Element) => (typeof el.className === 'string' ? el.className.split(/\s+/) : []);
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
    if (!own || el.closest('.sr-only')) continue;
    let colour: string | undefined;
    let background: string | undefined;
    let faded = false;
    for (let a: Element | null = el; a; a = a.parentElement) {
      for (const c of classes(a)) {
        if (!colour && /^text-(slate|gray)-\d+$/.test(c)) colour = c;
        if (!background && /^bg-[a-z]+-\d+$/.test(c)) background = c;
        if (/^opacity-\d+$/.test(c) && c !== 'opacity-100') faded = true;
      }
    }
    const text = el.textContent!.trim().slice(0, 40);
    if (faded) out.push(`faded: ${text}`);
    if (colour === 'text-slate-300' || colour === 'text-slate-400') out.push(`${colour}: ${text}`);
    if (colour === 'text-slate-500' && (background === 'bg-brand-50' || background === 'bg-slate-100')) out.push(`${colour} on ${background}: ${text}`);
  }
  return out;
}
