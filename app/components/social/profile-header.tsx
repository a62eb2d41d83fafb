import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import type { getPublicProfile } from "#core/social/profiles.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { Avatar } from "./avatar.tsx";

export type PublicProfile = Awaited<ReturnType<typeof getPublicProfile>>;
/** Who looks: a visitor is asked to log in; only members follow and block. */
export type ViewerKind = "visitor" | "member" | "other";

type FollowState = { done?: string; formError?: string } | undefined;

/** True once the page runs in the browser: forms then ask for data instead of a redirect. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Follow / unfollow: a plain POST without JavaScript; with it, a fetcher that switches at once and
 * lets the counts refresh behind it.
 */
function FollowButton({ profile, lang }: { profile: PublicProfile; lang: Locale }) {
  const t = useTranslations("people");
  const fetcher = useFetcher<FollowState>();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const pending = fetcher.formData?.get("intent");
  const following = pending ? pending === "follow" : profile.viewer.follows;
  return (
    <fetcher.Form
      method="post"
      action={`/${lang}/users/${profile.id}/`}
      className="flex flex-col items-stretch gap-1"
    >
      <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
      <input type="hidden" name="redirectTo" value={pathname} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <button
        type="submit"
        aria-pressed={following}
        className={`h-11 rounded-full px-6 text-sm font-semibold ${
          following
            ? "border border-brand-600 bg-white text-brand-700 hover:bg-brand-50"
            : "bg-brand-600 text-white hover:bg-brand-700"
        }`}
        data-testid="follow-button"
      >
        {following ? (
          <>
            {t("followingNow")}
            <span className="sr-only">{t("unfollowHint")}</span>
          </>
        ) : (
          t("follow")
        )}
      </button>
      {fetcher.data?.formError && (
        <p role="alert" className="text-sm text-danger-600">
          {fetcher.data.formError}
        </p>
      )}
    </fetcher.Form>
  );
}

function UnblockForm({
  profile,
  lang,
  className,
}: {
  profile: PublicProfile;
  lang: Locale;
  className: string;
}) {
  const t = useTranslations("people");
  const { pathname } = useLocation();
  return (
    <Form method="post" action={`/${lang}/users/${profile.id}/`}>
      <input type="hidden" name="intent" value="unblock" />
      <input type="hidden" name="redirectTo" value={pathname} />
      <button type="submit" className={className}>
        {t("unblock")}
      </button>
    </Form>
  );
}

/** A small menu (a disclosure, so it works without JavaScript) with block or unblock. */
function MoreMenu({ profile, lang }: { profile: PublicProfile; lang: Locale }) {
  const t = useTranslations("people");
  const { pathname, key } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // The menu closes once its choice has been made (a new page or the same page after a form).
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [key]);
  const item = "block w-full px-4 py-3 text-left text-sm font-medium hover:bg-slate-50";
  return (
    <details
      ref={menu}
      className="relative shrink-0"
      data-testid="profile-menu"
      onKeyDown={(e) => {
        if (e.key === "Escape" && menu.current?.open) {
          menu.current.open = false;
          menu.current.querySelector("summary")?.focus();
        }
      }}
    >
      <summary
        className="flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-xl text-slate-600 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label={t("moreActions")}
      >
        <span aria-hidden="true">…</span>
      </summary>
      <div className="absolute right-0 z-30 mt-1 w-48 overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-slate-200">
        {profile.viewer.blocked ? (
          <UnblockForm profile={profile} lang={lang} className={item} />
        ) : (
          <Link to={`${pathname}?confirm=block`} className={`${item} text-danger-600`} preventScrollReset>
            {t("block")}
          </Link>
        )}
      </div>
    </details>
  );
}

/** The confirm step before blocking: says what blocking does, then blocks or goes back. */
function BlockConfirm({ profile, lang }: { profile: PublicProfile; lang: Locale }) {
  const t = useTranslations("people");
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      role="alertdialog"
      aria-labelledby="block-confirm-title"
      aria-describedby="block-confirm-body"
      className="rounded-2xl bg-red-50 p-5 ring-1 ring-red-200"
      data-testid="block-confirm"
    >
      <h2
        id="block-confirm-title"
        ref={heading}
        tabIndex={-1}
        className="font-bold text-slate-900 outline-none"
      >
        {t("blockConfirmTitle", { nickname: profile.nickname })}
      </h2>
      <p id="block-confirm-body" className="mt-2 text-sm text-slate-700">
        {t("blockConfirmBody", { nickname: profile.nickname })}
      </p>
      <div className="mt-4 flex gap-3">
        <Form method="post" action={`/${lang}/users/${profile.id}/`} className="flex-1">
          <input type="hidden" name="intent" value="block" />
          <input type="hidden" name="redirectTo" value={pathname} />
          <button
            type="submit"
            className="h-11 w-full rounded-full bg-danger-600 text-sm font-semibold text-white hover:opacity-90"
          >
            {t("blockConfirm")}
          </button>
        </Form>
        <Link
          to={pathname}
          replace
          preventScrollReset
          className="flex h-11 flex-1 items-center justify-center rounded-full border border-slate-300 bg-white text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          {t("cancel")}
        </Link>
      </div>
    </section>
  );
}

