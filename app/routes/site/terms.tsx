import { LegalDocumentView } from "../../components/site/legal-document.tsx";
import { legalTexts } from "../../i18n/legal/index.ts";
import { langOf } from "../../lib/lang.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/terms";

export const handle = { back: "history" };

export function meta(args: Route.MetaArgs) {
  const doc = legalTexts(localeOf(args.location.pathname)).terms;
  return seo(args, { title: doc.title, description: doc.description });
}

export default function Page({ params }: Route.ComponentProps) {
  return <LegalDocumentView doc={legalTexts(langOf(params)).terms} />;
}
