import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { BlogPage } from "@/features/blog/components/blog-page";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";

export default function BlogRoute() {
  return (
    <PublicPageLayout>
      <BlogPage newsletterForm={<NewsletterForm />} />
    </PublicPageLayout>
  );
}
