/**
 * Bikram Sambat (BS) ↔ Gregorian (AD) dates for 2000–2090 BS (14 April 1943 – April 2034), and Nepal's fiscal year
 * (1 Shrawan to the last day of Asar). BS months have 29–32 days fixed each year by the calendar committee, so
 * conversion needs a table of month lengths; the one below is the table published with the `bikram-sambat` package
 * (medic/bikram-sambat 1.8.1, Apache-2.0), checked in bikram-sambat.test.ts against dates printed in the Nepal Gazette
 * (docs/decisions/080). Dates are calendar days in Nepal (UTC+05:45, no daylight saving).
 */

export const BS_MONTHS = ["Baisakh", "Jestha", "Asar", "Shrawan", "Bhadra", "Asoj", "Kartik", "Mangsir", "Poush", "Magh", "Falgun", "Chaitra"] as const;

export const BS_FIRST_YEAR = 2000;
/* prettier-ignore */
const MONTH_DAYS: readonly (readonly number[])[] = [
  [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], // 2000
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2001
  [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2002
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2003
  [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], // 2004
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2005
  [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2006
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2007
  [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 29, 31], // 2008
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2009
  [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2010
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2011
  [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 30, 30], // 2012
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2013
  [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2014
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2015
  [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 30, 30], // 2016
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2017
  [31, 32, 31, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2018
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], // 2019
  [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], // 2020
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2021
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 30], // 2022
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], // 2023
  [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], // 2024
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2025
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2026
  [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], // 2027
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2028
  [31, 31, 32, 31, 32, 30, 30, 29, 30, 29, 30, 30], // 2029
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2030
  [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], // 2031
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2032
  [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2033
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2034
  [30, 32, 31, 32, 31, 31, 29, 30, 30, 29, 29, 31], // 2035
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2036
  [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2037
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2038
  [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 30, 30], // 2039
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2040
  [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2041
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2042
  [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 30, 30], // 2043
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2044
  [31, 32, 31, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2045
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2046
  [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], // 2047
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2048
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 30], // 2049
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], // 2050
  [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], // 2051
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2052
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 30], // 2053
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], // 2054
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2055
  [31, 31, 32, 31, 32, 30, 30, 29, 30, 29, 30, 30], // 2056
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2057
  [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], // 2058
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2059
  [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2060
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2061
  [30, 32, 31, 32, 31, 31, 29, 30, 29, 30, 29, 31], // 2062
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2063
  [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2064
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2065
  [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 29, 31], // 2066
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2067
  [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2068
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2069
  [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 30, 30], // 2070
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2071
  [31, 32, 31, 32, 31, 30, 30, 29, 30, 29, 30, 30], // 2072
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], // 2073
  [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], // 2074
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2075
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 30], // 2076
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], // 2077
  [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], // 2078
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2079
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 30], // 2080
  [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], // 2081
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2082
  [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], // 2083
  [31, 31, 32, 31, 31, 30, 30, 30, 29, 30, 30, 30], // 2084
  [31, 32, 31, 32, 30, 31, 30, 30, 29, 30, 30, 30], // 2085
  [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 30, 30], // 2086
  [31, 31, 32, 31, 31, 31, 30, 30, 29, 30, 30, 30], // 2087
  [30, 31, 32, 32, 30, 31, 30, 30, 29, 30, 30, 30], // 2088
  [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 30, 30], // 2089
  [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 30, 30], // 2090
];
export const BS_LAST_YEAR = BS_FIRST_YEAR + MONTH_DAYS.length - 1;

/** 1 Baisakh 2000 BS = 14 April 1943 AD, as days since 1970-01-01. */
const EPOCH_DAY = Date.UTC(1943, 3, 14) / 86_400_000;
/** Nepal Standard Time, UTC+05:45 (no daylight saving). */
export const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

export interface BsDate {
  year: number;
  /** 1 = Baisakh … 12 = Chaitra */
  month: number;
  day: number;
}

export interface AdDate {
  year: number;
  /** 1 = January */
  month: number;
  day: number;
}

export function bsMonthDays(year: number, month: number): number {
  const row = MONTH_DAYS[year - BS_FIRST_YEAR];
  if (!row || month < 1 || month > 12) throw new RangeError(`No Bikram Sambat data for ${year}-${month}`);
  return row[month - 1]!;
}

function yearDays(year: number): number {
  return MONTH_DAYS[year - BS_FIRST_YEAR]!.reduce((a, b) => a + b, 0);
}

/** Gregorian calendar date → BS. Throws RangeError outside 2000–2090 BS. */
export function adToBs(ad: AdDate): BsDate {
  let days = Date.UTC(ad.year, ad.month - 1, ad.day) / 86_400_000 - EPOCH_DAY;
  if (!Number.isInteger(days) || days < 0) throw new RangeError("Date before 1 Baisakh 2000 BS");
  let year = BS_FIRST_YEAR;
  while (year <= BS_LAST_YEAR && days >= yearDays(year)) days -= yearDays(year++);
  if (year > BS_LAST_YEAR) throw new RangeError("Date after the last Bikram Sambat year with data");
  let month = 1;
  while (days >= bsMonthDays(year, month)) days -= bsMonthDays(year, month++);
  return { year, month, day: days + 1 };
}

/** BS → Gregorian calendar date. Throws RangeError for a day the BS calendar does not have. */
export function bsToAd(bs: BsDate): AdDate {
  if (!Number.isInteger(bs.day) || bs.day < 1 || bs.day > bsMonthDays(bs.year, bs.month)) throw new RangeError("No such Bikram Sambat day");
  let days = bs.day - 1;
  for (let y = BS_FIRST_YEAR; y < bs.year; y++) days += yearDays(y);
  for (let m = 1; m < bs.month; m++) days += bsMonthDays(bs.year, m);
  const d = new Date((EPOCH_DAY + days) * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The calendar day in Nepal at this instant, in BS. */
export function bsDateOf(instant: Date): BsDate {
  const local = new Date(instant.getTime() + NEPAL_OFFSET_MS);
  return adToBs({ year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() });
}

/** The calendar day in Nepal at this instant, Gregorian. */
export function adDateInNepal(instant: Date): AdDate {
  const local = new Date(instant.getTime() + NEPAL_OFFSET_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/**
 * The moment as a Nepal wall clock reads it, "2026-12-08 00:59" (`withTime` false: "2026-12-08"): for the admin's
 * downloads, whose dates a spreadsheet shows as written (docs/decisions/182).
 */
export function nepalTimestamp(instant: Date, withTime = true): string {
  const day = formatAd(adDateInNepal(instant));
  if (!withTime) return day;
  const local = new Date(instant.getTime() + NEPAL_OFFSET_MS);
  return `${day} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** "2083-04-01" (the order the sales book uses: year, month, day). */
export function formatBs(d: BsDate): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

export function formatAd(d: AdDate): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** "1 Shrawan 2083" */
export function formatBsLong(d: BsDate): string {
  return `${d.day} ${BS_MONTHS[d.month - 1]} ${d.year}`;
}

/** Fiscal year that contains this BS date: it starts on 1 Shrawan, so Baisakh–Asar belong to the year before. */
export function fiscalYearStart(d: BsDate): number {
  return d.month >= 4 ? d.year : d.year - 1;
}

/** "2083/84" for the fiscal year starting 1 Shrawan 2083. */
export function fiscalYearLabel(startYear: number): string {
  return `${startYear}/${pad((startYear + 1) % 100)}`;
}

/** The fiscal year label of the day in Nepal at this instant. */
export function fiscalYearOf(instant: Date): string {
  return fiscalYearLabel(fiscalYearStart(bsDateOf(instant)));
}

/** Start (inclusive) and end (exclusive) instants of a BS month in Nepal time. */
export function bsMonthRange(year: number, month: number): { from: Date; to: Date } {
  const first = bsToAd({ year, month, day: 1 });
  const from = new Date(Date.UTC(first.year, first.month - 1, first.day) - NEPAL_OFFSET_MS);
  return { from, to: new Date(from.getTime() + bsMonthDays(year, month) * 86_400_000) };
}

/** Start (inclusive) and end (exclusive) instants of the fiscal year that starts on 1 Shrawan of `startYear`. */
export function fiscalYearRange(startYear: number): { from: Date; to: Date } {
  return { from: bsMonthRange(startYear, 4).from, to: bsMonthRange(startYear + 1, 4).from };
}
