import { z } from "zod";
import { CONTACT_SUBJECTS, CONTENT_MSG, REVIEW_COMMENT_MAX } from "./content-rules.js";
import { PageParam, PaginationSchema, SearchQueryText, limitParam } from "./api.js";


// ---------------------------------------------------------------- blog
export const BlogImageSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string() });

export const BlogPostSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  /** Nepali versions (docs/decisions/089); null: the English text is shown. */
  titleNe: z.string().nullable(),
  excerptNe: z.string().nullable(),
  author: z.object({ name: z.string() }),
  categoryId: z.string().nullable(),
  /** `nameNe`: the category's Nepali name, where one is written (docs/decisions/117). */
  category: z.object({ id: z.string(), name: z.string(), slug: z.string(), nameNe: z.string().nullable() }).nullable(),
  featuredImage: BlogImageSchema.nullable(),
  featured: z.boolean(),
  publishedAt: z.string(),
  createdAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const BlogPostSchema = BlogPostSummarySchema.extend({
  /** Sanitised HTML (allow-list). */
  content: z.string(),
  contentNe: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  keywords: z.array(z.string()),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

/**
 * `GET /api/blogs`. Public calls only ever see published posts: `published` is accepted for the
 * specification's `?published=true` and cannot widen the list.
 */
export const ListBlogsQuerySchema = z
  .object({
    published: z.enum(["true", "1"], { error: "Only published posts are listed here" }).optional(),
    page: PageParam,
    limit: limitParam(12),
    q: SearchQueryText.optional(),
    /** A blog category slug or id. */
    category: z.string().trim().max(200).optional(),
    categoryId: z.string().trim().max(200).optional(),
    /** A post id to leave out (related posts). */
    exclude: z.string().max(200).optional(),
  })
  .strict();
export type ListBlogsQuery = z.input<typeof ListBlogsQuerySchema>;

export const BlogListSchema = z.object({
  blogs: z.array(BlogPostSummarySchema),
  pagination: PaginationSchema,
});
export type BlogList = z.infer<typeof BlogListSchema>;

// ---------------------------------------------------------------- contact form

const EmailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Invalid email address")
  .pipe(z.email("Invalid email address"));

/** One schema for the contact form and `POST /api/contact`. */
export const ContactInputSchema = z.object({
  firstName: z.string({ error: CONTENT_MSG.firstNameRequired }).trim().min(1, CONTENT_MSG.firstNameRequired).max(50, "First name must be at most 50 characters"),
  lastName: z.string({ error: CONTENT_MSG.lastNameRequired }).trim().min(1, CONTENT_MSG.lastNameRequired).max(50, "Last name must be at most 50 characters"),
  email: EmailField,
  phone: z
    .string()
    .trim()
    .max(20, "Invalid phone number format")
    .refine((v) => v === "" || /^\+?[\d\s-]{7,20}$/.test(v), "Invalid phone number format")
    .optional(),
  subject: z.enum(CONTACT_SUBJECTS, { error: CONTENT_MSG.subjectInvalid }),
  message: z.string({ error: CONTENT_MSG.messageRequired }).trim().min(1, CONTENT_MSG.messageRequired).min(10, CONTENT_MSG.messageMin).max(5000, CONTENT_MSG.messageMax),
});
export type ContactInput = z.infer<typeof ContactInputSchema>;

// ---------------------------------------------------------------- newsletter
export const NewsletterInputSchema = z.object({ email: EmailField });
export type NewsletterInput = z.infer<typeof NewsletterInputSchema>;
export const UnsubscribeInputSchema = z.object({ token: z.string().trim().min(1, CONTENT_MSG.unsubscribeInvalid).max(200, CONTENT_MSG.unsubscribeInvalid) });

// ---------------------------------------------------------------- reviews

/** Review text is plain text: it is stored as typed and always rendered as text, never as HTML. */
export const ReviewInputSchema = z.object({
  rating: z.number({ error: CONTENT_MSG.ratingInvalid }).int(CONTENT_MSG.ratingInvalid).min(1, CONTENT_MSG.ratingInvalid).max(5, CONTENT_MSG.ratingInvalid),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, CONTENT_MSG.commentMax).default(""),
});
export type ReviewInput = z.input<typeof ReviewInputSchema>;

export const ReviewVisibilityInputSchema = z.object({ hidden: z.boolean({ error: "hidden must be true or false" }) });

/** What shoppers see of a review: the reviewer's display name only, never their account. */
export const ReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  reviewer: z.object({ name: z.string() }),
  verifiedBuyer: z.boolean(),
  hidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListSchema = z.object({
  reviews: z.array(ReviewSchema),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type ReviewList = z.infer<typeof ReviewListSchema>;

/** The signed-in shopper's standing for one product: may they review, and their review if any. */
export const MyReviewSchema = z.object({ canReview: z.boolean(), review: ReviewSchema.nullable() });
export type MyReview = z.infer<typeof MyReviewSchema>;
