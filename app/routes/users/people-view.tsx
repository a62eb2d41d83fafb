import type { Locale } from "#core/shared/locale.ts";
import type { Page } from "../../components/paged-list.tsx";
import { PeopleList } from "../../components/social/people-list.tsx";
import type { Person } from "../../components/social/person-row.tsx";
import {
  ProfileHeader,
  type PublicProfile,
  type ViewerKind,
} from "../../components/social/profile-header.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";

/** A member's followers or the members they follow, under their profile header. */
export function PeopleView({
  direction,
  profile,
  people,
  viewerKind,
  lang,
}: {
  direction: "followers" | "follows";
  profile: PublicProfile;
  people: Page<Person>;
  viewerKind: ViewerKind;
  lang: Locale;
}) {
  const t = useTranslations("people");
  const title = t(direction === "followers" ? "followersTitle" : "followsTitle", {
    nickname: profile.nickname,
  });
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-xl font-bold">{title}</h1>
      <ProfileHeader profile={profile} lang={lang} viewerKind={viewerKind} headingLevel={2} />
      <section aria-label={title}>
        <PeopleList
          first={people}
          pageUrl={`/${lang}/users/${profile.id}/${direction}/page/`}
          lang={lang}
          label={title}
          empty={t(direction === "followers" ? "noFollowers" : "noFollows")}
        />
      </section>
    </div>
  );
}
