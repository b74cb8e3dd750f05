/** Word mark with a small mountain-and-ball mark, inline SVG (no request). */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg width="34" height="34" viewBox="0 0 34 34" aria-hidden="true" focusable="false">
        <circle cx="17" cy="17" r="16" fill="#DC143C" />
        <path d="M4 24 L12 12 L16 18 L21 9 L30 24 Z" fill="#fff" />
        <path d="M19 12.5 L21 9 L23.2 12.6 Z" fill="#003893" />
        <circle cx="25" cy="8" r="3" fill="#fff" stroke="#003893" strokeWidth="1.2" />
      </svg>
      <span className="text-2xl font-bold tracking-tight">Khelkud</span>
    </span>
  );
}
