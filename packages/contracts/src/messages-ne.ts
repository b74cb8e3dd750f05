/**
 * The API's and the forms' messages in Nepali (docs/decisions/106). The English texts stay where they are (MSG,
 * AUTH_MSG, ADDRESS_MSG, PAYMENT_MSG: the specification's wording); this catalogue gives each the same key and its
 * Nepali text. `localizeMessage` turns an English message into the request's language, so every schema, service and
 * route keeps throwing the English text and the server answers in Nepali at one place (plugins/errors.ts); the browser
 * forms do the same with the messages the schemas give them. Terms: docs/nepali-glossary.md.
 */
import type { ADMIN_MSG, ADMIN_TEMPLATE } from "./admin.js";
import { AUTH_MSG } from "./auth-rules.js";
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from "./catalog-rules.js";
import { CONTENT_MSG } from "./content-rules.js";
import { toNepaliDigits, type Locale } from "./locale.js";
import { LIVE_MSG } from "./live.js";
import { fillMessage, MSG } from "./messages.js";
import { ADDRESS_MSG, ORDER_MSG, ORDER_TEMPLATE, RETURN_NOTE } from "./order-rules.js";
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
  methodNotAllowed: "यो ठेगानामा यो अनुरोध-विधि चल्दैन",
  badHost: "अनुरोधको Host हेडर मान्य ठेगाना होइन",
  imageVariantUnsupported: "फोटोको यो आकार वा ढाँचा मिल्दैन",
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
  newPasswordSame: "हालको पासवर्डभन्दा फरक नयाँ पासवर्ड रोज्नुहोस्",
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
  stillPending: "भुक्तानी अझै बाँकी छ",
  providerStatus: "भुक्तानीको अवस्था",
  khaltiOff: "यो पसलमा अहिले खल्ती भुक्तानी उपलब्ध छैन। कृपया अर्को विधि छान्नुहोस्।",
  esewaOff: "यो पसलमा अहिले इसेवा भुक्तानी उपलब्ध छैन। कृपया अर्को विधि छान्नुहोस्।",
};

