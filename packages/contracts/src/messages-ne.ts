/**
 * The API's and the forms' messages in Nepali (docs/decisions/106). The English texts stay where they are (MSG,
 * AUTH_MSG, ADDRESS_MSG, PAYMENT_MSG: the specification's wording); this catalogue gives each the same key and its
 * Nepali text. `localizeMessage` turns an English message into the request's language, so every schema, service and
 * route keeps throwing the English text and the server answers in Nepali at one place (plugins/errors.ts); the browser
 * forms do the same with the messages the schemas give them. Terms: docs/nepali-glossary.md.
 */
import { AUTH_MSG } from "./auth-rules.js";
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from "./catalog-rules.js";
import { CONTENT_MSG } from "./content-rules.js";
import { toNepaliDigits, type Locale } from "./locale.js";
import { MSG } from "./messages.js";
import { ADDRESS_MSG } from "./order-rules.js";
import { PAYMENT_FAILURE_TEXT, PAYMENT_MSG, WALLET_UNAVAILABLE } from "./payment-rules.js";
import { PRINT_MSG } from "./print-rules.js";

type Texts<T> = { [K in keyof T]: string };

export const MSG_NE: Texts<typeof MSG> = {
  generic: "केही गडबड भयो",
  serverError: "सर्भरमा समस्या भयो। कृपया केही बेरपछि फेरि प्रयास गर्नुहोस्।",
  notFound: "भेटिएन",
  productNotFound: "सामान भेटिएन",
  categoryNotFound: "वर्ग भेटिएन",
  routeNotFound: "यो ठेगाना भेटिएन",
  validationFailed: "दिइएको विवरण मिलेन",
  invalidInput: "अनुरोधमा स्वीकार गर्न नमिल्ने अक्षर वा मान छ",
  missingToken: "टोकन छैन",
  invalidToken: "टोकन मान्य छैन",
  tokenExpired: "टोकनको म्याद सकियो",
  authRequired: "लगइन आवश्यक छ। कृपया लगइन गर्नुहोस्।",
  invalidSession: "सत्र मान्य छैन। कृपया फेरि लगइन गर्नुहोस्।",
  sessionExpired: "सत्रको म्याद सकियो। कृपया फेरि लगइन गर्नुहोस्।",
  invalidCredentials: "इमेल वा पासवर्ड मिलेन। कृपया आफ्नो विवरण जाँच गर्नुहोस्।",
  accountDisabled: "खाता बन्द गरिएको छ। कृपया सहायताका लागि सम्पर्क गर्नुहोस्।",
  forbidden: "तपाईंलाई यो गर्ने अनुमति छैन।",
  tooManyRequests: "धेरै पटक प्रयास भयो। कृपया केही मिनेट पर्खेर फेरि प्रयास गर्नुहोस्।",
  fullNameRequired: "पूरा नाम आवश्यक छ",
  nameMin: "नाम कम्तीमा २ अक्षरको हुनुपर्छ",
  nameMax: "नाम ५० अक्षरभन्दा छोटो हुनुपर्छ",
  emailRequired: "इमेल आवश्यक छ",
  emailInvalid: "इमेल ठेगाना मिलेन",
  phoneRequired: "फोन नम्बर आवश्यक छ",
  phoneInvalid: "फोन नम्बरको ढाँचा मिलेन",
  passwordRequired: "पासवर्ड आवश्यक छ",
  passwordMin8: "पासवर्ड कम्तीमा ८ अक्षरको हुनुपर्छ",
  passwordComplexity: "पासवर्डमा ठूलो अक्षर, सानो अक्षर र अङ्क हुनुपर्छ",
  confirmRequired: "कृपया पासवर्ड फेरि लेख्नुहोस्",
  passwordsMismatch: "पासवर्डहरू मिलेनन्",
  termsRequired: "नियम तथा सर्तहरू स्वीकार गर्नुपर्छ",
  fullNameCheckoutRequired: "पूरा नाम आवश्यक छ",
  phoneCheckoutRequired: "फोन आवश्यक छ",
  addressRequired: "ठेगाना आवश्यक छ",
  cityRequired: "सहर आवश्यक छ",
  selectSize: "कृपया साइज छान्नुहोस्",
  selectPaymentMethod: "कृपया भुक्तानी विधि छान्नुहोस्",
  outOfStock: "यो सामान स्टकमा छैन!",
  redirectingCheckout: "चेकआउटमा लैजाँदै...",
  orderConfirmed: "अर्डर सफलतापूर्वक पक्का भयो!",
  failedProducts: "सामानहरू लोड हुन सकेनन्। कृपया फेरि प्रयास गर्नुहोस्।",
  failedProduct: "सामानको विवरण लोड हुन सकेन",
  failedProfile: "प्रोफाइल लोड हुन सकेन",
  oopsTitle: "ओहो! केही गडबड भयो",
};

