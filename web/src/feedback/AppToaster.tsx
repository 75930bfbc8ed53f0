/** The app's one Toaster; `useToast` (toast.tsx) sends its notices here. */
import { Toaster } from '@fluentui/react-components';
import { APP_TOASTER_ID } from './toast';

export function AppToaster() {
  return <Toaster toasterId={APP_TOASTER_ID} position="top-end" pauseOnHover limit={4} />;
}
