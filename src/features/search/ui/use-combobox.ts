/**
 * An ARIA 1.2 combobox's behaviour for a text input and its listbox: open on
 * focus or typing, closed a moment after blur (a click on an option lands
 * first), the arrow keys move the active option (the input itself is
 * position -1: down from the last option or up from the first goes back to
 * it), Enter picks the active option, Escape closes (or, already closed,
 * does what the box says). The input keeps the focus throughout: the active
 * option is named by aria-activedescendant.
 */
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

const CLOSE_DELAY_MS = 200;

export interface OptionProps {
  id: string;
  role: 'option';
  'aria-selected': boolean;
  onMouseDown: (event: MouseEvent) => void;
  onMouseEnter: () => void;
  onClick: () => void;
}

export function useCombobox<O extends { id: string }>({
  listId,
  options,
  hasContent,
  onPick,
  onFocus,
  onEscape,
}: {
  /** The listbox's id. */
  listId: string;
  options: readonly O[];
  /** Whether the open box has something to show: it is expanded only then. */
  hasContent: boolean;
  /** An option chosen with Enter or a click. */
  onPick: (option: O) => void;
  /** What focusing the input also does. */
  onFocus?: () => void;
  /** Escape on a closed box: answers whether it did anything (the key's default is then prevented). */
  onEscape?: () => boolean;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const expanded = open && hasContent;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const focus = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
    onFocus?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const count = options.length;
      setActive((current) =>
        step > 0 ? (current + 1 >= count ? -1 : current + 1) : current - 1 < -1 ? count - 1 : current - 1,
      );
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (onEscape?.()) event.preventDefault();
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      onPick(activeOption);
    }
  };

  return {
    expanded,
    close,
    /** The focus handler, also for an input that had the focus before the box could listen. */
    focus,
    /** The text changed: the box opens with no option active. */
    typed: () => {
      setOpen(true);
      setActive(-1);
    },
    inputProps: {
      role: 'combobox' as const,
      'aria-expanded': expanded,
      'aria-controls': listId,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': activeOption?.id,
      onFocus: focus,
      onBlur: () => {
        closeTimer.current = setTimeout(close, CLOSE_DELAY_MS);
      },
      onKeyDown,
    },
    /** An option's attributes and handlers: aria-selected marks the active one. */
    optionProps: (option: O): OptionProps => {
      const i = options.indexOf(option);
      return {
        id: option.id,
        role: 'option',
        'aria-selected': i === active,
        // A press keeps the input's focus: the box must not close before the click.
        onMouseDown: (event: MouseEvent) => event.preventDefault(),
        onMouseEnter: () => setActive(i),
        onClick: () => onPick(option),
      };
    },
  };
}