export const AUTH_MSG_NE: Texts<typeof AUTH_MSG> = {
  nameRequired: "नाम आवश्यक छ",
  profilePhoneInvalid: "फोन नम्बर मिलेन",
  newPasswordsMismatch: "नयाँ पासवर्डहरू मिलेनन्",
  currentPasswordRequired: "हालको पासवर्ड आवश्यक छ",
  currentPasswordWrong: "हालको पासवर्ड मिलेन",
  emailTaken: "यो इमेलको खाता पहिल्यै छ",
  resetSent: "त्यो इमेलको खाता भए, हामीले पासवर्ड रिसेट गर्ने लिङ्क पठाएका छौँ।",
  resetLinkInvalid: "यो रिसेट लिङ्क मान्य छैन वा म्याद सकियो। कृपया नयाँ लिङ्क माग्नुहोस्।",
  resetTokenRequired: "रिसेट टोकन आवश्यक छ",
  crossSite: "अर्को साइटबाट आएको अनुरोध अस्वीकार गरियो",
  imageInvalid: "कृपया मान्य फोटो फाइल छान्नुहोस्",
  imageTooLarge: "फोटो ५ MB भन्दा सानो हुनुपर्छ",
  imageTooSmall: "फोटो कम्तीमा १००×१०० पिक्सेलको हुनुपर्छ",
  imageRequired: "कृपया अपलोड गर्न फोटो छान्नुहोस्",
  loggedOut: "सफलतापूर्वक लगआउट भयो",
};

export const ADDRESS_MSG_NE: Texts<typeof ADDRESS_MSG> = {
  provinceRequired: "प्रदेश आवश्यक छ",
  provinceUnknown: "कृपया नेपालका ७ प्रदेशमध्ये एउटा छान्नुहोस्",
  districtRequired: "जिल्ला आवश्यक छ",
  districtUnknown: "कृपया नेपालका ७७ जिल्लामध्ये एउटा छान्नुहोस्",
  areaRequired: "नगरपालिका / क्षेत्र आवश्यक छ",
};

export const PAYMENT_MSG_NE: Texts<typeof PAYMENT_MSG> = {
  verified: "भुक्तानी सफलतापूर्वक प्रमाणित भयो",
  missingReference: "भुक्तानीको सन्दर्भ छैन।",
  verificationFailed: "भुक्तानी प्रमाणित हुन सकेन",
  orderIdNotFound: "अर्डर नम्बर भेटिएन",
  noEsewaData: "इसेवाबाट भुक्तानीको विवरण आएन",
  noKhaltiId: "खल्तीबाट भुक्तानीको पहिचान आएन",
  paymentNotFound: "भुक्तानीको विवरण भेटिएन",
  esewaInitFailed: "इसेवा भुक्तानी सुरु गर्न सकिएन",
  khaltiInitFailed: "खल्ती भुक्तानी सुरु गर्न सकिएन",
  statusCheckFailed: "भुक्तानीको अवस्था जाँच गर्न सकिएन",
  redirectingKhalti: "खल्ती भुक्तानीमा लैजाँदै...",
};

