-- Earlier blog slugs: /blogs/{old} redirects permanently to the post's current slug (docs/decisions/061).
CREATE TABLE "blog_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_slug_history" ADD CONSTRAINT "blog_slug_history_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_slug_history_post_idx" ON "blog_slug_history" USING btree ("post_id");