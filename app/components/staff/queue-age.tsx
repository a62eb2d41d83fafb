import { useAge } from "./age.ts";

/** How long a queue item has waited, in bold with the queue's 「期限超過」 tag once past its target. */
export function QueueAge({
  ageMs,
  overdue,
  overdueLabel,
  testId,
}: {
  ageMs: number;
  overdue: boolean;
  /** The queue's own word for "past the target". */
  overdueLabel: string;
  testId?: string;
}) {
  const age = useAge();
  return (
    <span className={overdue ? "font-bold text-danger-700" : ""} data-testid={testId}>
      {age(ageMs)}
      {overdue && (
        <span className="ml-2 rounded bg-danger-600 px-1.5 py-0.5 text-[10px] font-bold text-white">
          {overdueLabel}
        </span>
      )}
    </span>
  );
}
