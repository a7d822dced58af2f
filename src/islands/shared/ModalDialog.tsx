/**
 * The islands' modal <dialog>: Escape (the dialog's cancel event, the
 * keyboard's way out) closes it through `close`, Tab stays inside, and a
 * click on the backdrop closes it too unless it holds typing worth keeping.
 */
import type { ComponentPropsWithRef } from 'react';
import { trapTab } from './dialog.ts';

export default function ModalDialog({
  close,
  backdropCloses = true,
  children,
  ...props
}: Omit<ComponentPropsWithRef<'dialog'>, 'onClose'> & { close: () => void; backdropCloses?: boolean }) {
  return (
    // The backdrop click is the pointer's shortcut for Escape, which the cancel event handles for the keyboard.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      {...props}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => trapTab(event, event.currentTarget)}
      onClick={(event) => {
        if (backdropCloses && event.target === event.currentTarget) close();
      }}
    >
      {children}
    </dialog>
  );
}
