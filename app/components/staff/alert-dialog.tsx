import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";

/**
 * The back office's "are you sure?" dialog (React Aria: focus held inside, Escape and a click
 * outside close it, the title names it). Inside a `DialogTrigger` it opens with its trigger;
 * otherwise the caller opens it with `isOpen`.
 */
export function AlertDialog({
  title,
  children,
  actions,
  isOpen,
  onOpenChange,
}: {
  title: string;
  children: ReactNode;
  actions: (close: () => void) => ReactNode;
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <ModalOverlay
      isDismissable
      {...(isOpen === undefined ? {} : { isOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
      className="fixed inset-0 z-[1000] flex items-center justify-center bg-slate-900/50 p-4"
    >
      <Modal className="w-full max-w-md rounded-2xl bg-white p-5 shadow-xl">
        <Dialog role="alertdialog" className="outline-none">
          {({ close }) => (
            <>
              <Heading slot="title" className="text-lg font-bold text-danger-700">
                {title}
              </Heading>
              {children}
              <div className="mt-5 flex flex-wrap justify-end gap-2">{actions(close)}</div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
