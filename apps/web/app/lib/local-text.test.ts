import { describe, expect, it } from "vitest";
import { localCategory, localOrder, localPost, localProduct, shopAddress } from "./local-text";

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
  it("leaves an English page's texts as they are and sends none of the Nepali ones but the name, which the cart keeps (docs/decisions/139)", () => {
    const full = { ...product, descriptionNe: "घरेलु किट।", features: ["Quick-dry"], featuresNe: ["छिटो सुक्ने"], specifications: { Care: "Cold" }, specificationsNe: { Care: "चिसो" }, images: [{ url: "/m/1", altText: "Front view", altTextNe: "अगाडिको दृश्य" }] };
    const en = localProduct(full, "en");
    expect(en).toMatchObject({ name: "Nepal Home Jersey", nameNe: "नेपाल घरेलु जर्सी", description: "The home kit.", descriptionNe: null, features: ["Quick-dry"], featuresNe: [], specifications: { Care: "Cold" }, specificationsNe: {}, metaTitle: "Nepal home jersey | Buy" });
    expect(en.images).toEqual([{ url: "/m/1", altText: "Front view" }]);
    expect(JSON.stringify(en)).not.toMatch(/घरेलु किट|छिटो|चिसो|दृश्य/);
    expect(full.descriptionNe).toBe("घरेलु किट।");
  });

  it("a Nepali page gets its texts in place and not the English-page copies of them (docs/decisions/139)", () => {
    const full = { ...product, descriptionNe: "घरेलु किट।", features: ["Quick-dry"], featuresNe: ["छिटो सुक्ने"], images: [{ url: "/m/1", altText: "Front view", altTextNe: "अगाडिको दृश्य" }] };
    const ne = localProduct(full, "ne");
    expect(ne).toMatchObject({ name: "नेपाल घरेलु जर्सी", nameNe: "नेपाल घरेलु जर्सी", nameEn: "Nepal Home Jersey", description: "घरेलु किट।", descriptionNe: null, features: ["छिटो सुक्ने"], featuresNe: [] });
    expect(ne.images).toEqual([{ url: "/m/1", altText: "अगाडिको दृश्य" }]);
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

  it("a card's team line reads the Nepali team on a Nepali page where one is written, the English team otherwise (docs/decisions/174)", () => {
    const teamed = { ...product, team: "Nepal National Team", teamNe: "नेपाल राष्ट्रिय टोली" as string | null };
    expect(localProduct(teamed, "ne")).toMatchObject({ team: "नेपाल राष्ट्रिय टोली", teamNe: null });
    expect(localProduct(teamed, "en")).toMatchObject({ team: "Nepal National Team", teamNe: null });
    expect(localProduct({ ...teamed, teamNe: null }, "ne").team).toBe("Nepal National Team");
    expect(localProduct({ ...teamed, team: null, teamNe: null }, "ne").team).toBeNull();
  });

  it("a post's Nepali title, excerpt and content replace the English ones where written", () => {
    const post = { title: "Care", titleNe: "हेरचाह", excerpt: "Wash cold.", excerptNe: null, content: "<p>Wash</p>", contentNe: "<p>चिसो पानीमा धुनुहोस्</p>" };
    expect(localPost(post, "ne")).toMatchObject({ title: "हेरचाह", excerpt: "Wash cold.", content: "<p>चिसो पानीमा धुनुहोस्</p>", titleNe: null, contentNe: null });
    // An English page sends no Nepali text of the post (docs/decisions/139).
    expect(localPost(post, "en")).toEqual({ ...post, titleNe: null, contentNe: null });
  });

  it("a post card's category chip and an order's lines read their Nepali names on a Nepali page (docs/decisions/117)", () => {
    const card = { title: "Care", excerpt: "Wash cold.", category: { id: "b", name: "Care Guide", slug: "care-guide", nameNe: "हेरचाह गाइड" } };
    expect(localPost(card, "ne").category?.name).toBe("हेरचाह गाइड");
    expect(localPost({ ...card, category: { ...card.category, nameNe: null } }, "ne").category?.name).toBe("Care Guide");
    expect(localPost(card, "en").category?.name).toBe("Care Guide");
    const order = { id: "o", items: [{ name: "Nepal Home Jersey", nameNe: "नेपाल घरेलु जर्सी" }, { name: "Plain Tee", nameNe: null }] };
    expect(localOrder(order, "ne").items.map((i) => i.name)).toEqual(["नेपाल घरेलु जर्सी", "Plain Tee"]);
    expect(localOrder(order, "en")).toBe(order);
  });

  it("a Nepali post's title and excerpt replace its English SEO title and description; English ones stay where no Nepali is written", () => {
    const post = { title: "Care", titleNe: "हेरचाह", excerpt: "Wash cold.", excerptNe: "चिसो पानीमा धुनुहोस्।", metaTitle: "Care | Khelkud", metaDescription: "Wash cold." };
    expect(localPost(post, "ne")).toMatchObject({ metaTitle: null, metaDescription: null });
    expect(localPost({ ...post, titleNe: null, excerptNe: null }, "ne")).toMatchObject({ metaTitle: "Care | Khelkud", metaDescription: "Wash cold." });
    expect(localPost(post, "en")).toMatchObject({ title: "Care", metaTitle: "Care | Khelkud", metaDescription: "Wash cold.", titleNe: null, excerptNe: null });
  });
});

describe("features and the store's address in the page's language (docs/decisions/126)", () => {
  const withFeatures = { ...product, features: ["Quick-dry knit", "Ribbed collar"], featuresNe: ["छिटो सुक्ने बुनाइ"] };

  it("a Nepali page lists the Nepali features when there are any, the English ones when the Nepali list is empty; an English page the English ones", () => {
    expect(localProduct(withFeatures, "ne").features).toEqual(["छिटो सुक्ने बुनाइ"]);
    expect(localProduct({ ...withFeatures, featuresNe: [] }, "ne").features).toEqual(["Quick-dry knit", "Ribbed collar"]);
    expect(localProduct(withFeatures, "en").features).toEqual(["Quick-dry knit", "Ribbed collar"]);
  });

  it("a Nepali page's specification table takes the Nepali value of each key that has one, the English value of the others (docs/decisions/132)", () => {
    const withSpecs = { ...product, specifications: { Brand: "Kelme", Care: "Machine wash cold" }, specificationsNe: { Care: "चिसो पानीमा धुनुहोस्", Extra: "थप" } };
    expect(localProduct(withSpecs, "ne").specifications).toEqual({ Brand: "Kelme", Care: "चिसो पानीमा धुनुहोस्" });
    expect(localProduct({ ...withSpecs, specificationsNe: { Care: "" } }, "ne").specifications).toEqual({ Brand: "Kelme", Care: "Machine wash cold" });
    expect(localProduct(withSpecs, "en").specifications).toEqual({ Brand: "Kelme", Care: "Machine wash cold" });
  });

  it("a Nepali page shows the Nepali address when one is written, the English one when it is empty", () => {
    const settings = { address: "New Road, Kathmandu 44600, Nepal", addressNe: "न्युरोड, काठमाडौं 44600, नेपाल" };
    expect(shopAddress(settings, "ne")).toBe("न्युरोड, काठमाडौं 44600, नेपाल");
    expect(shopAddress(settings, "en")).toBe("New Road, Kathmandu 44600, Nepal");
    expect(shopAddress({ ...settings, addressNe: "" }, "ne")).toBe("New Road, Kathmandu 44600, Nepal");
  });
});