export const ORDER_MSG_NE: Texts<typeof ORDER_MSG> = {
  notFound: "अर्डर भेटिएन",
  invoiceNotFound: "बिल भेटिएन",
  alreadyPaid: "यो अर्डरको भुक्तानी भइसकेको छ",
  alreadyCancelled: "यो अर्डर पहिल्यै रद्द भइसकेको छ",
  cancellationAlreadyRequested: "यो अर्डर रद्द गर्न पहिल्यै अनुरोध गरिएको छ",
  returnAlreadyRequested: "यो अर्डर फिर्ता गर्न पहिल्यै अनुरोध गरिएको छ",
  returnNotOpen: "डेलिभर भएको अर्डर मात्र, डेलिभर भएको ३० दिनभित्र फिर्ता गर्न अनुरोध गर्न सकिन्छ",
  returnPrintedOnly: "नाम र नम्बर छापिएका जर्सी बिग्रेको वा अर्डर गरेभन्दा फरक आएमा मात्र फिर्ता लिइन्छ",
  noLongerCancellable: "यो अर्डर अब रद्द गर्न सकिँदैन",
  noLongerConfirmable: "यो अर्डर अब पक्का गर्न सकिँदैन",
  noLongerChangeable: "यो अर्डर अब बदल्न सकिँदैन",
  noLongerPayable: "यो अर्डरको भुक्तानी अब गर्न सकिँदैन",
  notCashOnDelivery: "यो अर्डर क्यास अन डेलिभरीको होइन",
  paidByCash: "यो अर्डरको भुक्तानी क्यास अन डेलिभरीमा हुन्छ",
  confirmTimeUp: "यो अर्डर पक्का गर्ने समय सकियो। कृपया नयाँ अर्डर गर्नुहोस्।",
  payTimeUp: "यो अर्डरको भुक्तानी गर्ने समय सकियो। कृपया नयाँ अर्डर गर्नुहोस्।",
  alreadyInWishlist: "यो सामान इच्छासूचीमा पहिल्यै छ!",
  productUnavailable: "यो सामान अब उपलब्ध छैन",
  idempotencyKey: "Idempotency-Key मा ८ देखि १०० वटा अक्षर, अङ्क, थोप्ला, कोलन, ड्यास वा अन्डरस्कोर मात्र हुन सक्छन्",
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
  "Please send the form from the page.": "कृपया फारम पेजबाटै पठाउनुहोस्।",
  "The form is too long.": "फारम धेरै लामो भयो।",
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
  "Cancellation request declined": "रद्द गर्ने अनुरोध अस्वीकार भयो",
  [RETURN_NOTE.requested]: "ग्राहकले फिर्ता गर्न अनुरोध गर्नुभयो; पसलले सामान लिने व्यवस्था मिलाउनेछ",
  [RETURN_NOTE.declined]: "फिर्ता गर्ने अनुरोध अस्वीकार भयो",
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
  [PRINT_MSG.jobNotFound, "छपाइको काम भेटिएन"],
  [PRINT_MSG.alreadyPrinted, "यो लाइन पहिल्यै छापिएको भनेर चिनो लगाइसकिएको छ"],
  [PRINT_MSG.notInQueue, "यो लाइन छपाइ सूचीमा छैन: यसको अर्डर तिरिएको वा पक्का भएको छैन, वा पठाइसकिएको वा रद्द भइसकेको छ"],
  [PRINT_MSG.nothingToPrint, "यो लाइनमा छाप्नुपर्ने केही छैन"],
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
  ["Payment failed with status", "भुक्तानी असफल भयो, अवस्था"],
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

/**
 * The admin panel's texts and refusals (the panel is English, but the API answers an admin's request in its language).
 * Keyed by the English text: admin.ts holds Zod, which the storefront's shared chunk must not load (docs/decisions/116),
 * so only its type is imported, and the type still demands a Nepali text for every ADMIN_MSG text.
 */
const ADMIN_NE: { [K in (typeof ADMIN_MSG)[keyof typeof ADMIN_MSG]]: string } = {
  "Loading products...": "सामानहरू लोड हुँदैछन्...",
  "Failed to load users": "प्रयोगकर्ताहरू लोड हुन सकेनन्",
  "Failed to load orders": "अर्डरहरू लोड हुन सकेनन्",
  "Failed to load blogs": "लेखहरू लोड हुन सकेनन्",
  "Failed to load categories": "वर्गहरू लोड हुन सकेनन्",
  "Failed to load order details": "अर्डरको विवरण लोड हुन सकेन",
  "No orders found.": "कुनै अर्डर भेटिएन।",
  "Error displaying shipping address": "ढुवानी ठेगाना देखाउन सकिएन",
  "Category created": "वर्ग बन्यो",
  "Category created successfully!": "वर्ग सफलतापूर्वक बन्यो!",
  "Category updated successfully!": "वर्ग सफलतापूर्वक अद्यावधिक भयो!",
  "Category deleted successfully!": "वर्ग सफलतापूर्वक मेटाइयो!",
  "Failed to create category": "वर्ग बनाउन सकिएन",
  "Error saving category. Please try again.": "वर्ग सुरक्षित गर्न सकिएन। कृपया फेरि प्रयास गर्नुहोस्।",
  "Error deleting category. Please try again.": "वर्ग मेटाउन सकिएन। कृपया फेरि प्रयास गर्नुहोस्।",
  "Are you sure you want to delete this category?": "के तपाईं यो वर्ग मेटाउन निश्चित हुनुहुन्छ?",
  "User created successfully!": "प्रयोगकर्ता सफलतापूर्वक बन्यो!",
  "User updated successfully!": "प्रयोगकर्ता सफलतापूर्वक अद्यावधिक भयो!",
  "User deleted successfully!": "प्रयोगकर्ता सफलतापूर्वक मेटाइयो!",
  "User role updated successfully!": "प्रयोगकर्ताको भूमिका सफलतापूर्वक अद्यावधिक भयो!",
  "Error saving user. Please try again.": "प्रयोगकर्ता सुरक्षित गर्न सकिएन। कृपया फेरि प्रयास गर्नुहोस्।",
  "Error deleting user. Please try again.": "प्रयोगकर्ता मेटाउन सकिएन। कृपया फेरि प्रयास गर्नुहोस्।",
  "Error updating user role. Please try again.": "प्रयोगकर्ताको भूमिका बदल्न सकिएन। कृपया फेरि प्रयास गर्नुहोस्।",
  "Are you sure you want to delete this user?": "के तपाईं यो प्रयोगकर्ता मेटाउन निश्चित हुनुहुन्छ?",
  "Order status updated successfully!": "अर्डरको अवस्था सफलतापूर्वक अद्यावधिक भयो!",
  "Order deleted successfully!": "अर्डर सफलतापूर्वक मेटाइयो!",
  "Error updating order status. Please try again.": "अर्डरको अवस्था बदल्न सकिएन। कृपया फेरि प्रयास गर्नुहोस्।",
  "Error deleting order. Please try again.": "अर्डर मेटाउन सकिएन। कृपया फेरि प्रयास गर्नुहोस्।",
  "Are you sure you want to delete this blog post?": "के तपाईं यो लेख मेटाउन निश्चित हुनुहुन्छ?",
  "Blog created successfully!": "लेख सफलतापूर्वक बन्यो!",
  "Blog updated successfully!": "लेख सफलतापूर्वक अद्यावधिक भयो!",
  "Blog deleted successfully!": "लेख सफलतापूर्वक मेटाइयो!",
  "Error saving blog. Please try again.": "लेख सुरक्षित गर्न सकिएन। कृपया फेरि प्रयास गर्नुहोस्।",
  "Error deleting blog. Please try again.": "लेख मेटाउन सकिएन। कृपया फेरि प्रयास गर्नुहोस्।",
  "Another product already uses this slug. Choose a different slug.": "यो स्लग अर्को सामानले पहिल्यै प्रयोग गरेको छ। अर्कै स्लग छान्नुहोस्।",
  "Slug must contain at least one letter or number": "स्लगमा कम्तीमा एउटा अक्षर वा अङ्क हुनुपर्छ",
  "Sale price must be lower than the price": "छुटको मूल्य मूल्यभन्दा कम हुनुपर्छ",
  "Choose an existing product category": "सामानका वर्गहरूमध्ये अहिले भएकै एउटा वर्ग छान्नुहोस्",
  "A category with this name already exists in this tab": "यो ट्याबमा यही नामको वर्ग पहिल्यै छ",
  "This category is inactive. Choose an active category, or make this one active first.": "यो वर्ग निष्क्रिय छ। सक्रिय वर्ग छान्नुहोस्, वा पहिले यसलाई सक्रिय गर्नुहोस्।",
  "Choose the category's type: PRODUCT or BLOG": "वर्गको प्रकार छान्नुहोस्: PRODUCT वा BLOG",
  "Category name must be at most 100 characters": "वर्गको नाम बढीमा १०० अक्षरको हुन सक्छ",
  "Price must be a number (in paisa)": "मूल्य अङ्कमा हुनुपर्छ (पैसामा)",
  "Price must be a whole number of paisa (1 rupee = 100 paisa)": "मूल्य पैसामा पूर्ण अङ्क हुनुपर्छ (१ रुपैयाँ = १०० पैसा)",
  "Price must be at most Rs. 10,00,000": "मूल्य बढीमा रु. १०,००,००० हुन सक्छ",
  "Sale price must be a number (in paisa)": "छुटको मूल्य अङ्कमा हुनुपर्छ (पैसामा)",
  "Sale price must be a whole number of paisa (1 rupee = 100 paisa)": "छुटको मूल्य पैसामा पूर्ण अङ्क हुनुपर्छ (१ रुपैयाँ = १०० पैसा)",
  "Sale price must be at most Rs. 10,00,000": "छुटको मूल्य बढीमा रु. १०,००,००० हुन सक्छ",
  "Stock must be at most 1,00,000 per size": "हरेक साइजको स्टक बढीमा १,००,००० हुन सक्छ",
  "Send the images as a file upload (multipart/form-data)": "फोटोहरू फाइल अपलोडका रूपमा पठाउनुहोस् (multipart/form-data)",
  "Shop name is required": "पसलको नाम आवश्यक छ",
  "Shop name must be at most 100 characters": "पसलको नाम बढीमा १०० अक्षरको हुन सक्छ",
  "Phone must be at most 40 characters": "फोन बढीमा ४० अक्षरको हुन सक्छ",
  "Legal name must be at most 200 characters": "कानुनी नाम बढीमा २०० अक्षरको हुन सक्छ",
  "Registered address must be at most 300 characters": "दर्ता भएको ठेगाना बढीमा ३०० अक्षरको हुन सक्छ",
  "Invoice prefix must be at most 12 characters": "बिल नम्बरको सुरुको भाग बढीमा १२ अक्षरको हुन सक्छ",
  "Free shipping above must be a whole number of paisa, 0 or more": "निःशुल्क ढुवानीको सीमा पैसामा ० वा बढीको पूर्ण अङ्क हुनुपर्छ",
  "The fee inside Kathmandu Valley must be a whole number of paisa, 0 or more": "काठमाडौं उपत्यकाभित्रको ढुवानी शुल्क पैसामा ० वा बढीको पूर्ण अङ्क हुनुपर्छ",
  "The fee elsewhere in Nepal must be a whole number of paisa, 0 or more": "नेपालका अरू ठाउँको ढुवानी शुल्क पैसामा ० वा बढीको पूर्ण अङ्क हुनुपर्छ",
  "Printing fee must be at most Rs. 1,00,000": "छपाइ शुल्क बढीमा रु. १,००,००० हुन सक्छ",
  "Each figure must be at most 20 characters": "हरेक आँकडा बढीमा २० अक्षरको हुन सक्छ",
  "A product can have at most 10 images": "एउटा सामानमा बढीमा १० वटा फोटो हुन सक्छन्",
  "A product can list at most 20 features": "एउटा सामानमा बढीमा २० वटा विशेषता हुन सक्छन्",
  "Each feature must be at most 200 characters": "हरेक विशेषता बढीमा २०० अक्षरको हुन सक्छ",
  "A feature cannot be empty": "विशेषता खाली हुन सक्दैन",
  "A product can list at most 20 specifications": "एउटा सामानमा बढीमा २० वटा विशेषता हुन सक्छन्",
  "Each specification name must be at most 60 characters": "हरेक विशेषताको नाम बढीमा ६० अक्षरको हुन सक्छ",
  "A specification needs a name": "हरेक विशेषताको नाम चाहिन्छ",
  "Each specification value must be at most 200 characters": "हरेक विशेषताको मान बढीमा २०० अक्षरको हुन सक्छ",
  "A specification value cannot be empty": "विशेषताको मान खाली हुन सक्दैन",
  "A specification name cannot contain a colon or a line break": "विशेषताको नाममा कोलन (:) वा नयाँ लाइन हुन सक्दैन",
  "A specification value must be on one line": "विशेषताको मान एउटै लाइनमा हुनुपर्छ",
  "Each specification name can be listed once": "हरेक विशेषताको नाम एक पटक मात्र लेख्न सकिन्छ",
  "Each Nepali value needs an English specification of the same name": "हरेक नेपाली मानका लागि उही नामको अङ्ग्रेजी विशेषता चाहिन्छ",
  "The address must be at most 200 characters": "ठेगाना बढीमा २०० अक्षरको हुन सक्छ",
  "The file is not an image we can read (use JPEG, PNG, WebP or AVIF)": "यो फाइल हामीले पढ्न सक्ने फोटो होइन (JPEG, PNG, WebP वा AVIF प्रयोग गर्नुहोस्)",
  "The image is too large (at most 8 MB)": "फोटो धेरै ठूलो भयो (बढीमा ८ MB)",
  "The image is too large (at most 5 MB)": "फोटो धेरै ठूलो भयो (बढीमा ५ MB)",
  "Choose one image file": "एउटा फोटो फाइल छान्नुहोस्",
  "The featured image was not found. Upload it again.": "मुख्य फोटो भेटिएन। फेरि अपलोड गर्नुहोस्।",
  "Another blog post already uses this slug. Choose a different slug.": "यो स्लग अर्को लेखले पहिल्यै प्रयोग गरेको छ। अर्कै स्लग छान्नुहोस्।",
  "Choose an existing blog category": "लेखका वर्गहरूमध्ये अहिले भएकै एउटा वर्ग छान्नुहोस्",
  "Title is required": "शीर्षक आवश्यक छ",
  "Category is required": "वर्ग आवश्यक छ",
  "Content is required": "सामग्री आवश्यक छ",
  "Blog not found": "लेख भेटिएन",
  "Image not found": "फोटो भेटिएन",
  "A user with this email already exists": "यो इमेलको प्रयोगकर्ता पहिल्यै छ",
  "User not found": "प्रयोगकर्ता भेटिएन",
  "You cannot remove your own administrator role": "तपाईं आफ्नै एडमिन भूमिका हटाउन सक्नुहुन्न",
  "You cannot deactivate your own account": "तपाईं आफ्नै खाता निष्क्रिय गर्न सक्नुहुन्न",
  "You cannot delete your own account": "तपाईं आफ्नै खाता मेटाउन सक्नुहुन्न",
  "The last administrator cannot be removed, demoted or deactivated": "अन्तिम एडमिनलाई हटाउन, भूमिका घटाउन वा निष्क्रिय गर्न सकिँदैन",
  "Order not found": "अर्डर भेटिएन",
  "Message not found": "सन्देश भेटिएन",
  "Notification not found": "सूचना भेटिएन",
  "This notification is still being sent": "यो सूचना अझै पठाइँदैछ",
  "Choose at least one image": "कम्तीमा एउटा फोटो छान्नुहोस्",
  "List every image of the product exactly once": "सामानका सबै फोटो ठ्याक्कै एक-एक पटक राख्नुहोस्",
  "must list every image of the product exactly once": "सामानका सबै फोटो ठ्याक्कै एक-एक पटक हुनुपर्छ",
  "The primary image must be one of the product's images": "मुख्य फोटो यही सामानका फोटोमध्ये एउटा हुनुपर्छ",
  "is not an image of this product": "यो सामानको फोटो होइन",
  "Malformed upload": "अपलोड बिग्रिएको छ",
  "No Bikram Sambat calendar data for that period": "त्यो अवधिको विक्रम संवत् पात्रो उपलब्ध छैन",
  "Only cancelled orders, or unpaid orders whose payment time has expired, can be deleted. Cancel this order instead.":
    "रद्द भएका अर्डर, वा भुक्तानीको समय सकिएका नतिरिएका अर्डर मात्र मेटाउन सकिन्छ। बरु यो अर्डर रद्द गर्नुहोस्।",
  "A paid or refunded order is kept as a money record and cannot be deleted": "तिरिएको वा रकम फिर्ता भएको अर्डर पैसाको अभिलेखका रूपमा राखिन्छ, मेटाउन सकिँदैन",
  "Cash can be marked collected only for a delivered cash-on-delivery order that is not yet paid":
    "डेलिभर भइसकेको, अझै नतिरिएको क्यास अन डेलिभरी अर्डरको मात्र नगद उठ्यो भनेर चिनो लगाउन सकिन्छ",
  "A paid order is cancelled by approving its refund": "तिरिएको अर्डर रकम फिर्ता स्वीकृत गरेर रद्द गरिन्छ",
  "This Khalti or eSewa order is not paid yet: it moves to Processing by itself when its payment arrives, or it can be cancelled": "यो खल्ती वा इसेवा अर्डरको भुक्तानी भएको छैन: भुक्तानी आएपछि यो आफैँ तयारीमा जान्छ, नत्र रद्द गर्न सकिन्छ",
  "Only a paid order that has not shipped can be refunded": "पठाइनसकेको तिरिएको अर्डरको मात्र रकम फिर्ता गर्न सकिन्छ",
  "The refund cannot be more than the order total": "फिर्ता रकम अर्डरको जम्माभन्दा बढी हुन सक्दैन",
  "This order has no cancellation request": "यो अर्डर रद्द गर्ने अनुरोध छैन",
  "This order has no open return request": "यो अर्डर फिर्ता गर्ने खुला अनुरोध छैन",
  "The customer asked again meanwhile: read the new request before answering it": "ग्राहकले बीचमै फेरि अनुरोध गर्नुभयो: जवाफ दिनुअघि नयाँ अनुरोध पढ्नुहोस्",
  "Another administrator changed this while you had it open: reopen it to see their change, then make yours": "तपाईंले खोलिराख्दा अर्को प्रशासकले यसलाई बदल्नुभयो: उहाँको परिवर्तन हेर्न फेरि खोल्नुहोस्, अनि आफ्नो परिवर्तन गर्नुहोस्",
  "The customer asked to cancel this order: approve the refund or decline the request before shipping it": "ग्राहकले यो अर्डर रद्द गर्न अनुरोध गर्नुभएको छ: पठाउनुअघि रकम फिर्ता स्वीकृत गर्नुहोस् वा अनुरोध अस्वीकार गर्नुहोस्",
  "Refund recorded; the order is cancelled": "रकम फिर्ता अभिलेख भयो; अर्डर रद्द भयो",
  "Only an order that has left the shop (shipped, out for delivery or delivered) can be recorded as returned": "पसलबाट पठाइसकिएको (पठाइएको, डेलिभरीका लागि निस्किएको वा डेलिभर भएको) अर्डर मात्र फिर्ता आएको भनेर अभिलेख गर्न सकिन्छ",
  "A returned parcel is recorded with Record return, which records its refund too": "फिर्ता आएको पार्सल “फिर्ता अभिलेख गर्नुहोस्” बाट अभिलेख गरिन्छ, जसले रकम फिर्ता पनि अभिलेख गर्छ",
  "This order was paid: give the refund's method and reference to record its return": "यो अर्डरको भुक्तानी भइसकेको छ: फिर्ता अभिलेख गर्न रकम फिर्ताको माध्यम र सन्दर्भ दिनुहोस्",
  "Nothing was paid for this order, so there is no refund to record": "यो अर्डरको कुनै भुक्तानी भएको थिएन, त्यसैले अभिलेख गर्नुपर्ने रकम फिर्ता छैन",
  "Return recorded": "फिर्ता अभिलेख भयो",
  "An order whose parcel left the shop is kept as its record and cannot be deleted": "पार्सल पसलबाट पठाइसकिएको अर्डर अभिलेखका रूपमा राखिन्छ, मेटाउन सकिँदैन",
  "This cash-on-delivery order was delivered: mark its cash collected first, then record the return with its refund": "यो क्यास अन डेलिभरी अर्डर डेलिभर भइसकेको छ: पहिले नगद बुझेको चिनो लगाउनुहोस्, अनि रकम फिर्तासहित सामान फिर्ता अभिलेख गर्नुहोस्",
};

/** The live channel's texts (toasts and its own refusals). */
const LIVE_NE: [string, string][] = [
  [LIVE_MSG.authFailed, "जडान प्रमाणित हुन सकेन"],
  [LIVE_MSG.paymentPaid, "भुक्तानी सफलतापूर्वक पूरा भयो!"],
  [LIVE_MSG.paymentFailed, "भुक्तानी असफल भयो। कृपया फेरि प्रयास गर्नुहोस्।"],
  [LIVE_MSG.profileUpdated, "प्रोफाइल अद्यावधिक भयो!"],
  [LIVE_MSG.orderNotFound, "अर्डर भेटिएन"],
];

/**
 * The schemas' own literal messages (packages/contracts: the admin forms, the API's query and body checks). The
 * ones that only name an API field ("productId is required") are for developers and come from FIELD_TEMPLATES_NE.
 */
const SCHEMA_NE: Record<string, string> = {
  "must be a number": "अङ्क हुनुपर्छ",
  "must not be negative": "ऋणात्मक हुनु हुँदैन",
  "is too large": "धेरै ठूलो भयो",
  "must be true or false": "true वा false हुनुपर्छ",
  "sortOrder must be asc or desc": "sortOrder asc वा desc हुनुपर्छ",
  "Country must be Nepal, India or Other": "देश नेपाल, भारत वा अन्य हुनुपर्छ",
  "PAN must be exactly 9 digits": "प्यान ठ्याक्कै ९ अङ्कको हुनुपर्छ",
  "Enter the PAN/VAT number before turning VAT on: a Tax Invoice must show it": "भ्याट सुरु गर्नुअघि प्यान/भ्याट नम्बर लेख्नुहोस्: कर बिजकमा यो देखिनुपर्छ",
  "Only published posts are listed here": "यहाँ प्रकाशित लेख मात्र देखिन्छन्",
  // the admin forms
  "Size is required": "साइज आवश्यक छ",
  "Stock is required": "स्टक आवश्यक छ",
  "Stock must be a whole number": "स्टक पूर्ण अङ्क हुनुपर्छ",
  "Stock cannot be negative": "स्टक ऋणात्मक हुन सक्दैन",
  "Product name is required": "सामानको नाम आवश्यक छ",
  "Description is required": "विवरण आवश्यक छ",
  "Price is required": "मूल्य आवश्यक छ",
  "Price must be greater than 0": "मूल्य ० भन्दा बढी हुनुपर्छ",
  "Sale price must be greater than 0": "छुटको मूल्य ० भन्दा बढी हुनुपर्छ",
  "Add at least one size with its stock": "कम्तीमा एउटा साइज र त्यसको स्टक थप्नुहोस्",
  "Each size may appear only once": "एउटा साइज एक पटक मात्र राख्न सकिन्छ",
  "Brand is required": "ब्रान्ड आवश्यक छ",
  "Printing fee must be a whole number of paisa": "छपाइ शुल्क पैसामा पूर्ण अङ्क हुनुपर्छ",
  "Printing fee cannot be negative": "छपाइ शुल्क ऋणात्मक हुन सक्दैन",
  "Each image may appear only once": "एउटा फोटो एक पटक मात्र राख्न सकिन्छ",
  "Category name is required": "वर्गको नाम आवश्यक छ",
  "amount must be a whole number of paisa": "रकम पैसामा पूर्ण अङ्क हुनुपर्छ",
  "amount must be at least 1 paisa": "रकम कम्तीमा १ पैसा हुनुपर्छ",
  "Reference is required": "सन्दर्भ नम्बर आवश्यक छ",
  "Please choose why you are sending it back": "कृपया फिर्ता गर्नुको कारण छान्नुहोस्",
  "requestedAt must be a date and time": "requestedAt मिति र समय हुनुपर्छ",
  "stockWas must be a whole number": "stockWas पूर्ण अङ्क हुनुपर्छ",
  "Content must be at most 200,000 characters": "सामग्री बढीमा २,००,००० अक्षरको हुन सक्छ",
  "Period must be a Bikram Sambat month like 2083-04 or a fiscal year like 2083/84": "अवधि २०८३-०४ जस्तो विक्रम संवत्‌को महिना वा २०८३/८४ जस्तो आर्थिक वर्ष हुनुपर्छ",
  "Invoice prefix may contain letters, digits, - and / only": "बिल नम्बरको सुरुमा अक्षर, अङ्क, - र / मात्र हुन सक्छन्",
  // the admin forms' own checks in the browser (apps/web/app/components/admin)
  "Price is required (rupees, greater than 0)": "मूल्य आवश्यक छ (रुपैयाँमा, ० भन्दा बढी)",
  "Sale price must be an amount in rupees": "छुटको मूल्य रुपैयाँमा लेख्नुहोस्",
  "Stock is required for every size (a whole number, 0 or more)": "हरेक साइजको स्टक आवश्यक छ (० वा बढीको पूर्ण अङ्क)",
  "Printing fee must be an amount in rupees (empty: the store's default)": "छपाइ शुल्क रुपैयाँमा लेख्नुहोस् (खाली छोडे पसलको आफ्नै शुल्क लाग्छ)",
  "Links must start with https://, http://, mailto:, tel: or /": "लिङ्क https://, http://, mailto:, tel: वा / बाट सुरु हुनुपर्छ",
};

/** The order and payment statuses in Nepali: the storefront's status badges (apps/web/app/locales/ne.ts) and the templates. */
export const STATUS_WORDS_NE = {
  PENDING: "बाँकी",
  PROCESSING: "तयारीमा",
  SHIPPED: "पठाइयो",
  OUT_FOR_DELIVERY: "डेलिभरीका लागि निस्कियो",
  DELIVERED: "डेलिभर भयो",
  CANCELLED: "रद्द भयो",
  RETURNED: "फिर्ता आयो",
  PAID: "तिरिसकियो",
  FAILED: "असफल",
  REFUNDED: "रकम फिर्ता भयो",
} as const;

/** The words a template names: statuses and wallets. */
const WORDS_NE: Record<string, string> = { ...STATUS_WORDS_NE, KHALTI: "खल्ती", ESEWA: "इसेवा", CASH: "नगद", BANK_TRANSFER: "बैंक ट्रान्सफर" };

export const ORDER_TEMPLATE_NE: Texts<typeof ORDER_TEMPLATE> = {
  perItemMax: "एउटा सामान बढीमा {max} वटा मात्र अर्डर गर्न सकिन्छ",
  linesMax: "एउटा अर्डरमा बढीमा {max} किसिमका सामान हुन सक्छन्",
  wishlistFull: "तपाईंको इच्छासूची भरिएको छ: यसमा बढीमा {max} वटा सामान राख्न सकिन्छ। अर्को थप्न एउटा हटाउनुहोस्।",
  unitsMax: "एउटा अर्डरमा बढीमा {max} वटा सामान हुन सक्छन्",
  itemMax: "एउटा अर्डरमा {product} (साइज {size}) बढीमा {max} वटा मात्र हुन सक्छ",
  noLongerAvailable: "{product} अब उपलब्ध छैन",
  sizeUnavailable: "{product} को साइज {size} उपलब्ध छैन",
  colourUnavailable: "{product} को रङ {colour} उपलब्ध छैन",
  soldOut: "{product} (साइज {size}) स्टकमा छैन",
  onlyLeft: "{product} (साइज {size}) अब {n} वटा मात्र बाँकी छ",
  onlyLeftInSize: "साइज {size} मा {n} वटा मात्र बाँकी छ",
  oneItemMax: "एउटा अर्डरमा एउटै सामान बढीमा {max} वटा मात्र हुन सक्छ",
  priceDropped: "मूल्य {was} बाट घटेर {now} भयो",
  priceChanged: "मूल्य {was} बाट बदलिएर {now} भयो",
  openOrdersOne: "तपाईंको {max} वटा अर्डरको भुक्तानी बाँकी छ। अर्को अर्डर गर्नुअघि त्यसलाई तिर्नुहोस् वा रद्द गर्नुहोस्।",
  openOrdersMany: "तपाईंका {max} वटा अर्डरको भुक्तानी बाँकी छ। अर्को अर्डर गर्नुअघि कुनै एउटा तिर्नुहोस् वा रद्द गर्नुहोस्।",
  notConfirmable: "“{status}” अवस्थाको अर्डर पक्का गर्न सकिँदैन",
  paymentTransition: "“{from}” अवस्थाको भुक्तानी “{to}” मा बदल्न सकिँदैन",
  unprintedOne: "यो अर्डर अझै पठाउन मिल्दैन: नाम छाप्नुपर्ने एउटा लाइन छापिएको छैन: {list}। पहिले छपाइ सूचीमा त्यसलाई छापियो भनेर चिनो लगाउनुहोस्।",
  unprintedMany: "यो अर्डर अझै पठाउन मिल्दैन: नाम छाप्नुपर्ने {n} वटा लाइन छापिएका छैनन्: {list}। पहिले छपाइ सूचीमा तिनलाई छापियो भनेर चिनो लगाउनुहोस्।",
  walletStartFailed: "{wallet} ले यो भुक्तानी सुरु गर्न सकेन: {reason}",
  districtProvince: "{district} {province} प्रदेशमा पर्छ, {given} मा होइन",
  paidWithTransaction: "{wallet}बाट भुक्तानी भयो (कारोबार नम्बर {transaction})",
  paidWith: "{wallet}बाट भुक्तानी भयो",
  codNotConfirmed: "{n} मिनेटभित्र क्यास अन डेलिभरी पक्का भएन; अर्डर रद्द भयो र स्टक फिर्ता गरियो",
  cancellationApproved: "रद्द गर्ने अनुरोध स्वीकार भयो; {amount} {method} मार्फत फिर्ता गरियो (सन्दर्भ {reference})",
  cancelledByShop: "पसलबाट अर्डर रद्द भयो; {amount} {method} मार्फत फिर्ता गरियो (सन्दर्भ {reference})",
  cancellationDeclined: "रद्द गर्ने अनुरोध अस्वीकार भयो: {note}",
  returnDeclined: "फिर्ता गर्ने अनुरोध अस्वीकार भयो: {note}",
  returnedRefunded: "{amount} {method} मार्फत फिर्ता गरियो (सन्दर्भ {reference})",
  returnedUnpaid: "कुनै रकम तिरिएको थिएन",
};

const ADMIN_TEMPLATE_NE: { [K in (typeof ADMIN_TEMPLATE)[keyof typeof ADMIN_TEMPLATE]]: string } = {
  "An order that is {from} cannot be changed to {to}": "“{from}” अवस्थाको अर्डरलाई “{to}” मा बदल्न सकिँदैन",
  "This category still has {n} product. Move it to another category before deleting it.": "यो वर्गमा अझै {n} वटा सामान छ। वर्ग मेटाउनुअघि त्यसलाई अर्को वर्गमा सार्नुहोस्।",
  "This category still has {n} products. Move them to another category before deleting it.": "यो वर्गमा अझै {n} वटा सामान छन्। वर्ग मेटाउनुअघि तिनलाई अर्को वर्गमा सार्नुहोस्।",
  "This category still has {n} blog post. Move it to another category before deleting it.": "यो वर्गमा अझै {n} वटा लेख छ। वर्ग मेटाउनुअघि त्यसलाई अर्को वर्गमा सार्नुहोस्।",
  "This category still has {n} blog posts. Move them to another category before deleting it.": "यो वर्गमा अझै {n} वटा लेख छन्। वर्ग मेटाउनुअघि तिनलाई अर्को वर्गमा सार्नुहोस्।",
  "This category still has {n} product. Move it to another category before changing this category's type.": "यो वर्गमा अझै {n} वटा सामान छ। वर्गको प्रकार बदल्नुअघि त्यसलाई अर्को वर्गमा सार्नुहोस्।",
  "This category still has {n} products. Move them to another category before changing this category's type.": "यो वर्गमा अझै {n} वटा सामान छन्। वर्गको प्रकार बदल्नुअघि तिनलाई अर्को वर्गमा सार्नुहोस्।",
  "This category still has {n} blog post. Move it to another category before changing this category's type.": "यो वर्गमा अझै {n} वटा लेख छ। वर्गको प्रकार बदल्नुअघि त्यसलाई अर्को वर्गमा सार्नुहोस्।",
  "This category still has {n} blog posts. Move them to another category before changing this category's type.": "यो वर्गमा अझै {n} वटा लेख छन्। वर्गको प्रकार बदल्नुअघि तिनलाई अर्को वर्गमा सार्नुहोस्।",
  "This category still has {n} product. Move it to another category before making this category inactive.": "यो वर्गमा अझै {n} वटा सामान छ। वर्ग निष्क्रिय गर्नुअघि त्यसलाई अर्को वर्गमा सार्नुहोस्।",
  "This category still has {n} products. Move them to another category before making this category inactive.": "यो वर्गमा अझै {n} वटा सामान छन्। वर्ग निष्क्रिय गर्नुअघि तिनलाई अर्को वर्गमा सार्नुहोस्।",
  "This category still has {n} blog post. Move it to another category before making this category inactive.": "यो वर्गमा अझै {n} वटा लेख छ। वर्ग निष्क्रिय गर्नुअघि त्यसलाई अर्को वर्गमा सार्नुहोस्।",
  "This category still has {n} blog posts. Move them to another category before making this category inactive.": "यो वर्गमा अझै {n} वटा लेख छन्। वर्ग निष्क्रिय गर्नुअघि तिनलाई अर्को वर्गमा सार्नुहोस्।",
  "This order changed meanwhile (it is now {status}): look at it again before recording its return": "यो अर्डर यसैबीच बदलियो (अहिले “{status}”): फिर्ता अभिलेख गर्नुअघि फेरि हेर्नुहोस्",
};

/**
 * Messages built from a field name, a limit or a name: the schemas' (`{field}`: an API field such as productId, kept
 * as it is; `{max}`: the limit the schema was given, so the Nepali follows the constant) and the message functions'.
 */
const FIELD_TEMPLATES_NE: [string, string][] = [
  ["{field} is required", "{field} आवश्यक छ"],
  ["{field} are required", "{field} आवश्यक छन्"],
  ["{field} is too long", "{field} धेरै लामो भयो"],
  ["{field} is too large", "{field} धेरै ठूलो भयो"],
  ["{field} must be text", "{field} अक्षरमा हुनुपर्छ"],
  ["{field} must be a whole number", "{field} पूर्ण अङ्क हुनुपर्छ"],
  ["{field} must be at least {max}", "{field} कम्तीमा {max} हुनुपर्छ"],
  ["{field} must be true or false", "{field} true वा false हुनुपर्छ"],
  ["{field} must be one of {list}", "{field} यीमध्ये एउटा हुनुपर्छ: {list}"],
  ["{field} must be at most {max} characters", "{field} बढीमा {max} अक्षरको हुन सक्छ"],
  ["must be at most {max} characters", "बढीमा {max} अक्षरको हुन सक्छ"],
  ["Must be at most {max} characters", "बढीमा {max} अक्षरको हुन सक्छ"],
  ["Title must be at most {max} characters", "शीर्षक बढीमा {max} अक्षरको हुन सक्छ"],
  ["At most {max} players", "बढीमा {max} जना खेलाडी हुन सक्छन्"],
  ["Must be an https address on {site}, or empty", "{site} को https ठेगाना हुनुपर्छ, नभए खाली छोड्नुहोस्"],
  [PRINT_MSG.notPersonalisable("{product}"), "{product} मा नाम छाप्न मिल्दैन"],
  [PRINT_MSG.unknownPlayer("{product}"), "यो खेलाडी {product} को सूचीमा छैन"],
  [LIVE_MSG.newOrder("{id}"), "नयाँ अर्डर #{id} आयो!"],
];

/**
 * Placeholders whose value is a number (Devanagari digits in Nepali), an amount ("Rs. 1,200" → "रु. १,२००") or a status
 * or wallet (its Nepali word).
 */
const NUMBER_KEYS = new Set(["n", "max"]);
const AMOUNT_KEYS = new Set(["was", "now", "amount"]);
const WORD_KEYS = new Set(["status", "from", "to", "wallet", "method"]);

type Template = { pattern: RegExp; keys: string[]; nepali: string };

/**
 * The longest value a template's placeholder takes (a product name is at most 200 characters) and the longest message
 * tried against the templates. A client can make a message echo its own text (Zod's `Unrecognized key: "…"` repeats a
 * body's key, up to the 1 MB body limit), and a pattern with two lazy groups costs the square of the text's length when
 * it fails: with no bound, 300 KB of `" (size "` kept the event loop for 9 s. No message a template writes is longer.
 */
const TEMPLATE_VALUE_MAX = 300;
export const TEMPLATE_MESSAGE_MAX = 800;

/** An English template as a pattern that reads the values back out of a filled message. */
function compile(english: string, nepali: string): Template {
  const keys: string[] = [];
  const source = english
    .split(/(\{\w+\})/)
    .map((part) => {
      const key = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!key) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      keys.push(key);
      return NUMBER_KEYS.has(key) ? "(\\d[\\d,]{0,30})" : key === "field" ? "([a-z][A-Za-z_]{0,60})" : `(.{1,${TEMPLATE_VALUE_MAX}}?)`;
    })
    .join("");
  return { pattern: new RegExp(`^${source}$`, "s"), keys, nepali };
}