/** Messages written in the code rather than in a catalogue object (Fastify's own 4xx, request checks). */
const OTHER_NE: Record<string, string> = {
  "Request body is too large": "अनुरोध धेरै ठूलो छ",
  "Unsupported content type": "यो सामग्रीको प्रकार स्वीकार हुँदैन",
  "Request body must not be empty": "अनुरोध खाली हुनु हुँदैन",
  "Request body is not valid JSON": "अनुरोध मान्य JSON होइन",
  "is invalid": "मान्य छैन",
  "Unknown language": "यो भाषा उपलब्ध छैन",
  "Your cart is empty": "तपाईंको कार्ट खाली छ",
  "Too many items in the cart": "कार्टमा सामान धेरै भए",
  "Too many wishlist items": "इच्छासूचीमा सामान धेरै भए",
  "Password must be at most 128 characters": "पासवर्ड बढीमा १२८ अक्षरको हुन सक्छ",
  "First name must be at most 50 characters": "पहिलो नाम बढीमा ५० अक्षरको हुन सक्छ",
  "Last name must be at most 50 characters": "थर बढीमा ५० अक्षरको हुन सक्छ",
  [SEARCH_TOO_LONG]: `खोज बढीमा ${toNepaliDigits(String(SEARCH_MAX_LENGTH))} अक्षरको हुन सक्छ`,
  "Say which switch to change": "कुन सूचना खोल्ने वा बन्द गर्ने हो, छान्नुहोस्",
  // The storefront's form fallbacks (apps/web/app/routes, lib/route-form.ts).
  "Network error. Please try again.": "नेटवर्कमा समस्या भयो। कृपया फेरि प्रयास गर्नुहोस्।",
  "Could not reach the shop. Check your connection and try again.": "पसलसम्म पुग्न सकिएन। इन्टरनेट जडान जाँचेर फेरि प्रयास गर्नुहोस्।",
  "Registration failed. Please try again.": "दर्ता हुन सकेन। कृपया फेरि प्रयास गर्नुहोस्।",
  "Account created successfully! Welcome to Khelkud!": "खाता सफलतापूर्वक बन्यो! खेलकुदमा स्वागत छ!",
  "Login failed. Please try again.": "लगइन हुन सकेन। कृपया फेरि प्रयास गर्नुहोस्।",
  "Login successful!": "लगइन सफल भयो!",
  "Failed to send reset email": "रिसेट इमेल पठाउन सकिएन",
  "Failed to reset password": "पासवर्ड रिसेट गर्न सकिएन",
  "Password reset successfully! You are now signed in.": "पासवर्ड रिसेट भयो! तपाईं अब लगइन हुनुहुन्छ।",
  "Password updated successfully!": "पासवर्ड अद्यावधिक भयो!",
  "Profile updated successfully!": "प्रोफाइल अद्यावधिक भयो!",
  // The notes the shop writes into an order's history (the order page's timeline).
  "Order placed": "अर्डर गरियो",
  "Cash on delivery confirmed; pay when it arrives": "क्यास अन डेलिभरी पक्का भयो; सामान आइपुगेपछि तिर्नुहोस्",
  "Cancelled by the customer": "ग्राहकले रद्द गर्नुभयो",
  "Cancellation requested by the customer; the shop will refund the payment": "ग्राहकले रद्द गर्न अनुरोध गर्नुभयो; पसलले भुक्तानी फिर्ता गर्नेछ",
};

