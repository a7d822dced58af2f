/**
 * Loaded on the first toast only: mounts sonner's Toaster once (top-centre,
 * 3 s, spec §2 and §9) in its own root, then shows messages.
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';
import 'sonner/dist/styles.css';
import type { ToastKind } from '../../stores/notify.ts';

export const TOAST_DURATION_MS = 3000;

let ready: Promise<void> | undefined;

function mount(): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    const host = document.createElement('div');
    host.id = 'toasts-root';
    document.body.append(host);
    createRoot(host).render(<Host onReady={resolve} />);
  });
  return ready;
}

/** The Toaster subscribes in an effect; a child's effects run first, so onReady means it listens. */
function Host({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return <Toaster position="top-center" duration={TOAST_DURATION_MS} visibleToasts={5} richColors />;
}

export async function showToast(kind: ToastKind, text: string, detail?: string): Promise<void> {
  await mount();
  const options = detail ? { description: detail } : {};
  if (kind === 'success') toast.success(text, options);
  else if (kind === 'error') toast.error(text, options);
  else toast(text, options);
}
