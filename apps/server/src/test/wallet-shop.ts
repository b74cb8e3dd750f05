import { afterAll, beforeAll, beforeEach } from "vitest";
import { createTestApp, type TestContext } from "./harness.js";
import { insertUser, sessionFor } from "./factories.js";
import { startProviderSimulator, type RunningSimulator } from "../payments/simulator/testing.js";

/** A signed-in visitor of the API tests: the user's id and the session cookie to send. */
export interface Who {
  id: string;
  headers: Record<string, string>;
}

/** A new user with a session (a customer unless `role` says otherwise). */
export async function signedInAs(t: TestContext, role: "USER" | "ADMIN" = "USER"): Promise<Who> {
  const user = await insertUser(t.database.db, { role });
  return { id: user.id, headers: (await sessionFor(t.app, user.id)).cookie };
}

export interface WalletShop {
  sim: RunningSimulator;
  t: TestContext;
  admin: Who;
  /** A fresh customer for each test. */
  customer: Who;
  post(who: Who, url: string, payload?: object): ReturnType<TestContext["app"]["inject"]>;
}

/**
 * A test file's shop with the Khalti/eSewa simulator behind it: started before the file's tests with an administrator
 * signed in, the simulator back to "normal" and a new customer before each test, both closed after. The fields are
 * filled by those hooks, so read them inside tests and hooks. `onStart` runs once the app is built (to listen to it).
 */
export function useWalletShop(options: { publicUrl?: string; onStart?: (t: TestContext) => void } = {}): WalletShop {
  const shop = {
    post: (who: Who, url: string, payload?: object) => shop.t.app.inject({ method: "POST", url, headers: who.headers, ...(payload ? { payload } : {}) }),
  } as WalletShop;
  beforeAll(async () => {
    shop.sim = await startProviderSimulator();
    shop.t = await createTestApp({ payments: shop.sim.payments, publicUrl: options.publicUrl ?? "http://shop.test" });
    options.onStart?.(shop.t);
    shop.admin = await signedInAs(shop.t, "ADMIN");
  });
  afterAll(async () => {
    await shop.t?.close();
    await shop.sim?.close();
  });
  beforeEach(async () => {
    await shop.sim.setScenario("normal");
    shop.customer = await signedInAs(shop.t);
  });
  return shop;
}
