/**
 * Demo product pictures drawn locally as SVG (no downloads, no fonts needed: numbers are drawn
 * as block digits) and rasterised with sharp by the seed.
 */
export type Garment = "football" | "basketball" | "cricket" | "tee" | "jacket" | "shorts";
export type Pattern = "plain" | "stripes" | "hoops" | "sash" | "halves" | "pinstripes";

export interface JerseyArt {
  garment: Garment;
  primary: string;
  secondary: string;
  accent?: string;
  pattern?: Pattern;
  number?: number;
  view: "front" | "back";
}

const SHAPES: Record<Garment, { body: string; sleeves?: string[] }> = {
  football: {
    body: "M250 140 L330 110 Q400 150 470 110 L550 140 L560 295 L560 690 Q400 712 240 690 L240 295 Z",
    sleeves: ["M250 140 L120 232 L182 332 L240 296 Z", "M550 140 L680 232 L618 332 L560 296 Z"],
  },
  cricket: {
    body: "M250 140 L340 108 L400 170 L460 108 L550 140 L560 295 L560 700 Q400 720 240 700 L240 295 Z",
    sleeves: ["M250 140 L120 232 L182 332 L240 296 Z", "M550 140 L680 232 L618 332 L560 296 Z"],
  },
  basketball: {
    body: "M292 100 L350 100 Q400 172 450 100 L508 100 Q516 222 598 262 L598 702 Q400 722 202 702 L202 262 Q284 222 292 100 Z",
  },
  tee: {
    body: "M250 140 L330 112 Q400 160 470 112 L550 140 L560 295 L560 690 Q400 705 240 690 L240 295 Z",
    sleeves: ["M250 140 L120 232 L182 332 L240 296 Z", "M550 140 L680 232 L618 332 L560 296 Z"],
  },
  jacket: {
    body: "M250 140 L340 100 L400 130 L460 100 L550 140 L560 300 L560 690 Q400 705 240 690 L240 300 Z",
    sleeves: ["M250 140 L150 250 L110 640 L185 655 L240 360 Z", "M550 140 L650 250 L690 640 L615 655 L560 360 Z"],
  },
  shorts: {
    body: "M220 190 L580 190 L625 630 L430 650 L400 380 L370 650 L175 630 Z",
  },
};

// Seven-segment block digits, 120×200 box.
const SEGMENTS: Record<string, [number, number, number, number]> = {
  a: [16, 0, 88, 24],
  b: [96, 16, 24, 80],
  c: [96, 104, 24, 80],
  d: [16, 176, 88, 24],
  e: [0, 104, 24, 80],
  f: [0, 16, 24, 80],
  g: [16, 88, 88, 24],
};
const DIGITS: Record<string, string> = {
  "0": "abcdef",
  "1": "bc",
  "2": "abged",
  "3": "abgcd",
  "4": "fgbc",
  "5": "afgcd",
  "6": "afgedc",
  "7": "abc",
  "8": "abcdefg",
  "9": "abfgcd",
};

function number(n: number, cx: number, top: number, scale: number, fill: string, stroke: string): string {
  const text = String(n);
  const width = (text.length * 140 - 20) * scale;
  let x = cx - width / 2;
  const parts: string[] = [];
  for (const ch of text) {
    for (const seg of DIGITS[ch] ?? "") {
      const [sx, sy, w, h] = SEGMENTS[seg]!;
      parts.push(`<rect x="${x + sx * scale}" y="${top + sy * scale}" width="${w * scale}" height="${h * scale}" rx="${6 * scale}"/>`);
    }
    x += 140 * scale;
  }
  return `<g fill="${fill}" stroke="${stroke}" stroke-width="${4 * scale}">${parts.join("")}</g>`;
}

