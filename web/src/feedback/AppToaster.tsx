/**
 * Where the app's notices show (the one Toaster, top centre). Its code (ToastHost) loads when the first
 * notice is asked for; should that fail (offline, a release replaced the file), the waiting notices are
 * dropped, their moment gone, and the next notice tries again.
 */
import { useEffect, useState } from 'react';
import { onDemand } from '../components/on-demand';
import { toastQueue } from './toast-queue';

const Host = onDemand(() => import('./ToastHost').then((m) => m.ToastHost));

export function AppToaster() {
  const [loaded, setLoaded] = useState(Host.isLoaded);

  useEffect(() => {
    if (loaded) return undefined;
    return toastQueue.listen(() => {
      Host.load().then(
        () => setLoaded(true),
        () => void toastQueue.take(),
      );
    });
  }, [loaded]);

  return loaded ? <Host.Component /> : null;
}
