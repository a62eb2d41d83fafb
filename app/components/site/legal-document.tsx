import type { ReactNode } from "react";
import type { LawsNotation, LegalBlock, LegalDocument } from "../../i18n/legal/document.ts";

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p className="leading-relaxed">{block}</p>;
  return (
    <ul className="list-disc space-y-1 pl-5 leading-relaxed">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function Frame({
  title,
  lead,
  closing,
  children,
}: {
  title: string;
  lead?: string | undefined;
  closing: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {title}
      </h1>
      {lead && <p className="mt-4 text-sm leading-relaxed text-slate-700">{lead}</p>}
      <div className="mt-6 rounded-2xl bg-white p-5 text-sm text-slate-800 shadow-sm ring-1 ring-slate-200 sm:p-8">
        {children}
        <p className="mt-8 text-right text-xs text-slate-500">{closing}</p>
      </div>
    </article>
  );
}

/** Terms and privacy policy: numbered sections of paragraphs and lists. */
export function LegalDocumentView({ doc }: { doc: LegalDocument }) {
  return (
    <Frame title={doc.title} lead={doc.lead} closing={doc.closing}>
      <div className="space-y-8">
        {doc.sections.map((s) => (
          <section key={s.heading} className="space-y-3">
            <h2 className="text-base font-bold text-slate-900">{s.heading}</h2>
            {s.blocks.map((b, i) => (
              <Block key={typeof b === "string" ? b : i} block={b} />
            ))}
          </section>
        ))}
      </div>
    </Frame>
  );
}

/** The notation under the Specified Commercial Transactions Act: a table of terms and values. */
export function LawsNotationView({ doc }: { doc: LawsNotation }) {
  return (
    <Frame title={doc.title} lead={doc.lead} closing={doc.closing}>
      <dl className="divide-y divide-slate-200">
        {doc.rows.map((row) => (
          <div key={row.term} className="grid gap-2 py-4 sm:grid-cols-[12rem_1fr] sm:gap-6">
            <dt className="font-semibold text-slate-600">{row.term}</dt>
            <dd className="space-y-2">
              {row.value.map((b, i) => (
                <Block key={typeof b === "string" ? b : i} block={b} />
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </Frame>
  );
}
