/**
 * The cancel prompt (spec §4): a modal <dialog> naming the order number, with
 * 'cancel order' and 'keep order'. Focus starts on 'keep order' (the choice
 * that changes nothing) and stays inside; Escape and a backdrop click keep
 * the order. A refusal or failure is said inside the prompt, and the order is
 * unchanged; on success the prompt closes and the caller says so (and takes focus).
 */
import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import type { Order } from '../../../backend/orders.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';
import { $cancelling, cancelOrder } from '../state/orders.ts';
import ModalDialog from '../../../shared/ui/ModalDialog.tsx';
import { closeModal } from '../../../shared/ui/dialog.ts';
import '../../../shared/ui/modal.css';

export default function CancelDialog({
  order,
  t,
  onClose,
}: {
  /** The order to ask about; null keeps the prompt closed. */
  order: Order | null;
  t: Translate<LabelKey<'orders'>>;
  /** The prompt closed: with the cancelled order, or null when it was kept. */
  onClose: (cancelled: Order | null) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const busy = useStore($cancelling) !== null;
  /** Why the last try failed: the API's reason, null when nothing is known; undefined before any failure. */
  const [failure, setFailure] = useState<string | null | undefined>(undefined);
  const titleId = useId();
  const textId = useId();

  // Closed here before the caller hears of it: while the modal is open the page is inert and cannot take focus.
  // Kept, focus goes back to the button that asked; cancelled, the caller moves it.
  const shut = (cancelled: Order | null) => {
    if (dialog.current) closeModal(dialog.current, cancelled === null);
    onClose(cancelled);
  };

  const keep = () => {
    if (busy) return;
    shut(null);
  };

  const confirm = async () => {
    if (!order || busy) return;
    setFailure(undefined);
    const result = await cancelOrder(order.id);
    if (result.ok) shut(result.order);
    else setFailure(result.detail);
  };

  return (
    <ModalDialog
      ref={dialog}
      open={order !== null}
      onOpen={() => setFailure(undefined)}
      className="modal orders-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      close={keep}
      data-testid="cancel-dialog"
    >
      {order && (
        <div className="orders-dialog-body">
          <h2 id={titleId}>{t('isl.orders.cancel_title', { number: order.number })}</h2>
          <p id={textId}>{t('isl.orders.cancel_text')}</p>
          {failure !== undefined && (
            <p className="orders-failure" role="alert" data-testid="cancel-failure">
              {t('isl.orders.cancel_failed')} {failure ?? t('isl.orders.try_later')}
            </p>
          )}
          <div className="orders-actions">
            {/* aria-disabled rather than disabled while the call is on its way: the focused button keeps focus. */}
            <button
              type="button"
              className="orders-danger"
              aria-disabled={busy}
              aria-busy={busy}
              onClick={() => void confirm()}
              data-testid="cancel-confirm"
            >
              {busy ? t('isl.orders.cancelling') : t('isl.orders.cancel_confirm')}
            </button>
            <button
              type="button"
              className="orders-secondary"
              aria-disabled={busy}
              onClick={keep}
              data-autofocus
              data-testid="cancel-keep"
            >
              {t('isl.orders.cancel_keep')}
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
