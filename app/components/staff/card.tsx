import type { ReactNode } from "react";

/** A titled white card of the back office. */
export function Card({
  title,
  children,
  id,
  testId,
}: {
  title: string;
  children: ReactNode;
  id: string;
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      data-testid={testId}
    >
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One label and its value in a card's description list; a page may set the columns' widths. */
export function Row({
  label,
  children,
  className = "grid grid-cols-[8rem_1fr] gap-2 py-1.5",
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
