import { describe, expect, it } from "vitest";
import { arrived } from "./deferred";

describe("a page part waited for before the render (docs/decisions/139)", () => {
  it("is the value when it arrived, so the page renders it without a skeleton", async () => {
    expect(await arrived(Promise.resolve([1, 2]))).toEqual({ value: [1, 2] });
  });

  it("is the failed promise when it failed, so the page's <Await> shows its error state", async () => {
    const failed = Promise.reject(new Error("catalogue unavailable"));
    const { value } = await arrived(failed);
    expect(value).toBe(failed);
    await expect(value).rejects.toThrow("catalogue unavailable");
  });
});

describe("a page part that takes too long", () => {
  it("is left as the pending promise, so the page is not held up for it", async () => {
    let resolve!: (v: number[]) => void;
    const slow = new Promise<number[]>((r) => (resolve = r));
    const { value } = await arrived(slow, 20);
    expect(value).toBe(slow);
    resolve([3]);
    await expect(value).resolves.toEqual([3]);
  });
});
