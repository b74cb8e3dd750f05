import { describe, expect, it } from "vitest";
import { AppError } from "./errors.js";
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKey } from "./idempotency-key.js";

const req = (value?: string | string[]) => ({ headers: value === undefined ? {} : { "idempotency-key": value } });

describe("idempotencyKey", () => {
  it("is undefined without the header and the value itself when it is 8 to 100 allowed characters", () => {
    expect(idempotencyKey(req())).toBeUndefined();
    expect(idempotencyKey(req("checkout:2026-11-24_a.b-c"))).toBe("checkout:2026-11-24_a.b-c");
    expect(idempotencyKey(req("x".repeat(100)))).toBe("x".repeat(100));
  });

  it("takes the first of a repeated header", () => {
    expect(idempotencyKey(req(["first-key-1", "second-key-2"]))).toBe("first-key-1");
  });

  it.each([["short"], ["x".repeat(101)], ["with space 1"], ["nul\u0000byte-key"], ["%00%00%00%00"], [""], ["ключ-ключ-ключ"]])("refuses %j with a 400", (value) => {
    let error: unknown;
    try {
      idempotencyKey(req(value));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(IDEMPOTENCY_KEY_MESSAGE);
  });
});
