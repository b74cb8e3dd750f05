import { describe, expect, it } from "vitest";
import { adToBs, bsDateOf, bsMonthRange, bsToAd, fiscalYearLabel, fiscalYearOf, fiscalYearRange, formatAd, formatBs } from "./bikram-sambat.js";

/**
 * Known BS ↔ AD pairs. The first sixteen are the dates printed side by side in the header of the Value Added Tax Rules,
 * 2053 (the rules and each amendment, "2053/12/11 (24 March 1997)" …); the others are New Year (1 Baisakh), the start of
 * the fiscal year (1 Shrawan) and the last day of Asar as Nepal's calendars publish them, and three national days.
 */
const KNOWN: [bs: string, ad: string][] = [
  ["2053-12-11", "1997-03-24"],
  ["2055-08-07", "1998-11-23"],
  ["2059-03-24", "2002-07-08"],
  ["2059-09-22", "2003-01-06"],
  ["2060-04-01", "2003-07-17"],
  ["2061-04-01", "2004-07-16"],
  ["2061-12-03", "2005-03-16"],
  ["2062-04-01", "2005-07-16"],
  ["2062-06-14", "2005-09-30"],
  ["2062-10-01", "2006-01-14"],
  ["2064-03-28", "2007-07-12"],
  ["2066-03-29", "2009-07-13"],
  ["2067-08-04", "2010-11-20"],
  ["2068-03-31", "2011-07-15"],
  ["2070-01-30", "2013-05-13"],
  ["2070-03-30", "2013-07-14"],
  // Republic Day, the Gorkha earthquake, Constitution Day
  ["2065-02-15", "2008-05-28"],
  ["2072-01-12", "2015-04-25"],
  ["2072-06-03", "2015-09-20"],
  // New Year
  ["2080-01-01", "2023-04-14"],
  ["2081-01-01", "2024-04-13"],
  ["2082-01-01", "2025-04-14"],
  // last day of Asar, then 1 Shrawan (fiscal years 2080/81, 2081/82, 2082/83)
  ["2080-03-31", "2023-07-16"],
  ["2080-04-01", "2023-07-17"],
  ["2081-03-31", "2024-07-15"],
  ["2081-04-01", "2024-07-16"],
  ["2082-03-32", "2025-07-16"],
  ["2082-04-01", "2025-07-17"],
];

const parse = (s: string) => {
  const [year, month, day] = s.split("-").map(Number) as [number, number, number];
  return { year, month, day };
};

describe("Bikram Sambat conversion", () => {
  it.each(KNOWN)("%s BS is %s AD, both ways", (bs, ad) => {
    expect(formatBs(adToBs(parse(ad)))).toBe(bs);
    expect(formatAd(bsToAd(parse(bs)))).toBe(ad);
  });

  it("round-trips every day from 2000 to 2090 BS", () => {
    let day = Date.UTC(1943, 3, 14);
    let last = "";
    for (;;) {
      const d = new Date(day);
      const ad = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
      let bs;
      try {
        bs = adToBs(ad);
      } catch {
        break;
      }
      expect(bsToAd(bs)).toEqual(ad);
      last = formatBs(bs);
      day += 86_400_000;
    }
    expect(last).toBe("2090-12-30");
  });

  it("refuses days the calendar does not have", () => {
    expect(() => bsToAd({ year: 2081, month: 3, day: 32 })).toThrow(RangeError);
    expect(() => bsToAd({ year: 2081, month: 13, day: 1 })).toThrow(RangeError);
    expect(() => adToBs({ year: 1940, month: 1, day: 1 })).toThrow(RangeError);
  });

  it("uses the calendar day in Nepal (UTC+05:45), not UTC", () => {
    // 18:14 UTC on 16 July 2025 is 23:59 in Kathmandu: still the last day of Asar; a minute later it is 1 Shrawan.
    expect(formatBs(bsDateOf(new Date("2025-07-16T18:14:00Z")))).toBe("2082-03-32");
    expect(formatBs(bsDateOf(new Date("2025-07-16T18:15:00Z")))).toBe("2082-04-01");
  });
});

describe("fiscal year", () => {
  it("starts on 1 Shrawan", () => {
    expect(fiscalYearOf(new Date("2025-07-16T12:00:00Z"))).toBe("2081/82");
    expect(fiscalYearOf(new Date("2025-07-17T12:00:00Z"))).toBe("2082/83");
    expect(fiscalYearOf(new Date("2026-04-14T12:00:00Z"))).toBe("2082/83");
    expect(fiscalYearLabel(2083)).toBe("2083/84");
    expect(fiscalYearLabel(2099)).toBe("2099/00");
  });

  it("has ranges in Nepal time that meet without a gap", () => {
    const fy = fiscalYearRange(2082);
    expect(fy.from.toISOString()).toBe("2025-07-16T18:15:00.000Z");
    expect(fy.to.toISOString()).toBe(bsMonthRange(2083, 4).from.toISOString());
    expect(bsMonthRange(2082, 3).to.toISOString()).toBe(fy.from.toISOString());
  });
});
