/**
 * How the calendar tells a schedule's status (shared/scheduled-messages.ts): a tone (its colour) and an
 * icon of its own shape each, always beside the status's name (shown, or read with the event in the
 * month's narrow cells), so a pending schedule never looks like a sent one and colour is never the only
 * sign (WCAG 1.4.1). Plain data, unit tested without a browser.
 */
import type { ScheduleStatus } from '../../../shared/schedule-rules';

/** Fluent's status palettes (brand for what waits, as the app's own colour). */
export type StatusTone = 'brand' | 'warning' | 'success' | 'danger';
export type StatusIcon = 'clock' | 'send' | 'checkmark' | 'error';

export interface StatusLook {
  readonly tone: StatusTone;
  readonly icon: StatusIcon;
}

const LOOKS: Readonly<Record<ScheduleStatus, StatusLook>> = {
  // Waiting for its time: a clock.
  PENDENTE: { tone: 'brand', icon: 'clock' },
  // Being sent now.
  AGENDADA: { tone: 'warning', icon: 'send' },
  ENVIADA: { tone: 'success', icon: 'checkmark' },
  ERRO: { tone: 'danger', icon: 'error' },
};

export function statusLook(status: ScheduleStatus): StatusLook {
  return LOOKS[status];
}
