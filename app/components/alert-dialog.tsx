import type { ReactNode } from "react";
import { Dialog, Heading } from "react-aria-components";
import { ModalSheet } from "./modal-sheet.tsx";

/**
 * An "are you sure?" dialog for a step that cannot be undone (React Aria: role alertdialog named by
 * its title, focus held inside and returned to what opened it, Escape and a click outside close
 * it, the page behind does not scroll; spec §9's modal). Inside a `DialogTrigger` it opens with its
 * trigger; otherwise the caller opens it with `isOpen`. `tone="danger"` colours the title for a
 * step that takes something away.
 */
export function AlertDialog({
  title,
  children,
  actions,
  isOpen,
  onOpenChange,
  tone = "default",
  testId,
}: {
  title: string;
  children: ReactNode;
  actions: (close: () => void) => ReactNode;
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  tone?: "default" | "danger";
  testId?: string;
}) {
  return (
    <ModalSheet {...(isOpen === undefined ? {} : { isOpen })} {...(onOpenChange ? { onOpenChange } : {})}>
      <Dialog role="alertdialog" className="outline-none" data-testid={testId}>
        {({ close }) => (
          <>
            <Heading
              slot="title"
              className={`text-lg font-bold ${tone === "danger" ? "text-danger-700" : "text-slate-900"}`}
            >
              {title}
            </Heading>
            {children}
            <div className="mt-5 flex flex-wrap justify-end gap-2">{actions(close)}</div>
          </>
        )}
      </Dialog>
    </ModalSheet>
  );
}
