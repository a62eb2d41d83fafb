import { Form } from "react-router";

/**
 * Who is working a queue item, with the button to take it or let it go: a plain form posting
 * `intent=claim` or `intent=release` to the item's own page.
 */
export function ClaimForm({
  claimed,
  testId,
  labels,
}: {
  /** "○○さんが担当しています", or null when no one has it. */
  claimed: string | null;
  testId: string;
  labels: { unclaimed: string; claim: string; release: string };
}) {
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3 text-sm">
      {claimed ? (
        <>
          <span data-testid={testId}>{claimed}</span>
          <button
            type="submit"
            name="intent"
            value="release"
            className="rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold hover:bg-slate-50"
          >
            {labels.release}
          </button>
        </>
      ) : (
        <>
          <span className="text-slate-600">{labels.unclaimed}</span>
          <button
            type="submit"
            name="intent"
            value="claim"
            className="rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
          >
            {labels.claim}
          </button>
        </>
      )}
    </Form>
  );
}
