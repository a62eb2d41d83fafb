import type { ReactNode } from "react";

/** What a list shows when it has nothing in it. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
      <p className="text-sm text-slate-600" data-testid="empty-state">
        {children}
      </p>
      {action}
    </div>
  );
}