function nepaliValue(key: string, value: string): string {
  if (NUMBER_KEYS.has(key)) return toNepaliDigits(value);
  if (AMOUNT_KEYS.has(key)) return toNepaliDigits(value.replace("Rs.", "रु."));
  if (WORD_KEYS.has(key)) return WORDS_NE[value.toUpperCase().replaceAll(" ", "_")] ?? value;
  return value;
}

/**
 * Tried in order, those that start with their own words first: a template that starts with a value ("{product} is no
 * longer available") would otherwise read the end of a staff note ("Cancellation request declined: {note}") as its own.
 */
const TEMPLATES: Template[] = [...pairs(ORDER_TEMPLATE, ORDER_TEMPLATE_NE), ...Object.entries(ADMIN_TEMPLATE_NE), ...FIELD_TEMPLATES_NE]
  .sort(([a], [b]) => Number(a.startsWith("{")) - Number(b.startsWith("{")))
  .map(([en, ne]) => compile(en, ne));

/** A filled template's message in Nepali, or null when no template wrote it. */
function fromTemplate(text: string): string | null {
  if (text.length > TEMPLATE_MESSAGE_MAX) return null;
  for (const t of TEMPLATES) {
    const match = t.pattern.exec(text);
    if (match) return fillMessage(t.nepali, Object.fromEntries(t.keys.map((key, i) => [key, nepaliValue(key, match[i + 1]!)])));
  }
  return null;
}

const NEPALI_BY_ENGLISH = new Map<string, string>([
  ...pairs(MSG, MSG_NE),
  ...pairs(AUTH_MSG, AUTH_MSG_NE),
  ...pairs(ADDRESS_MSG, ADDRESS_MSG_NE),
  ...pairs(PAYMENT_MSG, PAYMENT_MSG_NE),
  ...pairs(CONTENT_MSG, CONTENT_MSG_NE),
  ...pairs(ORDER_MSG, ORDER_MSG_NE),
  ...Object.entries(ADMIN_NE),
  ...LIVE_NE,
  ...Object.entries(SCHEMA_NE),
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
  const whole = NEPALI_BY_ENGLISH.get(text) ?? fromTemplate(text);
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
