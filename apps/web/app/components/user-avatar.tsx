import { useState } from "react";
import { accountLabels } from "@khelkud/contracts";

/** The avatar picture, or the first letter of the name when there is none or it fails to load (docs/product-rules.md §10). */
export function UserAvatar({ name, initial = accountLabels(name).initial, src, size = 36, className = "" }: { name: string; initial?: string; src: string | null; size?: number; className?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (src && broken !== src) {
    return <img src={src} alt="" width={size} height={size} style={style} onError={() => setBroken(src)} className={`shrink-0 rounded-full bg-slate-200 object-cover ${className}`} />;
  }
  return (
    <span aria-hidden="true" style={style} className={`flex shrink-0 items-center justify-center rounded-full bg-crimson font-bold text-white ${className}`}>
      {initial}
    </span>
  );
}
