import { useRef, useState } from "react";
import { useTranslations } from "../i18n/use-translations.ts";

export type GalleryPhoto = { id: number; largeUrl: string; thumbUrl?: string; width: number; height: number };

/**
 * A listing's photos: swiped one by one on a phone (scroll snapping, no script needed), with a row
 * of thumbnails beneath on wider screens that shows the chosen photo and which one is in view.
 */
export function ItemGallery({ photos, sold }: { photos: readonly GalleryPhoto[]; sold: boolean }) {
  const t = useTranslations("catalog");
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const show = (i: number) => {
    const list = strip.current;
    if (!list) return;
    list.scrollTo({ left: list.clientWidth * i, behavior: "smooth" });
    setCurrent(i);
  };
  const onScroll = () => {
    const list = strip.current;
    if (!list || list.clientWidth === 0) return;
    setCurrent(Math.round(list.scrollLeft / list.clientWidth));
  };
  return (
    <section aria-label={t("photos")} className="flex flex-col gap-2">
      <ul
        ref={strip}
        onScroll={onScroll}
        className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl bg-slate-100 [scrollbar-width:none]"
        data-testid="gallery"
      >
        {photos.map((p, i) => (
          <li key={p.id} className="relative w-full shrink-0 snap-center">
            <img
              src={p.largeUrl}
              alt={t("photoAlt", { n: i + 1 })}
              width={p.width}
              height={p.height}
              className="mx-auto aspect-square w-full max-w-[36rem] object-contain"
              {...(i === 0 ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
            />
            {sold && i === 0 && (
              <span className="absolute top-0 left-0 rounded-tl-2xl rounded-br-2xl bg-danger-600 px-4 py-2 text-lg font-bold text-white">
                SOLD
              </span>
            )}
          </li>
        ))}
      </ul>
      {photos.length > 1 && (
        <>
          <p className="text-center text-xs text-slate-500 md:hidden" aria-live="polite">
            {current + 1} / {photos.length}
          </p>
          <ul className="hidden flex-wrap gap-2 md:flex" data-testid="gallery-thumbnails">
            {photos.map((p, i) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => show(i)}
                  aria-label={t("showPhoto", { n: i + 1 })}
                  aria-current={i === current || undefined}
                  className={`block size-16 overflow-hidden rounded-lg bg-slate-100 ring-2 ${
                    i === current ? "ring-brand-600" : "ring-transparent hover:ring-slate-300"
                  }`}
                >
                  <img
                    src={p.thumbUrl ?? p.largeUrl}
                    alt=""
                    className="size-full object-contain"
                    loading="lazy"
                  />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