function pattern(p: Pattern, color: string): string {
  switch (p) {
    case "stripes":
      return [0, 1, 2, 3, 4, 5].map((i) => `<rect x="${250 + i * 60}" y="80" width="30" height="660" fill="${color}"/>`).join("");
    case "pinstripes":
      return Array.from({ length: 16 }, (_, i) => `<rect x="${240 + i * 22}" y="80" width="5" height="660" fill="${color}"/>`).join("");
    case "hoops":
      return [0, 1, 2, 3, 4].map((i) => `<rect x="100" y="${200 + i * 110}" width="600" height="50" fill="${color}"/>`).join("");
    case "sash":
      return `<polygon points="240,160 330,110 560,600 560,700 480,700" fill="${color}"/>`;
    case "halves":
      return `<rect x="400" y="80" width="300" height="660" fill="${color}"/>`;
    case "plain":
      return "";
  }
}

export function jerseySvg(art: JerseyArt, size = 800): string {
  const shape = SHAPES[art.garment];
  const accent = art.accent ?? art.secondary;
  const clipId = "body";
  const isTop = art.garment !== "shorts";
  const chest =
    art.view === "front" && isTop
      ? `<circle cx="${art.garment === "basketball" ? 400 : 470}" cy="${art.garment === "basketball" ? 250 : 230}" r="26" fill="${accent}" stroke="${art.secondary}" stroke-width="5"/>`
      : "";
  const num =
    art.number !== undefined && isTop
      ? art.view === "back"
        ? number(art.number, 400, 270, 1.55, art.secondary, accent)
        : art.garment === "basketball"
          ? number(art.number, 400, 320, 1.2, art.secondary, accent)
          : number(art.number, 330, 215, 0.45, art.secondary, accent)
      : "";
  const collar =
    art.garment === "basketball"
      ? `<path d="M292 100 Q284 222 202 262 M508 100 Q516 222 598 262 M350 100 Q400 172 450 100" fill="none" stroke="${art.secondary}" stroke-width="14"/>`
      : art.garment === "jacket"
        ? `<path d="M400 130 L400 690" stroke="${accent}" stroke-width="8"/><path d="M340 100 L400 130 L460 100" fill="none" stroke="${art.secondary}" stroke-width="14"/>`
        : art.garment === "shorts"
          ? `<rect x="220" y="190" width="360" height="34" fill="${art.secondary}"/>`
          : art.view === "front"
            ? `<path d="M330 110 Q400 ${art.garment === "cricket" ? 200 : 165} 470 110" fill="none" stroke="${art.secondary}" stroke-width="14"/>`
            : `<path d="M330 110 Q400 130 470 110" fill="none" stroke="${art.secondary}" stroke-width="14"/>`;
  const sleeves = (shape.sleeves ?? []).map((d) => `<path d="${d}" fill="${art.garment === "tee" ? art.primary : art.secondary}" stroke="#0f172a" stroke-opacity="0.25" stroke-width="4"/>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.10"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>
<clipPath id="${clipId}"><path d="${shape.body}"/></clipPath>
</defs>
<rect width="800" height="800" fill="url(#bg)"/>
<ellipse cx="400" cy="735" rx="230" ry="22" fill="#0f172a" opacity="0.10"/>
${sleeves}
<path d="${shape.body}" fill="${art.primary}"/>
<g clip-path="url(#${clipId})">${pattern(art.pattern ?? "plain", accent)}<rect width="800" height="800" fill="url(#shade)"/></g>
<path d="${shape.body}" fill="none" stroke="#0f172a" stroke-opacity="0.25" stroke-width="4"/>
${collar}${chest}${num}
</svg>`;
}

/** A 1200×630 banner (blog featured images, social cards): team colours and a jersey. */
export function bannerSvg(art: Omit<JerseyArt, "view">, tint: string): string {
  const jersey = jerseySvg({ ...art, view: "back" }, 560)
    .replace(/<rect width="800" height="800" fill="url\(#bg\)"\/>/, "")
    .replace('width="560" height="560"', 'x="620" y="40" width="560" height="560"');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="bn" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bn)"/>
<path d="M0 520 L180 330 L300 440 L470 230 L640 470 L760 380 L1200 600 L1200 630 L0 630 Z" fill="#ffffff" opacity="0.10"/>
<path d="M80 470 L180 360 L240 420" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="6"/>
${jersey}
</svg>`;
}
