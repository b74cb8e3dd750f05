import type { PaymentMethod } from "@khelkud/contracts";

/**
 * The few drawn icons shared across pages, in the same 24-unit stroke style as the inline icons elsewhere
 * (Lucide's shapes). Drawn, never emoji: they look the same on every device, with or without an emoji font.
 */
type IconProps = { className?: string; label?: string };

function Svg({ className = "h-5 w-5", label, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className={className} role={label ? "img" : undefined} aria-label={label} aria-hidden={label ? undefined : true} focusable="false">
      {children}
    </svg>
  );
}

export function CashIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <circle cx="12" cy="12" r="2" />
      <path d="M6 12h.01M18 12h.01" />
    </Svg>
  );
}

export function WalletIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1" />
      <path d="M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4" />
    </Svg>
  );
}

export function CardIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20" />
    </Svg>
  );
}

/** Cash for cash on delivery; a wallet in the wallet's own colour (Khalti purple, eSewa green). */
export function PaymentMethodIcon({ method, className = "h-5 w-5" }: { method: PaymentMethod | "CARD" | string; className?: string }) {
  if (method === "COD") return <CashIcon className={`${className} text-emerald-700`} />;
  if (method === "KHALTI") return <WalletIcon className={`${className} text-[#5c2d91]`} />;
  if (method === "ESEWA") return <WalletIcon className={`${className} text-[#41a124]`} />;
  return <CardIcon className={`${className} text-slate-600`} />;
}

export function FacebookIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </Svg>
  );
}

export function InstagramIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <path d="M17.5 6.5h.01" />
    </Svg>
  );
}

export function TikTokIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M9 12a4 4 0 1 0 4 4V2a5 5 0 0 0 5 5" />
    </Svg>
  );
}

export function YouTubeIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M2.5 17a24.1 24.1 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.1 24.1 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </Svg>
  );
}

export function CheckIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M20 6 9 17l-5-5" />
    </Svg>
  );
}

export function CloseIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M18 6 6 18M6 6l12 12" />
    </Svg>
  );
}
