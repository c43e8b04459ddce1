import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { BlogPage } from "@/features/blog/components/blog-page";

export default function BlogRoute() {
  return (
    <PublicPageLayout>
      <BlogPage />
    </PublicPageLayout>
  );
}
