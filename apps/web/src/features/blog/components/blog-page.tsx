import { Bug, Calendar, Clock, Cpu, Droplets, Leaf, Search, ShieldCheck, User } from "lucide-react";
import { useId, useState, type ReactNode } from "react";

import { cn } from "@/components/ui/cn";
import { EnglishOnlyNotice } from "@/components/layouts/public-page-layout";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n/use-t";

import { blogCategories, blogPosts, type BlogPost } from "../data/posts";

type Filter = (typeof blogCategories)[number];

const imageStyles: Record<BlogPost["image"], { className: string; icon: ReactNode }> = {
  disease: {
    className: "from-rose-100 to-orange-100 text-rose-800",
    icon: <Bug aria-hidden="true" className="h-10 w-10" />,
  },
  water: {
    className: "from-sky-100 to-cyan-100 text-sky-800",
    icon: <Droplets aria-hidden="true" className="h-10 w-10" />,
  },
  safety: {
    className: "from-amber-100 to-yellow-100 text-amber-800",
    icon: <ShieldCheck aria-hidden="true" className="h-10 w-10" />,
  },
  sustainability: {
    className: "from-green-100 to-emerald-100 text-green-800",
    icon: <Leaf aria-hidden="true" className="h-10 w-10" />,
  },
  technology: {
    className: "from-indigo-100 to-sky-100 text-indigo-800",
    icon: <Cpu aria-hidden="true" className="h-10 w-10" />,
  },
};

export function filterPosts(posts: BlogPost[], search: string, category: Filter): BlogPost[] {
  const term = search.trim().toLowerCase();
  return posts.filter((post) => {
    if (category !== "All Posts" && post.category !== category) return false;
    if (!term) return true;
    return [post.title, post.excerpt, post.author, post.category, ...post.tags, ...post.content].some(
      (text) => text.toLowerCase().includes(term),
    );
  });
}

// The filter's values are the articles' English categories; the buttons show them translated.
const categoryLabels = {
  "All Posts": "pages.blog.category.all",
  "Disease Prevention": "pages.blog.category.disease",
  "Water Quality": "pages.blog.category.water",
  "Food Safety": "pages.blog.category.safety",
  Sustainability: "pages.blog.category.sustainability",
  Technology: "pages.blog.category.technology",
} as const satisfies Record<Filter, string>;

function PostCard({ post }: { post: BlogPost }) {
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();
  const image = imageStyles[post.image];
  const { t, date } = useT("pages");
  return (
    <li>
      <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <div
          aria-hidden="true"
          className={cn("flex h-32 items-center justify-center bg-gradient-to-br", image.className)}
        >
          {image.icon}
        </div>
        <div className="flex flex-1 flex-col p-5">
          <p className="text-xs font-semibold tracking-wide break-words text-teal-800">
            {t(categoryLabels[post.category])}
          </p>
          {/* The article itself is English only (the page says so): read out as English. */}
          <h2 lang="en" className="mt-1 text-lg font-semibold text-slate-900">
            {post.title}
          </h2>
          <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700">
            <span lang="en" className="flex items-center gap-1">
              <User aria-hidden="true" className="h-3.5 w-3.5" />
              {post.author}
            </span>
            <span className="flex items-center gap-1">
              <Calendar aria-hidden="true" className="h-3.5 w-3.5" />
              <time dateTime={post.date}>{date(`${post.date}T12:00:00+05:30`, "longDate")}</time>
            </span>
            <span className="flex items-center gap-1">
              <Clock aria-hidden="true" className="h-3.5 w-3.5" />
              {t("pages.blog.readTime", { minutes: post.readMinutes })}
            </span>
          </p>
          <p lang="en" className="mt-3 text-sm text-slate-800">
            {post.excerpt}
          </p>
          <div lang="en" id={contentId} hidden={!expanded} className="mt-3 space-y-2 text-sm text-slate-800">
            {post.content.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <ul lang="en" className="mt-3 flex flex-wrap gap-1.5" aria-label={t("pages.blog.tags")}>
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                #{tag}
              </li>
            ))}
          </ul>
          <div className="mt-auto pt-4">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={contentId}
              onClick={() => setExpanded((value) => !value)}
              className="text-sm font-semibold text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700 max-lg:min-h-11"
            >
              {expanded ? t("pages.blog.readLess") : t("pages.blog.readMore")}
            </button>
          </div>
        </div>
      </article>
    </li>
  );
}

/** `newsletterForm`: the sign-up form, composed by the route (it belongs to the newsletter feature). */
export function BlogPage({ newsletterForm }: { newsletterForm?: ReactNode }) {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<Filter>("All Posts");
  const posts = filterPosts(blogPosts, search, category);
  const { t } = useT("pages");

  return (
    <>
      <section aria-labelledby="blog-title" className="bg-gradient-to-br from-teal-800 to-sky-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h1 id="blog-title" className="text-3xl font-bold break-words sm:text-4xl">
            {t("pages.blog.title")}
          </h1>
          <p className="mt-3 max-w-2xl text-teal-50">{t("pages.blog.intro")}</p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 sm:px-6">
        <EnglishOnlyNotice>{t("pages.blog.englishOnly")}</EnglishOnlyNotice>
        <div className="space-y-4">
          <div className="relative max-w-md">
            <label htmlFor="blog-search" className="sr-only">
              {t("pages.blog.searchLabel")}
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-500"
            />
            <Input
              id="blog-search"
              type="search"
              placeholder={t("pages.blog.searchPlaceholder")}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-9"
            />
          </div>
          <div role="group" aria-label={t("pages.blog.categories")} className="flex flex-wrap gap-2">
            {blogCategories.map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={category === name}
                onClick={() => setCategory(name)}
                className={cn(
                  "rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 max-lg:min-h-11",
                  category === name
                    ? "border-teal-700 bg-teal-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
                )}
              >
                {t(categoryLabels[name])}
              </button>
            ))}
          </div>
        </div>

        {posts.length === 0 ? (
          <div
            role="status"
            className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center"
          >
            <p className="text-lg font-semibold text-slate-900">{t("pages.blog.empty.title")}</p>
            <p className="mt-1 text-sm text-slate-700">{t("pages.blog.empty.hint")}</p>
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </ul>
        )}

        <section
          aria-labelledby="newsletter-title"
          className="rounded-xl bg-teal-50 p-6 ring-1 ring-teal-200 sm:p-8"
        >
          <h2 id="newsletter-title" className="text-xl font-semibold break-words text-slate-900">
            {t("pages.newsletter.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t("pages.newsletter.intro")}</p>
          {newsletterForm}
        </section>
      </div>
    </>
  );
}
