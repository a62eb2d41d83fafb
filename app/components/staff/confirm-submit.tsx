import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { AlertDialog } from "../alert-dialog.tsx";

/**
 * Asks before a form's step that tells someone outside (an offer to the member, a shipment to the
 * buyer) goes out: the first submit opens the dialog, its confirm button submits the form for real.
 * Without JavaScript the form posts straight away, as before.
 */
export function useConfirmedSubmit(formRef: RefObject<HTMLFormElement | null>) {
  const [isOpen, setOpen] = useState(false);
  const confirmed = useRef(false);
  // Said on the form (`data-hydrated`), so a test knows a submit will ask first.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return {
    hydrated: hydrated ? "true" : undefined,
    onSubmit: (e: FormEvent<HTMLFormElement>) => {
      if (confirmed.current) {
        confirmed.current = false;
        return;
      }
      e.preventDefault();
      setOpen(true);
    },
    dialog: {
      isOpen,
      onOpenChange: setOpen,
      onConfirm: () => {
        confirmed.current = true;
        setOpen(false);
        formRef.current?.requestSubmit();
      },
    },
  };
}

/** The dialog `useConfirmedSubmit` opens: its confirm button has the focus, so Enter goes ahead. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  onConfirm,
  title,
  children,
  confirmLabel,
  cancelLabel,
  testId,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  testId: string;
}) {
  return (
    <AlertDialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      testId={testId}
      actions={(close) => (
        <>
          <button
            type="button"
            onClick={close}
            className="min-h-11 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            // biome-ignore lint/a11y/noAutofocus: the dialog's one expected answer, so Enter confirms
            autoFocus
            onClick={onConfirm}
            className="min-h-11 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {confirmLabel}
          </button>
        </>
      )}
    >
      <p className="mt-2 text-sm">{children}</p>
    </AlertDialog>
  );
}
