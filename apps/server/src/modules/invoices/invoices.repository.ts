import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { TaxDocumentKind } from "@khelkud/contracts";
import type { DbOrTx } from "../../db/client.js";
import { documentCounters, orderItems, orders, payments, storeSettings, taxDocumentPrints, taxDocuments } from "../../db/schema/index.js";
import { addressHolds, rawRows } from "../../db/common-queries.js";
import { containsPattern } from "../../lib/sql-text.js";

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/**
 * The next number of `kind` in `fiscalYear`: the counter row is created at 1 or bumped by one, and stays locked by this
 * transaction until it commits or rolls back — so numbers are handed out one transaction at a time (on every instance),
 * a rolled-back payment gives its number back, and a committed one is never given again.
 */
export async function nextSequence(tx: DbOrTx, kind: TaxDocumentKind, fiscalYear: string): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, fiscalYear, lastNumber: 1 })
    .onConflictDoUpdate({ target: [documentCounters.kind, documentCounters.fiscalYear], set: { lastNumber: sql`${documentCounters.lastNumber} + 1` } })
    .returning({ n: documentCounters.lastNumber });
  return row!.n;
}

export async function insertDocument(tx: DbOrTx, values: typeof taxDocuments.$inferInsert): Promise<TaxDocumentRow> {
  const [row] = await tx.insert(taxDocuments).values(values).returning();
  return row!;
}

export async function findForOrder(db: DbOrTx, orderId: string, kind: TaxDocumentKind): Promise<TaxDocumentRow | undefined> {
  const [row] = await db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind)));
  return row;
}

export async function findById(db: DbOrTx, id: string): Promise<TaxDocumentRow | undefined> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
  return row;
}

export async function findOrdersWithInvoice(db: DbOrTx, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: taxDocuments.orderId })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.kind, "INVOICE"), sql`${taxDocuments.orderId} in ${orderIds}`));
  return new Set(rows.map((r) => r.orderId));
}

export async function storedSettings(tx: DbOrTx): Promise<unknown> {
  const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.key, "store"));
  return row?.value ?? {};
}

export async function itemsOf(tx: DbOrTx, orderId: string) {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

export async function orderRow(tx: DbOrTx, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function paidPayment(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), or(eq(payments.status, "PAID"), eq(payments.status, "REFUNDED"))))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/**
 * Records a print; returns how many prints there were before this one (0 = the original). The document's row is locked
 * while its prints are counted, so two prints at the same moment (a double click) cannot both be the original.
 */
export async function recordPrint(db: DbOrTx, documentId: string, userId: string | null, format: "HTML" | "PDF"): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.select({ id: taxDocuments.id }).from(taxDocuments).where(eq(taxDocuments.id, documentId)).for("update");
    const [before] = await tx.select({ n: sql<number>`count(*)::int` }).from(taxDocumentPrints).where(eq(taxDocumentPrints.documentId, documentId));
    // Stamped when written, after the lock, not at the transaction's start (now()): a print that waited for the lock
    // is then also later in time, so the list's "original" (the earliest print) is the one counted as 0.
    await tx.insert(taxDocumentPrints).values({ documentId, printedByUserId: userId, format, createdAt: sql`clock_timestamp()` });
    return before?.n ?? 0;
  });
}

export interface DocumentFilter {
  q?: string;
  kind?: TaxDocumentKind;
  from?: Date;
  to?: Date;
}

/**
 * A whole document number (2083/84-000123, CN-2083/84-000007, with or without a shop's prefix) is looked up by its
 * year and sequence through an index of that tail (migration 0016), then matched as typed: every number of a year
 * shares "2083/84-", which the trigram index reads for every document of the year (docs/decisions/130). Typing the
 * tail alone finds the invoice and the credit note that share it, whatever prefix each was issued with. A part of a
 * number is matched by the trigram index, as the order number and the buyer are.
 */
const WHOLE_DOCUMENT_NUMBER = /\d{4}\/\d{2}-\d{6,}$/;
const NUMBER_TAIL = sql.raw(`'[0-9]{4}/[0-9]{2}-[0-9]+$'`);
function numberMatch(text: string, like: string): SQL {
  const tail = WHOLE_DOCUMENT_NUMBER.exec(text)?.[0];
  if (!tail) return ilike(taxDocuments.number, like);
  return and(sql`substring(${taxDocuments.number} from ${NUMBER_TAIL}) = ${tail}`, ilike(taxDocuments.number, like))!;
}

function where(f: DocumentFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.kind) parts.push(eq(taxDocuments.kind, f.kind));
  if (f.from) parts.push(gte(taxDocuments.issuedAt, f.from));
  if (f.to) parts.push(lt(taxDocuments.issuedAt, f.to));
  const like = containsPattern(f.q);
  if (f.q && like) {
    // The buyer's address through its own index when the text holds its "@" (docs/decisions/148).
    const email = sql`${taxDocuments.buyer}->>'email'`;
    parts.push(or(numberMatch(f.q, like), ilike(taxDocuments.orderNumber, like), sql`${taxDocuments.buyer}->>'name' ilike ${like}`, addressHolds(email, f.q) ?? sql`${email} ilike ${like}`));
  }
  return and(...parts);
}

/** The first print of a document (the original): when, in which format, and whether the order's buyer took it. */
export interface OriginalPrint {
  at: string;
  format: "HTML" | "PDF";
  byBuyer: boolean;
}

