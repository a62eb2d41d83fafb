import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { Avatar } from "./avatar.tsx";

export type Person = { id: number; nickname: string; avatarUrl: string | null };

/** One member in a list: picture and nickname linking to their profile, and an optional button. */
export function PersonRow({
  person,
  lang,
  children,
}: {
  person: Person;
  lang: Locale;
  children?: ReactNode;
}) {
  return (
    <div
      className="flex items-center gap-3 border-b border-slate-100 bg-white px-4 py-3"
      data-testid="person-row"
    >
      <Link to={`/${lang}/users/${person.id}/`} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg">
        <Avatar url={person.avatarUrl} nickname={person.nickname} />
        <span className="truncate font-semibold text-slate-900" data-testid="person-nickname">
          {person.nickname}
        </span>
      </Link>
      {children}
    </div>
  );
}
