/**
 * What the shop's e-mails and SMS say, in English and Nepali (docs/decisions/087): one key per text, the same keys in
 * both languages (`MailTexts` types the Nepali object, so a missing or extra key fails the type check;
 * `texts.test.ts` checks it again and that every Nepali text is written in Devanagari). Amounts and dates are passed
 * in already formatted for the language (`formatMoney`, `formatDay` in @khelkud/contracts). Terms: docs/nepali-glossary.md.
 */
import type { Locale } from "@khelkud/contracts";

type Pay = "COD" | "KHALTI" | "ESEWA";
type Who = "CUSTOMER" | "ADMIN" | "EXPIRED_COD" | "EXPIRED";

export interface MailTexts {
  shopName: string;
  greeting: (name: string) => string;
  payment: Record<Pay, string>;
  viewOrder: string;
  orderLabel: (n: string) => string;
  orderDate: string;
  size: string;
  subtotal: string;
  shipping: string;
  free: string;
  total: string;
  shippingTo: string;
  printingEach: (fee: string) => string;
  footerBefore: string;
  footerLink: string;
  footerAfter: string;
  plainOrderLink: (url: string) => string;
  plainProfileLink: (url: string) => string;
  placedHeading: string;
  placedSubject: (n: string) => string;
  placedCod: (n: string, total: string) => string;
  placedWallet: (n: string, total: string, method: string) => string;
  placedSms: (n: string, total: string, method: string) => string;
  trackIt: string;
  paidHeading: string;
  paidSubject: (n: string) => string;
  paidCod: (n: string, total: string) => string;
  paidWallet: (n: string, total: string, method: string) => string;
  paidSms: (n: string, total: string) => string;
  shippedHeading: string;
  shippedSubject: (n: string) => string;
  shippedBody: (n: string, courier: string | null, tracking: string | null) => string;
  shippedSms: (n: string, courier: string | null, tracking: string | null) => string;
  outHeading: string;
  outSubject: (n: string) => string;
  outBody: (n: string, codTotal: string | null) => string;
  outSms: (n: string, codTotal: string | null) => string;
  deliveredHeading: string;
  deliveredSubject: (n: string) => string;
  deliveredBody: (n: string) => string;
  deliveredSms: (n: string) => string;
  writeReview: string;
  writeReviewSms: string;
  processingHeading: string;
  processingSubject: (n: string) => string;
  processingBody: (n: string) => string;
  processingSms: (n: string) => string;
  cancelledHeading: string;
  cancelledSubject: (n: string) => string;
  cancelledBy: Record<Who, string>;
  cancelledRefunded: (total: string) => string;
  /** A refund of less than what was paid: how much of it came back. */
  cancelledRefundedPart: (refunded: string, total: string) => string;
  cancelledNothingCharged: string;
  cancelledNoMoneyTaken: string;
  cancelledStockBack: string;
  cancelledBody: (n: string, who: string, money: string, stock: string) => string;
  /** The administrator's note for the customer, shown as they wrote it. */
  cancelledNote: (note: string) => string;
  cancelledSms: (n: string, who: string, refunded: boolean) => string;
  returnedHeading: string;
  returnedSubject: (n: string) => string;
  /** `delivered`: the customer sent it back; otherwise it came back undelivered (refused or not reachable). */
  returnedBody: (n: string, delivered: boolean, money: string) => string;
  returnedSms: (n: string, refunded: boolean) => string;
  /** The receipt of a return request (docs/decisions/190); `reason` as a sentence says it (contracts' returnTexts). */
  returnRequestedHeading: string;
  returnRequestedSubject: (n: string) => string;
  returnRequestedBody: (n: string, reason: string, phone: string) => string;
  returnDeclinedHeading: string;
  returnDeclinedSubject: (n: string) => string;
  returnDeclinedBody: (n: string) => string;
  /** `why`: the shop wrote a note, which the order page shows. */
  returnDeclinedSms: (n: string, why: boolean) => string;
  failedHeading: string;
  failedSubject: (n: string) => string;
  failedBody: (n: string) => string;
  failedSms: (n: string) => string;
  failedSmsWithoutLink: (n: string) => string;
  payNow: string;
  payNowSms: string;
  resetSubject: string;
  resetIntro: string;
  resetButton: string;
  resetValidity: (minutes: string) => string;
  inviteSubject: string;
  inviteBody: (name: string, hours: string, link: string) => string;
  newsletterSubject: (shop: string) => string;
  newsletterWelcome: (shop: string) => string;
  newsletterWelcomeHello: string;
  newsletterWhy: string;
  unsubscribe: string;
  contactSubject: (shop: string) => string;
  contactThanks: (shop: string) => string;
  contactReplyBefore: (subject: string) => string;
  contactReplyWithin: string;
  contactReplyAfter: string;
  contactYourMessage: string;
  emailChangedSubject: string;
  emailChangedBody: (from: string, to: string) => string;
  emailChangedNotYou: string;
}

