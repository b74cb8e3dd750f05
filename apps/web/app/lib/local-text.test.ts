import { describe, expect, it } from "vitest";
import { localCategory, localPost, localProduct } from "./local-text";

const product = {
  name: "Nepal Home Jersey",
  nameNe: "नेपाल घरेलु जर्सी",
  description: "The home kit.",
  descriptionNe: null as string | null,
  metaTitle: "Nepal home jersey | Buy",
  metaDescription: "Official shirt",
  category: { id: "c", name: "Football Jerseys", nameNe: "फुटबल जर्सी" },
};

describe("catalogue texts in the page's language (docs/decisions/089)", () => {
  it("leaves English pages as they are", () => {
    expect(localProduct(product, "en")).toBe(product);
  });

  it("puts the Nepali name, the category's Nepali name and the Nepali title into a Nepali page's data; English where none is written", () => {
    const ne = localProduct(product, "ne");
    expect(ne.name).toBe("नेपाल घरेलु जर्सी");
    expect(ne.category?.name).toBe("फुटबल जर्सी");
    expect(ne.description).toBe("The home kit.");
    expect(ne.metaTitle).toBeNull();
    expect(ne.metaDescription).toBe("Official shirt");
    expect(localProduct({ ...product, nameNe: "", category: null }, "ne").name).toBe("Nepal Home Jersey");
    expect(localCategory({ name: "Training Wear", nameNe: null }, "ne").name).toBe("Training Wear");
  });

  it("a post's Nepali title, excerpt and content replace the English ones where written", () => {
    const post = { title: "Care", titleNe: "हेरचाह", excerpt: "Wash cold.", excerptNe: null, content: "<p>Wash</p>", contentNe: "<p>चिसो पानीमा धुनुहोस्</p>" };
    expect(localPost(post, "ne")).toMatchObject({ title: "हेरचाह", excerpt: "Wash cold.", content: "<p>चिसो पानीमा धुनुहोस्</p>" });
    expect(localPost(post, "en")).toBe(post);
  });
});
