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

  return <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover limit={4} />;
}
