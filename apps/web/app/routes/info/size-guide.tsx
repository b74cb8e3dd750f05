import { Link } from "react-router";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/size-guide";
import { InfoPage, Prose } from "../../components/info-page";
import { metaT, useI18n } from "../../lib/i18n";

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta(matches, data?.publicUrl, "/size-guide", t("sizeGuide.title"), t("sizeGuide.description"));
}

/** Body chest (range) and shirt length (back, collar to hem), in cm; inches are computed from these. */
const ADULT = [
  { size: "S", chest: [88, 96], length: 70 },
  { size: "M", chest: [96, 104], length: 72 },
  { size: "L", chest: [104, 112], length: 74 },
  { size: "XL", chest: [112, 124], length: 76 },
  { size: "XXL", chest: [124, 136], length: 78 },
] as const;

const YOUTH = [
  { size: "YS", age: [7, 8], height: [122, 128], chest: [64, 68], length: 53 },
  { size: "YM", age: [9, 10], height: [134, 140], chest: [68, 72], length: 57 },
  { size: "YL", age: [11, 12], height: [146, 152], chest: [72, 78], length: 61 },
] as const;

const inches = (cm: number) => (cm / 2.54).toFixed(1);
const range = ([a, b]: readonly [number, number], unit: "cm" | "in") => (unit === "cm" ? `${a}–${b}` : `${inches(a)}–${inches(b)}`);

const th = "px-2 py-3 font-semibold sm:px-3";
const td = "px-2 py-3 tabular-nums sm:px-3";

type SizeRow = { size: string; cells: string[]; chest: readonly [number, number]; length: number };

/** One size chart: the size, the columns of its own (age, height), then chest and length in centimetres and inches. */
function SizeTable({ id, title, caption, columns, rows, className = "", tableClassName = "" }: { id: string; title: string; caption: string; columns: string[]; rows: SizeRow[]; className?: string; tableClassName?: string }) {
  const { t, digits } = useI18n();
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="scroll-shadows mt-4 overflow-x-auto rounded-xl border border-slate-200">
        <table className={`w-full text-left text-sm ${tableClassName}`.trim()}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              {[t("sizeGuide.size"), ...columns, t("sizeGuide.chestCm"), t("sizeGuide.chestIn"), t("sizeGuide.lengthCm"), t("sizeGuide.lengthIn")].map((c) => (
                <th key={c} scope="col" className={th}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((r) => (
              <tr key={r.size}>
                <th scope="row" className="px-2 py-3 font-bold text-nepal sm:px-3">
                  {r.size}
                </th>
                {r.cells.map((c, i) => (
                  <td key={i} className={td}>
                    {c}
                  </td>
                ))}
                <td className={td}>{digits(range(r.chest, "cm"))}</td>
                <td className={td}>{digits(range(r.chest, "in"))}</td>
                <td className={td}>{digits(r.length)}</td>
                <td className={td}>{digits(inches(r.length))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function SizeGuide() {
  const { t, digits } = useI18n();
  return (
    <InfoPage eyebrow={t("sizeGuide.eyebrow")} title={t("sizeGuide.heading")} intro={t("sizeGuide.intro")} wide>
      <SizeTable
        id="adult"
        title={t("sizeGuide.adult")}
        caption={t("sizeGuide.adultCaption")}
        columns={[]}
        rows={ADULT.map((r) => ({ size: r.size, cells: [], chest: r.chest, length: r.length }))}
      />
      <SizeTable
        id="youth"
        title={t("sizeGuide.youth")}
        caption={t("sizeGuide.youthCaption")}
        columns={[t("sizeGuide.age"), t("sizeGuide.height")]}
        rows={YOUTH.map((r) => ({
          size: r.size,
          cells: [t("sizeGuide.years", { from: digits(r.age[0]), to: digits(r.age[1]) }), t("sizeGuide.cm", { from: digits(r.height[0]), to: digits(r.height[1]) })],
          chest: r.chest,
          length: r.length,
        }))}
        className="mt-10"
        tableClassName="min-w-[640px]"
      />

      <div className="mt-10 grid gap-8 md:grid-cols-2">
        <Prose>
          <h2>{t("sizeGuide.measure")}</h2>
          <ul>
            <li>
              <strong>{t("sizeGuide.chest")}</strong> {t("sizeGuide.chestText")}
            </li>
            <li>
              <strong>{t("sizeGuide.length")}</strong> {t("sizeGuide.lengthText")}
            </li>
            <li>{t("sizeGuide.between")}</li>
          </ul>
        </Prose>
        <Prose>
          <h2>{t("sizeGuide.fit")}</h2>
          <ul>
            {(["fan", "player", "cricket", "basketball"] as const).map((k) => (
              <li key={k}>
                <strong>{t(`sizeGuide.${k}`)}</strong> {t(`sizeGuide.${k}Text`)}
              </li>
            ))}
          </ul>
          <p>
            {t("sizeGuide.unsure")} <Link to="/returns">{t("sizeGuide.returns")}</Link>
            {t("sizeGuide.or")} <Link to="/contact">{t("sizeGuide.askUs")}</Link>
            {t("sizeGuide.unsureAfter")}
          </p>
        </Prose>
      </div>
    </InfoPage>
  );
}
