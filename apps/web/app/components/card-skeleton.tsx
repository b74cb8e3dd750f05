/**
 * The grey stand-in of a card while its data loads, the same box as the card so nothing moves when it arrives: a
 * picture of the card's shape (`media`, an aspect class) above bars of text (`bars`, one class list each).
 */
export function CardSkeleton({ media, body, bars }: { media: string; body: string; bars: readonly string[] }) {
  return (
    <div className="flex animate-pulse flex-col overflow-hidden rounded-xl border border-slate-200 bg-white" aria-hidden="true">
      <div className={`${media} bg-slate-200`} />
      <div className={body}>
        {bars.map((bar, i) => (
          <div key={i} className={bar} />
        ))}
      </div>
    </div>
  );
}
