/**
 * The app's one Fluent Toaster, loaded by AppToaster with the first notice: it shows the notices waiting
 * in the queue and each one asked for afterwards.
 */
import { Toast, Toaster, ToastTitle, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { toastQueue } from './toast-queue';

const TOASTER_ID = 'app-toaster';

export function ToastHost() {
  const { dispatchToast } = useToastController(TOASTER_ID);

  // The Toaster below listens from its own effect, which React runs before this one: nothing is lost.
  useEffect(
    () =>
      toastQueue.listen(() => {
        for (const { intent, text, timeoutMs } of toastQueue.take()) {
          dispatchToast(
            <Toast>
              <ToastTitle>{text}</ToastTitle>
            </Toast>,
            { intent, timeout: timeoutMs, politeness: intent === 'error' || intent === 'warning' ? 'assertive' : 'polite' },
          );
        }
      }),
    [dispatchToast],
  );

  // Top centre: over the header's greeting, which nobody clicks. At the top right a notice covered for
  // its seconds the header's buttons, a drawer's close button (the contact saved in its drawer) and the
  // ticket's buttons (a note added); the bottom holds the composer and the dialogs' actions.
  return <Toaster toasterId={TOASTER_ID} position="top" pauseOnHover limit={4} />;
}