/** Blog, contact form, newsletter and reviews. */
export const CONTENT_MSG_NE: Texts<typeof CONTENT_MSG> = {
  blogNotFound: "लेख भेटिएन",
  contactSent: "सन्देशका लागि धन्यवाद! हामी २४ घण्टाभित्र इमेलमा जवाफ दिनेछौं।",
  firstNameRequired: "पहिलो नाम आवश्यक छ",
  lastNameRequired: "थर आवश्यक छ",
  subjectInvalid: "कृपया विषय छान्नुहोस्",
  messageRequired: "सन्देश आवश्यक छ",
  messageMin: "सन्देश कम्तीमा १० अक्षरको हुनुपर्छ",
  messageMax: "सन्देश बढीमा ५००० अक्षरको हुन सक्छ",
  newsletterSubscribed: "सदस्यता लिनुभएकोमा धन्यवाद! पुष्टिका लागि आफ्नो इमेल हेर्नुहोस्।",
  newsletterAlready: "यो इमेल पहिल्यै हाम्रो न्युजलेटरमा दर्ता छ।",
  newsletterUnsubscribed: "तपाईंको सदस्यता हटाइयो। अबदेखि तपाईंलाई हाम्रो न्युजलेटर आउने छैन।",
  unsubscribeInvalid: "सदस्यता हटाउने यो लिङ्क मान्य छैन।",
  reviewNotEligible: "यो सामान भएको अर्डर डेलिभर भएपछि मात्र समीक्षा लेख्न सकिन्छ।",
  reviewDuplicate: "तपाईंले यो सामानको समीक्षा लेखिसक्नुभएको छ। बरु त्यसलाई सम्पादन गर्न सक्नुहुन्छ।",
  reviewNotFound: "समीक्षा भेटिएन",
  reviewNotYours: "तपाईं आफ्नै समीक्षा मात्र बदल्न सक्नुहुन्छ।",
  ratingInvalid: "मूल्याङ्कन १ देखि ५ सम्मको पूर्ण अङ्क हुनुपर्छ",
  commentMax: "समीक्षा बढीमा २००० अक्षरको हुन सक्छ",
};

/** Name-and-number printing (the texts that take no product name). */
const PRINT_NE: [string, string][] = [
  [PRINT_MSG.nameRequired, "छाप्ने नाम लेख्नुहोस्"],
  [PRINT_MSG.nameTooLong, "नाम बढीमा १२ अक्षरको हुन सक्छ"],
  [PRINT_MSG.nameLatin, "नाममा A–Z अक्षर, खाली ठाउँ, हाइफन र अपोस्ट्रफी मात्र हुन सक्छन्"],
  [PRINT_MSG.nameDevanagari, "नाममा A–Z वा देवनागरी अक्षर, खाली ठाउँ, हाइफन र अपोस्ट्रफी मात्र हुन सक्छन्"],
  [PRINT_MSG.nameNeedsLetter, "नाममा कम्तीमा एउटा अक्षर हुनुपर्छ"],
  [PRINT_MSG.numberRange, "नम्बर ० देखि ९९ सम्मको पूर्ण अङ्क हुनुपर्छ"],
  [PRINT_MSG.offensive, "यो नाम छाप्न मिल्दैन। कृपया अर्को नाम छान्नुहोस्।"],
  [PRINT_MSG.noReturnsRequired, "नाम छापिएको सामान मन परिवर्तन भएर फिर्ता हुँदैन भन्ने कुरा कृपया स्वीकार गर्नुहोस्"],
  [PRINT_MSG.noReturns, "नाम छापिएको सामान तपाईंका लागि छापिन्छ, त्यसैले मन परिवर्तन भएर फिर्ता हुँदैन (त्रुटि भएको सामान भने साटिन्छ)।"],
];

