/**
 * Shows HTML that the server has already passed through its allow-list sanitiser (blog posts).
 * Never hand this anything else: user-typed text is rendered as text.
 */
export function SanitizedHtml({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${PROSE} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The look of written HTML. A long word or address wraps instead of widening the page, and a table or code block wider
 * than a phone scrolls inside its own box (docs/decisions/182).
 */
export const PROSE = [
  "text-lg leading-relaxed text-slate-800 [overflow-wrap:anywhere]",
  "[&_pre]:max-w-full [&_pre]:overflow-x-auto",
  // Below 768 px a table scrolls sideways in its own box, its words kept whole; wider, it fills the column as a table.
  "max-md:[&_table]:block max-md:[&_table]:overflow-x-auto max-md:[&_td]:[overflow-wrap:normal] max-md:[&_th]:[overflow-wrap:normal]",
  "[&_p]:mt-5 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_a]:font-semibold [&_a]:text-nepal [&_a]:underline [&_strong]:font-bold [&_strong]:text-slate-900",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-crimson [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_table]:mt-6 [&_table]:w-full [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-100 [&_th]:p-2",
  "[&>*:first-child]:mt-0",
].join(" ");