/**
 * A page of documents with their prints: how many, and the first one (the original; later ones are marked COPY). The
 * subqueries name `tax_documents` in full: drizzle writes a column of a one-table select without its table, and a bare
 * "id" inside them is the print's own id (every document read "not printed yet").
 */
export async function listDocuments(db: DbOrTx, f: DocumentFilter, limit: number, offset: number) {
  const doc = (column: string) => sql`${taxDocuments}.${sql.identifier(column)}`;
  return db
    .select({
      doc: taxDocuments,
      prints: sql<number>`(select count(*)::int from ${taxDocumentPrints} p where p.document_id = ${doc("id")})`,
      original: sql<OriginalPrint | null>`(select json_build_object('at', p.created_at, 'format', p.format, 'byBuyer', coalesce(p.printed_by_user_id = o.user_id, false))
        from ${taxDocumentPrints} p join ${orders} o on o.id = ${doc("order_id")}
        where p.document_id = ${doc("id")} order by p.created_at, p.id limit 1)`,
    })
    .from(taxDocuments)
    .where(where(f))
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.sequence))
    .limit(limit)
    .offset(offset);
}

/**
 * How many documents match. Without a search text the count comes from the kept days (a BS month is about 30 rows, all
 * of them a few hundred, however many documents there are; docs/decisions/130); a search counts the documents it finds.
 */
export async function countDocuments(db: DbOrTx, f: DocumentFilter): Promise<number> {
  if (!f.q) {
    const [row] = await rawRows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(documents), 0)::int AS n FROM (${documentsPerKind(f.from, f.to)}) p ${f.kind ? sql`WHERE kind = ${f.kind}` : sql``}`,
    );
    return Number(row?.n ?? 0);
  }
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(taxDocuments).where(where(f));
  return row?.n ?? 0;
}

/**
 * Up to `limit` documents issued in [from, to), in the register's order (issue time, kind, number in its year), after
 * the document `afterId` when given: a period read a page at a time, however many documents it holds (decision 159).
 * The place to go on from is read from the stored row, so it is exact to the microsecond.
 */
export async function documentsBetween(db: DbOrTx, from: Date, to: Date, afterId: string | null, limit: number): Promise<TaxDocumentRow[]> {
  const after = afterId
    ? sql`(${taxDocuments.issuedAt}, ${taxDocuments.kind}, ${taxDocuments.sequence}) > (SELECT d.issued_at, d.kind, d.sequence FROM ${taxDocuments} d WHERE d.id = ${afterId})`
    : undefined;
  return db
    .select()
    .from(taxDocuments)
    .where(and(gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to), after))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.kind), asc(taxDocuments.sequence))
    .limit(limit);
}

/**
 * Rows of (kind, documents, taxable, vat) that add up to the documents issued in [from, to) (an end left out is open).
 * Whole Nepal days come from the totals the documents' insert trigger keeps (migration 0016, docs/decisions/130): a
 * fiscal year is at most 366 rows a kind, however many documents it holds. A range that starts or ends inside a day
 * reads that part from the documents (a BS month or fiscal year begins and ends at Nepal midnight, so theirs are empty).
 */
function documentsPerKind(from: Date | undefined, to: Date | undefined): SQL {
  return sql`WITH r AS (
      SELECT ${from?.toISOString() ?? "-infinity"}::timestamptz AS "from", ${to?.toISOString() ?? "infinity"}::timestamptz AS "to"
    ), d AS (
      -- first: the first whole day; last: the day after the last whole day (never before first)
      SELECT r.*, f.first, greatest(khelkud_nepal_day(r."to"), f.first) AS last FROM r,
        LATERAL (SELECT CASE WHEN khelkud_nepal_midnight(khelkud_nepal_day(r."from")) = r."from" THEN khelkud_nepal_day(r."from") ELSE khelkud_nepal_day(r."from") + 1 END AS first) f
    )
    SELECT kind, documents, taxable, vat FROM tax_document_days WHERE day >= (SELECT first FROM d) AND day < (SELECT last FROM d)
    UNION ALL
    SELECT kind, 1, taxable, vat FROM ${taxDocuments}
      WHERE issued_at >= (SELECT "from" FROM d) AND issued_at < (SELECT least(khelkud_nepal_midnight(first), "to") FROM d)
    UNION ALL
    SELECT kind, 1, taxable, vat FROM ${taxDocuments}
      WHERE issued_at >= (SELECT greatest(khelkud_nepal_midnight(last), "from") FROM d) AND issued_at < (SELECT "to" FROM d)`;
}

/** Taxable sales and VAT in [from, to), credit notes subtracted, from the kept days. */
export async function taxTotals(db: DbOrTx, from: Date, to: Date) {
  const [row] = await rawRows<{ taxable: number | string; vat: number | string }>(
    db,
    sql`SELECT
      coalesce(sum(CASE WHEN kind = 'INVOICE' THEN taxable ELSE -taxable END), 0)::bigint AS taxable,
      coalesce(sum(CASE WHEN kind = 'INVOICE' THEN vat ELSE -vat END), 0)::bigint AS vat
    FROM (${documentsPerKind(from, to)}) p`,
  );
  return { taxable: Number(row?.taxable ?? 0), vat: Number(row?.vat ?? 0) };
}
