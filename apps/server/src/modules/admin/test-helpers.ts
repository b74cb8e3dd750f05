import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orderItems, orders, productSizes } from "../../db/schema/index.js";
import { and } from "drizzle-orm";

let n = 0;

export interface OrderFixture {
  userId: string;
  items: { productId: string; size: string; quantity: number; unitPrice?: number }[];
  status?: (typeof orders.$inferInsert)["status"];
  paymentMethod?: "COD" | "KHALTI" | "ESEWA";
  paymentStatus?: "PENDING" | "PAID" | "FAILED" | "REFUNDED";
  paymentExpiresAt?: Date | null;
  paidAt?: Date | null;
  createdAt?: Date;
  /** Take the units off the shelf, as placing an order does. */
  reserve?: boolean;
}

/** An order as the checkout module would leave it (test data only: the admin module never creates orders). */
export async function insertOrder(db: Db, f: OrderFixture) {
  const lines = f.items.map((i) => ({ ...i, unitPrice: i.unitPrice ?? 250_000 }));
  const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `KK-T${Date.now().toString(36).toUpperCase()}${(n++).toString(36).toUpperCase()}`,
      userId: f.userId,
      status: f.status ?? "PENDING",
      paymentMethod: f.paymentMethod ?? "COD",
      paymentStatus: f.paymentStatus ?? "PENDING",
      subtotal,
      shippingCost: 15_000,
      totalAmount: subtotal + 15_000,
      shippingAddress: { fullName: "Test Customer", email: "c@example.com", phone: "9800000000", address: "Thamel", province: "Bagmati", district: "Kathmandu", area: "Kathmandu", postalCode: "44600" },
      paymentExpiresAt: f.paymentExpiresAt ?? null,
      paidAt: f.paidAt ?? null,
      ...(f.createdAt ? { createdAt: f.createdAt } : {}),
    })
    .returning();
  await db.insert(orderItems).values(
    lines.map((l) => ({ orderId: order!.id, productId: l.productId, productName: "Item", productSlug: "item", size: l.size, quantity: l.quantity, unitPrice: l.unitPrice, lineTotal: l.unitPrice * l.quantity })),
  );
  if (f.reserve) {
    for (const l of lines) {
      const [s] = await db.select().from(productSizes).where(and(eq(productSizes.productId, l.productId), eq(productSizes.size, l.size)));
      await db.update(productSizes).set({ stock: s!.stock - l.quantity }).where(and(eq(productSizes.productId, l.productId), eq(productSizes.size, l.size)));
    }
  }
  return order!;
}

export async function stockOf(db: Db, productId: string, size: string): Promise<number> {
  const [s] = await db.select().from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return s?.stock ?? -1;
}
