import { Link } from "react-router";
import type { AuthorCard as Author } from "#core/media/post-view.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

function Portrait({ author, size }: { author: Author; size: "sm" | "lg" }) {
  const box = size === "lg" ? "h-20 w-20 text-2xl" : "h-14 w-14 text-lg";
  return author.avatarUrl ? (
    <img src={author.avatarUrl} alt="" className={`${box} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700`}
    >
      {author.name.slice(0, 1)}
    </span>
  );
}

/** Who wrote an article: at its end, and as the head of the author's page. */
export function AuthorCard({
  author,
  heading,
  as = "aside",
}: {
  author: Author;
  heading?: string;
  as?: "aside" | "header";
}) {
  const t = useTranslations("media");
  const Tag = as;
  return (
    <Tag className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <Portrait author={author} size={as === "header" ? "lg" : "sm"} />
      <div className="min-w-0 flex-1">
        {heading && <p className="text-xs font-semibold text-slate-500">{heading}</p>}
        {as === "header" ? (
          <h1 className="text-xl font-bold">{author.name}</h1>
        ) : (
          <p className="font-bold">{author.name}</p>
        )}
        {author.role && <p className="text-sm text-slate-600">{author.role}</p>}
        {author.bio && <p className="mt-2 text-sm leading-relaxed text-slate-700">{author.bio}</p>}
        {as === "aside" && author.published && (
          <Link
            to={`/authors/${author.slug}/`}
            className="mt-2 inline-block text-sm font-semibold text-brand-700 underline"
          >
            {t("seeAuthor")}
          </Link>
        )}
      </div>
    </Tag>
  );
}
