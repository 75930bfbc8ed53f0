/**
 * The work-hours tab of the queue dialog (spec 3 §2 Queues, §5, §9): one row per weekday with its start
 * and end, typed through the HH:MM mask (work-hours.ts) and checked by the server's schedule schema. A
 * day whose start equals its end is closed, and says so. The hours are part of the queue's form: they
 * are written only when the queue is saved, which the reminder of spec 3 §8 says once they changed.
 */
import { Badge, Button, Field, Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { ArrowReset20Regular } from '@fluentui/react-icons/svg/arrow-reset';
import type { FieldMessages } from '../components/use-schema-form';
import { format, useTexts } from '../i18n/texts';
import { queuesTexts } from './texts';
import { isClosed, maskTime, type WorkDay } from './work-hours';

const useStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  rows: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  row: {
    display: 'grid',
    // The times keep their width and the weekday takes what is left, down to a 390 px phone.
    gridTemplateColumns: 'minmax(0, 1fr) minmax(64px, 96px) minmax(64px, 96px)',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalS,
  },
  day: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, minHeight: '32px' },
  header: { color: tokens.colorNeutralForeground3 },
  // Fluent's input is as wide as twenty characters unless told otherwise: here it fills its column.
  time: { width: '100%', minWidth: 0, fontVariantNumeric: 'tabular-nums' },
  timeInput: { width: '100%', minWidth: 0 },
  restore: { alignSelf: 'flex-start' },
});

export interface WorkHoursEditorProps {
  readonly week: readonly WorkDay[];
  /** Whether the hours differ from those the dialog opened with: the reminder to save shows. */
  readonly changed: boolean;
  /** The form's messages, by path (`schedules.2.endTime`). */
  readonly messages: FieldMessages;
  readonly messageText: (message: string | undefined) => string | undefined;
  readonly disabled: boolean;
  readonly onChange: (week: WorkDay[]) => void;
  readonly onRestore: () => void;
  readonly onLeave: () => void;
}

export function WorkHoursEditor({ week, changed, messages, messageText, disabled, onChange, onRestore, onLeave }: WorkHoursEditorProps) {
  const styles = useStyles();
  const texts = useTexts(queuesTexts);

  const change = (index: number, field: 'startTime' | 'endTime', typed: string) =>
    onChange(week.map((day, at) => (at === index ? { ...day, [field]: maskTime(typed) } : day)));

  return (
    <div className={styles.editor}>
      {changed && (
        <MessageBar intent="warning">
          <MessageBarBody>{texts.hours.reminder}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row} aria-hidden>
        <span className={styles.header}>{texts.hours.weekday}</span>
        <span className={styles.header}>{texts.hours.start}</span>
        <span className={styles.header}>{texts.hours.end}</span>
      </div>
      <ul className={styles.rows} aria-label={texts.hours.caption}>
        {week.map((day, index) => {
          const name = texts.hours.days[day.weekdayEn];
          const startMessage = messageText(messages[`schedules.${index}.startTime`]);
          const endMessage = messageText(messages[`schedules.${index}.endTime`]);
          return (
            <li key={day.weekdayEn} className={styles.row}>
              <span className={styles.day}>
                {name}
                {isClosed(day) && (
                  <Badge appearance="tint" color="informative" size="small" title={texts.hours.closedHint}>
                    {texts.hours.closed}
                  </Badge>
                )}
              </span>
              <Field {...(startMessage !== undefined && { validationMessage: startMessage, validationState: 'error' as const })}>
                <Input
                  className={styles.time}
                  input={{ className: styles.timeInput }}
                  aria-label={format(texts.hours.startOf, { day: name })}
                  value={day.startTime}
                  placeholder="HH:MM"
                  inputMode="numeric"
                  maxLength={5}
                  autoComplete="off"
                  disabled={disabled}
                  onChange={(_, data) => change(index, 'startTime', data.value)}
                  onBlur={onLeave}
                />
              </Field>
              <Field {...(endMessage !== undefined && { validationMessage: endMessage, validationState: 'error' as const })}>
                <Input
                  className={styles.time}
                  input={{ className: styles.timeInput }}
                  aria-label={format(texts.hours.endOf, { day: name })}
                  value={day.endTime}
                  placeholder="HH:MM"
                  inputMode="numeric"
                  maxLength={5}
                  autoComplete="off"
                  disabled={disabled}
                  onChange={(_, data) => change(index, 'endTime', data.value)}
                  onBlur={onLeave}
                />
              </Field>
            </li>
          );
        })}
      </ul>
      <Button className={styles.restore} appearance="subtle" icon={<ArrowReset20Regular />} disabled={disabled} onClick={onRestore}>
        {texts.hours.restore}
      </Button>
    </div>
  );
}