/**
 * Who a member is, at the top of their profile and of its sub-pages: picture, nickname, badge,
 * introduction, counts linking to the lists, and what the viewer may do.
 */
export function ProfileHeader({
  profile,
  lang,
  viewerKind,
  headingLevel = 1,
  confirmBlock = false,
  formError,
}: {
  profile: PublicProfile;
  lang: Locale;
  viewerKind: ViewerKind;
  headingLevel?: 1 | 2;
  confirmBlock?: boolean;
  formError?: string | undefined;
}) {
  const t = useTranslations("people");
  const { pathname } = useLocation();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const { viewer } = profile;
  const canAct = viewerKind === "member" && !viewer.isSelf;
  const base = `/${lang}/users/${profile.id}/`;
  const counts = [
    { to: `${base}#listings`, label: t("listings"), value: profile.counts.listings, id: "listings" },
    { to: `${base}followers/`, label: t("followers"), value: profile.counts.followers, id: "followers" },
    { to: `${base}follows/`, label: t("following"), value: profile.counts.following, id: "following" },
  ];
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby="profile-name"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        data-testid="profile-header"
      >
        <div className="flex items-start gap-4">
          <Avatar url={profile.avatarUrl} nickname={profile.nickname} size="lg" />
          <div className="min-w-0 flex-1">
            <Heading id="profile-name" className="text-xl font-bold break-words">
              <Link to={base} className="hover:underline" data-testid="profile-nickname">
                {profile.nickname}
              </Link>
            </Heading>
            {profile.identityVerified && (
              <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                <span aria-hidden="true">✓</span>
                {t("identityVerified")}
              </p>
            )}
            <p className="mt-1 text-xs text-slate-500">
              {t("memberSince", { date: formatDate(profile.memberSince, lang) })}
            </p>
          </div>
          {canAct && <MoreMenu profile={profile} lang={lang} />}
        </div>
        <nav aria-label={t("counts")} className="mt-4">
          <ul className="grid grid-cols-3 divide-x divide-slate-200 text-center">
            {counts.map((c) => (
              <li key={c.id}>
                <Link
                  to={c.to}
                  className="block rounded-lg py-1 hover:bg-slate-50"
                  data-testid={`count-${c.id}`}
                >
                  <span className="block text-lg font-bold text-slate-900">{c.value}</span>
                  <span className="block text-xs text-slate-500">{c.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-4 text-sm whitespace-pre-line break-words text-slate-700">
          {profile.introduction || <span className="text-slate-500">{t("noIntroduction")}</span>}
        </p>
        <div className="mt-4 flex flex-col gap-2">
          {viewer.isSelf ? (
            <Link
              to={`/${lang}/settings/profile/`}
              className="flex h-11 items-center justify-center rounded-full border border-slate-300 bg-white text-sm font-semibold text-slate-700 hover:bg-slate-50"
            >
              {t("editProfile")}
            </Link>
          ) : viewerKind === "other" ? null : viewerKind === "visitor" ? (
            <Link
              to={`/${lang}/login/?redirect=${encodeURIComponent(pathname)}`}
              className="flex h-11 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t("loginToFollow")}
            </Link>
          ) : viewer.blockedByUser ? (
            <p
              className="rounded-lg bg-red-50 p-3 text-sm text-danger-600"
              role="status"
              data-testid="blocked-notice"
            >
              {t("blockedByUser")}
            </p>
          ) : viewer.blocked ? (
            <div className="flex flex-col gap-2 rounded-lg bg-slate-100 p-3" data-testid="you-blocked-notice">
              <p className="text-sm text-slate-700">{t("youBlocked")}</p>
              <UnblockForm
                profile={profile}
                lang={lang}
                className="h-10 w-full rounded-full border border-slate-300 bg-white text-sm font-semibold text-slate-700 hover:bg-slate-50"
              />
            </div>
          ) : (
            <FollowButton profile={profile} lang={lang} />
          )}
          {formError && (
            <p role="alert" className="text-sm text-danger-600">
              {formError}
            </p>
          )}
        </div>
      </section>
      {confirmBlock && canAct && !viewer.blocked && <BlockConfirm profile={profile} lang={lang} />}
    </div>
  );
}
