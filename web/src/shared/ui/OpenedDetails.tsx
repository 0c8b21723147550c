import { useState, type ReactNode } from 'react';

/**
 * A `<details>` whose content (and the code and calls it brings) is made only while it is open:
 * a closed box costs the page nothing. The instalment boxes of the product page and the cart.
 */
export function OpenedDetails({ summary, className, summaryClassName, testId, children }: { summary: ReactNode; className: string; summaryClassName: string; testId: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={className} data-testid={testId} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary className={summaryClassName}>{summary}</summary>
      {open && children()}
    </details>
  );
}
