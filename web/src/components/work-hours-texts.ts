/**
 * The strings of the weekly work-hours editor (WorkHoursEditor), shared by the queue dialog and the
 * settings' Horários tab. What differs between the two (the reminder, what a closed day means, the
 * restore action) each screen passes in its own words.
 */
import { defineTexts } from '../i18n/texts';

export const workHoursTexts = defineTexts({
  pt: {
    caption: 'Horários de atendimento por dia da semana',
    weekday: 'Dia da semana',
    start: 'Início',
    end: 'Fim',
    startOf: '{{day}}: início',
    endOf: '{{day}}: fim',
    closed: 'Fechado',
    days: {
      monday: 'Segunda-feira',
      tuesday: 'Terça-feira',
      wednesday: 'Quarta-feira',
      thursday: 'Quinta-feira',
      friday: 'Sexta-feira',
      saturday: 'Sábado',
      sunday: 'Domingo',
    },
  },
  en: {
    caption: 'Work hours by weekday',
    weekday: 'Weekday',
    start: 'Start',
    end: 'End',
    startOf: '{{day}}: start',
    endOf: '{{day}}: end',
    closed: 'Closed',
    days: {
      monday: 'Monday',
      tuesday: 'Tuesday',
      wednesday: 'Wednesday',
      thursday: 'Thursday',
      friday: 'Friday',
      saturday: 'Saturday',
      sunday: 'Sunday',
    },
  },
  es: {
    caption: 'Horario de atención por día de la semana',
    weekday: 'Día de la semana',
    start: 'Inicio',
    end: 'Fin',
    startOf: '{{day}}: inicio',
    endOf: '{{day}}: fin',
    closed: 'Cerrado',
    days: {
      monday: 'Lunes',
      tuesday: 'Martes',
      wednesday: 'Miércoles',
      thursday: 'Jueves',
      friday: 'Viernes',
      saturday: 'Sábado',
      sunday: 'Domingo',
    },
  },
});
