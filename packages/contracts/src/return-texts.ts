// A return request's reason as a sentence says it, and what happens next, in both languages (docs/decisions/190): the
// order page and the request's receipt e-mail say the same, as the returns page promises it.
import type { ReturnReason } from "./enum-values.js";
import type { Locale } from "./locale.js";

interface ReturnTexts {
  /** The reason after "You asked to send it back: …". */
  said: Record<ReturnReason, string>;
  /** What the shop does next for that reason. */
  next: Record<ReturnReason, string>;
}

const EN: ReturnTexts = {
  said: { SIZE: "the size does not fit", FAULTY: "it is faulty or damaged", WRONG_ITEM: "it is not what you ordered", CHANGED_MIND: "you changed your mind" },
  next: {
    SIZE: "Size exchanges are free: we send the new size without a delivery fee, or refund the item if you prefer. In the Kathmandu Valley we can pick the item up; elsewhere you send it to us.",
    FAULTY: "Please tell us what is wrong; we may ask for a photo. We collect the item and send the right one or refund you in full, delivery included.",
    WRONG_ITEM: "We collect the item and send the one you ordered or refund you in full, delivery included.",
    CHANGED_MIND: "We refund the item's price once it is back with us; the return delivery is yours to pay. In the Kathmandu Valley we can pick it up.",
  },
};

const NE: ReturnTexts = {
  said: { SIZE: "साइज मिलेन", FAULTY: "बिग्रेको वा खराब छ", WRONG_ITEM: "अर्डर गरेको सामान होइन", CHANGED_MIND: "तपाईंको विचार बदलियो" },
  next: {
    SIZE: "साइज साटासाट निःशुल्क छ: नयाँ साइज डेलिभरी शुल्कबिना पठाउँछौँ, वा चाहनुहुन्छ भने सामानको रकम फिर्ता गर्छौँ। काठमाडौं उपत्यकामा हामी सामान लिन आउन सक्छौँ; अन्यत्रबाट तपाईंले पठाउनुपर्छ।",
    FAULTY: "के खराबी छ, बताउनुहोस्; हामी फोटो माग्न सक्छौँ। हामी सामान लिएर सही सामान पठाउँछौँ वा डेलिभरी शुल्कसहित पूरा रकम फिर्ता गर्छौँ।",
    WRONG_ITEM: "हामी सामान लिएर तपाईंले अर्डर गरेको सामान पठाउँछौँ वा डेलिभरी शुल्कसहित पूरा रकम फिर्ता गर्छौँ।",
    CHANGED_MIND: "सामान हामीकहाँ आइपुगेपछि त्यसको मूल्य फिर्ता गर्छौँ; फिर्ता पठाउने खर्च तपाईंको हुन्छ। काठमाडौं उपत्यकामा हामी सामान लिन आउन सक्छौँ।",
  },
};

export function returnTexts(locale: Locale): ReturnTexts {
  return locale === "ne" ? NE : EN;
}
