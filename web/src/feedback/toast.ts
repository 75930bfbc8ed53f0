/**
 * Short notices to the user (spec 1 §8, §9): catalogue errors for 1.5 s in the current language
 * (unknown codes raw), other notices for 3 s. They go to the one Toaster mounted in App (AppToaster),
 * so a notice survives the navigation it may cause, e.g. a sign-out. The error catalogue (every text in
 * every language) loads with the first error shown, and the Toaster's code with the first notice
 * (toast-queue.ts), not with every page.
 */
import { useMemo } from 'react';
import { useLanguage } from '../i18n/language';
import { toastQueue, type ToastIntent } from './toast-queue';

/** Catalogue errors (spec 1 §9). */
export const ERROR_TOAST_MS = 1500;
/** Every other toast (spec 3 §9: 3 s by default). */
export const DEFAULT_TOAST_MS = 3000;

export interface ToastOptions {
  /** How long the notice stays, for the few that must be read on the way out (a forced sign-out). */
  readonly timeoutMs?: number;
}

export interface ToastApi {
  /** An error code, an ApiError, or anything caught: shown as its translated catalogue text. */
  error(codeOrError: unknown): void;
  /** A refusal in the app's own words, already translated (not a catalogue code): an error for 3 s. */
  failure(text: string, options?: ToastOptions): void;
  success(text: string, options?: ToastOptions): void;
  info(text: string, options?: ToastOptions): void;
  warning(text: string, options?: ToastOptions): void;
}

/** The code of an error without its catalogue: a code as given, an API error's code, else the generic one. */
function rawCodeOf(codeOrError: unknown): string {
  if (typeof codeOrError === 'string') return codeOrError;
  const code = (codeOrError as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'ERR_INTERNAL_SERVER_ERROR';
}

export function useToast(): ToastApi {
  const { language } = useLanguage();

  return useMemo(() => {
    const show = (intent: ToastIntent, text: string, timeoutMs: number) => toastQueue.push({ intent, text, timeoutMs });
    return {
      error: (codeOrError) => {
        // When the catalogue cannot be fetched (offline), the code shows raw, as an unknown one would.
        void import('../i18n/errors').then(
          ({ errorMessageOf }) => show('error', errorMessageOf(codeOrError, language), ERROR_TOAST_MS),
          () => show('error', rawCodeOf(codeOrError), ERROR_TOAST_MS),
        );
      },
      failure: (text, options) => show('error', text, options?.timeoutMs ?? DEFAULT_TOAST_MS),
      success: (text, options) => show('success', text, options?.timeoutMs ?? DEFAULT_TOAST_MS),
      info: (text, options) => show('info', text, options?.timeoutMs ?? DEFAULT_TOAST_MS),
      warning: (text, options) => show('warning', text, options?.timeoutMs ?? DEFAULT_TOAST_MS),
    } satisfies ToastApi;
  }, [language]);
}
