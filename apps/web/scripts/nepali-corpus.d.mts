/** Every distinct Devanagari word of the shop's sources, sorted (nepali-corpus.mjs). */
export function nepaliWords(): string[];