/** Why a wallet payment failed (the payment result pages, apps/web/app/lib/payment-messages.ts). */
const PAYMENT_FAILURE_NE: [string, string][] = [
  [PAYMENT_FAILURE_TEXT.canceled, "प्रयोगकर्ताले भुक्तानी रद्द गर्नुभयो"],
  [PAYMENT_FAILURE_TEXT.expired, "भुक्तानीको समय सकियो"],
  [PAYMENT_FAILURE_TEXT.amount_mismatch, "भुक्तानी प्रमाणित हुन सकेन: तिरेको रकम अर्डरसँग मिलेन"],
  [PAYMENT_FAILURE_TEXT.refunded, "यो भुक्तानी फिर्ता गरिएको छ"],
  [PAYMENT_FAILURE_TEXT.not_found, "भुक्तानीको विवरण भेटिएन"],
  [PAYMENT_FAILURE_TEXT.order_closed, "अर्डर बन्द भएपछि तपाईंको भुक्तानी आइपुग्यो। हामी यो फिर्ता गर्नेछौं; कृपया सहायतामा सम्पर्क गर्नुहोस्।"],
  [PAYMENT_FAILURE_TEXT.failed, "भुक्तानी प्रक्रिया असफल भयो"],
  [WALLET_UNAVAILABLE.KHALTI, "खल्तीले अहिले जवाफ दिइरहेको छैन। तपाईंको अर्डर सुरक्षित छ; कृपया केही मिनेटपछि फेरि प्रयास गर्नुहोस्।"],
  [WALLET_UNAVAILABLE.ESEWA, "इसेवाले अहिले जवाफ दिइरहेको छैन। तपाईंको अर्डर सुरक्षित छ; कृपया केही मिनेटपछि फेरि प्रयास गर्नुहोस्।"],
  ["Your payment could not be processed. Please try again.", "तपाईंको भुक्तानी हुन सकेन। कृपया फेरि प्रयास गर्नुहोस्।"],
  ["Missing payment reference.", "भुक्तानीको सन्दर्भ नम्बर छैन।"],
  ["Payment is still pending", "भुक्तानी अझै बाँकी छ"],
  ["Payment failed with status", "भुक्तानी असफल भयो, अवस्था"],
  ["Payment status", "भुक्तानीको अवस्था"],
  ["Payment error", "भुक्तानीमा त्रुटि"],
  ["Payment record not found. Please contact support.", "भुक्तानीको विवरण भेटिएन। कृपया सहायतामा सम्पर्क गर्नुहोस्।"],
  ["Payment processing error occurred", "भुक्तानी प्रक्रियामा त्रुटि भयो"],
  ["There was an error processing your payment. Please try again.", "तपाईंको भुक्तानी प्रक्रियामा त्रुटि भयो। कृपया फेरि प्रयास गर्नुहोस्।"],
  ["Payment was not completed", "भुक्तानी पूरा भएन"],
  ["Payment failed. Please try again or contact support.", "भुक्तानी असफल भयो। कृपया फेरि प्रयास गर्नुहोस् वा सहायतामा सम्पर्क गर्नुहोस्।"],
];

function pairs<T extends Record<string, string>>(en: T, ne: Texts<T>): [string, string][] {
  return Object.entries(en).map(([key, text]) => [text, ne[key as keyof T]]);
}

const NEPALI_BY_ENGLISH = new Map<string, string>([
  ...pairs(MSG, MSG_NE),
  ...pairs(AUTH_MSG, AUTH_MSG_NE),
  ...pairs(ADDRESS_MSG, ADDRESS_MSG_NE),
  ...pairs(PAYMENT_MSG, PAYMENT_MSG_NE),
  ...pairs(CONTENT_MSG, CONTENT_MSG_NE),
  ...Object.entries(OTHER_NE),
  ...PRINT_NE,
  ...PAYMENT_FAILURE_NE,
]);

/**
 * A message of the API or a form in the given language. English is returned as it is; a text without a Nepali
 * version (a rare message not yet in the catalogue) stays English rather than disappearing. "Route not found: GET /x"
 * keeps its detail after the translated part.
 */
export function localizeMessage(text: string, locale: Locale): string {
  if (locale === "en") return text;
  const whole = NEPALI_BY_ENGLISH.get(text);
  if (whole) return whole;
  const colon = text.indexOf(": ");
  if (colon > 0) {
    const head = NEPALI_BY_ENGLISH.get(text.slice(0, colon));
    if (head) return `${head}: ${text.slice(colon + 2)}`;
  }
  return text;
}

/** Every English message that has a Nepali text (the catalogue check reads it). */
export function localizedMessageCount(): number {
  return NEPALI_BY_ENGLISH.size;
}
