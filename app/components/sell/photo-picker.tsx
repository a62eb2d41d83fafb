import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Button, GridList, GridListItem, type Key, useDragAndDrop } from "react-aria-components";
import { PHOTOS_MAX } from "#core/catalog/limits.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

export type ExistingPhoto = { id: number; thumbUrl: string };

/** A photo in the form's order: one the listing has, or a file the member just chose. */
type Entry = { key: string; url: string } & ({ kind: "keep"; id: number } | { kind: "new"; file: File });

const UPLOAD_TYPES = "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif";

/** `list` with the entries of `moved` taken out and put before or after `target`. */
function reorder(list: Entry[], moved: Set<Key>, target: Key, position: "before" | "after" | "on"): Entry[] {
  const taken = list.filter((e) => moved.has(e.key));
  const rest = list.filter((e) => !moved.has(e.key));
  const at = rest.findIndex((e) => e.key === target);
  if (at < 0) return list;
  const index = position === "after" ? at + 1 : at;
  return [...rest.slice(0, index), ...taken, ...rest.slice(index)];
}

function move(list: Entry[], from: number, to: number): Entry[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

/** The tile's controls under its photo: as wide as a third of the tile each, 32 px high. */
const controlClass =
  "flex h-8 min-w-0 flex-1 items-center justify-center rounded bg-slate-100 text-sm text-slate-700 ring-1 ring-slate-200 hover:bg-slate-200 disabled:opacity-30";

/**
 * A file picker hidden in its label opens on Space by itself; Enter opens it too, as a button would.
 */
function openOnEnter(event: React.KeyboardEvent<HTMLInputElement>) {
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
  event.preventDefault();
  const input = event.currentTarget;
  try {
    input.showPicker();
  } catch {
    input.click();
  }
}

let counter = 0;
const newEntries = (files: File[]): Entry[] =>
  files.map((file) => ({ key: `new-${++counter}`, kind: "new", file, url: URL.createObjectURL(file) }));

/**
 * The listing's photos. Without JavaScript: the listing's photos with a "remove" box each, and two
 * file pickers (camera, album) whose files are sent as they are. Once hydrated: one list of every
 * photo, kept and new, that can be put in order by dragging (mouse, touch, or the keyboard through
 * each photo's handle) or with its 前へ/後へ buttons, and pickers that add to it; the form then
 * sends the new files in one field in the order shown, and `photoOrder` says how kept and new mix.
 */
export function PhotoPicker({ existing, error }: { existing: ExistingPhoto[]; error?: string | undefined }) {
  const t = useTranslations("catalog");
  const id = useId();
  const [photos, setPhotos] = useState<Entry[]>(() =>
    existing.map((p) => ({ key: `keep-${p.id}`, kind: "keep", id: p.id, url: p.thumbUrl })),
  );
  const [enhanced, setEnhanced] = useState(false);
  const [full, setFull] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);
  const upload = useRef<HTMLInputElement>(null);

  const add = (files: File[]) => {
    if (files.length === 0) return;
    const room = Math.max(0, PHOTOS_MAX - photos.length);
    setFull(files.length > room);
    setPhotos([...photos, ...newEntries(files.slice(0, room))]);
  };

  // Once hydrated, the list takes over: carry over the boxes ticked and the files chosen before.
  useLayoutEffect(() => {
    const removed = new Set(
      Array.from(
        list.current?.querySelectorAll<HTMLInputElement>('input[name="removePhoto"]:checked') ?? [],
        (box) => `keep-${box.value}`,
      ),
    );
    const chosen = [camera.current, album.current].flatMap((input) => Array.from(input?.files ?? []));
    setPhotos((current) => {
      const kept = current.filter((p) => !removed.has(p.key));
      return [...kept, ...newEntries(chosen.slice(0, Math.max(0, PHOTOS_MAX - kept.length)))];
    });
    for (const input of [camera.current, album.current]) if (input) input.value = "";
    setEnhanced(true);
  }, []);

  // The new files go in one field, in the order shown.
  useEffect(() => {
    if (!enhanced || !upload.current) return;
    const transfer = new DataTransfer();
    for (const p of photos) if (p.kind === "new") transfer.items.add(p.file);
    upload.current.files = transfer.files;
  }, [photos, enhanced]);

  // Previews are let go when they leave the list, and all of them when the form goes.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const now = new Set(photos.filter((p) => p.kind === "new").map((p) => p.url));
    for (const url of urls.current) if (!now.has(url)) URL.revokeObjectURL(url);
    urls.current = now;
  }, [photos]);
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const { dragAndDropHooks } = useDragAndDrop<Entry>({
    getItems: (keys) => [...keys].map((key) => ({ "text/plain": String(key) })),
    onReorder: (e) => setPhotos((current) => reorder(current, e.keys, e.target.key, e.target.dropPosition)),
  });

  let newIndex = 0;
  const order = photos.map((p) => (p.kind === "keep" ? `keep:${p.id}` : `new:${newIndex++}`)).join(",");
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ""}`;
  const pickerClass =
    "inline-flex h-11 cursor-pointer items-center justify-center gap-1.5 rounded-full px-5 text-sm font-semibold focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600";

  return (
    <div>
      <p id={`${id}-label`} className="text-sm font-semibold text-slate-800">
        {t("formPhotos")}
      </p>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {t("formPhotosHint")}
        {enhanced && photos.length > 1 && <span className="block">{t("photosReorderHint")}</span>}
      </p>
      {enhanced ? (
        <>
          {photos.map(
            (p) => p.kind === "keep" && <input key={p.key} type="hidden" name="keepPhoto" value={p.id} />,
          )}
          <input type="hidden" name="photoOrder" value={order} />
          <input ref={upload} type="file" name="newPhotos" multiple hidden tabIndex={-1} aria-hidden="true" />
          {photos.length > 0 && (
            <GridList
              aria-label={t("photos")}
              items={photos}
              layout="grid"
              dependencies={[photos]}
              dragAndDropHooks={dragAndDropHooks}
              className="mt-2 grid grid-cols-3 gap-x-4 gap-y-3 pt-3 pr-3 sm:grid-cols-4"
              data-testid="photo-list"
            >
              {(p) => {
                const i = photos.indexOf(p);
                return (
                  <GridListItem
                    id={p.key}
                    textValue={t("photoAlt", { n: i + 1 })}
                    className="relative rounded-lg outline-none data-dragging:opacity-50 data-drop-target:ring-2 data-drop-target:ring-brand-600 data-focus-visible:ring-2 data-focus-visible:ring-brand-600"
                    data-testid="photo-item"
                  >
                    {/* The photo is left whole: its controls sit below it, and 外す at its corner. */}
                    <div className="relative">
                      <img
                        src={p.url}
                        alt={t("photoAlt", { n: i + 1 })}
                        className="aspect-square w-full rounded-lg object-cover"
                        draggable={false}
                      />
                      {i === 0 && (
                        <span className="absolute bottom-1 left-1 rounded bg-brand-600 px-1.5 text-xs font-semibold text-white">
                          {t("photoCover")}
                        </span>
                      )}
                      <Button
                        onPress={() => setPhotos((list) => list.filter((x) => x.key !== p.key))}
                        aria-label={`${t("removePhoto")} (${i + 1})`}
                        className="absolute -top-3 -right-3 flex size-7 items-center justify-center rounded-full bg-white text-base leading-none text-slate-700 shadow ring-1 ring-slate-300 hover:bg-slate-100"
                        data-testid="photo-remove"
                      >
                        ×
                      </Button>
                    </div>
                    <div className="mt-1 flex gap-1">
                      <Button
                        onPress={() => setPhotos((list) => move(list, i, i - 1))}
                        isDisabled={i === 0}
                        aria-label={`${t("movePhotoUp")} (${i + 1})`}
                        className={controlClass}
                      >
                        ←
                      </Button>
                      <Button
                        slot="drag"
                        aria-label={`${t("dragPhoto")} (${i + 1})`}
                        className={`${controlClass} cursor-grab`}
                      >
                        ⠿
                      </Button>
                      <Button
                        onPress={() => setPhotos((list) => move(list, i, i + 1))}
                        isDisabled={i === photos.length - 1}
                        aria-label={`${t("movePhotoDown")} (${i + 1})`}
                        className={controlClass}
                      >
                        →
                      </Button>
                    </div>
                  </GridListItem>
                );
              }}
            </GridList>
          )}
        </>
      ) : (
        existing.length > 0 && (
          <ul ref={list} className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={t("photos")}>
            {existing.map((p, i) => (
              <li key={p.id}>
                <input type="hidden" name="keepPhoto" value={p.id} />
                <img
                  src={p.thumbUrl}
                  alt={t("photoAlt", { n: i + 1 })}
                  className="aspect-square w-full rounded-lg object-cover"
                />
                <label className="mt-1 flex items-center gap-1 text-xs">
                  <input type="checkbox" name="removePhoto" value={p.id} />
                  {t("removePhoto")}
                </label>
              </li>
            ))}
          </ul>
        )
      )}
      {/* On a phone the camera comes first; a desk has no camera to open, only files. */}
      <div className="mt-3 flex flex-wrap gap-2">
        <label className={`${pickerClass} bg-brand-600 text-white hover:bg-brand-700 md:hidden`}>
          <input
            ref={camera}
            type="file"
            name={enhanced ? undefined : "newPhotos"}
            accept="image/*"
            capture="environment"
            className="sr-only"
            onKeyDown={openOnEnter}
            aria-describedby={describedBy}
            disabled={enhanced && photos.length >= PHOTOS_MAX}
            onChange={(e) => {
              if (!enhanced) return;
              add(Array.from(e.currentTarget.files ?? []));
              e.currentTarget.value = "";
            }}
          />
          <span id={`${id}-camera`}>{t("takePhoto")}</span>
        </label>
        <label
          className={`${pickerClass} bg-brand-50 text-brand-700 ring-1 ring-brand-200 hover:bg-brand-100`}
        >
          <input
            ref={album}
            // The error summary's link to the photos leads here.
            id="newPhotos"
            type="file"
            name={enhanced ? undefined : "newPhotos"}
            multiple
            accept={UPLOAD_TYPES}
            className="sr-only"
            onKeyDown={openOnEnter}
            aria-labelledby={`${id}-label ${id}-album`}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            disabled={enhanced && photos.length >= PHOTOS_MAX}
            onChange={(e) => {
              if (!enhanced) return;
              add(Array.from(e.currentTarget.files ?? []));
              e.currentTarget.value = "";
            }}
          />
          <span id={`${id}-album`}>
            <span className="md:hidden">{t("choosePhotos")}</span>
            <span className="hidden md:inline">{t("choosePhotoFiles")}</span>
          </span>
        </label>
      </div>
      {full && (
        <p className="mt-1 text-sm text-amber-800" role="status">
          {t("photosFull", { max: PHOTOS_MAX })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger-600" data-testid="error-photos">
          {error}
        </p>
      )}
    </div>
  );
}
