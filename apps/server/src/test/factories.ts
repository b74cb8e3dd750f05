import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { SESSION_COOKIE, slugify } from "@khelkud/contracts";
import type { Db } from "../db/client.js";
import { categories, productImages, products, productSizes, users } from "../db/schema/index.js";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function insertCategory(db: Db, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const name = overrides.name ?? `Category ${unique()}`;
  const [row] = await db
    .insert(categories)
    .values({ name, slug: slugify(name), type: "PRODUCT", ...overrides })
    .returning();
  return row!;
}

export interface ProductOverrides extends Partial<typeof products.$inferInsert> {
  sizes?: { size: string; stock: number }[];
  imageCount?: number;
}

export async function insertProduct(db: Db, { sizes = [{ size: "M", stock: 20 }], imageCount = 0, ...overrides }: ProductOverrides = {}) {
  const name = overrides.name ?? `Test Jersey ${unique()}`;
  const [row] = await db
    .insert(products)
    .values({ name, slug: overrides.slug ?? slugify(name), brand: "Nike", price: 250_000, description: `${name} description`, ...overrides })
    .returning();
  const product = row!;
  if (sizes.length) await db.insert(productSizes).values(sizes.map((s, i) => ({ productId: product.id, ...s, sortOrder: i })));
  for (let i = 0; i < imageCount; i++) {
    await db.insert(productImages).values({ productId: product.id, key: `products/test${unique()}.png`, width: 800, height: 800, isPrimary: i === 0, sortOrder: i });
  }
  return product;
}

/** A real PNG of the given size (for upload and media tests). */
export async function pngBuffer(width = 800, height = 800, color = "#DC143C"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await db
    .insert(users)
    .values({ name: "Test Customer", email: `user-${unique()}@example.com`, phone: "+9779800000000", passwordHash: null, ...overrides })
    .returning();
  return row!;
}

/** Signs a user in the way the app does (a server-side session) and returns headers carrying it. */
export async function sessionFor(app: FastifyInstance, userId: string) {
  const { token } = await app.services.sessions.create(userId, { persistent: false });
  return { token, cookie: { cookie: `${SESSION_COOKIE}=${token}` }, bearer: { authorization: `Bearer ${token}` } };
}