const en: MailTexts = {
  shopName: "Khelkud",
  greeting: (name) => `Namaste ${name},`,
  payment: { COD: "cash on delivery", KHALTI: "Khalti", ESEWA: "eSewa" },
  viewOrder: "View your order",
  orderLabel: (n) => `Order ${n}`,
  orderDate: "Order date",
  size: "size",
  subtotal: "Subtotal",
  shipping: "Shipping",
  free: "Free",
  total: "Total",
  shippingTo: "Shipping to",
  printingEach: (fee) => `(printing ${fee} each)`,
  footerBefore: "This message is about your order and is sent whatever your newsletter choice. You can turn order updates by e-mail or SMS off on ",
  footerLink: "your profile",
  footerAfter: ".",
  plainOrderLink: (url) => `Your order: ${url}`,
  plainProfileLink: (url) => `Order updates by e-mail or SMS can be turned off on your profile: ${url}`,
  placedHeading: "Thank you for your order",
  placedSubject: (n) => `Order ${n} placed`,
  placedCod: (n, total) => `We have received order ${n}. You chose cash on delivery: you pay the courier ${total} when it arrives.`,
  placedWallet: (n, total, method) => `We have received order ${n}. It is reserved for you while you pay ${total} with ${method}.`,
  placedSms: (n, total, method) => `Khelkud: order ${n} placed, total ${total} (${method}).`,
  trackIt: "Track it:",
  paidHeading: "Payment received",
  paidSubject: (n) => `Payment received for order ${n}`,
  paidCod: (n, total) => `We received your cash payment of ${total} for order ${n}. Thank you.`,
  paidWallet: (n, total, method) => `Your ${method} payment of ${total} for order ${n} is confirmed. We are packing your order.`,
  paidSms: (n, total) => `Khelkud: payment of ${total} received for order ${n}. Thank you!`,
  shippedHeading: "Your order is on its way",
  shippedSubject: (n) => `Order ${n} shipped`,
  shippedBody: (n, courier, tracking) => {
    const how = [courier ? `with ${courier}` : null, tracking ? `tracking number ${tracking}` : null].filter(Boolean).join(", ");
    return `Order ${n} has left our store${how ? ` ${how}` : ""}. It usually arrives in 3-5 business days.`;
  },
  shippedSms: (n, courier, tracking) => `Khelkud: order ${n} shipped${courier ? ` by ${courier}` : ""}${tracking ? `, tracking ${tracking}` : ""}.`,
  outHeading: "Out for delivery",
  outSubject: (n) => `Order ${n} is out for delivery`,
  outBody: (n, cod) => `Order ${n} is out for delivery today.${cod ? ` Please keep ${cod} ready for the courier.` : ""}`,
  outSms: (n, cod) => `Khelkud: order ${n} is out for delivery today.${cod ? ` Please keep ${cod} ready.` : ""}`,
  deliveredHeading: "Delivered",
  deliveredSubject: (n) => `Order ${n} delivered`,
  deliveredBody: (n) => `Order ${n} has been delivered. We hope you enjoy it. Tell other fans what you think: write a review.`,
  deliveredSms: (n) => `Khelkud: order ${n} delivered. Enjoy!`,
  writeReview: "Write a review",
  writeReviewSms: "Write a review:",
  processingHeading: "We are preparing your order",
  processingSubject: (n) => `Order ${n} is being processed`,
  processingBody: (n) => `Order ${n} is now being processed: we check and pack your jerseys.`,
  processingSms: (n) => `Khelkud: order ${n} is being processed. We will text you when it ships.`,
  cancelledHeading: "Order cancelled",
  cancelledSubject: (n) => `Order ${n} cancelled`,
  cancelledBy: { CUSTOMER: "as you asked", ADMIN: "by our team", EXPIRED_COD: "because cash on delivery was not confirmed in time", EXPIRED: "because it was not paid in time" },
  cancelledRefunded: (total) => `Your payment of ${total} has been refunded.`,
  cancelledRefundedPart: (refunded, total) => `${refunded} of your payment of ${total} has been refunded.`,
  cancelledNothingCharged: "Nothing was charged.",
  cancelledNoMoneyTaken: "No money was taken.",
  cancelledStockBack: "The items have gone back on sale.",
  cancelledBody: (n, who, money, stock) => `Order ${n} has been cancelled ${who}. ${money} ${stock}`.trim(),
  cancelledNote: (note) => `Note from the shop: ${note}`,
  cancelledSms: (n, who, refunded) => `Khelkud: order ${n} cancelled ${who}. ${refunded ? "Your payment was refunded." : "No money was taken."}`,
  returnedHeading: "Your order came back to us",
  returnedSubject: (n) => `Order ${n} returned`,
  returnedBody: (n, delivered, money) => `${delivered ? `We have received order ${n} back from you.` : `Order ${n} came back to us without being delivered.`} ${money}`,
  returnedSms: (n, refunded) => `Khelkud: order ${n} came back to us. ${refunded ? "Your payment was refunded." : "Nothing was charged."}`,
  returnRequestedHeading: "We have your return request",
  returnRequestedSubject: (n) => `Return request for order ${n}`,
  returnRequestedBody: (n, reason, phone) => `You asked to send order ${n} back: ${reason}. We will call you on ${phone} to arrange it. Please pack the items unworn and unwashed, with their tags.`,
  returnDeclinedHeading: "Your return request was declined",
  returnDeclinedSubject: (n) => `Return request for order ${n} declined`,
  returnDeclinedBody: (n) => `We cannot take order ${n} back as you asked. Please reply to this e-mail or call us if you would like to talk about it.`,
  returnDeclinedSms: (n, why) => `Khelkud: we cannot take order ${n} back as you asked. ${why ? "See why on the order page, or call us." : "Call us to talk about it."}`,
  failedHeading: "Payment did not go through",
  failedSubject: (n) => `Payment for order ${n} failed`,
  failedBody: (n) => `Your payment for order ${n} did not go through, and no money was taken. Your items are still reserved: you can pay now, or choose cash on delivery.`,
  failedSms: (n) => `Khelkud: payment for order ${n} failed, no money taken.`,
  failedSmsWithoutLink: (n) => `Khelkud: payment for order ${n} failed, no money taken. Pay now on your order page.`,
  payNow: "Pay Now",
  payNowSms: "Pay now:",
  resetSubject: "Reset your Khelkud password",
  resetIntro: "Someone asked to reset the password of your Khelkud account. To choose a new password, open this link:",
  resetButton: "Reset your password",
  resetValidity: (minutes) => `The link works once and for ${minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  inviteSubject: "Your Khelkud account: set your password",
  inviteBody: (name, hours, link) =>
    `Namaste ${name},\n\nAn account was created for you at Khelkud. Choose your own password here (the link works once, for ${hours} hours):\n\n${link}\n\nIf you did not expect this e-mail, you can ignore it.`,
  newsletterSubject: (shop) => `You are subscribed to the ${shop} newsletter`,
  newsletterWelcome: (shop) => `Thanks for subscribing to ${shop}. You will hear about new jerseys, restocks and offers, at most a few times a month.`,
  newsletterWelcomeHello: "Namaste!",
  newsletterWhy: "You receive this because you subscribed at Khelkud.",
  unsubscribe: "Unsubscribe",
  contactSubject: (shop) => `We received your message – ${shop}`,
  contactThanks: (shop) => `Thank you for contacting ${shop}.`,
  contactReplyBefore: (subject) => `We have received your message about “${subject}” and will reply by e-mail `,
  contactReplyWithin: "within 24 hours",
  contactReplyAfter: ".",
  contactYourMessage: "Your message",
  emailChangedSubject: "Your Khelkud e-mail address was changed",
  emailChangedBody: (from, to) => `The e-mail address of your Khelkud account was changed from ${from} to ${to}. Other devices were signed out.`,
  emailChangedNotYou: "If you did not make this change, reply to this e-mail or contact us at once so we can secure your account.",
};

const ne: MailTexts = {
  shopName: "खेलकुद",
  greeting: (name) => `नमस्ते ${name} ज्यू,`,
  payment: { COD: "क्यास अन डेलिभरी", KHALTI: "खल्ती", ESEWA: "इसेवा" },
  viewOrder: "अर्डर हेर्नुहोस्",
  orderLabel: (n) => `अर्डर ${n}`,
  orderDate: "अर्डर मिति",
  size: "साइज",
  subtotal: "उप-जम्मा",
  shipping: "ढुवानी",
  free: "निःशुल्क",
  total: "जम्मा",
  shippingTo: "पठाउने ठेगाना",
  printingEach: (fee) => `(प्रति थान छपाइ ${fee})`,
  footerBefore: "यो सन्देश तपाईंको अर्डरबारे हो, त्यसैले न्युजलेटरको रोजाइ जे भए पनि पठाइन्छ। इमेल वा SMS बाट अर्डरका जानकारी ",
  footerLink: "आफ्नो प्रोफाइल",
  footerAfter: "मा गएर बन्द गर्न सक्नुहुन्छ।",
  plainOrderLink: (url) => `तपाईंको अर्डर: ${url}`,
  plainProfileLink: (url) => `इमेल वा SMS बाट अर्डरका जानकारी प्रोफाइलमा बन्द गर्न सकिन्छ: ${url}`,
  placedHeading: "अर्डरका लागि धन्यवाद",
  placedSubject: (n) => `अर्डर ${n} प्राप्त भयो`,
  placedCod: (n, total) => `हामीले अर्डर ${n} पायौं। तपाईंले क्यास अन डेलिभरी रोज्नुभएको छ: सामान आइपुग्दा कुरियरलाई ${total} तिर्नुहुनेछ।`,
  placedWallet: (n, total, method) => `हामीले अर्डर ${n} पायौं। ${method}बाट ${total} तिर्दासम्म सामान तपाईंका लागि राखिएको छ।`,
  placedSms: (n, total, method) => `खेलकुद: अर्डर ${n} प्राप्त, जम्मा ${total} (${method})।`,
  trackIt: "हेर्नुहोस्:",
  paidHeading: "भुक्तानी प्राप्त भयो",
  paidSubject: (n) => `अर्डर ${n} को भुक्तानी प्राप्त भयो`,
  paidCod: (n, total) => `अर्डर ${n} को नगद भुक्तानी ${total} हामीले पायौं। धन्यवाद।`,
  paidWallet: (n, total, method) => `अर्डर ${n} को ${method} भुक्तानी ${total} पक्का भयो। हामी तपाईंको अर्डर प्याक गर्दैछौं।`,
  paidSms: (n, total) => `खेलकुद: अर्डर ${n} को ${total} भुक्तानी प्राप्त भयो। धन्यवाद!`,
  shippedHeading: "तपाईंको अर्डर बाटोमा छ",
  shippedSubject: (n) => `अर्डर ${n} पठाइयो`,
  shippedBody: (n, courier, tracking) => {
    const how = [courier ? `${courier} मार्फत` : null, tracking ? `ट्र्याकिङ नम्बर ${tracking}` : null].filter(Boolean).join(", ");
    return `अर्डर ${n} हाम्रो पसलबाट पठाइयो${how ? ` (${how})` : ""}। सामान्यतया ३-५ कार्यदिनमा आइपुग्छ।`;
  },
  shippedSms: (n, courier, tracking) => `खेलकुद: अर्डर ${n} पठाइयो${courier ? ` (${courier})` : ""}${tracking ? `, ट्र्याकिङ ${tracking}` : ""}।`,
  outHeading: "डेलिभरीका लागि निस्कियो",
  outSubject: (n) => `अर्डर ${n} आज डेलिभरी हुँदैछ`,
  outBody: (n, cod) => `अर्डर ${n} आज डेलिभरीका लागि निस्किएको छ।${cod ? ` कुरियरलाई दिन ${cod} तयार राख्नुहोला।` : ""}`,
  outSms: (n, cod) => `खेलकुद: अर्डर ${n} आज डेलिभरी हुँदैछ।${cod ? ` ${cod} तयार राख्नुहोला।` : ""}`,
  deliveredHeading: "डेलिभरी भयो",
  deliveredSubject: (n) => `अर्डर ${n} डेलिभरी भयो`,
  deliveredBody: (n) => `अर्डर ${n} तपाईंसम्म आइपुग्यो। आशा छ, मन पर्नेछ। अरू समर्थकलाई आफ्नो अनुभव सुनाउनुहोस्: समीक्षा लेख्नुहोस्।`,
  deliveredSms: (n) => `खेलकुद: अर्डर ${n} डेलिभरी भयो। रमाइलो गर्नुहोस्!`,
  writeReview: "समीक्षा लेख्नुहोस्",
  writeReviewSms: "समीक्षा:",
  processingHeading: "हामी तपाईंको अर्डर तयार गर्दैछौं",
  processingSubject: (n) => `अर्डर ${n} तयार हुँदैछ`,
  processingBody: (n) => `अर्डर ${n} तयार हुँदैछ: हामी तपाईंका जर्सी जाँचेर प्याक गर्दैछौं।`,
  processingSms: (n) => `खेलकुद: अर्डर ${n} तयार हुँदैछ। पठाएपछि SMS गर्नेछौं।`,
  cancelledHeading: "अर्डर रद्द भयो",
  cancelledSubject: (n) => `अर्डर ${n} रद्द भयो`,
  cancelledBy: { CUSTOMER: "तपाईंको अनुरोधअनुसार", ADMIN: "पसलबाट", EXPIRED_COD: "क्यास अन डेलिभरी समयमै पुष्टि नभएकाले", EXPIRED: "समयमै भुक्तानी नभएकाले" },
  cancelledRefunded: (total) => `तपाईंले तिर्नुभएको ${total} फिर्ता गरियो।`,
  cancelledRefundedPart: (refunded, total) => `तपाईंले तिर्नुभएको ${total} मध्ये ${refunded} फिर्ता गरियो।`,
  cancelledNothingCharged: "कुनै रकम लिइएको छैन।",
  cancelledNoMoneyTaken: "कुनै रकम काटिएको छैन।",
  cancelledStockBack: "सामानहरू फेरि बिक्रीमा राखिए।",
  cancelledBody: (n, who, money, stock) => `अर्डर ${n} ${who} रद्द गरियो। ${money} ${stock}`.trim(),
  cancelledNote: (note) => `पसलको सन्देश: ${note}`,
  cancelledSms: (n, who, refunded) => `खेलकुद: अर्डर ${n} ${who} रद्द गरियो। ${refunded ? "भुक्तानी फिर्ता गरियो।" : "कुनै रकम काटिएको छैन।"}`,
  returnedHeading: "अर्डर फिर्ता आयो",
  returnedSubject: (n) => `अर्डर ${n} फिर्ता आयो`,
  returnedBody: (n, delivered, money) => `${delivered ? `अर्डर ${n} का सामान हामीले तपाईंबाट फिर्ता पायौं।` : `अर्डर ${n} डेलिभरी हुन नसकी हामीकहाँ फिर्ता आयो।`} ${money}`,
  returnedSms: (n, refunded) => `खेलकुद: अर्डर ${n} फिर्ता आयो। ${refunded ? "भुक्तानी फिर्ता गरियो।" : "कुनै रकम लिइएको छैन।"}`,
  returnRequestedHeading: "फिर्ता गर्ने अनुरोध पाइयो",
  returnRequestedSubject: (n) => `अर्डर ${n} फिर्ता गर्ने अनुरोध`,
  returnRequestedBody: (n, reason, phone) => `तपाईंले अर्डर ${n} फिर्ता पठाउन अनुरोध गर्नुभयो: ${reason}। व्यवस्था मिलाउन हामी ${phone} मा फोन गर्नेछौँ। कृपया सामान नलगाई, नधोई, ट्याग सहित प्याक गर्नुहोस्।`,
  returnDeclinedHeading: "फिर्ता गर्ने अनुरोध अस्वीकार भयो",
  returnDeclinedSubject: (n) => `अर्डर ${n} फिर्ता गर्ने अनुरोध अस्वीकार भयो`,
  returnDeclinedBody: (n) => `तपाईंले भनेअनुसार अर्डर ${n} फिर्ता लिन सकिँदैन। यसबारे कुरा गर्न चाहनुहुन्छ भने यो इमेलको जवाफ दिनुहोस् वा हामीलाई फोन गर्नुहोस्।`,
  returnDeclinedSms: (n, why) => `खेलकुद: तपाईंले भनेअनुसार अर्डर ${n} फिर्ता लिन सकिँदैन। ${why ? "कारण अर्डरको पेजमा हेर्नुहोस्, वा फोन गर्नुहोस्।" : "कुरा गर्न हामीलाई फोन गर्नुहोस्।"}`,
  failedHeading: "भुक्तानी हुन सकेन",
  failedSubject: (n) => `अर्डर ${n} को भुक्तानी असफल भयो`,
  failedBody: (n) => `अर्डर ${n} को भुक्तानी हुन सकेन, कुनै रकम काटिएको छैन। तपाईंका सामान अझै राखिएका छन्: अहिले तिर्न वा क्यास अन डेलिभरी रोज्न सक्नुहुन्छ।`,
  failedSms: (n) => `खेलकुद: अर्डर ${n} को भुक्तानी असफल, रकम काटिएको छैन।`,
  failedSmsWithoutLink: (n) => `खेलकुद: अर्डर ${n} को भुक्तानी असफल, रकम काटिएको छैन। अर्डर पेजबाट तिर्नुहोस्।`,
  payNow: "अहिले तिर्नुहोस्",
  payNowSms: "तिर्नुहोस्:",
  resetSubject: "खेलकुदको पासवर्ड नयाँ बनाउनुहोस्",
  resetIntro: "कसैले तपाईंको खेलकुद खाताको पासवर्ड नयाँ बनाउन अनुरोध गर्नुभयो। नयाँ पासवर्ड छान्न यो लिङ्क खोल्नुहोस्:",
  resetButton: "पासवर्ड नयाँ बनाउनुहोस्",
  resetValidity: (minutes) => `लिङ्क एक पटक र ${minutes} मिनेटसम्म मात्र चल्छ। तपाईंले अनुरोध गर्नुभएको होइन भने यो इमेल बेवास्ता गर्नुहोस्: पासवर्ड जस्ताको तस्तै रहन्छ।`,
  inviteSubject: "तपाईंको खेलकुद खाता: आफ्नो पासवर्ड राख्नुहोस्",
  inviteBody: (name, hours, link) =>
    `नमस्ते ${name},\n\nखेलकुदमा तपाईंको लागि खाता खोलिएको छ। आफ्नो पासवर्ड यहाँ छान्नुहोस् (लिङ्क एक पटक र ${hours} घण्टासम्म मात्र चल्छ):\n\n${link}\n\nयो इमेल अपेक्षा गर्नुभएको थिएन भने बेवास्ता गर्नुहोस्।`,
  newsletterSubject: (shop) => `${shop} को न्युजलेटरमा तपाईं सदस्य हुनुभयो`,
  newsletterWelcome: (shop) => `${shop} को न्युजलेटरमा सदस्य बन्नुभएकोमा धन्यवाद। नयाँ जर्सी, फेरि स्टकमा आएका सामान र छुटबारे महिनामा बढीमा केही पटक जानकारी पाउनुहुनेछ।`,
  newsletterWelcomeHello: "नमस्ते!",
  newsletterWhy: "तपाईंले खेलकुदमा सदस्यता लिनुभएकाले यो इमेल आएको हो।",
  unsubscribe: "सदस्यता हटाउनुहोस्",
  contactSubject: (shop) => `तपाईंको सन्देश हामीले पायौं – ${shop}`,
  contactThanks: (shop) => `${shop} लाई सम्पर्क गर्नुभएकोमा धन्यवाद।`,
  contactReplyBefore: (subject) => `“${subject}” बारेको तपाईंको सन्देश हामीले पायौं र `,
  contactReplyWithin: "२४ घण्टाभित्र",
  contactReplyAfter: " इमेलमा जवाफ दिनेछौं।",
  contactYourMessage: "तपाईंको सन्देश",
  emailChangedSubject: "तपाईंको खेलकुद खाताको इमेल ठेगाना परिवर्तन भयो",
  emailChangedBody: (from, to) => `तपाईंको खेलकुद खाताको इमेल ठेगाना ${from} बाट ${to} मा परिवर्तन गरियो। अरू डिभाइसहरूबाट लगआउट गरिएको छ।`,
  emailChangedNotYou: "यो परिवर्तन तपाईंले गर्नुभएको होइन भने तुरुन्तै यो इमेलको जवाफ दिनुहोस् वा हामीलाई सम्पर्क गर्नुहोस्, ताकि हामी तपाईंको खाता सुरक्षित गर्न सकौं।",
};

export const MAIL_TEXTS: Record<Locale, MailTexts> = { en, ne };

export function mailTexts(locale: Locale | null | undefined): MailTexts {
  return MAIL_TEXTS[locale === "ne" ? "ne" : "en"];
}
