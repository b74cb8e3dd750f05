/** One tile of an icon, a title and a sentence: the home page's reasons to shop here and the about page's values. */
export function FeatureTile({ icon, title, text, large = false }: { icon: string; title: string; text: string; large?: boolean }) {
  const size = large ? 32 : 28;
  return (
    <li className={`rounded-xl border border-slate-200 bg-white ${large ? "p-6 shadow-sm" : "p-5"}`}>
      <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke={large ? "#DC143C" : "#003893"} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={icon} />
      </svg>
      <h3 className={large ? "mt-3 text-xl font-bold" : "mt-3 font-bold"}>{title}</h3>
      <p className={large ? "mt-2 text-slate-600" : "mt-1 text-sm text-slate-600"}>{text}</p>
    </li>
  );
}
