import { PROSE } from "./rich-text";

/** The frame of the information pages: a hero with the title, then readable text. */
export function InfoPage({ eyebrow, title, intro, children, wide = false }: { eyebrow?: string; title: string; intro?: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <>
      <section className="bg-gradient-to-br from-nepal via-nepal-dark to-slate-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-12 md:py-16">
          {eyebrow ? <p className="text-sm font-bold uppercase tracking-widest text-red-200">{eyebrow}</p> : null}
          <h1 className="mt-2 text-4xl font-bold md:text-5xl">{title}</h1>
          {intro ? <p className="mt-3 max-w-2xl text-lg text-slate-200">{intro}</p> : null}
        </div>
      </section>
      <div className={`mx-auto px-4 py-10 ${wide ? "max-w-5xl" : "max-w-3xl"}`}>{children}</div>
    </>
  );
}

/** Static text written for the shop, styled like an article. */
export function Prose({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <div className={`${PROSE} ${className}`}>{children}</div>;
}
