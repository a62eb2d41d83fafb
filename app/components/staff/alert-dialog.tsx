import type { ComponentProps } from "react";
import { AlertDialog as SharedAlertDialog } from "../alert-dialog.tsx";

/** The back office's "are you sure?" dialog: the shared one, its title in the danger colour. */
export function AlertDialog(props: Omit<ComponentProps<typeof SharedAlertDialog>, "tone">) {
  return <SharedAlertDialog tone="danger" {...props} />;
}
