import { useId } from "react";
import { normalisePrintName, parsePrintNumber, PRINT_MSG, PRINT_NAME_MAX, printNameProblem, toWesternDigits, type Player, type PrintScript } from "@khelkud/contracts";
import type { CartPrint } from "../lib/cart-store";
import { localizeMessage, useI18n } from "../lib/i18n";

/** Kit colour names as the catalogue lists them, drawn in the preview; an unknown name falls back to navy. */
const KIT_COLOURS: Record<string, string> = {
  crimson: "#DC143C",
  red: "#DA291C",
  blue: "#003893",
  navy: "#1e3a8a",
  "sky blue": "#6CABDD",
  white: "#ffffff",
  cream: "#f5f0e6",
  black: "#111827",
  charcoal: "#1f2937",
  teal: "#00B2A9",
  gold: "#FEBE10",
  yellow: "#FACC15",
  green: "#15803d",
  orange: "#F97316",
  purple: "#6D28D9",
  maroon: "#7f1d1d",
  grey: "#6b7280",
  gray: "#6b7280",
  blaugrana: "#A50044",
};

const hexOf = (name: string | undefined) => (name ? KIT_COLOURS[name.trim().toLowerCase()] : undefined);

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

/** The shirt in its first kit colour; the print in the second when it reads on it (contrast ≥ 3), else white or near-black. */
export function kitColours(colors: string[]): { shirt: string; ink: string; trim: string } {
  const shirt = hexOf(colors[0]) ?? "#1e3a8a";
  const second = hexOf(colors[1]);
  const ink = second && contrast(shirt, second) >= 3 ? second : contrast(shirt, "#ffffff") >= 3 ? "#ffffff" : "#111827";
  return { shirt, ink, trim: second ?? ink };
}

/** The back of the jersey with the name and number, drawn as the shopper types (docs/decisions/100). */
export function JerseyBack({ name, number, colors, label }: { name: string; number: string; colors: string[]; label: string }) {
  const { shirt, ink, trim } = kitColours(colors);
  const { t, digits } = useI18n();
  const shown = name || t("personalise.yourName");
  const long = [...shown].length > 8;
  return (
    <svg viewBox="0 0 300 320" role="img" aria-label={label} className="mx-auto block h-auto w-full max-w-[280px]">
      <path
        d="M95 18 L60 30 L8 78 L40 128 L66 108 L66 306 L234 306 L234 108 L260 128 L292 78 L240 30 L205 18 C195 38 175 46 150 46 C125 46 105 38 95 18 Z"
        fill={shirt}
        stroke={trim}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M95 18 C105 38 125 46 150 46 C175 46 195 38 205 18" fill="none" stroke={trim} strokeWidth="8" />
      <text
        x="150"
        y="104"
        textAnchor="middle"
        fill={ink}
        fontFamily="'Arial Black', 'Mukta', system-ui, sans-serif"
        fontWeight="800"
        fontSize={long ? 24 : 30}
        letterSpacing="1"
        {...(long ? { textLength: 156, lengthAdjust: "spacingAndGlyphs" } : {})}
        opacity={name ? 1 : 0.45}
      >
        {shown}
      </text>
      <text x="150" y="236" textAnchor="middle" fill={ink} fontFamily="'Arial Black', 'Mukta', system-ui, sans-serif" fontWeight="800" fontSize="118" opacity={number === "" ? 0.45 : 1}>
        {digits(number === "" ? "10" : number)}
      </text>
    </svg>
  );
}

export interface PrintChoice {
  on: boolean;
  playerId: string;
  name: string;
  number: string;
}

export const NO_PRINT: PrintChoice = { on: false, playerId: "", name: "", number: "" };

/**
 * The name and number a choice prints (a listed player's, or the fields read by the API's rules, `normalisePrintName`
 * and `parsePrintNumber`), the number null while it is not one: "07" is 7 here as on the order, the print queue and the
 * bill (docs/decisions/183). The preview draws these; `resolvePrint` checks them and puts them in the cart.
 */
export function printedOf(choice: PrintChoice, players: Player[]): { name: string; number: number | null; player: Player | undefined } {
  const player = players.find((p) => p.id === choice.playerId);
  if (player) return { name: player.name, number: player.number, player };
  return { name: normalisePrintName(choice.name), number: parsePrintNumber(choice.number), player: undefined };
}

/** The problems of a choice (shown under the fields), or the print to put in the cart. */
export function resolvePrint(choice: PrintChoice, players: Player[], scripts: PrintScript[]): { print: CartPrint | null; nameError: string | null; numberError: string | null } {
  if (!choice.on) return { print: null, nameError: null, numberError: null };
  const { name, number, player } = printedOf(choice, players);
  if (player) return { print: { name: player.name, number: player.number, playerId: player.id }, nameError: null, numberError: null };
  const nameError = printNameProblem(name, scripts);
  const numberError = number === null ? PRINT_MSG.numberRange : null;
  return { print: nameError || number === null ? null : { name, number, playerId: null }, nameError, numberError };
}

/**
 * "Add name & number": a listed player or the shopper's own name and number, a live preview of the jersey's back in
 * the kit's colours, the price with the printing fee, and the no-returns notice. The server checks all of it again.
 */
