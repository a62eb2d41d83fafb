import type { PostPage } from "#core/media/list-posts.ts";
import type { AuthorCard as Author } from "#core/media/post-view.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { AuthorCard } from "./author-card.tsx";
import { Pagination, PostList } from "./post-card.tsx";
import { PreviewNotice } from "./preview-notice.tsx";

/** An author's profile and their articles, page by page (`base` is page 1's address). */
export function AuthorPage({
  author,
  posts,
  base,
  query,
  preview = false,
}: {
  author: Author;
  posts: PostPage;
  base: string;
  query?: string;
  preview?: boolean;
}) {
  const t = useTranslations("media");
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      {preview && <PreviewNotice />}
      <AuthorCard author={author} as="header" />
      <section aria-labelledby="author-posts">
        <h2 id="author-posts" className="mb-3 text-lg font-bold">
          {t("authorArticles", { name: author.name })}
        </h2>
        <PostList
          posts={posts.posts}
          empty={t("noPosts")}
          label={t("authorArticles", { name: author.name })}
        />
        <Pagination base={base} page={posts.page} pageCount={posts.pageCount} {...(query ? { query } : {})} />
      </section>
    </div>
  );
}
