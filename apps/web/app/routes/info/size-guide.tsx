import { Link } from "react-router";
import { canonicalUrl } from "../../lib/seo";
import type { Route } from "./+types/size-guide";
import { InfoPage, Prose } from "../../components/info-page";
import { pageTitle } from "../../lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

const DESCRIPTION = "Jersey size charts for adults (S–XXL) and youth (YS–YL): chest and length in centimetres and inches, and how to measure.";

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Size Guide") },
    { name: "description", content: DESCRIPTION },
    { tagName: "link", rel: "canonical", href: canonicalUrl(data?.publicUrl, matches, "/size-guide") },
    { property: "og:title", content: pageTitle("Size Guide") },
    { property: "og:description", content: DESCRIPTION },
  ];
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
  { size: "YS", age: "7–8 years", height: "122–128 cm", chest: [64, 68], length: 53 },
  { size: "YM", age: "9–10 years", height: "134–140 cm", chest: [68, 72], length: 57 },
  { size: "YL", age: "11–12 years", height: "146–152 cm", chest: [72, 78], length: 61 },
] as const;

const inches = (cm: number) => (cm / 2.54).toFixed(1);
const range = ([a, b]: readonly [number, number], unit: "cm" | "in") => (unit === "cm" ? `${a}–${b}` : `${inches(a)}–${inches(b)}`);

const th = "px-2 py-3 font-semibold sm:px-3";
const td = "px-2 py-3 tabular-nums sm:px-3";

type SizeRow = { size: string; cells: string[]; chest: readonly [number, number]; length: number };

/** One size chart: the size, the columns of its own (age, height), then chest and length in centimetres and inches. */
function SizeTable({ id, title, caption, columns, rows, className = "", tableClassName = "" }: { id: string; title: string; caption: string; columns: string[]; rows: SizeRow[]; className?: string; tableClassName?: string }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className={`w-full text-left text-sm ${tableClassName}`.trim()}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              {["Size", ...columns, "Chest (cm)", "Chest (in)", "Length (cm)", "Length (in)"].map((c) => (
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
                <td className={td}>{range(r.chest, "cm")}</td>
                <td className={td}>{range(r.chest, "in")}</td>
                <td className={td}>{r.length}</td>
                <td className={td}>{inches(r.length)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function SizeGuide() {
  return (
    <InfoPage eyebrow="Customer service" title="Size guide" intro="Measure your chest, find it in the table, and you have your size. Figures are body measurements for chest and shirt measurements for length." wide>
      <SizeTable
        id="adult"
        title="Adult jerseys"
        caption="Adult jersey sizes: chest and length in centimetres and inches"
        columns={[]}
        rows={ADULT.map((r) => ({ size: r.size, cells: [], chest: r.chest, length: r.length }))}
      />
      <SizeTable
        id="youth"
        title="Youth jerseys"
        caption="Youth jersey sizes: age, height, chest and length"
        columns={["Age", "Height"]}
        rows={YOUTH.map((r) => ({ size: r.size, cells: [r.age, r.height], chest: r.chest, length: r.length }))}
        className="mt-10"
        tableClassName="min-w-[640px]"
      />

      <div className="mt-10 grid gap-8 md:grid-cols-2">
        <Prose>
          <h2>How to measure</h2>
          <ul>
            <li>
              <strong>Chest:</strong> wearing a thin T-shirt, measure around the fullest part of your chest, under the arms, keeping the tape level and snug but not tight.
            </li>
            <li>
              <strong>Length:</strong> lay a shirt that fits you flat and measure from the highest point of the collar seam down to the hem at the back.
            </li>
            <li>If your chest falls between two sizes, choose the larger one.</li>
          </ul>
        </Prose>
        <Prose>
          <h2>Fit by shirt type</h2>
          <ul>
            <li>
              <strong>Fan (stadium) versions</strong> have a regular fit and follow this chart.
            </li>
            <li>
              <strong>Player (authentic) versions</strong> are cut slim with stretch fabric: take one size up if you prefer a looser fit.
            </li>
            <li>
              <strong>Cricket shirts</strong> follow the chart; the sleeves are a little longer.
            </li>
            <li>
              <strong>Basketball swingman jerseys</strong> are cut long and loose; most people take their usual T-shirt size.
            </li>
          </ul>
          <p>
            Still unsure? Size exchanges are free within 30 days (see <Link to="/returns">returns</Link>), or <Link to="/contact">ask us</Link> with your height and chest.
          </p>
        </Prose>
      </div>
    </InfoPage>
  );
}
