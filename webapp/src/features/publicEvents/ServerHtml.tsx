/**
 * HTML the server sanitised: on the way in and again on the way out of the public event calls
 * (`kit::html::sanitize`), so this page carries no sanitiser of its own (issue 36's page weight;
 * DOMPurify was a fifth of the event page's code).
 */
export function ServerHtml({ html, className }: { html: string; className?: string }) {
  if (!html.trim()) return null;
  return (
    <div
      className={className ? `tb-html ${className}` : 'tb-html'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
