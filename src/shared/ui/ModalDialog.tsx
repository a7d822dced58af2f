/**
 * The islands' modal <dialog>, open while `open` is true (through dialog.ts:
 * focus moves in and goes back to the opener when it closes, or when it
 * leaves the page): Escape (the dialog's cancel event, the keyboard's way
 * out) closes it through `close`, Tab stays inside, and a click on the
 * backdrop closes it too unless it holds typing worth keeping.
 */
import { useEffect, useRef, type ComponentPropsWithRef, type Ref } from 'react';
import { closeModal, openModal, trapTab } from './dialog.ts';

type Props = Omit<ComponentPropsWithRef<'dialog'>, 'onClose' | 'open'> & {
  open: boolean;
  close: () => void;
  backdropCloses?: boolean;
  /** Where focus starts (default: the `[data-autofocus]` control, else the browser's first). */
  focus?: (dialog: HTMLDialogElement) => HTMLElement | null;
  /** Told as it opens (after the dialog is shown). */
  onOpen?: (dialog: HTMLDialogElement) => void;
};

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export default function ModalDialog({
  open,
  close,
  backdropCloses = true,
  focus,
  onOpen,
  ref,
  children,
  ...props
}: Props) {
  const own = useRef<HTMLDialogElement | null>(null);

  // The latest callbacks (often written inline), read when `open` changes: only a change of `open` acts, so a
  // dialog a caller closed itself is not opened again by a re-render.
  const latest = useRef({ focus, onOpen });
  useEffect(() => {
    latest.current = { focus, onOpen };
  });
  useEffect(() => {
    const node = own.current;
    if (!node) return;
    if (open && !node.open) {
      openModal(node, latest.current.focus);
      latest.current.onOpen?.(node);
    } else if (!open && node.open) closeModal(node);
  }, [open]);
  // Taken off the page while open (its island unmounts it): closed, and focus goes back.
  useEffect(() => {
    const node = own.current;
    return () => {
      if (node?.open) closeModal(node);
    };
  }, []);

  return (
    // The backdrop click is the pointer's shortcut for Escape, which the cancel event handles for the keyboard.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      {...props}
      ref={(node) => {
        own.current = node;
        setRef(ref, node);
      }}
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
