import { markdownHtml } from '@/shared/security/markdownHtml';
import './RenderedMarkdown.css';

/**
 * HTML the server rendered from staff's Markdown (render_markdown in server/src/content/view.rs: raw HTML
 * escaped as text, only http(s)/mailto/tel or scheme-less link addresses). Only that output may
 * be given here: it is the one place the app sets HTML, and it never takes text typed in the
 * browser or any other field. Under the CSP's Trusted Types it goes through its own policy
 * (`markdownHtml`), which also refuses any tag or attribute the renderer does not write.
 */
export function RenderedMarkdown({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className={`rendered-markdown leading-8 text-slate-700 ${className ?? ''}`}
      dangerouslySetInnerHTML={{ __html: markdownHtml(html) }}
    />
  );
}
