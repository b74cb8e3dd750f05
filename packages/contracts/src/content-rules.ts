// Texts and limits of the blog, contact form, newsletter and reviews as plain values (no Zod).

/** Texts of the blog, contact form, newsletter and reviews (docs/product-rules.md §1, §12). */
export const CONTENT_MSG = {
  blogNotFound: "Blog not found",
  contactSent: "Thank you for your message! We will reply by e-mail within 24 hours.",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  subjectInvalid: "Please choose a subject",
  messageRequired: "Message is required",
  messageMin: "Message must be at least 10 characters",
  messageMax: "Message must be at most 5000 characters",
  newsletterSubscribed: "Thanks for subscribing! Check your inbox for a confirmation.",
  newsletterAlready: "This email is already subscribed to our newsletter.",
  newsletterUnsubscribed: "You have been unsubscribed. You will not receive our newsletter any more.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
  reviewNotEligible: "You can review a product after an order containing it has been delivered.",
  reviewDuplicate: "You have already reviewed this product. You can edit your review instead.",
  reviewNotFound: "Review not found",
  reviewNotYours: "You can only change your own review.",
  ratingInvalid: "Rating must be a whole number from 1 to 5",
  commentMax: "Review must be at most 2000 characters",
} as const;

export const CONTACT_SUBJECTS = ["General Inquiry", "Product Question", "Order Support", "Technical Issue", "Feedback"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
/** The subjects as a Nepali page's form names them and the Nepali confirmation e-mail repeats them (docs/decisions/131). */
export const CONTACT_SUBJECTS_NE: Record<ContactSubject, string> = {
  "General Inquiry": "सामान्य जिज्ञासा",
  "Product Question": "सामानबारे प्रश्न",
  "Order Support": "अर्डरमा सहायता",
  "Technical Issue": "प्राविधिक समस्या",
  Feedback: "सुझाव",
};

export const REVIEW_COMMENT_MAX = 2000;