export function PersonalisePanel({
  choice,
  onChange,
  players,
  scripts,
  colors,
  fee,
  price,
  showErrors,
  refusedName = null,
  productName,
}: {
  choice: PrintChoice;
  onChange: (next: PrintChoice) => void;
  players: Player[];
  scripts: PrintScript[];
  colors: string[];
  fee: number;
  price: number;
  showErrors: boolean;
  /** The server's refusal of the name now typed (its word list), shown as the name's error. */
  refusedName?: string | null;
  productName: string;
}) {
  const id = useId();
  const resolved = resolvePrint(choice, players, scripts);
  const { print, numberError } = resolved;
  const nameError = resolved.nameError ?? refusedName;
  // The preview draws what will be printed: the number as the order reads it ("07" is drawn 7), none while there is none.
  const { name: previewName, number: printedNumber, player } = printedOf(choice, players);
  const previewNumber = printedNumber === null ? "" : String(printedNumber);
  const set = (patch: Partial<PrintChoice>) => onChange({ ...choice, ...patch });
  const devanagari = scripts.includes("DEVANAGARI");
  const { t, money, digits, locale } = useI18n();

  return (
    <section aria-labelledby={`${id}-title`} className="group rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          name="print"
          value="1"
          data-print-toggle
          checked={choice.on}
          onChange={(e) => set({ on: e.target.checked })}
          className="h-5 w-5 accent-nepal"
          aria-controls={choice.on ? `${id}-body` : undefined}
        />
        <span id={`${id}-title`} className="font-bold">
          {t("personalise.add")}
        </span>
        <span className="ml-auto text-sm font-semibold text-slate-700">+ {money(fee)}</span>
      </label>
      {/* Always in the page, shown while the box is ticked: without scripts the fields are posted with "Add to Cart" (docs/decisions/115). */}
      <div id={`${id}-body`} className="mt-3 hidden gap-4 group-has-[[data-print-toggle]:checked]:grid sm:grid-cols-2">
          <div className="space-y-3">
            {players.length ? (
              <div>
                <label htmlFor={`${id}-player`} className="block text-sm font-bold text-slate-700">
                  {t("personalise.player")}
                </label>
                <select id={`${id}-player`} name="printPlayer" value={choice.playerId} onChange={(e) => set({ playerId: e.target.value })} className="mt-1 h-11 w-full rounded-lg border border-slate-300 bg-white px-2">
                  <option value="">{t("personalise.ownName")}</option>
                  {players.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} {digits(p.number)}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {!player ? (
              <>
                <div>
                  <label htmlFor={`${id}-name`} className="block text-sm font-bold text-slate-700">
                    {t("personalise.nameOnBack")}
                  </label>
                  <input
                    id={`${id}-name`}
                    name="printName"
                    value={choice.name}
                    onChange={(e) => set({ name: e.target.value })}
                    maxLength={24}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    aria-invalid={showErrors && nameError ? true : undefined}
                    aria-describedby={`${id}-name-hint${showErrors && nameError ? ` ${id}-name-error` : ""}`}
                    className={`mt-1 h-11 w-full rounded-lg border bg-white px-3 uppercase ${showErrors && nameError ? "border-red-600" : "border-slate-300"}`}
                  />
                  <p id={`${id}-name-hint`} className="mt-1 text-xs text-slate-600">
                    {t(devanagari ? "personalise.nameHintDevanagari" : "personalise.nameHint", { max: digits(PRINT_NAME_MAX) })}
                  </p>
                  {showErrors && nameError ? (
                    <p id={`${id}-name-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
                      {localizeMessage(nameError, locale)}
                    </p>
                  ) : null}
                </div>
                <div>
                  <label htmlFor={`${id}-number`} className="block text-sm font-bold text-slate-700">
                    {t("personalise.number")}
                  </label>
                  <input
                    id={`${id}-number`}
                    name="printNumber"
                    value={choice.number}
                    onChange={(e) => set({ number: toWesternDigits(e.target.value).replace(/\D/g, "").slice(0, 2) })}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={2}
                    aria-invalid={showErrors && numberError ? true : undefined}
                    aria-describedby={showErrors && numberError ? `${id}-number-error` : undefined}
                    className={`mt-1 h-11 w-24 rounded-lg border bg-white px-3 text-center font-semibold ${showErrors && numberError ? "border-red-600" : "border-slate-300"}`}
                  />
                  {showErrors && numberError ? (
                    <p id={`${id}-number-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
                      {localizeMessage(numberError, locale)}
                    </p>
                  ) : null}
                </div>
              </>
            ) : null}
            <dl className="space-y-1 rounded-lg bg-white p-3 text-sm" aria-label={t("personalise.priceLabel")}>
              <div className="flex justify-between">
                <dt>{t("personalise.jersey")}</dt>
                <dd>{money(price)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>{print ? t("personalise.printingOf", { name: print.name, number: digits(print.number) }) : t("personalise.printing")}</dt>
                <dd>{money(fee)}</dd>
              </div>
              <div className="flex justify-between border-t border-slate-200 pt-1 font-bold">
                <dt>{t("personalise.each")}</dt>
                <dd data-testid="price-with-printing">{money(price + fee)}</dd>
              </div>
            </dl>
          </div>
          <figure>
            <JerseyBack name={previewName} number={previewNumber} colors={colors} label={print ? t("personalise.previewWith", { product: productName, name: print.name, number: digits(print.number) }) : t("personalise.preview", { product: productName })} />
            <figcaption className="mt-1 text-center text-xs text-slate-600">{t("personalise.previewCaption")}</figcaption>
          </figure>
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:col-span-2">{localizeMessage(PRINT_MSG.noReturns, locale)}</p>
      </div>
    </section>
  );
}
