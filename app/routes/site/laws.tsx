import { LawsNotationView } from "../../components/site/legal-document.tsx";
import { legalTexts } from "../../i18n/legal/index.ts";
import { langOf } from "../../lib/lang.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/laws";

export const handle = { back: "history" };

export function meta(args: Route.MetaArgs) {
  const doc = legalTexts(localeOf(args.location.pathname)).laws;
  return seo(args, { title: doc.title, description: doc.description });
}

export default function Page({ params }: Route.ComponentProps) {
  return <LawsNotationView doc={legalTexts(langOf(params)).laws} />;
}
